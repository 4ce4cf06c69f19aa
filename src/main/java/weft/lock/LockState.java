package weft.lock;

import weft.ir.Variable;
import weft.model.Event.Mode;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Locks held at a program point by the executing thread: {@code must} (held on every path; only
 * locks that denote one concrete lock) and {@code may} (held on some path), plus pending
 * {@code trylock} results stored in local variables, resolved by the branch that tests them.
 *
 * <p>Lattice (paths merge with {@link #join}): ordered by {@code must ⊇}, {@code may ⊆} and pending
 * entries ⊇; {@code join} is the least upper bound: must-sets intersect, may-sets unite, pending
 * entries are kept only where both sides agree. It is commutative, associative and idempotent, and the
 * lattice has finite height for a given program, so fixpoints terminate.
 *
 * <p>{@code symbolic} holds must-locks named relative to a pointer variable ({@link SymbolicLock}),
 * merged like {@code must}.
 *
 * <p>Soundness of {@code must}: a lock enters it only when acquired through a pointer whose only
 * target is one concrete lock object (see {@code LockResolver}), and leaves it on any release that may
 * target it; so a lock in {@code must} is held by the thread on every path reaching the point.
 */
public record LockState(Set<HeldLock> must, Set<HeldLock> may, Map<Variable, PendingTry> pending,
                        Set<SymbolicLock> symbolic) {
    /** A {@code trylock} whose result is in a variable: success iff the variable equals {@code successValue}. */
    public record PendingTry(Set<Lock> locks, boolean concrete, Mode mode, long successValue) {}

    public static final LockState EMPTY = new LockState(Set.of(), Set.of(), Map.of(), Set.of());

    public LockState {
        must = Set.copyOf(must);
        may = Set.copyOf(may);
        pending = Map.copyOf(pending);
        symbolic = Set.copyOf(symbolic);
    }

    public LockState(Set<HeldLock> must, Set<HeldLock> may, Map<Variable, PendingTry> pending) {
        this(must, may, pending, Set.of());
    }

    public LockState join(LockState o) {
        if (equals(o)) return this;
        Set<HeldLock> m = new HashSet<>(must);
        m.retainAll(o.must);
        Set<HeldLock> y = new HashSet<>(may);
        y.addAll(o.may);
        Map<Variable, PendingTry> p = new HashMap<>();
        for (var e : pending.entrySet()) if (e.getValue().equals(o.pending.get(e.getKey()))) p.put(e.getKey(), e.getValue());
        Set<SymbolicLock> sy = new HashSet<>(symbolic);
        sy.retainAll(o.symbolic);
        return new LockState(m, y, p, sy);
    }

    /** Acquires one of {@code locks}; it is a must-lock only if {@code concrete} (exactly one concrete lock). */
    public LockState acquire(Set<Lock> locks, boolean concrete, Mode mode) {
        Set<HeldLock> m = new HashSet<>(must);
        Set<HeldLock> y = new HashSet<>(may);
        for (Lock l : locks) {
            HeldLock h = new HeldLock(l, mode);
            y.add(h);
            if (concrete) m.add(h);
        }
        return new LockState(m, y, pending, symbolic);
    }

    /** Releases one of {@code locks}: all of them leave {@code must}; they leave {@code may} only if {@code concrete}. */
    public LockState release(Set<Lock> locks, boolean concrete) {
        Set<HeldLock> m = new HashSet<>(must);
        m.removeIf(h -> locks.contains(h.lock()));
        Set<HeldLock> y = new HashSet<>(may);
        if (concrete) y.removeIf(h -> locks.contains(h.lock()));
        return new LockState(m, y, pending, symbolic);
    }

    public LockState withPending(Variable v, PendingTry t) {
        Map<Variable, PendingTry> p = new HashMap<>(pending);
        if (t == null) p.remove(v);
        else p.put(v, t);
        return new LockState(must, may, p, symbolic);
    }

    public LockState withoutPending() {
        return pending.isEmpty() ? this : new LockState(must, may, Map.of(), symbolic);
    }

    /** This state with the symbolic must-locks replaced (join: intersection, like {@code must}). */
    /** This state without {@code locks} among the must-locks (they stay may-locks). */
    public LockState withoutMust(Set<Lock> locks) {
        if (must.stream().noneMatch(h -> locks.contains(h.lock()))) return this;
        Set<HeldLock> m = new java.util.HashSet<>(must);
        m.removeIf(h -> locks.contains(h.lock()));
        return new LockState(m, may, pending, symbolic);
    }

    public LockState withSymbolic(Set<SymbolicLock> s) {
        return new LockState(must, may, pending, s);
    }

    /** Drops symbolic locks based on {@code v} (it was reassigned). */
    public LockState killBase(Variable v) {
        if (symbolic.stream().noneMatch(l -> l.base().equals(v))) return this;
        Set<SymbolicLock> s = new HashSet<>(symbolic);
        s.removeIf(l -> l.base().equals(v));
        return new LockState(must, may, pending, s);
    }

    /** Whether a lock held here in some mode excludes one held in {@code other}. */
    public HeldLock commonExclusive(LockState other) {
        for (HeldLock a : must) for (HeldLock b : other.must) if (a.excludes(b)) return a.mode() == Mode.WRITE ? a : b;
        return null;
    }
}
