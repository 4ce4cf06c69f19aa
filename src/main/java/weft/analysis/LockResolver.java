package weft.analysis;

import weft.ir.Expr;
import weft.ir.Function;
import weft.lock.Lock;
import weft.pointer.MemObject;

import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Turns the pointer argument of a lock operation into abstract locks, and decides whether it denotes
 * exactly one concrete lock: a single region with a known offset in an object that exists at most
 * once while the program runs (see {@link ObjectMultiplicity}). Only then may the lock enter a
 * must-lockset — two threads "holding the lock at p" would otherwise possibly hold different locks.
 *
 * <p>Assumes: the pointer analysis and {@code Regions} over-approximate the lock pointer's targets and
 * offsets; {@code ObjectMultiplicity.isConcrete} under-approximates.
 */
public final class LockResolver {
    /** Locks a lock operation may act on; {@code concrete} when it is certainly the single one. */
    public record Target(Set<Lock> locks, boolean concrete) {}

    private final Regions regions;
    private final ObjectMultiplicity objects;

    /** The pointer analysis the locks are resolved with. */
    weft.pointer.PointsTo pointsTo() {
        return regions.pointsTo();
    }

    public LockResolver(Regions regions, ObjectMultiplicity objects) {
        this.regions = regions;
        this.objects = objects;
    }

    ObjectMultiplicity objects() {
        return objects;
    }

    public Target resolve(Function f, int node, Expr lockPointer) {
        Set<Region> rs = regions.pointer(f, node, lockPointer, 1);
        Set<Lock> locks = new LinkedHashSet<>();
        boolean concrete = rs.size() == 1;
        for (Region r : rs) {
            if (r.minStart() != r.maxStart()) {
                concrete = false;
                // An imprecise lock stands for every lock of its object (may-sets only).
                locks.add(new Lock(r.object(), Lock.ANY_OFFSET, describe(r.object()) + "[?]"));
            } else {
                locks.add(lockAt(r.object(), r.minStart()));
            }
            if (!objects.isConcrete(r.object())) concrete = false;
        }
        return new Target(Set.copyOf(locks), concrete && !locks.isEmpty());
    }

    /** The lock at byte {@code offset} of {@code o}, named {@code o+offset}. */
    static Lock lockAt(MemObject o, long offset) {
        return new Lock(o, offset, describe(o) + (offset == 0 ? "" : "+" + offset));
    }

    static String describe(MemObject o) {
        if (o instanceof MemObject.Var v) return v.variable().name();
        return o.toString();
    }
}
