package weft.thread;

import weft.pointer.Loc;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * What the executing thread has done to other threads at a program point: which child threads it
 * may have created ({@code created}, may), which threads it has certainly joined ({@code joined},
 * must), which children may be running — created and not certainly joined since ({@code alive},
 * may) — and which thread ids may be stored in thread-id variables ({@code ids}, may, keyed by the
 * variable's memory cell); {@code tries} (must): locals holding the result of a join that does not wait
 * ({@code pthread_tryjoin_np}, {@code pthread_timedjoin_np}) of one unique thread, not assigned since: where such a
 * local is tested equal to 0 the join succeeded, and the thread is joined.
 *
 * <p>Lattice: ordered by {@code created ⊆}, {@code joined ⊇}, {@code alive ⊆}, {@code ids} pointwise ⊆, {@code tries}
 * ⊇ (as sets of entries); {@link #join} (unite, intersect, unite, unite pointwise, intersect) is the least upper bound
 * — commutative, associative, idempotent; finite height for a given program.
 *
 * <p>Soundness: {@code created} over-approximates, so a child absent from it has certainly not been
 * created yet; a thread enters {@code joined} only when the joined id variable can hold exactly one
 * abstract thread that is unique (one concrete thread), so every access of that thread happened before.
 *
 * <p>Assumes: id cells are written by nothing but thread creation ({@code TidCells}); a join through a
 * pointer, an array cell with an unknown index, or in a callee joins nothing unless the cell holds
 * exactly one unique thread. Probes p10-p16: sound.
 */
public record ThreadEvents(Set<ThreadId> created, Set<ThreadId> joined, Set<ThreadId> alive, Map<Loc, Set<ThreadId>> ids,
                           Map<weft.ir.Variable, ThreadId> tries) {
    public static final ThreadEvents EMPTY = new ThreadEvents(Set.of(), Set.of(), Set.of(), Map.of(), Map.of());

    public ThreadEvents {
        created = Set.copyOf(created);
        joined = Set.copyOf(joined);
        alive = Set.copyOf(alive);
        ids = Map.copyOf(ids);
        tries = Map.copyOf(tries);
    }

    public ThreadEvents join(ThreadEvents o) {
        if (equals(o)) return this;
        Set<ThreadId> c = new HashSet<>(created);
        c.addAll(o.created);
        Set<ThreadId> j = new HashSet<>(joined);
        j.retainAll(o.joined);
        Set<ThreadId> a = new HashSet<>(alive);
        a.addAll(o.alive);
        Map<Loc, Set<ThreadId>> m = new HashMap<>(ids);
        for (var e : o.ids.entrySet()) {
            m.merge(e.getKey(), e.getValue(), (x, y) -> {
                Set<ThreadId> u = new HashSet<>(x);
                u.addAll(y);
                return Set.copyOf(u);
            });
        }
        Map<weft.ir.Variable, ThreadId> t = new HashMap<>(tries);
        t.entrySet().removeIf(x -> !x.getValue().equals(o.tries.get(x.getKey())));
        return new ThreadEvents(c, j, a, m, t);
    }

    /** Records creation of {@code children}, whose id is stored into {@code cells} (strongly if exactly one concrete cell). */
    public ThreadEvents create(Set<ThreadId> children, Set<Loc> cells, boolean strong) {
        Set<ThreadId> c = new HashSet<>(created);
        c.addAll(children);
        Map<Loc, Set<ThreadId>> m = new HashMap<>(ids);
        for (Loc cell : cells) {
            if (strong) {
                m.put(cell, Set.copyOf(children));
            } else {
                Set<ThreadId> u = new HashSet<>(m.getOrDefault(cell, Set.of()));
                u.addAll(children);
                m.put(cell, Set.copyOf(u));
            }
        }
        Set<ThreadId> j = new HashSet<>(joined);
        j.removeAll(children);
        Set<ThreadId> a = new HashSet<>(alive);
        a.addAll(children);
        Map<weft.ir.Variable, ThreadId> t = new HashMap<>(tries);
        t.values().removeAll(children);
        return new ThreadEvents(c, j, a, m, t);
    }

    public ThreadEvents withJoined(ThreadId t) {
        Set<ThreadId> j = new HashSet<>(joined);
        j.add(t);
        Set<ThreadId> a = new HashSet<>(alive);
        a.remove(t);
        return new ThreadEvents(created, j, a, ids, tries);
    }

    /** With {@code v} holding the result of a join of {@code t} that does not wait ({@code t} null: holding nothing such). */
    public ThreadEvents withTry(weft.ir.Variable v, ThreadId t) {
        if (t == null ? !tries.containsKey(v) : t.equals(tries.get(v))) return this;
        Map<weft.ir.Variable, ThreadId> m = new HashMap<>(tries);
        if (t == null) m.remove(v);
        else m.put(v, t);
        return new ThreadEvents(created, joined, alive, ids, m);
    }

    /** With the tries of {@code before} instead of these (after a call: the callee's locals are gone, the caller's unchanged). */
    public ThreadEvents withTries(Map<weft.ir.Variable, ThreadId> before) {
        return before.equals(tries) ? this : new ThreadEvents(created, joined, alive, ids, before);
    }
}
