package weft.access;

import weft.ir.CType;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.Lvalue;
import weft.pointer.Loc;
import weft.pointer.MemObject;
import weft.pointer.PointsTo;
import weft.value.Interval;
import weft.value.IntervalCache;

import java.util.HashSet;
import java.util.Set;

/**
 * The byte regions an lvalue or a pointer may designate at a program point: objects from the pointer
 * analysis, offsets refined by the interval analysis for array indices and pointer arithmetic
 * (paper 000, byte-precise accesses). Over-approximates: an unknown index or offset covers the whole
 * array or object, and so does any index or pointer step over elements of unknown size (variable-length
 * array types: their size is only known at run time) (indices are assumed in bounds — an out-of-bounds access is undefined behaviour
 * before any race).
 *
 * <p><b>Array members.</b> An access through a pointer into an array member of a struct (the address of an
 * element, {@code g.buf} decayed, or a pointer the pointer analysis knows to be in the member: tagged and range
 * locations), moved by any amount and of any length, a library's included, stays in that member (its outermost
 * array, {@code PointsTo#arrayMemberAt}; C11 6.5.6p8, 7.1.4 and 7.24.1p1, the assumption of
 * {@code weft.pointer.Extents}). An access of unknown length there covers the member's bytes from where it may
 * start, without being exact.
 *
 * <p>Assumes: interval facts are sound ({@code Intervals}); indices stay in bounds (UB otherwise); pointers into
 * array members stay in them (above). Probes p61-p68: sound.
 */
public final class Regions {
    private final PointsTo pts;
    private final IntervalCache intervals;

    public Regions(PointsTo pts, IntervalCache intervals) {
        this.pts = pts;
        this.intervals = intervals;
    }

    /** The pointer analysis the regions come from. */
    public PointsTo pointsTo() {
        return pts;
    }

    /**
     * The regions {@code lv} may designate at {@code node} of {@code f}. The set is read-only: it may be a {@link
     * #isShared shared} one, handed out again for the same answer.
     */
    public Set<Region> lvalue(Function f, int node, Lvalue lv) {
        long size = lv.type().size() > 0 ? lv.type().size() : Region.UNBOUNDED;
        if (lv instanceof Lvalue.Deref d) return pointer(f, node, d.pointer(), size);
        if (lv instanceof Lvalue.Field fl) {
            long s = fl.field().byteSize();
            long width = s > 0 ? s : Region.UNBOUNDED;
            long offset = fl.field().offset();
            Set<Region> base = lvalue(f, node, fl.base());
            if (isShared(base)) return shifted.computeIfAbsent(new ByIdentity<>(base, offset, width), k -> shared(field(k.set(), k.offset(), k.size())));
            return field(base, offset, width);
        }
        Set<Region> out = new HashSet<>();
        if (lv instanceof Lvalue.Var v) {
            out.add(new Region(new MemObject.Var(v.variable()), 0, 0, size));
        } else if (lv instanceof Lvalue.Index ix) {
            long es = Math.max(1, ix.type().size());
            boolean unknownElement = ix.type().size() < 0; // an element that is itself a VLA: offset unknown
            Interval iv = intervals.eval(f, node, ix.index());
            for (Region r : lvalue(f, node, ix.base())) {
                long arr = r.size();
                if (unknownElement) {
                    out.add(new Region(r.object(), r.minStart(), Region.UNBOUNDED, Region.UNBOUNDED));
                } else if (!iv.isTop() && !iv.isBottom() && iv.lo() >= 0 && iv.hi() < Region.UNBOUNDED / es) {
                    out.add(r.shift(iv.lo() * es, iv.hi() * es).withSize(es));
                } else {
                    out.add(r.shift(0, arr >= Region.UNBOUNDED ? Region.UNBOUNDED : Math.max(0, arr - es)).withSize(es));
                }
            }
        }
        return out;
    }

    /** The member at {@code offset}, {@code size} bytes long, of each region of {@code base}. */
    private static Set<Region> field(Set<Region> base, long offset, long size) {
        Set<Region> out = new HashSet<>();
        for (Region r : base) out.add(r.shift(offset, offset).withSize(size));
        return out;
    }

    /** What {@code p} may point to, each region {@code size} bytes long. Read-only, as {@link #lvalue}'s. */
    public Set<Region> pointer(Function f, int node, Expr p, long size) {
        if (p instanceof Expr.Cast c && c.operand().type().isPointer()) return pointer(f, node, c.operand(), size);
        if (p instanceof Expr.AddrOf a) {
            Set<Region> out = new HashSet<>();
            boolean element = isArrayElement(a.lvalue());
            for (Region r : lvalue(f, node, a.lvalue())) {
                long[] m = element ? member(r) : null;
                // the address of an array element: what is reached from it stays in the array member
                out.add(m != null ? inMember(r.object(), r.minStart(), r.maxStart(), m[1], size) : r.withSize(size));
            }
            return out;
        }
        if (p instanceof Expr.Binary b && (b.op() == Expr.BinOp.ADD || b.op() == Expr.BinOp.SUB) && b.type().isPointer()) {
            boolean leftPtr = b.left().type().isPointer();
            Expr base = leftPtr ? b.left() : b.right();
            Expr off = leftPtr ? b.right() : b.left();
            if (base.type().isPointer() && !off.type().isPointer()) {
                CType pointee = base.type().pointee();
                long scale = pointee == null || pointee.size() <= 0 ? 1 : pointee.size();
                boolean unknownScale = pointee != null && pointee.size() < 0; // pointer to a VLA: stride unknown
                Interval iv = intervals.eval(f, node, off);
                if (b.op() == Expr.BinOp.SUB) iv = iv.neg();
                if (unknownScale || iv.isTop() || iv.isBottom()) return pointsToRegions(f, p, size);
                Set<Region> out = new HashSet<>();
                Expr stripped = base;
                while (stripped instanceof Expr.Cast c && c.operand().type().isPointer()) stripped = c.operand();
                boolean element = stripped instanceof Expr.AddrOf ad && isArrayElement(ad.lvalue());
                Set<Loc> baseLocs = element ? Set.of() : pts.eval(f.linkName(), base);
                Set<MemObject> inMember = inMemberOnly(baseLocs);
                for (Region r : pointer(f, node, base, size)) {
                    long[] m = element || inMember.contains(r.object()) ? member(r) : null;
                    long lo = sat(r.minStart() + iv.lo() * scale);
                    long hi = sat(r.maxStart() + iv.hi() * scale);
                    if (m != null && lo >= m[0] && lo < m[1]) {
                        // moved forward within the member, or past its end: what is accessed from there starts in
                        // the member (C11 6.5.6p8: arithmetic stays within the array, an access at its end is
                        // undefined); a move before the member's start keeps exact offsets (container_of), as the
                        // pointer analysis does
                        out.add(inMember(r.object(), lo, Math.min(m[1] - 1, hi), m[1], size));
                    } else if (Math.abs(iv.lo()) < Region.UNBOUNDED / scale && Math.abs(iv.hi()) < Region.UNBOUNDED / scale) {
                        out.add(r.shift(iv.lo() * scale, iv.hi() * scale));
                    } else {
                        out.add(new Region(r.object(), 0, Region.UNBOUNDED, size));
                    }
                }
                return out;
            }
        }
        return pointsToRegions(f, p, size);
    }

    /** The regions of what the points-to analysis says {@code p} may point to, each {@code size} bytes long. */
    private Set<Region> pointsToRegions(Function f, Expr p, long size) {
        Set<Loc> locs = pts.eval(f.linkName(), p);
        if (locs.size() < CACHED_LOCATIONS) return locations(locs, size);
        return largeLocations.computeIfAbsent(new ByIdentity<>(locs, 0, size), k -> shared(locations(k.set(), k.size())));
    }

    /** Sets of at least this many locations have their regions kept ({@link #largeLocations}). */
    private static final int CACHED_LOCATIONS = 64;

    /**
     * A set handed out once per answer (a points-to answer: {@code PointsTo.eval} hands out one set per interned answer;
     * or a {@link Shared} set) with an offset and an access size, compared by the set's identity: what is made from a
     * large answer is made once, not once per edge that dereferences a pointer with that answer (sol: thousands of edges
     * through one cluster of 16,000 cells).
     */
    private record ByIdentity<T>(Set<T> set, long offset, long size) {
        @Override
        public boolean equals(Object o) {
            return o instanceof ByIdentity<?> k && k.set == set && k.offset == offset && k.size == size;
        }

        @Override
        public int hashCode() {
            return (System.identityHashCode(set) * 31 + Long.hashCode(offset)) * 31 + Long.hashCode(size);
        }
    }

    /** The regions of large points-to answers, per answer and access size. */
    private final java.util.Map<ByIdentity<Loc>, Set<Region>> largeLocations = new java.util.concurrent.ConcurrentHashMap<>();

    /** The members of shared sets ({@link #lvalue} of a field of a large answer), made once per set and member. */
    private final java.util.Map<ByIdentity<Region>, Set<Region>> shifted = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * A large set of regions this object keeps and hands out again for the same points-to answer (and the same member
     * of it): what is computed from one, such as its regions grouped per object ({@code AccessCollector}), can be kept
     * per set, by identity ({@link #isShared}). Read-only.
     */
    public static final class Shared extends java.util.AbstractSet<Region> {
        private final Set<Region> regions;

        private Shared(Set<Region> regions) {
            this.regions = java.util.Collections.unmodifiableSet(regions);
        }

        @Override
        public java.util.Iterator<Region> iterator() {
            return regions.iterator();
        }

        @Override
        public int size() {
            return regions.size();
        }

        @Override
        public boolean contains(Object o) {
            return regions.contains(o);
        }
    }

    private static Set<Region> shared(Set<Region> regions) {
        return new Shared(regions);
    }

    /** Whether {@code regions} is one of the large sets this object keeps and hands out again ({@link Shared}). */
    public static boolean isShared(Set<Region> regions) {
        return regions instanceof Shared;
    }

    /** The objects all of whose locations in {@code locs} lie in an array member (tagged or range locations). */
    private static Set<MemObject> inMemberOnly(Set<Loc> locs) {
        Set<MemObject> yes = new HashSet<>();
        Set<MemObject> no = new HashSet<>();
        for (Loc l : locs) (inArrayMember(l) ? yes : no).add(l.object());
        yes.removeAll(no);
        return yes;
    }

    /** Whether {@code l} is a tagged or range location inside an array member. */
    private static boolean inArrayMember(Loc l) {
        return l.isRange() || (l.isTagged() && l.rangeHi() > l.offset());
    }

    /** The array member {@code {lo, hi}} all of region {@code r}'s starts lie in; null if none. */
    private long[] member(Region r) {
        long[] m = pts.arrayMemberAt(r.object(), r.minStart());
        return m != null && r.maxStart() < m[1] ? m : null;
    }

    /** Whether {@code lv} is an element of an array ({@code a[i]}, array-to-pointer decay's {@code a[0]}). */
    private static boolean isArrayElement(Lvalue lv) {
        return lv instanceof Lvalue.Index ix && ix.base().type().unqualified() instanceof CType.Array;
    }

    private static long sat(long v) {
        return Math.max(-Region.UNBOUNDED, Math.min(Region.UNBOUNDED, v));
    }

    /**
     * An access of {@code size} bytes starting somewhere in {@code [lo, hi]} that stays below {@code end}, the end of
     * the array member it is in: it starts at most {@code size} bytes before {@code end}. An access of unknown length
     * covers the bytes up to {@code end} without being exact (it may touch fewer).
     */
    private static Region inMember(weft.pointer.MemObject o, long lo, long hi, long end, long size) {
        long n = Math.min(size, end - lo);
        if (size >= Region.UNBOUNDED && n >= 2) return new Region(o, lo, lo + 1, n - 1);
        return new Region(o, lo, Math.max(lo, Math.min(hi, end - n)), n);
    }

    /** The regions of pointer targets {@code locs} (functions left out), each {@code size} bytes long. */
    public Set<Region> locations(java.util.Collection<Loc> locs, long size) {
        Set<Region> out = new HashSet<>();
        for (Loc l : locs) {
            if (l.object() instanceof MemObject.Fn) continue;
            if (l.isRange()) {
                // anywhere in one array member: an access through it, a library's of any length included, stays in
                // the member (pointer.Extents)
                out.add(inMember(l.object(), l.rangeLo(), l.rangeHi() - 1, l.rangeHi(), size));
            } else if (l.offset() == Loc.ANY) {
                long os = l.object().size();
                out.add(new Region(l.object(), 0, os > 0 ? Math.max(0, os - 1) : Region.UNBOUNDED, size));
            } else if (inArrayMember(l)) {
                // a pointer into an array member: what is reached from it, by a library of any length, stays in it
                out.add(inMember(l.object(), l.offset(), l.offset(), l.rangeHi(), size));
            } else {
                out.add(new Region(l.object(), l.offset(), l.offset(), size));
            }
        }
        return out;
    }
}
