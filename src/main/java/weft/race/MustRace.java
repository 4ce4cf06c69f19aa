package weft.race;

import weft.ir.Cfg;
import weft.ir.Edge;
import weft.lock.ConditionalLock;
import weft.lock.HeldLock;
import weft.lock.Lock;
import weft.lock.LockState;
import weft.pointer.MemObject;
import weft.race.pair.Access;
import weft.thread.ObjectMultiplicity;
import weft.thread.ThreadId;

import java.util.BitSet;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Ranks a pair of accesses that no exclusion rule separated: {@link Rank#CERTAIN} when the must-variants
 * of the race conditions of paper 002 (RacerF, conditions 1-8) hold as far as Weft's analyses know them,
 * otherwise {@link Rank#POSSIBLE}:
 * <ol>
 *   <li><b>reachable</b>: both accesses lie on paths the thread-modular walk reached (branches the
 *       interval analysis proves dead are not walked). Shortcut: this is may-reachability; no path is
 *       proven feasible.</li>
 *   <li><b>must run in parallel</b>: two instances of one non-unique thread (shortcut: assumed to be at
 *       least two); or, when one thread (transitively) creates the other, the creating thread's access
 *       lies in the function that creates the child and the create statement dominates it in that
 *       function's CFG (so the child exists on every path to the access; it is not certainly joined, or a
 *       rule would have excluded the pair; shortcut: a join on some paths only is not seen); two threads
 *       neither of which creates the other are taken to run in parallel (shortcut: both are assumed to be
 *       created).</li>
 *   <li><b>no lock possibly in common</b>: the locks held at the two accesses (must-held, or held under a
 *       condition, or one instance of a lock in an object that may exist many times, {@code LockState.some}) are
 *       disjoint (shortcut: the walk keeps no may-locksets, so a lock held at an access on some paths only is not seen), at most one side holds a lock named relative to a pointer (which may be the other
 *       side's lock), and neither access is in an atomic section.</li>
 *   <li><b>one concrete object</b>: both accesses touch the same object, which
 *       {@link ObjectMultiplicity} says stands for at most one object at run time (not a summary of
 *       several allocations, activations or thread-local copies); both byte regions are exact and overlap
 *       (the same bytes for certain, no array cell with an unknown index); and each access's statement
 *       touches no other object with an access of the same kind (its pointer has one target), and neither is a
 *       library's access to an object it reaches through pointers stored in its argument's target (zlib's
 *       {@code next_in} buffer: {@code MemoryAccess#reached}, which the library may or may not touch).</li>
 * </ol>
 * Not sound and never used for a verdict (which exclusions and the explorer decide): it only orders
 * the report. The README's "Reports" section says what each rank means.
 */
public final class MustRace {
    private final ObjectMultiplicity objects;
    /** Per statement, per access kind and text, the objects its accesses touch (condition 8). */
    private final Map<Edge, Map<String, Set<MemObject>>> touched = new IdentityHashMap<>();
    /** Per create edge, the nodes of its function reachable from the entry without passing it. */
    private final Map<Edge, BitSet> reachableWithout = new IdentityHashMap<>();

    public MustRace(ObjectMultiplicity objects, Iterable<Access> accesses) {
        this.objects = objects;
        for (Access a : accesses) {
            touched.computeIfAbsent(a.edge(), k -> new java.util.HashMap<>())
                    .computeIfAbsent(kindKey(a), k -> new HashSet<>()).add(a.region().object());
        }
    }

    public Rank rank(Access a, Access b) {
        return oneConcreteObject(a, b) && noLockInCommon(a, b) && mustParallel(a, b) ? Rank.CERTAIN : Rank.POSSIBLE;
    }

    private static String kindKey(Access a) {
        return (a.isWrite() ? "w:" : "r:") + a.access().what();
    }

    /**
     * False when no pair with {@code a} is {@link Rank#CERTAIN}: its object is unknown memory or not concrete, its
     * region is not exact, or its edge touches more than one object ({@link #oneConcreteObject} needs all on both sides).
     * Asked once per access, it spares the pairing a rank per racing pair of a large program.
     */
    public boolean mayBeCertain(Access a) {
        MemObject o = a.region().object();
        return !(o instanceof MemObject.Unknown) && !a.access().reached() && a.region().isExact() && objects.isConcrete(o) && singleTarget(a);
    }

    private boolean oneConcreteObject(Access a, Access b) {
        return a.region().mustOverlap(b.region()) && mayBeCertain(a) && mayBeCertain(b); // mustOverlap: the same object
    }

    private boolean singleTarget(Access a) {
        Map<String, Set<MemObject>> m = touched.get(a.edge());
        Set<MemObject> s = m == null ? null : m.get(kindKey(a));
        return s == null || s.size() <= 1;
    }

    private static boolean noLockInCommon(Access a, Access b) {
        if (a.state().inAtomicSection() || b.state().inAtomicSection()) return false;
        LockState la = a.state().locks();
        LockState lb = b.state().locks();
        Set<Lock> sa = heldLocks(la);
        Set<Lock> sb = heldLocks(lb);
        if (!la.symbolic().isEmpty() && (!lb.symbolic().isEmpty() || !sb.isEmpty())) return false;
        if (!lb.symbolic().isEmpty() && !sa.isEmpty()) return false;
        for (HeldLock h : la.some()) sa.add(h.lock());
        for (HeldLock h : lb.some()) sb.add(h.lock());
        for (Lock l : sa) for (Lock k : sb) if (l.mayBe(k)) return false;
        return true;
    }

    private static Set<Lock> heldLocks(LockState s) {
        Set<Lock> out = new HashSet<>();
        for (HeldLock h : s.must()) out.add(h.lock());
        for (ConditionalLock c : s.conditional()) out.add(c.lock().lock());
        return out;
    }

    private boolean mustParallel(Access a, Access b) {
        ThreadId ta = a.thread();
        ThreadId tb = b.thread();
        if (ta.equals(tb)) return true;
        if (tb.isDescendantOf(ta)) return createdBefore(a, tb.childOnPathFrom(ta));
        if (ta.isDescendantOf(tb)) return createdBefore(b, ta.childOnPathFrom(tb));
        return true;
    }

    /** Whether {@code child} exists on every path to {@code a} in its creator's function. */
    private boolean createdBefore(Access a, ThreadId child) {
        if (child == null || !a.state().threads().created().contains(child)) return false;
        if (!a.function().linkName().equals(child.createFunction())) return false;
        Edge create = child.createEdge();
        if (create.equals(a.edge())) return false;
        BitSet r = reachableWithout.computeIfAbsent(create, e -> reachWithout(a.function().cfg(), e));
        return !r.get(a.edge().from());
    }

    private static BitSet reachWithout(Cfg cfg, Edge skip) {
        return cfg.reached(java.util.List.of(cfg.entry()), e -> !e.equals(skip));
    }
}
