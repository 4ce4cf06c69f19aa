package weft.race;

import weft.ir.Program;
import weft.ir.Stmt;
import weft.ir.Variable;
import weft.pointer.Loc;
import weft.pointer.MemObject;
import weft.pointer.PointsTo;
import weft.thread.CallGraph;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Objects more than one thread may reach (escape analysis): objects with static storage that are not
 * thread-local, what the arguments handed to new threads point to ({@link #handedOn}: not the id cell a create
 * stores into, which stays with the creating thread), and everything reachable from those through
 * stored pointers, plus memory from outside the program. Any other object — a local whose address
 * never reaches such memory, a heap block only its allocating thread knows, a thread-local variable
 * not pointed to from shared memory — is only ever accessed by the thread instance that owns it, so
 * its accesses cannot race. Sound because points-to sets over-approximate every stored pointer.
 *
 * <p>The variadic-arguments pseudo-objects ({@code weft.model.VaListBuiltins#objectName}) are no roots although the
 * pointer analysis keeps each as one global: one stands for the argument lists of the calls of variadic functions,
 * each on the stack of the calling thread and read only by the callee through its {@code va_list} in that
 * thread; a callee that hands a pointer it read on (stores it in shared memory, passes it to a new thread) makes
 * its target reachable from a root by that very store or argument.
 *
 * <p>Assumes: points-to sets over-approximate every stored pointer, also those stored by library and
 * unknown functions ({@code pointer.CallEffects}); pointers kept in integers or copied byte-wise keep
 * their targets (probes p24-p27: sound or unknown). A dead stack object reused by another frame is not
 * distinguished (probe p30: accepted, it is undefined behaviour).
 */
public final class SharedObjects {
    private final Set<MemObject> shared;

    public SharedObjects(Program program, PointsTo pts, CallGraph calls) {
        List<Loc> roots = new ArrayList<>();
        for (Variable v : program.globals()) {
            if (!v.threadLocal() && !weft.ir.VaLists.isArgumentsObject(program, v)) roots.add(new Loc(new MemObject.Var(v), Loc.ANY));
        }
        roots.add(new Loc(new MemObject.Unknown(), Loc.ANY));
        for (var f : program.functions().values()) {
            for (CallGraph.Site s : calls.sites(f.linkName())) {
                if (s.kind() != CallGraph.Site.Kind.CREATE) continue;
                Stmt.Call c = (Stmt.Call) s.edge().stmt();
                for (int i : handedOn(program, pts, c)) roots.addAll(pts.eval(f.linkName(), c.args().get(i)));
            }
        }
        Set<MemObject> r = new HashSet<>(pts.reachable(roots));
        r.removeIf(o -> o instanceof MemObject.Fn);
        this.shared = r;
    }

    /**
     * The arguments of create call {@code c} whose values the new thread receives: the start routine's argument of
     * each thread-creating library function the call may denote, every argument when one is not known. The others
     * stay with the creating thread: the id cell ({@code pthread_create} stores the new id through it, in the caller),
     * the attributes (read by the call). A thread that stores their pointers elsewhere makes them reachable from a
     * root by that store.
     */
    private static Set<Integer> handedOn(Program program, PointsTo pts, Stmt.Call c) {
        List<weft.ir.CallTarget> targets = program.target(c) instanceof weft.ir.CallTarget.Library lib ? List.of(lib) : pts.libraryCallees(c);
        Set<Integer> out = new java.util.TreeSet<>();
        for (weft.ir.CallTarget t : targets) {
            if (t instanceof weft.ir.CallTarget.Library lib && lib.model().event() instanceof weft.model.Event.ThreadCreate tc
                    && tc.argArg() >= 0 && tc.argArg() < c.args().size()) {
                out.add(tc.argArg());
            } else {
                for (int i = 0; i < c.args().size(); i++) out.add(i);
            }
        }
        if (targets.isEmpty()) for (int i = 0; i < c.args().size(); i++) out.add(i);
        return out;
    }

    public boolean isShared(MemObject o) {
        return shared.contains(o);
    }
}
