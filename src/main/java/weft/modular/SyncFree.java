package weft.modular;

import weft.ir.CallTarget;
import weft.ir.Edge;
import weft.ir.Function;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.model.Event;
import weft.model.LibraryModels;
import weft.pointer.PointsTo;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Functions that neither they nor anything they call perform synchronisation (locks, atomic
 * sections, thread creation or join, condition waits, once, calls of external code, which might do any
 * of these) or end the thread ({@code pthread_exit}): the thread-modular state leaves them as it entered,
 * so they need no analysis of their own, and recursion among them is harmless.
 *
 * <p>Assumes: the state at every {@code pthread_exit} is recorded as one of the thread's end states
 * ({@code ThreadWalker} does so only while analysing a function, so a function that may end its thread
 * is never sync-free: otherwise a join at the thread's end would be taken as certain although the thread
 * may end earlier, inside the callee).
 */
final class SyncFree {
    private final Program program;
    private final PointsTo pts;
    private final Map<String, Boolean> cache = new HashMap<>();

    SyncFree(Program program, PointsTo pts) {
        this.program = program;
        this.pts = pts;
    }

    boolean test(Function f) {
        Boolean b = cache.get(f.linkName());
        if (b != null) return b;
        boolean r = check(f, new HashSet<>());
        cache.put(f.linkName(), r);
        return r;
    }

    private boolean check(Function f, Set<String> seen) {
        if (!seen.add(f.linkName())) return true;
        if (LibraryModels.isAtomicFunction(f.name())) return false;
        for (Edge e : f.cfg().edges()) {
            if (!(e.stmt() instanceof Stmt.Call c)) continue;
            CallTarget t = program.target(c);
            if (t instanceof CallTarget.Library || t instanceof CallTarget.External) {
                if (synchronises(t)) return false;
            } else if (t instanceof CallTarget.User || t instanceof CallTarget.Indirect) {
                for (Function g : pts.callees(f.linkName(), c)) if (!check(g, seen)) return false;
                // library and external functions the pointer may denote (pthread_mutex_unlock through a pointer...)
                for (CallTarget lt : pts.libraryCallees(c)) if (synchronises(lt)) return false;
            }
        }
        return true;
    }

    /** Whether a call of library or external function {@code t} may synchronise (external code: it may release locks it reaches, see ExternalReach). */
    private static boolean synchronises(CallTarget t) {
        if (t instanceof CallTarget.External) return true;
        return t instanceof CallTarget.Library lib && synchronises(lib.model().event());
    }

    private static boolean synchronises(Event ev) {
        return ev instanceof Event.Lock || ev instanceof Event.Unlock || ev instanceof Event.AtomicBegin
                || ev instanceof Event.AtomicEnd || ev instanceof Event.ThreadCreate || ev instanceof Event.ThreadJoin
                || ev instanceof Event.CondWait || ev instanceof Event.Once || ev instanceof Event.ThreadExit;
    }
}
