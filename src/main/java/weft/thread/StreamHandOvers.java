package weft.thread;

import weft.access.Region;
import weft.access.Regions;
import weft.ir.CallTarget;
import weft.ir.Edge;
import weft.ir.Function;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.model.LibcFacts;
import weft.pointer.Loc;
import weft.pointer.MemObject;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Which objects the program hands to streams as buffers at one call only ({@code setvbuf}, {@code setbuf},
 * {@code setbuffer}, {@code fmemopen}, {@code open_memstream}: the library table's calls that store pointers into a
 * group that only holds them, {@code streambuf}), a call that runs at most once in the whole program
 * ({@link ObjectMultiplicity#edgeOnceInUniqueThread}). Such an object's bytes are used by one stream at most, so the
 * stream library's accesses to it are all made under that stream's lock ({@code weft.race.rules.StreamLockOrders}).
 *
 * <p>Sound when it says yes: an object counts once for every call that may hand it over (what the stored arguments may
 * point to, by the points-to analysis; the call's own allocation for {@code fresh}); a call that runs once hands over
 * one concrete buffer of the object to one stream, and abstract objects are disjoint memory. Anything it cannot tell
 * (a handing-over function called through a pointer, a stored argument that may point into memory of unknown origin, a
 * store of another kind) makes it say no for every object.
 */
public final class StreamHandOvers implements Predicate<MemObject> {
    /** How many calls may hand each object over; objects whose only such call runs once. */
    private final Map<MemObject, Integer> calls = new HashMap<>();
    private final Set<MemObject> once = new HashSet<>();
    private boolean unknown;

    public StreamHandOvers(Program program, Regions regions, ObjectMultiplicity multiplicity) {
        for (Function f : program.functions().values()) {
            for (Edge e : f.cfg().edges()) {
                if (!(e.stmt() instanceof Stmt.Call c)) continue;
                CallTarget t = program.target(c);
                if (t instanceof CallTarget.Indirect) {
                    for (CallTarget x : regions.pointsTo().libraryCallees(c)) if (handsOver(x) != null) unknown = true;
                    continue;
                }
                LibcFacts facts = handsOver(t);
                if (facts == null) continue;
                Set<MemObject> handed = handed(regions, f, e, c, facts);
                boolean runsOnce = multiplicity.edgeOnceInUniqueThread(f.linkName(), e);
                for (MemObject o : handed) {
                    if (calls.merge(o, 1, Integer::sum) == 1 && runsOnce) once.add(o);
                }
            }
        }
    }

    /** The facts of a call target that stores pointers into a group that only holds them, else null. */
    private static LibcFacts handsOver(CallTarget t) {
        if (!(t instanceof CallTarget.Library l)) return null;
        LibcFacts facts = l.model().facts();
        return facts.storesIntoState() && !facts.pointerState().isEmpty() ? facts : null;
    }

    /** The objects call {@code c} at edge {@code e} may store into its hidden state. */
    private Set<MemObject> handed(Regions regions, Function f, Edge e, Stmt.Call c, LibcFacts facts) {
        Set<MemObject> out = new HashSet<>();
        for (LibcFacts.Store st : facts.stores()) {
            if (st.throughArg() >= 0 || st.global() != null) continue;
            for (LibcFacts.Target x : st.value()) {
                switch (x.kind()) {
                    case ARG, INTO_ARG -> {
                        if (x.arg() >= c.args().size()) continue;
                        for (Region r : regions.pointer(f, e.from(), c.args().get(x.arg()), Region.UNBOUNDED)) {
                            if (r.object() instanceof MemObject.Var || r.object() instanceof MemObject.Heap) out.add(r.object());
                            else unknown = true;
                        }
                    }
                    case FRESH -> {
                        // the call's own allocation, as the pointer analysis stored it
                        for (String g : facts.pointerState()) {
                            for (Loc l : regions.pointsTo().stateContents(g)) {
                                if (l.object() instanceof MemObject.Heap h && h.site().equals(e)) out.add(h);
                            }
                        }
                    }
                    default -> unknown = true;
                }
            }
        }
        return out;
    }

    /** Whether {@code o} is handed to streams at one call only, which runs at most once. */
    @Override
    public boolean test(MemObject o) {
        return !unknown && once.contains(o) && calls.get(o) == 1;
    }
}
