package weft.thread;

import weft.ir.Edge;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.IntConversions;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.ir.Variable;
import weft.model.Event;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Workers that count themselves, stopped by a flag (the "inner" counter join of real thread pools): each thread running
 * {@code g} adds 1 to a global counter {@code c} under a mutex {@code L} when it starts and subtracts 1 under {@code L}
 * as the last thing it does; it works only while it reads a global flag {@code s} set; a thread D clears {@code s}, then
 * reads {@code c} as 0 holding {@code L} ({@code lock(L); while (c) cond_wait(cv, L); unlock(L)}). Every access a worker
 * makes after it has counted itself in and then read {@code s} set (<em>running</em>, {@link Running}) happens before
 * every access D makes after that read of 0 (<em>drained</em>, {@link Drained}). Unlike {@link CounterJoins}, no thread
 * counts the workers before creating them, so a worker may start after D's read: it is not joined, but it can no
 * longer run. The walk records the facts in the thread-modular state ({@code LocalState#stops}, a must-set) and the
 * rule {@code race.rules.StoppedBeforeDrained} orders such pairs.
 *
 * <p>Soundness. Let W be a worker, {@code a} a running access of W, {@code z} D's read of 0, {@code b} an access of D
 * after it. The writes of {@code c} are W's increment and decrement of every worker (one edge each, on no cycle, the
 * decrement reached only through the increment, both holding {@code L}), and {@code c} starts at 0, so at {@code z}
 * {@code c} is the sum over workers of (increment made before {@code z} in {@code L}'s order) − (decrement made before
 * it), each term 0 or 1: a read of 0 means every worker that counted itself in before {@code z} has counted itself out
 * before {@code z}. (1) W's increment precedes {@code z}: W's decrement does too, and {@code a} precedes the decrement in
 * W's program order ({@code g} makes no memory access after it, nor does a thread-specific data destructor, and
 * {@code g} is only ever started as a thread, never called); the decrement's release of {@code L} synchronises with D's acquisition before {@code z}: {@code a}
 * happens before {@code b}. (2) W's increment follows {@code z}: D's clearing write {@code w} of {@code s}, its last
 * write of {@code s} before {@code z}, happens before W's increment, hence before W's read {@code r} of {@code s}, which
 * follows the increment. Every write of {@code s} that {@code r} could read is a write of 0: the initial value and any
 * nonzero write happen before {@code w} (nonzero writes are made by one unique thread only, and then D is that thread and
 * {@code w} follows them; a nonzero write of D's after {@code z} ends the drained fact), and every other write is 0. So
 * {@code r} reads 0, W never reads {@code s} set after counting in, and makes no running access. (A read of {@code s}
 * racing with a write of it is itself a race the analysis reports.)
 *
 * <p>Conditions checked: {@code c} and {@code s} candidates of {@link NamedMutexes} (never address-taken, out of reach of
 * external code, written only by plain assignments; {@code c} zero-initialised, {@code s} starting at any value); every
 * write of {@code s} a constant; nonzero writes all in functions that one unique thread runs, each function holding a
 * synchronisation call itself (so that the walk applies its edges: a sync-free function is skipped); {@code g} named
 * nowhere but as a start routine; D is not a worker. The walk adds {@link Cleared} at D's writes of 0 and removes it and
 * {@link Drained} at its nonzero writes.
 *
 * <p>Assumes: mutexes behave as POSIX says; no non-local jumps. Racy variants (the flag cleared after the wait, an
 * access before the flag is read, the count-in after the work): see {@code races/34-counter-joins/}.
 */
public final class StopFlags {
    /** Workers running {@code worker}, counted in {@code counter} under {@code lock}, stopped by {@code flag}. */
    public record Drain(Variable counter, Variable lock, Variable flag, String worker, ThreadId setter) {}

    /** A fact of the thread-modular state. */
    public sealed interface Fact permits Cleared, Running, Drained {}

    /** The thread's last write of {@code flag} stored 0. */
    public record Cleared(Variable flag) implements Fact {}

    /** A worker that has counted itself in and then read the flag set. */
    public record Running(Drain drain) implements Fact {}

    /** A thread that read the counter as 0 holding its mutex after clearing the flag. */
    public record Drained(Drain drain) implements Fact {}

    /** A write of a stop flag: the flag and whether it stores 0. */
    public record Write(Variable flag, boolean zero) {}

    private record Facts(Map<Edge, Write> writes, Map<String, Map<Edge, Set<Drain>>> running,
                         Map<String, Map<Edge, Set<Drain>>> waits) {}

    private final Program program;
    private final ThreadGraph graph;
    private final NamedMutexes mutexes;
    private final CounterJoins counters;
    private final Computed<Facts> facts = new Computed<>(this::compute);

    public StopFlags(Program program, ThreadGraph graph, NamedMutexes mutexes, CounterJoins counters) {
        this.program = program;
        this.graph = graph;
        this.mutexes = mutexes;
        this.counters = counters;
    }

    /** The stop-flag write {@code e} makes, or null. */
    public Write writeAt(Edge e) {
        return e.stmt() instanceof Stmt.Assign ? facts().writes().get(e) : null;
    }

    /** The drains whose worker has read its flag set, after counting itself in, once {@code e} of {@code f} is taken. */
    public Set<Drain> runningAt(Function f, Edge e) {
        if (!(e.stmt() instanceof Stmt.Assume)) return Set.of();
        return facts().running().getOrDefault(f.linkName(), Map.of()).getOrDefault(e, Set.of());
    }

    /** The drains whose counter has been read as 0 holding its mutex once {@code e} of {@code f} is taken. */
    public Set<Drain> zeroAt(Function f, Edge e) {
        if (!(e.stmt() instanceof Stmt.Assume)) return Set.of();
        return facts().waits().getOrDefault(f.linkName(), Map.of()).getOrDefault(e, Set.of());
    }

    /** Whether thread {@code t} may hold {@link Drained} for {@code d}: not a worker, and the only setter if there is one. */
    public boolean mayDrain(ThreadId t, Drain d) {
        return !graph.functions(t).contains(d.worker()) && (d.setter() == null || d.setter().equals(t));
    }

    /** Computed once, on the first use (read on every edge of the walk after that: no lock then). */
    private Facts facts() {
        return facts.get();
    }

    private Facts compute() {
        Map<Variable, ThreadId> flags = new HashMap<>();
        Map<Edge, Write> writes = new HashMap<>();
        for (Map.Entry<Variable, List<NamedMutexes.Write>> w : mutexes.integers().entrySet()) {
            Map<Edge, Write> ws = new HashMap<>();
            Setter setter = flag(w.getKey(), w.getValue(), ws);
            if (setter == null) continue;
            flags.put(w.getKey(), setter.thread());
            writes.putAll(ws);
        }
        Map<String, Map<Edge, Set<Drain>>> running = new HashMap<>();
        Map<String, Map<Edge, Set<Drain>>> waits = new HashMap<>();
        if (!flags.isEmpty()) {
            for (Map.Entry<Variable, List<NamedMutexes.Write>> w : mutexes.candidates().entrySet()) {
                counter(w.getKey(), w.getValue(), flags, running, waits);
            }
        }
        // only the flags some worker reads (the walk tracks their writes: every other global stays out of the states)
        Set<Variable> used = new HashSet<>();
        for (Map<Edge, Set<Drain>> m : running.values()) for (Set<Drain> ds : m.values()) for (Drain d : ds) used.add(d.flag());
        writes.values().removeIf(w -> !used.contains(w.flag()));
        return new Facts(writes, running, waits);
    }

    /** The unique thread that makes every nonzero write of a flag, or null when there is none. */
    private record Setter(ThreadId thread) {}

    /**
     * The setter of {@code s} when every write stores a constant and every nonzero write is made by one unique thread in
     * a function the walk applies; else null. Fills {@code out} with the writes.
     */
    private Setter flag(Variable s, List<NamedMutexes.Write> writes, Map<Edge, Write> out) {
        ThreadId setter = null;
        for (NamedMutexes.Write w : writes) {
            Expr r = ((Stmt.Assign) w.e().stmt()).rhs();
            while (r instanceof Expr.Cast k) r = k.operand();
            if (!(r instanceof Expr.IntConst k)) return null;
            boolean zero = IntConversions.truncate(k.value(), s.type().size(), false) == 0;
            out.put(w.e(), new Write(s, zero));
            if (zero) continue;
            if (!synchronisesItself(w.fn())) return null;
            for (ThreadId t : graph.threadsRunning(w.fn().linkName())) {
                if (setter != null && !setter.equals(t)) return null;
                setter = t;
            }
            if (setter == null || !graph.isUnique(setter)) return null;
        }
        return new Setter(setter);
    }

    /** Whether {@code fn} itself calls a lock, unlock, create or join (the thread-modular walk then applies its edges). */
    private boolean synchronisesItself(Function fn) {
        for (Edge e : fn.cfg().edges()) {
            Event ev = mutexes.event(e);
            if (ev instanceof Event.Lock || ev instanceof Event.Unlock || ev instanceof Event.ThreadCreate || ev instanceof Event.ThreadJoin) return true;
        }
        return false;
    }

    /** Records the drains of counter {@code c} when it is a self-counting worker's (see the class comment). */
    private void counter(Variable c, List<NamedMutexes.Write> writes, Map<Variable, ThreadId> flags,
                         Map<String, Map<Edge, Set<Drain>>> running, Map<String, Map<Edge, Set<Drain>>> waits) {
        if (writes.size() != 2) return;
        Edge inc = null;
        Edge dec = null;
        Function g = writes.get(0).fn();
        for (NamedMutexes.Write w : writes) {
            if (w.fn() != g) return;
            int step = counters.step(g, c, (Stmt.Assign) w.e().stmt());
            if (step == 1) inc = w.e();
            else if (step == -1) dec = w.e();
        }
        if (inc == null || dec == null || flags.containsKey(c)) return;
        Loops loops = graph.loops(g.linkName());
        if (loops.inCycle(inc) || loops.inCycle(dec)) return;
        Variable lock = null;
        for (Variable l : mutexes.lockedIn(g)) {
            BitSet h = mutexes.held(g, l);
            if (h.get(inc.from()) && h.get(dec.from())) lock = l;
        }
        if (lock == null) return;
        final Edge counted = inc;
        BitSet in = NamedMutexes.mustFlow(g, (e, before) -> e.equals(counted) || before);
        if (!in.get(dec.from()) || !counters.quietAfter(g, dec, lock)) return;
        List<Edge> creates = new ArrayList<>();
        for (Function f : program.functions().values()) creates.addAll(counters.creates(f, g.linkName()));
        if (creates.isEmpty() || !counters.onlyStarted(g.linkName(), creates)) return;
        // the worker's reads of a flag set, after counting in
        Map<Edge, Set<Drain>> seen = new HashMap<>();
        Set<Drain> drains = new HashSet<>();
        for (Edge e : g.cfg().edges()) {
            if (!(e.stmt() instanceof Stmt.Assume a) || !in.get(e.from())) continue;
            for (Map.Entry<Variable, ThreadId> s : flags.entrySet()) {
                if (!PublicationFlags.impliesNonzero(mutexes, g, a.cond(), a.positive(), s.getKey())) continue;
                Drain d = new Drain(c, lock, s.getKey(), g.linkName(), s.getValue());
                seen.computeIfAbsent(e, k -> new HashSet<>()).add(d);
                drains.add(d);
            }
        }
        if (drains.isEmpty()) return;
        running.computeIfAbsent(g.linkName(), k -> new HashMap<>()).putAll(seen);
        // reads of the counter as 0 holding its mutex, in any function but the worker's
        for (Function f : program.functions().values()) {
            if (f == g) continue;
            BitSet held = null;
            for (Edge e : f.cfg().edges()) {
                if (!(e.stmt() instanceof Stmt.Assume a) || !counters.impliesZero(f, a.cond(), a.positive(), c)) continue;
                if (held == null) held = mutexes.held(f, lock);
                if (held.get(e.from())) waits.computeIfAbsent(f.linkName(), k -> new HashMap<>()).computeIfAbsent(e, k -> new HashSet<>()).addAll(drains);
            }
        }
    }
}
