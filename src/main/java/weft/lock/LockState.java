package weft.lock;

import weft.ir.Variable;
import weft.model.Event.Mode;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Locks held at a program point by the executing thread: {@code must} (held on every path; only
 * locks that denote one concrete lock), plus pending {@code trylock} results stored in local
 * variables, resolved by the branch that tests them. Locks held on some paths only are not tracked:
 * no exclusion rule reads them, and a may-set grows with every lock a thread ever takes (thousands in a
 * server keeping a lock per connection), making every state, join and calling context that much bigger.
 *
 * <p>Lattice (paths merge with {@link #join}): ordered by {@code must ⊇} and pending
 * entries ⊇; {@code join} is the least upper bound: must-sets intersect, pending
 * entries are kept only where both sides agree. It is commutative, associative and idempotent, and the
 * lattice has finite height for a given program, so fixpoints terminate.
 *
 * <p>{@code symbolic} holds must-locks named relative to a pointer variable ({@link SymbolicLock}),
 * merged like {@code must}.
 *
 * <p>Path-sensitive part: {@code truths} records, for unaddressed locals tested on the way here,
 * whether they are non-zero ({@code true}) or zero on every path; {@code conditional} holds locks held
 * on every path where such a variable is non-zero (or zero), see {@link ConditionalLock}. A join
 * keeps the truths both sides share, and a conditional lock when each side either has it, holds the
 * lock outright, or knows the variable has the other value (the implication holds vacuously there);
 * a lock held on one side only becomes conditional on a variable the two sides know with opposite
 * values. A branch that learns the variable's value turns the conditional lock into a must-lock.
 * Assigning the variable drops its truth and its conditional locks; releasing a lock drops its
 * conditional entries.
 *
 * <p>Soundness of {@code must}: a lock enters it only when acquired through a pointer whose only
 * target is one concrete lock object (see {@code LockResolver}), or from a conditional lock whose
 * condition the branch just established, or from a pending trylock on such a lock whose success the
 * branch just established; it leaves on any release that may act on it ({@link Release}: a release
 * through a pointer that may denote several locks, or none known, drops every lock it may denote), and
 * a release also drops the conditional locks and pending trylocks it may act on; so a lock in
 * {@code must} is held by the thread on every path reaching the point.
 *
 * <p>{@code some} holds abstract locks of which the thread holds one instance on every path (acquired through a
 * pointer whose only target is one lock of an object that may exist many times, merged like {@code must}, dropped by
 * any release that may act on it). Two threads holding "one instance" may hold different ones, so no exclusion rule
 * reads it: it only keeps the report from ranking a race between two holders as certain ({@code MustRace}).
 *
 * <p>Assumes: {@code LockResolver} decides concreteness; every release that may target a must-lock
 * reaches {@link #release} (releases through imprecise pointers and in callees are the subject of
 * separate fixes); conditional locks' variables are unaddressed locals, so only this thread's own
 * assignments change them (probes p42-p44: sound).
 */
public record LockState(Set<HeldLock> must, Map<Variable, PendingTry> pending,
                        Set<SymbolicLock> symbolic, Map<Variable, Boolean> truths, Set<ConditionalLock> conditional,
                        Set<HeldLock> some) {
    /** A {@code trylock} whose result is in a variable: success iff the variable equals {@code successValue}. */
    public record PendingTry(Set<Lock> locks, boolean concrete, Mode mode, long successValue) {}

    public static final LockState EMPTY = new LockState(Set.of(), Map.of(), Set.of());

    public LockState {
        must = Set.copyOf(must);
        pending = Map.copyOf(pending);
        symbolic = Set.copyOf(symbolic);
        truths = Map.copyOf(truths);
        conditional = Set.copyOf(conditional);
        some = Set.copyOf(some);
    }

    public LockState(Set<HeldLock> must, Map<Variable, PendingTry> pending, Set<SymbolicLock> symbolic) {
        this(must, pending, symbolic, Map.of(), Set.of(), Set.of());
    }

    public LockState join(LockState o) {
        if (equals(o)) return this;
        Set<HeldLock> m = new HashSet<>(must);
        m.retainAll(o.must);
        Map<Variable, PendingTry> p = new HashMap<>();
        for (var e : pending.entrySet()) if (e.getValue().equals(o.pending.get(e.getKey()))) p.put(e.getKey(), e.getValue());
        Set<SymbolicLock> sy = new HashSet<>(symbolic);
        sy.retainAll(o.symbolic);
        Map<Variable, Boolean> t = new HashMap<>();
        for (var e : truths.entrySet()) if (e.getValue().equals(o.truths.get(e.getKey()))) t.put(e.getKey(), e.getValue());
        Set<ConditionalLock> c = new HashSet<>();
        for (ConditionalLock cl : conditional) if (o.implies(cl)) c.add(cl);
        for (ConditionalLock cl : o.conditional) if (implies(cl)) c.add(cl);
        // held on one side only, where the sides disagree on a variable: held when it has that side's value
        for (LockState[] side : new LockState[][]{{this, o}, {o, this}}) {
            for (HeldLock h : side[0].must) {
                if (side[1].must.contains(h)) continue;
                for (var e : side[0].truths.entrySet()) {
                    Boolean other = side[1].truths.get(e.getKey());
                    if (other != null && other != e.getValue()) c.add(new ConditionalLock(h, e.getKey(), e.getValue()));
                }
            }
        }
        Set<HeldLock> so = new HashSet<>(some);
        so.retainAll(o.some);
        return new LockState(m, p, sy, t, c, so);
    }

    /** Whether this state satisfies {@code cl}: it holds the lock, or the condition is false here. */
    private boolean implies(ConditionalLock cl) {
        if (must.contains(cl.lock()) || conditional.contains(cl)) return true;
        Boolean known = truths.get(cl.var());
        return known != null && known != cl.whenNonZero();
    }

    /**
     * The branch established that {@code v} is non-zero ({@code nonZero}) or zero: recorded, and the
     * locks conditional on that become must-locks.
     */
    public LockState learn(Variable v, boolean nonZero) {
        Map<Variable, Boolean> t = new HashMap<>(truths);
        t.put(v, nonZero);
        Set<HeldLock> m = new HashSet<>(must);
        for (ConditionalLock cl : conditional) if (cl.var().equals(v) && cl.whenNonZero() == nonZero) m.add(cl.lock());
        return new LockState(m, pending, symbolic, t, conditional, some);
    }

    /** Without the path facts about the current function's locals (for a callee's entry state). */
    public LockState withoutLocalFacts() {
        return truths.isEmpty() && conditional.isEmpty() ? this : new LockState(must, pending, symbolic, Map.of(), Set.of(), some);
    }

    /** The caller's truths (its unaddressed locals are untouched by a callee) added to this state. */
    public LockState withTruths(Map<Variable, Boolean> t) {
        return t.isEmpty() ? this : new LockState(must, pending, symbolic, t, conditional, some);
    }

    /**
     * Acquires one of {@code locks}; it is a must-lock only if {@code concrete} (exactly one concrete lock). A single
     * abstract lock that is not concrete (a mutex in a heap record whose allocation site may run many times) is
     * recorded in {@code some}: one instance of it is held.
     */
    public LockState acquire(Set<Lock> locks, boolean concrete, Mode mode) {
        if (!concrete) {
            if (locks.size() != 1 || locks.iterator().next().offset() == Lock.ANY_OFFSET) return this;
            Set<HeldLock> so = new HashSet<>(some);
            so.add(new HeldLock(locks.iterator().next(), mode));
            return new LockState(must, pending, symbolic, truths, conditional, so);
        }
        Set<HeldLock> m = new HashSet<>(must);
        for (Lock l : locks) m.add(new HeldLock(l, mode));
        return new LockState(m, pending, symbolic, truths, conditional, some);
    }

    /**
     * Executes {@code r}: every lock it may act on leaves {@code must} and the conditional locks (see
     * {@link Release}); a pending trylock on such a lock is forgotten (had it succeeded, the lock may
     * have been released since, so its success no longer proves the lock held).
     */
    public LockState release(Release r) {
        Set<HeldLock> m = new HashSet<>(must);
        m.removeIf(h -> r.mayRelease(h.lock()));
        Set<ConditionalLock> c = new HashSet<>(conditional);
        c.removeIf(cl -> r.mayRelease(cl.lock().lock()));
        Map<Variable, PendingTry> p = new HashMap<>(pending);
        p.values().removeIf(t -> r.mayReleaseAny(t.locks()));
        Set<HeldLock> so = new HashSet<>(some);
        so.removeIf(h -> r.mayRelease(h.lock()));
        return new LockState(m, p, symbolic, truths, c, so);
    }

    public LockState withPending(Variable v, PendingTry t) {
        Map<Variable, PendingTry> p = new HashMap<>(pending);
        if (t == null) p.remove(v);
        else p.put(v, t);
        return new LockState(must, p, symbolic, truths, conditional, some);
    }

    public LockState withoutPending() {
        return pending.isEmpty() ? this : new LockState(must, Map.of(), symbolic, truths, conditional, some);
    }

    /**
     * This state without the locks any of {@code locks} may be ({@link Lock#mayBe}) among the must-locks
     * nor conditionally.
     */
    public LockState withoutMust(Set<Lock> locks) {
        java.util.function.Predicate<Lock> hit = h -> locks.stream().anyMatch(l -> l.mayBe(h));
        if (must.stream().noneMatch(h -> hit.test(h.lock())) && conditional.stream().noneMatch(cl -> hit.test(cl.lock().lock()))
                && some.stream().noneMatch(h -> hit.test(h.lock()))) {
            return this;
        }
        Set<HeldLock> m = new java.util.HashSet<>(must);
        m.removeIf(h -> hit.test(h.lock()));
        Set<ConditionalLock> c = new HashSet<>(conditional);
        c.removeIf(cl -> hit.test(cl.lock().lock()));
        Set<HeldLock> so = new HashSet<>(some);
        so.removeIf(h -> hit.test(h.lock()));
        return new LockState(m, pending, symbolic, truths, c, so);
    }

    /** This state with the symbolic must-locks replaced (join: intersection, like {@code must}). */
    public LockState withSymbolic(Set<SymbolicLock> s) {
        return new LockState(must, pending, s, truths, conditional, some);
    }

    /** Drops symbolic locks based on {@code v}, its truth and the locks conditional on it ({@code v} was reassigned). */
    public LockState killBase(Variable v) {
        if (symbolic.stream().noneMatch(l -> l.base().equals(v)) && !truths.containsKey(v)
                && conditional.stream().noneMatch(cl -> cl.var().equals(v))) {
            return this;
        }
        Set<SymbolicLock> s = new HashSet<>(symbolic);
        s.removeIf(l -> l.base().equals(v));
        Map<Variable, Boolean> t = new HashMap<>(truths);
        t.remove(v);
        Set<ConditionalLock> c = new HashSet<>(conditional);
        c.removeIf(cl -> cl.var().equals(v));
        return new LockState(must, pending, s, t, c, some);
    }

    /** Whether a lock held here in some mode excludes one held in {@code other}. */
    public HeldLock commonExclusive(LockState other) {
        for (HeldLock a : must) for (HeldLock b : other.must) if (a.excludes(b)) return a.mode() == Mode.WRITE ? a : b;
        return null;
    }
}
