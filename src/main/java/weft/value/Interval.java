package weft.value;

/**
 * A closed integer interval {@code [lo, hi]}, an immutable element of the interval lattice.
 *
 * <p>{@code lo == Long.MIN_VALUE} means "no lower bound" and {@code hi == Long.MAX_VALUE} means "no
 * upper bound"; every other bound is an exact integer. The interval therefore stands for the set
 * {@code { v : (lo == MIN || v >= lo) && (hi == MAX || v <= hi) }}. Empty intervals ({@code lo > hi})
 * are all normalised to {@link #bottom()}.
 *
 * <p>Lattice: {@link #join} is the convex hull, {@link #meet} the intersection, {@link #widen} the
 * standard interval widening (unstable bounds jump to infinity), {@link #narrow} the standard
 * narrowing. The arithmetic operations ({@link #add}, {@link #sub}, {@link #mul}, {@link #neg}) are
 * those of mathematical integers: infinite bounds stay infinite and results that do not fit in a
 * {@code long} saturate to infinity, so they are always sound, but they know nothing of C types;
 * wrap-around of C integer types is handled by the analysis ({@link Intervals}).
 */
public record Interval(long lo, long hi) {
    private static final long MIN = Long.MIN_VALUE;
    private static final long MAX = Long.MAX_VALUE;
    private static final Interval TOP = new Interval(MIN, MAX);
    private static final Interval BOTTOM = new Interval(MAX, MIN);

    /** Normalises every empty interval to the canonical bottom. */
    public Interval {
        if (lo > hi) {
            lo = MAX;
            hi = MIN;
        }
    }

    /** All integers. */
    public static Interval top() {
        return TOP;
    }

    /** The empty interval. */
    public static Interval bottom() {
        return BOTTOM;
    }

    /** The singleton {@code [v, v]}. */
    public static Interval of(long v) {
        return new Interval(v, v);
    }

    /** {@code [lo, hi]} (the canonical constructor, named for symmetry with {@link #of(long)}). */
    public static Interval of(long lo, long hi) {
        return new Interval(lo, hi);
    }

    public boolean isBottom() {
        return lo > hi;
    }

    public boolean isTop() {
        return lo == MIN && hi == MAX;
    }

    /** True if the interval holds exactly one (finite) value. */
    public boolean isSingleton() {
        return lo == hi && lo != MIN && hi != MAX;
    }

    public boolean hasLowerBound() {
        return !isBottom() && lo != MIN;
    }

    public boolean hasUpperBound() {
        return !isBottom() && hi != MAX;
    }

    /** True if {@code v} may be in the interval. */
    public boolean contains(long v) {
        return !isBottom() && (lo == MIN || v >= lo) && (hi == MAX || v <= hi);
    }

    /** True if every value of {@code o} is in this interval. */
    public boolean containsAll(Interval o) {
        return o.isBottom() || join(o).equals(this);
    }

    /** True if the two intervals may share a value (for example two array indices may be equal). */
    public boolean overlaps(Interval o) {
        return !meet(o).isBottom();
    }

    /** True if all values are {@code >= 0} (false for bottom). */
    public boolean isNonNegative() {
        return !isBottom() && lo >= 0;
    }

    /** Convex hull. */
    public Interval join(Interval o) {
        if (isBottom()) return o;
        if (o.isBottom()) return this;
        if (lo <= o.lo && hi >= o.hi) return this;
        if (o.lo <= lo && o.hi >= hi) return o;
        return new Interval(Math.min(lo, o.lo), Math.max(hi, o.hi));
    }

    /** Intersection. */
    public Interval meet(Interval o) {
        if (isBottom() || o.isBottom()) return BOTTOM;
        if (lo >= o.lo && hi <= o.hi) return this;
        if (o.lo >= lo && o.hi <= hi) return o;
        return new Interval(Math.max(lo, o.lo), Math.min(hi, o.hi));
    }

    /** Widening of this (old) value by {@code o} (new value): bounds that grew become infinite. */
    public Interval widen(Interval o) {
        if (isBottom()) return o;
        if (o.isBottom()) return this;
        return new Interval(o.lo < lo ? MIN : lo, o.hi > hi ? MAX : hi);
    }

    /** Narrowing of this (old) value by {@code o} (new value): only infinite bounds are refined. */
    public Interval narrow(Interval o) {
        if (isBottom() || o.isBottom()) return BOTTOM;
        return new Interval(lo == MIN ? o.lo : lo, hi == MAX ? o.hi : hi);
    }

    public Interval add(Interval o) {
        if (isBottom() || o.isBottom()) return BOTTOM;
        long l = lo == MIN || o.lo == MIN ? MIN : sat(lo, o.lo, lo + o.lo);
        long h = hi == MAX || o.hi == MAX ? MAX : sat(hi, o.hi, hi + o.hi);
        return new Interval(l, h);
    }

    public Interval sub(Interval o) {
        return add(o.neg());
    }

    public Interval neg() {
        if (isBottom()) return BOTTOM;
        long l = hi == MAX ? MIN : hi == MIN ? MAX : -hi;
        long h = lo == MIN ? MAX : -lo;
        return new Interval(l, h);
    }

    public Interval mul(Interval o) {
        if (isBottom() || o.isBottom()) return BOTTOM;
        long[] a = {lo, hi};
        long[] b = {o.lo, o.hi};
        long l = MAX;
        long h = MIN;
        for (int i = 0; i < 2; i++) {
            for (int j = 0; j < 2; j++) {
                long p = mulExt(a[i], a[i] == (i == 0 ? MIN : MAX), b[j], b[j] == (j == 0 ? MIN : MAX));
                l = Math.min(l, p);
                h = Math.max(h, p);
            }
        }
        return new Interval(l, h);
    }

    /** The interval shifted by a constant. */
    public Interval add(long c) {
        return add(of(c));
    }

    @Override
    public String toString() {
        if (isBottom()) return "bottom";
        return "[" + (lo == MIN ? "-inf" : Long.toString(lo)) + ", " + (hi == MAX ? "+inf" : Long.toString(hi)) + "]";
    }

    // ---------------------------------------------------------------- saturating helpers

    /** The sum {@code r} of {@code a + b}, or the infinity of the right sign if it overflowed. */
    private static long sat(long a, long b, long r) {
        if (((a ^ r) & (b ^ r)) < 0) return a < 0 ? MIN : MAX;
        return r;
    }

    /** Product of extended integers (infinite when flagged); 0 times infinity is 0, overflow saturates. */
    private static long mulExt(long a, boolean aInf, long b, boolean bInf) {
        if (a == 0 || b == 0) return 0;
        boolean negative = (a < 0) != (b < 0);
        if (aInf || bInf) return negative ? MIN : MAX;
        long hiBits = Math.multiplyHigh(a, b);
        long loBits = a * b;
        if ((hiBits == 0 && loBits >= 0) || (hiBits == -1 && loBits < 0)) return loBits;
        return negative ? MIN : MAX;
    }
}
