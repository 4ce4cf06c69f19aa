package weft.lock;

import weft.access.Region;
import weft.access.Regions;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.Lvalue;
import weft.pointer.MemObject;
import weft.thread.ObjectMultiplicity;

import java.util.ArrayDeque;
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
 *
 * <p>A target depends only on the function, the CFG node and the pointer expression (the pointer analysis and the
 * multiplicities are fixed before the walk), so each is resolved once: the walk visits a lock edge once per context
 * and per change of its state, and a lock pointer of a real program may denote hundreds of regions.
 */
public final class LockResolver {
    /** Locks a lock operation may act on; {@code concrete} when it is certainly the single one. */
    public record Target(Set<Lock> locks, boolean concrete) {}

    private final Regions regions;
    private final ObjectMultiplicity objects;

    /** The pointer analysis the locks are resolved with. */
    public weft.pointer.PointsTo pointsTo() {
        return regions.pointsTo();
    }

    public LockResolver(Regions regions, ObjectMultiplicity objects) {
        this.regions = regions;
        this.objects = objects;
    }

    public ObjectMultiplicity objects() {
        return objects;
    }

    /** One lock operand: its function, node and expression, the first and last by identity (the IR's own objects). */
    private record Site(Function f, int node, Expr e) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Site k && k.f == f && k.node == node && k.e == e;
        }

        @Override
        public int hashCode() {
            return (System.identityHashCode(f) * 31 + node) * 31 + System.identityHashCode(e);
        }
    }

    private final java.util.Map<Site, Target> resolved = new java.util.concurrent.ConcurrentHashMap<>();

    public Target resolve(Function f, int node, Expr lockPointer) {
        return resolved.computeIfAbsent(new Site(f, node, lockPointer), k -> compute(f, node, lockPointer));
    }

    private Target compute(Function f, int node, Expr lockPointer) {
        Set<Region> rs = regions.pointer(f, node, lockPointer, 1);
        Set<Lock> locks = new LinkedHashSet<>();
        boolean concrete = rs.size() == 1;
        for (Region r : rs) {
            if (r.minStart() != r.maxStart()) {
                concrete = false;
                // An imprecise lock stands for every lock of its object (may-sets only).
                locks.add(new Lock(r.object(), Lock.ANY_OFFSET, describe(r.object()) + "[?]"));
            } else {
                Lock l = lockAt(r.object(), r.minStart());
                String member = member(lockPointer, r.minStart());
                locks.add(member == null ? l : new Lock(l.object(), l.offset(), l.name(), member));
            }
            if (!objects.isConcrete(r.object())) concrete = false;
        }
        return new Target(Set.copyOf(locks), concrete && !locks.isEmpty());
    }

    /** The lock at byte {@code offset} of {@code o}, named {@code o+offset}. */
    public static Lock lockAt(MemObject o, long offset) {
        return new Lock(o, offset, describe(o) + (offset == 0 ? "" : "+" + offset));
    }

    /**
     * The member chain by which {@code lockPointer} ({@code &x.m}, {@code &p->locks[2]}) names the lock at byte
     * {@code offset} of its object, when the chain starts at the object's start (a variable, or what a pointer points to
     * at offset 0: the chain's own offset is {@code offset}); else null.
     */
    static String member(Expr lockPointer, long offset) {
        if (!(lockPointer instanceof Expr.AddrOf a)) return null;
        ArrayDeque<String> parts = new ArrayDeque<>();
        long off = 0;
        Lvalue lv = a.lvalue();
        while (true) {
            if (lv instanceof Lvalue.Field f && !f.field().isBitField()) {
                parts.addFirst("." + f.field().name());
                off += f.field().offset();
                lv = f.base();
            } else if (lv instanceof Lvalue.Index ix && ix.index() instanceof Expr.IntConst k && ix.type().size() > 0) {
                parts.addFirst("[" + k.value() + "]");
                off += k.value() * ix.type().size();
                lv = ix.base();
            } else {
                break;
            }
        }
        boolean root = lv instanceof Lvalue.Var || lv instanceof Lvalue.Deref;
        return root && !parts.isEmpty() && off == offset ? String.join("", parts) : null;
    }

    static String describe(MemObject o) {
        if (o instanceof MemObject.Var v) return v.variable().name();
        return o.toString();
    }
}
