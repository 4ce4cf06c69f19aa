package weft.value;

import weft.ir.Cfg;
import weft.ir.Edge;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.Lvalue;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.ir.Variable;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CancellationException;

/**
 * Intraprocedural interval analysis of the integer variables of one function, used to bound array
 * indices (for instance to see that {@code a[0]} and {@code a[1]}, or {@code a[i]} for {@code i} in
 * {@code [0, 4]} and in {@code [5, 9]}, never overlap). Immutable and thread-safe once built.
 *
 * <h2>What is tracked (soundness rules)</h2>
 * <ul>
 * <li>Only variables of kind {@code LOCAL}, {@code PARAM} or {@code TEMP} of the function, of integer
 *     type (including {@code _Bool}, characters and enums), neither {@code volatile} nor
 *     {@code _Atomic}, whose address is never taken in the function: no {@link Expr.AddrOf} of the
 *     variable or of any field or element of it. Neither another thread nor a pointer can then change
 *     them, so only this function's own statements do.</li>
 * <li>Everything else &mdash; globals, statics, memory reached through pointers, struct fields, array
 *     elements, untracked locals &mdash; may be changed by other threads at any time: a read of it
 *     evaluates to the full range of its type (top for non-integer types).</li>
 * <li>Parameters at entry and locals at their declaration ({@link Stmt.Decl}) or before it hold any
 *     value of their type; so does a tracked variable receiving the result of a {@link Stmt.Call}.
 *     Inline assembly ({@link Stmt.Asm}) resets every tracked variable to its type's range.</li>
 * <li>{@link Stmt.Assign} to a tracked variable evaluates the right-hand side: integer constants,
 *     tracked variables, {@code + - *} (exact bounds, overflow gives the type's range), {@code / %},
 *     {@code & | ^}, shifts, unary {@code - ~ !}, comparisons and casts. Every operation follows C's
 *     integer promotions and usual arithmetic conversions, and every conversion (casts and the implicit
 *     one of the assignment) reduces modulo 2^bits when the value does not fit the target type, giving
 *     the wrapped interval or, if that is not one interval, the type's whole range. Signed overflow is
 *     treated as wrapping, not as impossible. Anything else evaluates to the type's range.</li>
 * <li>{@link Stmt.Assume}{@code (cond, positive)} refines tracked variables, possibly plus or minus a
 *     constant and under casts that do not change the value, compared with {@code < <= > >= == !=} to
 *     any expression (either side, {@code !} and negated branches included; {@code !=} only shrinks an
 *     interval at an end), and tests of a variable against zero. An edge whose condition cannot hold
 *     makes its target unreachable (bottom). A few exact facts {@code x == y + c} from assignments are
 *     kept so that a test of a copy also bounds the original (as in {@code while (j-- > 0)}).</li>
 * </ul>
 * Not modelled (as for any such analysis): {@code longjmp} back into the function, and undefined
 * behaviour such as division by zero.
 *
 * <h2>Fixpoint</h2>
 * A worklist over the CFG nodes in a weak topological order ({@link LoopOrder}); at loop heads the
 * state is widened after a few updates (unstable bounds jump to the nearest constant of a branch
 * condition for a few rounds, then to the variable's type limits), then two
 * descending (narrowing) passes recover loop bounds. A generous step budget guards the ascending
 * phase: if exceeded, every reachable node gets the all-ranges state, which is sound. The thread's
 * interrupt flag is checked in the loops; when set the analysis stops with a
 * {@link CancellationException} (the flag is kept set).
 *
 * <p>Assumes: besides the rules above, no {@code longjmp} (programs that make one are incomplete,
 * {@code CallGraph}). Probes p60-p62: sound.
 */
public final class Intervals {
    /** Updates of a widening point before widening starts. */
    private static final int WIDEN_DELAY = 3;
    /** Widenings of a node that may stop at a threshold before bounds jump straight to the type limits. */
    private static final int THRESHOLD_STEPS = 8;
    private static final int NARROWING_PASSES = 2;
    /** Step budget of the ascending phase: this many node visits per node and edge, plus a minimum. */
    private static final long STEPS_PER_ELEMENT = 40;
    private static final long MIN_STEPS = 10_000;

    private final Function function;
    private final Map<Variable, Integer> slots;
    private final IntervalEvaluator evaluator;
    /** State before the out-edges of each node; null if unreachable. */
    private final Env[] states;

    private Intervals(Function function, Map<Variable, Integer> slots, IntervalEvaluator evaluator, Env[] states) {
        this.function = function;
        this.slots = slots;
        this.evaluator = evaluator;
        this.states = states;
    }

    /**
     * Analyses {@code f}. {@code program} supplies the data model (the width of {@code int} for
     * integer promotions); it may be null, meaning 32-bit {@code int}.
     */
    public static Intervals analyze(Function f, Program program) {
        return analyze(f, program, program == null ? Set.of() : threadLocals(program),
                program == null ? Set.of() : mainOnlyGlobals(program));
    }

    /**
     * Analyses {@code f}, also tracking the given thread-local globals ({@link #threadLocals}), which
     * hold any value of their type at entry and after every call that may run program code, and, in
     * {@code main}, the globals only main writes ({@link #mainOnlyGlobals}), which hold any value at
     * entry and after calls of code outside the program.
     */
    public static Intervals analyze(Function f, Program program, Set<Variable> threadLocals, Set<Variable> mainGlobals) {
        int intBits = program == null ? 32 : program.dataModel().intSize * 8;
        Map<Variable, Integer> slots = new LinkedHashMap<>();
        List<IntKind> kinds = new ArrayList<>();
        Set<Variable> tracked = trackedVariables(f);
        tracked.addAll(threadLocals);
        boolean isMain = f.linkName().equals("main");
        if (isMain) tracked.addAll(mainGlobals);
        List<Integer> tlSlots = new ArrayList<>();
        List<Integer> mgSlots = new ArrayList<>();
        for (Variable v : tracked) {
            if (threadLocals.contains(v)) tlSlots.add(kinds.size());
            if (isMain && mainGlobals.contains(v)) mgSlots.add(kinds.size());
            slots.put(v, kinds.size());
            kinds.add(IntKind.of(v.type()));
        }
        IntervalEvaluator ev = new IntervalEvaluator(slots, kinds.toArray(IntKind[]::new), intBits, List.of(
                new IntervalEvaluator.ResetAtCalls(tlSlots.stream().mapToInt(Integer::intValue).toArray(), c -> runsProgramCode(program, c)),
                new IntervalEvaluator.ResetAtCalls(mgSlots.stream().mapToInt(Integer::intValue).toArray(), c -> runsOutsideCode(program, c))));
        Env[] states = new Fixpoint(f.cfg(), ev).run();
        return new Intervals(f, Collections.unmodifiableMap(slots), ev, states);
    }

    /**
     * The values of the integer expression {@code e} at {@code node}, before the node's out-edges
     * execute: the full range of its type if unknown, top for non-integer expressions, bottom if the
     * node is unreachable.
     */
    public Interval eval(int node, Expr e) {
        Env env = states[node];
        return env == null ? Interval.bottom() : evaluator.eval(e, env);
    }

    /** The values of variable {@code v} at {@code node}, with the same conventions as {@link #eval}. */
    public Interval valueOf(int node, Variable v) {
        return eval(node, new Expr.Load(new Lvalue.Var(v), v.loc()));
    }

    /** Whether {@code a} and {@code b} certainly hold the same value at {@code node} (same variable, or a kept fact). */
    public boolean equalAt(int node, Variable a, Variable b) {
        if (a.equals(b)) return true;
        Integer sa = slots.get(a);
        Integer sb = slots.get(b);
        Env env = states[node];
        return sa != null && sb != null && env != null && env.hasFact(sa, sb, 0);
    }

    /** False if the analysis proves that no execution reaches {@code node}. */
    public boolean reachable(int node) {
        return states[node] != null;
    }

    /** The analysed function. */
    public Function function() {
        return function;
    }

    /** The variables whose values are tracked (all others read as their type's full range). */
    public Set<Variable> tracked() {
        return slots.keySet();
    }

    /**
     * Thread-local integer globals (not volatile, not atomic) whose address no function and no
     * initialiser takes: each thread's copy changes only by statements of that thread naming it, so
     * within a function only by its own assignments and by the calls it makes.
     */
    public static Set<Variable> threadLocals(Program program) {
        Set<Variable> candidates = new LinkedHashSet<>();
        for (Variable v : program.globals()) {
            if (v.threadLocal() && IntKind.of(v.type()) != null && !v.type().isVolatile() && !v.type().isAtomic()) candidates.add(v);
        }
        if (candidates.isEmpty()) return candidates;
        candidates.removeAll(weft.ir.AddressTaken.of(program));
        return candidates;
    }

    /**
     * Integer globals (not thread-local, volatile or atomic) that only {@code main} assigns, whose
     * address nothing takes, in a program where nothing calls {@code main} or takes its address. No
     * other function and so no other thread changes them; within main only its own assignments and
     * code outside the program (which might name them) do.
     */
    public static Set<Variable> mainOnlyGlobals(Program program) {
        Function main = program.function("main");
        if (main == null) return Set.of();
        Set<Variable> candidates = new LinkedHashSet<>();
        for (Variable v : program.globals()) {
            if (!v.threadLocal() && v.kind() == Variable.Kind.GLOBAL && IntKind.of(v.type()) != null && !v.type().isVolatile()
                    && !v.type().isAtomic()) {
                candidates.add(v);
            }
        }
        if (candidates.isEmpty()) return candidates;
        for (Function g : program.functions().values()) {
            for (Edge e : g.cfg().edges()) {
                Stmt s = e.stmt();
                if (s instanceof Stmt.Call c && (mentionsMain(c.callee()) || c.args().stream().anyMatch(Intervals::mentionsMain))) return Set.of();
                if (s instanceof Stmt.Assign a && mentionsMain(a.rhs())) return Set.of();
                if (g == main) continue;
                Lvalue lhs = s instanceof Stmt.Assign a ? a.lhs() : s instanceof Stmt.Call c ? c.result() : null;
                if (lhs instanceof Lvalue.Var lv) candidates.remove(lv.variable());
            }
        }
        for (Variable v : program.globals()) {
            weft.ir.GlobalInit init = program.init(v);
            if (init == null) continue;
            for (weft.ir.GlobalInit.Item it : init.items()) {
                if (mentionsMain(it.value())) return Set.of();
            }
        }
        candidates.removeAll(weft.ir.AddressTaken.of(program));
        return candidates;
    }

    private static boolean mentionsMain(Expr e) {
        if (e instanceof Expr.FuncRef r) return r.name().equals("main");
        if (e instanceof Expr.Cast c) return mentionsMain(c.operand());
        if (e instanceof Expr.Unary u) return mentionsMain(u.operand());
        if (e instanceof Expr.Binary b) return mentionsMain(b.left()) || mentionsMain(b.right());
        return false;
    }

    /** Whether a call may run code outside the program (an undefined function, or an unknown pointer target). */
    private static boolean runsOutsideCode(Program program, Stmt.Call c) {
        return program == null || program.target(c) instanceof weft.ir.CallTarget.External
                || program.target(c) instanceof weft.ir.CallTarget.Indirect;
    }

    /** Whether a call may run program code (a user function, or a library function with a callback). */
    private static boolean runsProgramCode(Program program, Stmt.Call c) {
        if (program == null || !(program.target(c) instanceof weft.ir.CallTarget.Library lib)) return true;
        weft.model.Event ev = lib.model().event();
        return !(ev instanceof weft.model.Event.Lock || ev instanceof weft.model.Event.Unlock || ev instanceof weft.model.Event.LockInit
                || ev instanceof weft.model.Event.LockDestroy || ev instanceof weft.model.Event.CondWait
                || ev instanceof weft.model.Event.CondSignal || ev instanceof weft.model.Event.BarrierWait
                || ev instanceof weft.model.Event.BarrierInit || ev instanceof weft.model.Event.BarrierDestroy
                || ev instanceof weft.model.Event.Nondet || ev instanceof weft.model.Event.Assume || ev instanceof weft.model.Event.Pure
                || ev instanceof weft.model.Event.Alloc || ev instanceof weft.model.Event.Free
                || ev instanceof weft.model.Event.ThreadJoin || ev instanceof weft.model.Event.ThreadSelf);
    }

    /** Locals, parameters and temporaries of integer type that are not volatile, atomic or address-taken. */
    static Set<Variable> trackedVariables(Function f) {
        Set<Variable> taken = weft.ir.AddressTaken.of(f);
        Set<Variable> out = new LinkedHashSet<>();
        List<Variable> all = new ArrayList<>(f.params());
        all.addAll(f.locals());
        for (Variable v : all) {
            boolean kindOk = v.kind() == Variable.Kind.LOCAL || v.kind() == Variable.Kind.PARAM || v.kind() == Variable.Kind.TEMP;
            if (kindOk && !taken.contains(v) && IntKind.of(v.type()) != null && !v.type().isVolatile() && !v.type().isAtomic()) {
                out.add(v);
            }
        }
        return out;
    }

    /** The worklist iteration with widening, then narrowing. */
    private static final class Fixpoint {
        private static final long[] NONE = {};
        private final Cfg cfg;
        private final IntervalEvaluator ev;
        private final Env init;
        private final Interval[] ranges;
        /** Nodes in iteration order (nodes the entry does not reach are left out). */
        private final int[] order;
        /** Position of each node in {@link #order}, -1 if absent. */
        private final int[] position;
        private final boolean[] widenPoint;
        /** Sorted constants of the branch conditions (and their neighbours), where widening may stop. */
        private final long[] thresholds;

        Fixpoint(Cfg cfg, IntervalEvaluator ev) {
            this.cfg = cfg;
            this.ev = ev;
            this.ranges = ev.ranges();
            this.init = Env.of(ranges);
            LoopOrder lo = LoopOrder.of(cfg);
            this.order = lo.order;
            this.widenPoint = lo.head;
            this.position = new int[cfg.nodeCount()];
            Arrays.fill(position, -1);
            for (int i = 0; i < order.length; i++) position[order[i]] = i;
            this.thresholds = thresholds(cfg);
        }

        private static long[] thresholds(Cfg cfg) {
            TreeSet<Long> ts = new TreeSet<>();
            List<Expr> todo = new ArrayList<>();
            for (Edge e : cfg.edges()) if (e.stmt() instanceof Stmt.Assume a) todo.add(a.cond());
            while (!todo.isEmpty()) {
                Expr x = todo.remove(todo.size() - 1);
                if (x instanceof Expr.IntConst c && c.value() > Long.MIN_VALUE + 1 && c.value() < Long.MAX_VALUE - 1) {
                    ts.add(c.value() - 1);
                    ts.add(c.value());
                    ts.add(c.value() + 1);
                } else if (x instanceof Expr.Binary b) {
                    todo.add(b.left());
                    todo.add(b.right());
                } else if (x instanceof Expr.Unary u) {
                    todo.add(u.operand());
                } else if (x instanceof Expr.Cast c) {
                    todo.add(c.operand());
                }
            }
            return ts.stream().mapToLong(Long::longValue).toArray();
        }

        Env[] run() {
            Env[] in = new Env[cfg.nodeCount()];
            if (!ascend(in)) {
                for (int v : order) in[v] = init;
                return in;
            }
            for (int pass = 0; pass < NARROWING_PASSES; pass++) descend(in);
            return in;
        }

        /** The ascending iteration; false if the step budget ran out. */
        private boolean ascend(Env[] in) {
            int[] updates = new int[cfg.nodeCount()];
            long budget = STEPS_PER_ELEMENT * (cfg.edges().size() + order.length) + MIN_STEPS;
            BitSet pending = new BitSet(order.length);
            in[cfg.entry()] = init;
            pending.set(position[cfg.entry()]);
            for (int i = pending.nextSetBit(0); i >= 0; i = pending.nextSetBit(0)) {
                checkInterrupt();
                if (--budget < 0) return false;
                pending.clear(i);
                Env s = in[order[i]];
                for (Edge e : cfg.out(order[i])) {
                    Env o = ev.transfer(e.stmt(), s);
                    if (o == null) continue;
                    int t = e.to();
                    Env old = in[t];
                    Env nw = old == null ? o : old.join(o);
                    if (old != null && widenPoint[t] && ++updates[t] > WIDEN_DELAY) {
                        nw = old.widen(nw, ranges, updates[t] > WIDEN_DELAY + THRESHOLD_STEPS ? NONE : thresholds);
                    }
                    if (!nw.equals(old)) {
                        in[t] = nw;
                        pending.set(position[t]);
                    }
                }
            }
            return true;
        }

        /** One descending pass in iteration order: each state met with what its predecessors give it. */
        private void descend(Env[] in) {
            for (int v : order) {
                checkInterrupt();
                if (in[v] == null) continue;
                Env acc = v == cfg.entry() ? init : null;
                for (Edge e : cfg.in(v)) {
                    Env s = in[e.from()];
                    Env o = s == null ? null : ev.transfer(e.stmt(), s);
                    if (o != null) acc = acc == null ? o : acc.join(o);
                }
                in[v] = acc == null ? null : in[v].meet(acc);
            }
        }

        private static void checkInterrupt() {
            if (Thread.currentThread().isInterrupted()) throw new CancellationException("interval analysis interrupted");
        }
    }
}
