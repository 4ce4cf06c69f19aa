package weft.modular;

import weft.access.MemoryAccess;
import weft.escape.Locals;
import weft.escape.Pointers;
import weft.ir.AddressTaken;
import weft.ir.Edge;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.Lvalue;
import weft.ir.Stmt;
import weft.ir.Variable;
import weft.pointer.Loc;
import weft.pointer.MemObject;
import weft.pointer.PointsTo;
import weft.thread.ThreadId;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a function's pointer parameters, and the local pointers computed from them, may point into in
 * one calling context of the thread walk ({@link ThreadWalker}): the objects the argument at the call
 * site may point into, refined in turn by the caller's own context. Accesses through such a pointer to
 * any other object are not made in that context and are left out. The points-to analysis is
 * context-insensitive: without this, {@code fill(buf1)} in one thread and {@code fill(buf2)} in another
 * make both threads write both buffers.
 *
 * <p><b>Soundness.</b> In an activation of {@code g} entered through call {@code c}, parameter {@code p}
 * starts as the value of the argument expression, which the points-to analysis over-approximates
 * ({@link PointsTo#eval} at {@code c}) and which, when the argument is computed only from pointer
 * variables of the caller tracked here, also lies in those variables' targets in the caller's context
 * (induction along the call chain). A thread's start routine's parameter starts as the argument of the
 * create call of that abstract thread ({@link #bindThread}; every other function entered otherwise has no binding). A tracked variable ({@link Locals#trackable}: a pointer-typed parameter, local or temporary, not
 * static, whose address {@code g} never takes) changes only by assignment to it by name, so its targets are the union of its start and of
 * what every assignment to it in {@code g} may give ({@link #eval}: another tracked variable's targets
 * for copies, pointer casts, pointer-plus-integer and the address of a member of its target ({@link Pointers#base}); the context-free set, i.e. no restriction, for anything
 * else, a call's result included). The fixpoint over all of {@code g}'s assignments ignores their order,
 * so it covers every path. An access through {@code v}, {@code v + k}, {@code v->f}, {@code v[i]} touches
 * the object {@code v} points into (pointer arithmetic stays within its object, C11 6.5.6p8, as the
 * points-to analysis assumes), so an access whose object is not among {@code v}'s targets is not made
 * in this context. At a statement that no path from {@code g}'s entry reaches through an assignment to
 * parameter {@code p} ({@code ptr = realloc(ptr, n)} reads {@code ptr} before assigning it), {@code p} still
 * holds its argument, so its targets there are the binding alone. A pointer with no target in a context
 * (the null constant passed, {@code alloc(NULL, n)}) is null there, or invalid, since the points-to analysis
 * over-approximates every valid pointer value: no access is made through it. A library access to what is
 * reachable from an argument (deep arguments) has no pointer ({@link weft.access.AccessCollector}) and is never filtered.
 *
 * <p>Costs are bounded: a parameter with more than {@link #MAX_OBJECTS} targets, or no fewer than the
 * parameter has in every context, is left unbound; a function gets at most {@link #MAX_BINDINGS}
 * distinct bindings per thread, further calls use none (which restricts nothing).
 */
public final class ArgumentTargets {
    /** Most objects a bound parameter keeps; a larger set is left unbound. */
    static final int MAX_OBJECTS = 256;
    /** Distinct bindings of one function in one thread; calls beyond them get {@link Binding#NONE}. */
    static final int MAX_BINDINGS = 8;

    /**
     * Per parameter, the objects it may point into in one calling context; null: no restriction. Immutable; its hash is
     * computed once (bindings are keys of several maps and their sets can be large).
     */
    public static final class Binding {
        /** The binding that restricts nothing. */
        public static final Binding NONE = new Binding(List.of());

        private final List<Set<MemObject>> params;
        private final int hash;

        Binding(List<Set<MemObject>> params) {
            this.params = params;
            this.hash = params.hashCode();
        }

        Set<MemObject> param(int i) {
            return i < params.size() ? params.get(i) : null;
        }

        @Override
        public boolean equals(Object o) {
            return o == this || o instanceof Binding b && b.hash == hash && b.params.equals(params);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    /** Stands for "no restriction" during the fixpoint (compared by identity). */
    private static final Set<MemObject> TOP = Collections.unmodifiableSet(new HashSet<>());

    private record Ctx(String function, Binding binding) {}

    private record FnKey(ThreadId thread, String function) {}

    private final PointsTo pts;
    private final Locals locals;
    private final Map<Ctx, Map<Variable, Set<MemObject>>> memo = new HashMap<>();
    private final Map<FnKey, Set<Binding>> bindings = new HashMap<>();
    private final Map<Variable, Set<MemObject>> paramTargets = new HashMap<>();
    private final Map<Expr, Map<Variable, AtCall>> argumentTargets = new java.util.IdentityHashMap<>();
    private final Map<Variable, BitSet> unassigned = new HashMap<>();

    public ArgumentTargets(PointsTo pts, AddressTaken addressTaken) {
        this.pts = pts;
        this.locals = new Locals(addressTaken);
    }

    /**
     * Whether access {@code a} of {@code f}, made by the statement of edge {@code e}, may be made in the context
     * {@code b}: false only when it goes through a tracked pointer none of whose targets in that context is the
     * access's object.
     */
    private boolean keeps(Function f, Binding b, Edge e, MemoryAccess a) {
        if (b == Binding.NONE) return true;
        Variable base = a.lvalue() != null ? Pointers.lvalueBase(a.lvalue()) : a.pointer() != null ? Pointers.base(a.pointer()) : null;
        if (base == null) return true;
        Set<MemObject> s = targets(f, b).get(base);
        int i = f.params().indexOf(base);
        if (s != null && i >= 0 && b.param(i) != null && unassigned(f, base).get(e.from())) s = b.param(i);
        return s == null || s == TOP || s.contains(a.region().object());
    }

    /** Whether some calling context among {@code bindings} allows access {@code a} of {@code f} at {@code e} ({@link #keeps}). */
    public boolean keeps(Function f, Set<Binding> bindings, Edge e, MemoryAccess a) {
        if (bindings.contains(Binding.NONE)) return true;
        for (Binding b : bindings) if (keeps(f, b, e, a)) return true;
        return false;
    }

    /**
     * The nodes of {@code f} at which parameter {@code p} certainly still holds its argument: no path from the entry
     * to them assigns it (the complement of what an assignment to {@code p} reaches).
     */
    private BitSet unassigned(Function f, Variable p) {
        return unassigned.computeIfAbsent(p, k -> {
            List<Integer> assigned = new ArrayList<>();
            for (Edge e : f.cfg().edges()) if (assigns(e, p)) assigned.add(e.to());
            BitSet after = f.cfg().reached(assigned, e -> true);
            after.flip(0, f.cfg().nodeCount());
            return after;
        });
    }

    private static boolean assigns(Edge e, Variable v) {
        return v.equals(assignedVariable(e));
    }

    /** The variable the statement of {@code e} assigns by name (an assignment's left side or a call's result), or null. */
    static Variable assignedVariable(Edge e) {
        Lvalue to = e.stmt() instanceof Stmt.Assign a ? a.lhs() : e.stmt() instanceof Stmt.Call c ? c.result() : null;
        return to instanceof Lvalue.Var lv ? lv.variable() : null;
    }

    /**
     * The binding of {@code g} called by {@code call} in {@code f} (in context {@code fb}) in thread
     * {@code t}: per pointer parameter, the argument's targets at the call, refined by {@code fb}.
     */
    public Binding bind(ThreadId t, Function f, Binding fb, Edge call, Function g) {
        if (!(call.stmt() instanceof Stmt.Call c)) return Binding.NONE;
        Map<Variable, Set<MemObject>> s = targets(f, fb);
        List<Set<MemObject>> ps = new ArrayList<>();
        boolean any = false;
        for (int i = 0; i < g.params().size(); i++) {
            Variable p = g.params().get(i);
            Set<MemObject> x = null;
            if (i < c.args().size() && p.type().isPointer() && c.args().get(i).type().isPointer()) {
                Expr arg = c.args().get(i);
                AtCall atCall = argumentTargets(f, arg, g, p);
                Set<MemObject> refined = eval(f, s, arg);
                if (refined != TOP && !refined.isEmpty() && !refined.containsAll(atCall.objects())) {
                    x = new HashSet<>();
                    for (MemObject o : refined) if (atCall.objects().contains(o)) x.add(o);
                    if (atCall.coversParameter() && x.containsAll(paramTargets(g, p))) x = null;
                } else {
                    x = atCall.coversParameter() ? null : atCall.objects();
                }
            }
            ps.add(x == null ? null : x.size() > MAX_OBJECTS ? null : Set.copyOf(x));
            any |= x != null;
        }
        if (!any) return Binding.NONE;
        Binding b = new Binding(Collections.unmodifiableList(ps));
        Set<Binding> seen = bindings.computeIfAbsent(new FnKey(t, g.linkName()), k -> new HashSet<>());
        if (!seen.contains(b) && seen.size() >= MAX_BINDINGS) return Binding.NONE;
        seen.add(b);
        return b;
    }

    /**
     * The binding of thread {@code t}'s start routine {@code f}: its parameter starts as the argument of the call that
     * created {@code t} ({@code pthread_create}'s, {@code thrd_create}'s), so it points into what that argument may point
     * into there. {@link Binding#NONE} for main, for threads started otherwise, and when that restricts nothing.
     */
    public Binding bindThread(ThreadId t, Function f, weft.ir.Program program) {
        if (t.isMain() || f.params().isEmpty() || !(t.createEdge().stmt() instanceof Stmt.Call c)) return Binding.NONE;
        Function creator = program.function(t.createFunction());
        int argArg = createArgument(program, c);
        Variable p = f.params().get(0);
        if (creator == null || argArg < 0 || argArg >= c.args().size() || !p.type().isPointer()
                || !c.args().get(argArg).type().isPointer()) {
            return Binding.NONE;
        }
        AtCall atCall = argumentTargets(creator, c.args().get(argArg), f, p);
        if (atCall.coversParameter() || atCall.objects().size() > MAX_OBJECTS) return Binding.NONE;
        List<Set<MemObject>> ps = new ArrayList<>();
        ps.add(atCall.objects());
        for (int i = 1; i < f.params().size(); i++) ps.add(null);
        Binding b = new Binding(Collections.unmodifiableList(ps));
        bindings.computeIfAbsent(new FnKey(t, f.linkName()), k -> new HashSet<>()).add(b);
        return b;
    }

    /** Which argument of create call {@code c} its routine receives: the same for every thread-creating target, else -1. */
    private int createArgument(weft.ir.Program program, Stmt.Call c) {
        List<weft.ir.CallTarget> targets = program.target(c) instanceof weft.ir.CallTarget.Library lib ? List.of(lib) : pts.libraryCallees(c);
        int arg = -1;
        for (weft.ir.CallTarget target : targets) {
            if (!(target instanceof weft.ir.CallTarget.Library lib) || !(lib.model().event() instanceof weft.model.Event.ThreadCreate tc)) return -1;
            if (arg >= 0 && arg != tc.argArg()) return -1;
            arg = tc.argArg();
        }
        return arg;
    }

    /** What an argument may point into at its call, and whether that is all its parameter may point into anyway. */
    private record AtCall(Set<MemObject> objects, boolean coversParameter) {}

    /**
     * What argument {@code arg} of a call in {@code f} may point into (the points-to analysis at the call), for
     * parameter {@code p} of {@code g}. Cached per argument expression (each call edge has its own).
     */
    private AtCall argumentTargets(Function f, Expr arg, Function g, Variable p) {
        return argumentTargets.computeIfAbsent(arg, k -> new HashMap<>()).computeIfAbsent(p, k -> {
            Set<MemObject> x = Set.copyOf(objects(pts.eval(f.linkName(), arg)));
            return new AtCall(x, x.containsAll(paramTargets(g, p)));
        });
    }

    private Set<MemObject> paramTargets(Function g, Variable p) {
        return paramTargets.computeIfAbsent(p, k -> objects(pts.eval(g.linkName(), new Expr.Load(new Lvalue.Var(p), p.loc()))));
    }

    private static Set<MemObject> objects(Set<Loc> locs) {
        Set<MemObject> out = new HashSet<>();
        for (Loc l : locs) out.add(l.object());
        return out;
    }

    /** The targets of {@code f}'s tracked variables in context {@code b} (TOP: no restriction). */
    private Map<Variable, Set<MemObject>> targets(Function f, Binding b) {
        if (b == Binding.NONE) return Map.of();
        return memo.computeIfAbsent(new Ctx(f.linkName(), b), k -> solve(f, b));
    }

    private Map<Variable, Set<MemObject>> solve(Function f, Binding b) {
        Map<Variable, Set<MemObject>> s = new HashMap<>();
        for (int i = 0; i < f.params().size(); i++) {
            Variable p = f.params().get(i);
            if (!locals.trackable(f, p)) continue;
            Set<MemObject> bound = b.param(i);
            s.put(p, bound == null ? TOP : new HashSet<>(bound));
        }
        for (boolean changed = true; changed; ) {
            changed = false;
            for (Edge e : f.cfg().edges()) {
                Variable v;
                Set<MemObject> value;
                if (e.stmt() instanceof Stmt.Assign a && a.lhs() instanceof Lvalue.Var lv && locals.trackable(f, lv.variable())) {
                    v = lv.variable();
                    value = eval(f, s, a.rhs());
                } else if (e.stmt() instanceof Stmt.Call c && c.result() instanceof Lvalue.Var lv && locals.trackable(f, lv.variable())) {
                    v = lv.variable();
                    value = TOP;
                } else {
                    continue;
                }
                Set<MemObject> old = s.get(v);
                if (old == TOP) continue;
                if (value == TOP) {
                    s.put(v, TOP);
                    changed = true;
                } else if (old == null) {
                    s.put(v, new HashSet<>(value));
                    changed = true;
                } else {
                    changed |= old.addAll(value);
                }
            }
        }
        return s;
    }

    /**
     * What {@code e} may point into given the tracked variables' targets {@code s}: nothing for the null constant;
     * for a pointer computed from a tracked variable ({@link Pointers#base}: a copy, a pointer cast, {@code v + k},
     * {@code &v->f}), that variable's (none yet if it has no entry); TOP for anything else.
     */
    private Set<MemObject> eval(Function f, Map<Variable, Set<MemObject>> s, Expr e) {
        if (Pointers.isNull(e)) return Set.of();
        Variable v = Pointers.base(e);
        return v != null && locals.trackable(f, v) ? s.getOrDefault(v, Set.of()) : TOP;
    }
}
