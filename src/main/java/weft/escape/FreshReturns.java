package weft.escape;

import weft.ir.CallTarget;
import weft.ir.Edge;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.ir.Variable;
import weft.model.Event;
import weft.pointer.PointsTo;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Calls whose result points into an object allocated during the call and not published by it, so the
 * caller's result variable starts a token as a direct allocation does ({@link FreshFlow}): a call through a
 * function pointer whose only targets are allocating library functions ({@code my_malloc_f(n)} with
 * {@code my_malloc_f = malloc}), and a call of user functions that each return, on every path, either a
 * null pointer or a pointer whose token, born from an allocation in that function, is live just before
 * the return ({@code my_malloc}, {@code new_lock}).
 *
 * <p>Soundness: a live allocation token at the return means every pointer into the object is held in the
 * callee's unaddressed locals (the token invariant, {@link FreshVars}); those die with the activation, so
 * after the return the only pointer into the object is the result, exactly the situation after a direct
 * allocation. A callee that may publish the object (store it, hand it to a thread or to unknown code,
 * lose it at a join) has no live token there and is not fresh. Recursion: a function whose answer is
 * being computed answers "not fresh" to itself (an under-approximation).
 */
final class FreshReturns {
    private final Program program;
    private final PointsTo pts;
    private final FreshFlow flow;
    private final Map<String, Boolean> fresh = new ConcurrentHashMap<>();
    private final Set<String> inProgress = ConcurrentHashMap.newKeySet();

    FreshReturns(Program program, PointsTo pts, FreshFlow flow) {
        this.program = program;
        this.pts = pts;
        this.flow = flow;
    }

    /** Whether the result of {@code c} (a user or indirect call in {@code f}) points into a fresh, unpublished object. */
    boolean freshResult(Function f, Stmt.Call c) {
        if (c.result() == null || !c.result().type().isPointer()) return false;
        CallTarget t = program.target(c);
        if (!(t instanceof CallTarget.User) && !(t instanceof CallTarget.Indirect)) return false;
        Set<Function> callees = pts.callees(f.linkName(), c);
        List<CallTarget> libs = pts.libraryCallees(c);
        if (callees.isEmpty() && libs.isEmpty()) return false;
        if (t instanceof CallTarget.Indirect ind && pts.mayDenoteUnknownCode(ind.pointer())) return false;
        for (CallTarget lt : libs) {
            if (!(lt instanceof CallTarget.Library lib) || !(lib.model().event() instanceof Event.Alloc al)
                    || al.kind() == Event.AllocKind.REALLOC) {
                return false;
            }
        }
        for (Function g : callees) if (!returnsFresh(g)) return false;
        return true;
    }

    private boolean returnsFresh(Function g) {
        Boolean known = fresh.get(g.linkName());
        if (known != null) return known;
        if (!inProgress.add(g.linkName())) return false;
        boolean r = compute(g);
        inProgress.remove(g.linkName());
        fresh.put(g.linkName(), r);
        return r;
    }

    private boolean compute(Function g) {
        if (!g.type().returnType().isPointer()) return false;
        FreshVars[] st = flow.run(g, 0L, t -> { });
        boolean any = false;
        for (Edge e : g.cfg().in(g.cfg().exit())) {
            FreshVars s = st[e.from()];
            if (s == null) continue;
            if (!(e.stmt() instanceof Stmt.Return r) || r.value() == null) return false;
            if (Pointers.isNull(r.value())) continue;
            Variable base = Pointers.base(r.value());
            if (base == null || !FreshFlow.flows(r.value()).equals(Set.of(base))) return false;
            Integer token = s.token(base);
            if (token == null || token < 0) return false;
            any = true;
        }
        return any;
    }
}
