package weft.thread;

import weft.ir.AddressScan;
import weft.ir.AddressTaken;
import weft.ir.CType;
import weft.ir.Edge;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.GlobalInit;
import weft.ir.Lvalue;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.ir.Variable;
import weft.model.Event;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Joins through a counter of live threads (the "outer" counter join of real thread pools): a unique thread M, in one
 * function {@code f}, adds 1 to a global counter {@code c} under a mutex {@code L} before each creation of a thread
 * running {@code g}; each such thread subtracts 1 under {@code L} as the last thing it does; M waits, reading {@code c}
 * under {@code L}, until it is 0 ({@code lock(L); while (c) cond_wait(cv, L); unlock(L)}). On the edge where M has read
 * 0, every instance of {@code g} that M created before has ended: a join of all of them, as {@link JoinLoops} gives for
 * arrays of ids.
 *
 * <p>Soundness. Let I be the increments M has made (in its program order) up to its read of {@code c}, D the decrements
 * ordered before that read by {@code L} (both are read-modify-writes of {@code c} made holding {@code L}, so they and
 * the read are totally ordered, and {@code c} = I − D at the read, as {@code c} starts at 0 and nothing else writes it).
 * Each creation of a {@code g} thread is preceded, since the previous one, by an increment of M's (a must dataflow over
 * {@code f}), so the instances created before the read number at most I. Only {@code g} threads decrement, each at most
 * once (one decrement edge, not on a cycle, and {@code g} is never called, only started by M's create sites), and only
 * after being created, so D is at most the number created. A read of 0 gives D = I: every instance M created has made
 * its decrement, and its release of {@code L} after it is ordered before M's acquisition. As {@code g} makes no memory
 * access after its decrement (only unlocks, condition signals and the return of a value computed from its own
 * locals whose address it never takes, and no thread-specific data destructor can run after that return), all of
 * an instance's accesses happen before M's read: the instance is joined there. If a thread never decrements, M never
 * reads 0 and nothing after the wait runs, which is again sound. A creation after the wait removes the thread from the
 * joined set again ({@link ThreadEvents#create}).
 *
 * <p>Conditions checked: {@code c} a global integer that is never address-taken, zero-initialised, of internal linkage
 * or in a program without external code (which could write any global); every write of {@code c} is {@code c = c + 1}
 * in {@code f} or {@code c = c - 1} in {@code g}, made while {@code L} is held (a must-held dataflow per function:
 * held after {@code lock(&L)} and a condition wait on it, not after an unlock of it or of an unknown mutex, a call of
 * program code, external or indirect code, or a trylock); {@code L} a global mutex named directly; M unique, and
 * {@code f} run by no other thread; the wait's condition, read holding {@code L}, implies {@code c <= 0}.
 *
 * <p>Assumes: mutexes behave as POSIX says (a recursive mutex unlocked once while held twice is taken as released,
 * which only loses facts); no non-local jumps. The racy variants (counter outside the lock, increment after the
 * create, a second decrement, an access after the decrement, a wait that reads before all increments) each break one
 * condition: see {@code races/34-counter-joins/}.
 */
public final class CounterJoins {
    /** A candidate: counter {@code c} guarded by {@code L}, creating function {@code f}, thread function {@code g}. */
    private record Counter(Variable c, Variable lock, Function f, String g, List<Edge> creates) {}


    private final Program program;
    private final ThreadGraph graph;
    private final AddressTaken addressTaken;
    private final NamedMutexes mutexes;
    /** Per creating function: the exit edges that join, with the create edges whose children they join. */
    private final Computed<Map<String, Map<Edge, List<Edge>>>> joins = new Computed<>(this::compute);

    public CounterJoins(Program program, ThreadGraph graph, AddressTaken addressTaken, NamedMutexes mutexes) {
        this.program = program;
        this.graph = graph;
        this.addressTaken = addressTaken;
        this.mutexes = mutexes;
    }

    /** The threads (children of {@code t}) all of whose instances have ended when {@code e} of {@code f} is taken. */
    public Set<ThreadId> joinedAt(ThreadId t, Function f, Edge e) {
        if (!(e.stmt() instanceof Stmt.Assume)) return Set.of();
        Map<Edge, List<Edge>> in = joins().getOrDefault(f.linkName(), Map.of());
        List<Edge> creates = in.get(e);
        if (creates == null || !graph.isUnique(t) || !runsOnlyIn(t, f.linkName())) return Set.of();
        Set<ThreadId> out = new LinkedHashSet<>();
        for (Edge c : creates) out.addAll(graph.childrenAt(t, c));
        return out;
    }

    private boolean runsOnlyIn(ThreadId t, String function) {
        for (ThreadId u : graph.threadsRunning(function)) if (!u.equals(t)) return false;
        return true;
    }

    /** Computed once, on the first use (read on every edge of the walk after that: no lock then). */
    private Map<String, Map<Edge, List<Edge>>> joins() {
        return joins.get();
    }

    private Map<String, Map<Edge, List<Edge>>> compute() {
        Map<String, Map<Edge, List<Edge>>> out = new HashMap<>();
        for (Map.Entry<Variable, List<NamedMutexes.Write>> w : mutexes.candidates().entrySet()) {
            Counter k = counter(w.getKey(), w.getValue());
            if (k == null) continue;
            Map<Edge, List<Edge>> at = waits(k);
            if (!at.isEmpty()) out.computeIfAbsent(k.f.linkName(), x -> new HashMap<>()).putAll(at);
        }
        return out;
    }

    /** The counter's roles when its writes are increments in one function and one decrement in one thread function. */
    private Counter counter(Variable c, List<NamedMutexes.Write> writes) {
        Function f = null;
        Function g = null;
        Edge dec = null;
        for (NamedMutexes.Write w : writes) {
            int step = step(w.fn(), c, (Stmt.Assign) w.e().stmt());
            if (step == 1) {
                if (f != null && f != w.fn()) return null;
                f = w.fn();
            } else if (step == -1) {
                if (dec != null) return null;
                g = w.fn();
                dec = w.e();
            } else {
                return null;
            }
        }
        if (f == null || g == null || f == g || graph.loops(g.linkName()).inCycle(dec)) return null;
        // the mutex held at the decrement, and at every increment
        Variable lock = mutexes.heldAt(g, dec);
        if (lock == null) return null;
        BitSet inF = mutexes.held(f, lock);
        for (NamedMutexes.Write w : writes) if (w.fn() == f && !inF.get(w.e().from())) return null;
        if (!quietAfter(g, dec, lock)) return null;
        List<Edge> creates = creates(f, g.linkName());
        if (creates == null || creates.isEmpty() || !onlyStarted(g.linkName(), creates) || !eachCreateCounted(f, c, creates)) return null;
        return new Counter(c, lock, f, g.linkName(), creates);
    }

    /** +1 for {@code c = c + 1} (or {@code 1 + c}) in {@code fn}, -1 for {@code c = c - 1}, 0 otherwise. */
    int step(Function fn, Variable c, Stmt.Assign a) {
        Expr r = a.rhs();
        while (r instanceof Expr.Cast k && k.type().unqualified() instanceof CType.Int) r = k.operand();
        if (!(r instanceof Expr.Binary b)) return 0;
        boolean left = mutexes.isLoadOf(fn, b.left(), c);
        boolean right = mutexes.isLoadOf(fn, b.right(), c);
        Expr other = left ? b.right() : right ? b.left() : null;
        if (!(other instanceof Expr.IntConst k) || k.value() != 1) return 0;
        if (b.op() == Expr.BinOp.ADD) return 1;
        return b.op() == Expr.BinOp.SUB && left ? -1 : 0;
    }


    /**
     * Whether {@code g} makes no memory access after {@code dec}: every path from it to the exit has only unlocks of
     * {@code lock}, condition signals, skips and a return of a value computed from unshared locals, and no
     * thread-specific data destructor runs after the return. Finding the object of a member mutex or condition
     * ({@code &pool->lock}) may read shared memory only where {@code lock} is still held: as no lock is taken after the
     * decrement, it is then the decrement's own hold, and the read comes before the release the waiter's read of 0
     * follows.
     */
    boolean quietAfter(Function g, Edge dec, Variable lock) {
        if (destructorsMayRun()) return false;
        BitSet after = g.cfg().reached(List.of(dec.to()), e -> true);
        BitSet heldAfter = mutexes.held(g, lock);
        for (Edge e : g.cfg().edges()) {
            if (!after.get(e.from())) continue;
            Stmt s = e.stmt();
            if (s instanceof Stmt.Skip) continue;
            if (s instanceof Stmt.Return r && (r.value() == null || readsOnlyLocals(g, r.value()))) continue;
            Event ev = mutexes.event(e);
            List<Expr> args = s instanceof Stmt.Call c ? c.args() : List.of();
            // finding a member's object may read memory only while the decrement's hold of the lock lasts
            boolean held = heldAfter.get(e.from());
            if (ev instanceof Event.Unlock u && lock.equals(mutexes.named(g, args, u.lockArg())) && (held || readsOnlyLocals(g, args.get(u.lockArg())))) continue;
            if (ev instanceof Event.CondSignal cs && mutexes.named(g, args, cs.condArg()) != null && (held || readsOnlyLocals(g, args.get(cs.condArg())))) continue;
            return false;
        }
        return true;
    }

    private volatile Boolean destructors;

    /**
     * Whether a thread-specific data destructor may run as a thread ends, after its routine's last statement: the thread
     * graph knows one, or some key is created with a destructor that is not a null constant. (A worker's destructor
     * runs after its decrement: once missed, corpus {@code 34-counter-joins/14}.)
     */
    private boolean destructorsMayRun() {
        Boolean d = destructors;
        if (d == null) destructors = d = !graph.destructors().isEmpty() || keyWithDestructor();
        return d;
    }

    private boolean keyWithDestructor() {
        for (Function fn : program.functions().values()) {
            for (Edge e : fn.cfg().edges()) {
                if (!(mutexes.event(e) instanceof Event.ThreadSpecific ts) || ts.op() != Event.SpecificOp.CREATE) continue;
                List<Expr> args = ((Stmt.Call) e.stmt()).args();
                Expr dtor = args.size() > 1 ? args.get(1) : null;
                while (dtor instanceof Expr.Cast k) dtor = k.operand();
                if (!(dtor instanceof Expr.IntConst k && k.value() == 0)) return true;
            }
        }
        return false;
    }

    /** Whether {@code e} reads no memory but the automatic variables of {@code g} whose address it never takes. */
    private boolean readsOnlyLocals(Function g, Expr e) {
        if (e instanceof Expr.IntConst) return true;
        if (e instanceof Expr.Cast k) return readsOnlyLocals(g, k.operand());
        if (e instanceof Expr.Unary u) return readsOnlyLocals(g, u.operand());
        if (e instanceof Expr.Binary b) return readsOnlyLocals(g, b.left()) && readsOnlyLocals(g, b.right());
        if (e instanceof Expr.AddrOf a) return placeReadsOnlyLocals(g, a.lvalue());
        if (e instanceof Expr.Load l && l.lvalue() instanceof Lvalue.Var v) {
            Variable.Kind k = v.variable().kind();
            return (k == Variable.Kind.LOCAL || k == Variable.Kind.PARAM || k == Variable.Kind.TEMP) && !addressTaken.in(g, v.variable());
        }
        return false;
    }

    /** Whether finding the place {@code lv} (not reading it) reads no memory but unshared locals of {@code g}. */
    private boolean placeReadsOnlyLocals(Function g, Lvalue lv) {
        if (lv instanceof Lvalue.Var) return true;
        if (lv instanceof Lvalue.Field f) return placeReadsOnlyLocals(g, f.base());
        if (lv instanceof Lvalue.Index i) return placeReadsOnlyLocals(g, i.base()) && readsOnlyLocals(g, i.index());
        return lv instanceof Lvalue.Deref d && readsOnlyLocals(g, d.pointer());
    }

    /** The create edges of {@code f} that start {@code g} by name; null when one may start it through a pointer. */
    List<Edge> creates(Function f, String g) {
        List<Edge> out = new ArrayList<>();
        for (Edge e : f.cfg().edges()) {
            if (mutexes.event(e) instanceof Event.ThreadCreate tc && g.equals(startRoutine((Stmt.Call) e.stmt(), tc))) out.add(e);
        }
        return out;
    }

    /** The function a create starts by name ({@code f}, conversions aside), or null (a pointer). */
    static String startRoutine(Stmt.Call c, Event.ThreadCreate tc) {
        Expr r = tc.routineArg() < c.args().size() ? Expr.stripCasts(c.args().get(tc.routineArg())) : null;
        return r instanceof Expr.FuncRef fr ? fr.name() : null;
    }

    /** Whether {@code g} is named nowhere but as the start routine of {@code creates}: never called, never stored. */
    boolean onlyStarted(String g, List<Edge> creates) {
        for (Function fn : program.functions().values()) {
            for (Edge e : fn.cfg().edges()) {
                Set<String> refs = new HashSet<>();
                if (creates.contains(e)) {
                    Stmt.Call c = (Stmt.Call) e.stmt();
                    Event.ThreadCreate tc = (Event.ThreadCreate) mutexes.event(e);
                    for (int i = 0; i < c.args().size(); i++) if (i != tc.routineArg()) AddressScan.functionRefs(c.args().get(i), refs);
                } else {
                    AddressScan.functionRefs(e.stmt(), refs);
                }
                if (refs.contains(g)) return false;
            }
        }
        for (GlobalInit init : globalInits()) {
            Set<String> refs = new HashSet<>();
            for (GlobalInit.Item it : init.items()) AddressScan.functionRefs(it.value(), refs);
            if (refs.contains(g)) return false;
        }
        return true;
    }

    private List<GlobalInit> globalInits() {
        List<GlobalInit> out = new ArrayList<>();
        for (Variable v : program.globals()) if (program.init(v) != null) out.add(program.init(v));
        return out;
    }

    /** Whether on every path of {@code f} each create in {@code creates} follows an increment of {@code c} not used by an earlier one. */
    private boolean eachCreateCounted(Function f, Variable c, List<Edge> creates) {
        BitSet pending = NamedMutexes.mustFlow(f, (e, in) -> {
            if (e.stmt() instanceof Stmt.Assign a && c.equals(mutexes.cell(f, a.lhs()))) return step(f, c, a) == 1;
            if (creates.contains(e)) return false;
            return in;
        });
        for (Edge e : creates) if (!pending.get(e.from())) return false;
        return true;
    }

    /** The edges of {@code k.f} where {@code k.c} has been read as 0 holding {@code k.lock}, with the creates they join. */
    private Map<Edge, List<Edge>> waits(Counter k) {
        Map<Edge, List<Edge>> out = new HashMap<>();
        BitSet held = mutexes.held(k.f, k.lock);
        for (Edge e : k.f.cfg().edges()) {
            if (e.stmt() instanceof Stmt.Assume a && held.get(e.from()) && impliesZero(k.f, a.cond(), a.positive(), k.c)) {
                out.put(e, k.creates);
            }
        }
        return out;
    }

    /** Whether {@code cond} (in {@code fn}) being {@code positive} implies {@code c <= 0} for a counter that is never negative. */
    boolean impliesZero(Function fn, Expr cond, boolean positive, Variable c) {
        NamedMutexes.Test t = mutexes.test(fn, cond, positive, c);
        if (t == null) return false;
        return switch (t.op()) {
            case EQ -> t.k() == 0;
            case LT -> t.k() <= 1;
            case LE -> t.k() <= 0;
            default -> false;
        };
    }
}
