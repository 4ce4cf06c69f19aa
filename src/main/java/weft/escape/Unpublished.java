package weft.escape;

import weft.ir.AddressTaken;
import weft.ir.CallTarget;
import weft.ir.Edge;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.Lvalue;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.ir.Variable;
import weft.model.Event;
import weft.pointer.PointsTo;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Accesses to objects a thread has allocated and not yet published: such an access cannot race, so it
 * is not a shared access at all. Typical: a new list node initialised before it is linked in.
 *
 * <p>Soundness. When a thread executes an access through local pointer {@code p} whose token is live
 * ({@link FreshFlow}), every pointer into the accessed object is held in the running thread's own
 * unaddressed local variables (the token invariant, {@link FreshVars}): no memory cell holds one, no
 * other thread was given one. Another thread can reach the object only through a pointer, and under
 * any interleaving it can hold one only after this thread has published it — a later statement of this
 * thread. So no access of another thread to the object can be enabled together with this one, and a
 * pair containing it is never a race. (Freed and reused memory is not distinguished from fresh
 * memory: touching an object after {@code free} is undefined behaviour, not a data race.) The
 * calling context matters: a parameter starts with a live token only if the caller passed a pointer
 * with a live token, in no other argument — {@link #calleeMask} — so the context is part of the walk.
 *
 * <p>Assumes: every way a pointer leaves the thread's unaddressed locals kills its token ({@link
 * FreshFlow}): stores, calls, thread arguments, integer casts, unions, memcpy of structs holding it.
 * Probes p24-p28: sound.
 */
public final class Unpublished {
    private record Key(String function, long freshParams) {}

    /** States of a function that allocates nothing and receives no unpublished object: none tracked. */
    private static final FreshVars[] NOTHING = new FreshVars[0];

    private final Program program;
    private final Locals locals;
    private final FreshFlow flow;
    private final Map<Key, FreshVars[]> memo = new ConcurrentHashMap<>();
    private final Map<String, Boolean> allocates = new ConcurrentHashMap<>();

    public Unpublished(Program program, PointsTo pts, AddressTaken addressTaken) {
        this.program = program;
        this.locals = new Locals(addressTaken);
        this.flow = new FreshFlow(program, pts, locals, new Publication(program, pts, locals), true);
    }

    /**
     * Parameters of {@code g}, called at {@code call} in {@code f} (analysed with {@code freshParams}),
     * that receive the only argument pointing into an unpublished object of the caller.
     */
    public long calleeMask(Function f, long freshParams, Edge call, Function g) {
        FreshVars s = before(f, freshParams, call);
        if (s == null || s.isEmpty() || !(call.stmt() instanceof Stmt.Call c)) return 0;
        List<Expr> args = c.args();
        Map<Integer, Integer> uses = new HashMap<>();
        for (Expr a : args) {
            for (Variable v : FreshFlow.flows(a)) {
                Integer t = s.token(v);
                if (t != null) uses.merge(t, 1, Integer::sum);
            }
        }
        long mask = 0;
        for (int i = 0; i < args.size() && i < g.params().size() && i < 63; i++) {
            Variable base = Pointers.base(args.get(i));
            Integer t = base == null ? null : s.token(base);
            if (t != null && uses.get(t) == 1 && FreshFlow.flows(args.get(i)).size() == 1
                    && locals.trackable(g, g.params().get(i))) {
                mask |= 1L << i;
            }
        }
        return mask;
    }

    /**
     * Whether {@code ptr}, evaluated at edge {@code e} of {@code f}, points into an object allocated in
     * {@code f} and unpublished in every calling context.
     */
    public boolean unpublishedAllocation(Function f, Edge e, Expr ptr) {
        Variable base = Pointers.base(ptr);
        if (base == null || !FreshFlow.flows(ptr).equals(java.util.Set.of(base))) return false;
        // allocation tokens die independently of the parameters' tokens: context 0 answers for all
        FreshVars s = before(f, 0L, e);
        Integer t = s == null ? null : s.token(base);
        return t != null && t >= 0;
    }

    /**
     * Whether an access of edge {@code e} is to an object the thread has not published yet: the access of
     * {@code lvalue}, or (lvalue null) one through {@code pointer} (a library's); false when both are null.
     */
    public boolean covers(Function f, long freshParams, Edge e, Lvalue lvalue, Expr pointer) {
        Variable base = lvalue != null ? Pointers.lvalueBase(lvalue) : pointer != null ? Pointers.base(pointer) : null;
        if (base == null) return false;
        FreshVars s = before(f, freshParams, e);
        if (s == null || s.isEmpty()) return false;
        // a call's accesses may come after what it publishes (its result store, a library's writes)
        if (e.stmt() instanceof Stmt.Call) s = flow.step(f, e, s, t -> { });
        return s.token(base) != null;
    }

    private FreshVars before(Function f, long freshParams, Edge e) {
        FreshVars[] st = analysed(f, freshParams);
        return st == NOTHING ? null : st[e.from()];
    }

    private FreshVars[] analysed(Function f, long freshParams) {
        if (freshParams == 0 && !allocates(f)) return NOTHING;
        return memo.computeIfAbsent(new Key(f.linkName(), freshParams), k -> flow.run(f, freshParams, t -> { }));
    }

    private boolean allocates(Function f) {
        return allocates.computeIfAbsent(f.linkName(), k -> {
            for (Edge e : f.cfg().edges()) {
                if (e.stmt() instanceof Stmt.Call c && program.target(c) instanceof CallTarget.Library lib
                        && lib.model().event() instanceof Event.Alloc) {
                    return true;
                }
                // a user function or a function pointer may return a fresh object (FreshReturns)
                if (e.stmt() instanceof Stmt.Call c && c.result() != null && c.result().type().isPointer()
                        && !(program.target(c) instanceof CallTarget.Library) && !(program.target(c) instanceof CallTarget.External)) {
                    return true;
                }
            }
            return false;
        });
    }
}
