package weft.value;

import weft.ir.CType;
import weft.ir.IntConversions;

/**
 * The value range and conversion rules of a C integer type: its width in bits, signedness, and whether
 * it is {@code _Bool}. Intervals of a kind hold the mathematical values of that type; a bound equal to
 * {@code Long.MIN_VALUE}/{@code Long.MAX_VALUE} is exact for 64-bit signed types (those are the type's
 * limits) but stands for "unknown, up to the type's limit" in the <em>wide</em> kinds whose values do
 * not fit a {@code long} (unsigned 64-bit and 128-bit types): see {@link #hiExact} and {@link #loExact}.
 *
 * @param bits width in bits (8 times the byte size, at most 128)
 * @param signed whether the type is signed
 * @param bool whether the type is {@code _Bool} (conversion to it tests for non-zero)
 */
record IntKind(int bits, boolean signed, boolean bool) {
    private static final long MIN = Long.MIN_VALUE;
    private static final long MAX = Long.MAX_VALUE;

    /** A 64-bit signed kind; every interval of it is exact, so it serves as "plain mathematical value". */
    static final IntKind I64 = new IntKind(64, true, false);

    /** The kind of an integer type (qualifiers ignored), or null for any other type. */
    static IntKind of(CType t) {
        if (t == null || !(t.unqualified() instanceof CType.Int i) || i.size() <= 0) return null;
        return new IntKind((int) Math.min(i.size() * 8, 128), i.signed(), "_Bool".equals(i.name()));
    }

    /** All values of the type. */
    Interval range() {
        if (bool) return Interval.of(0, 1);
        if (bits >= 64) return signed ? Interval.top() : Interval.of(0, MAX);
        return signed ? Interval.of(-(1L << (bits - 1)), (1L << (bits - 1)) - 1) : Interval.of(0, (1L << bits) - 1);
    }

    /** Whether values may exceed {@code Long.MAX_VALUE}. */
    boolean wideHi() {
        return bits > 64 || (bits == 64 && !signed);
    }

    /** Whether values may be below {@code Long.MIN_VALUE}. */
    boolean wideLo() {
        return bits > 64 && signed;
    }

    /** Whether the upper bound of {@code v} (an interval of this kind) is an exact bound. */
    boolean hiExact(Interval v) {
        return !(wideHi() && v.hi() == MAX);
    }

    /** Whether the lower bound of {@code v} (an interval of this kind) is an exact bound. */
    boolean loExact(Interval v) {
        return !(wideLo() && v.lo() == MIN);
    }

    boolean exact(Interval v) {
        return hiExact(v) && loExact(v);
    }

    /** Integer promotion ({@link IntConversions#promotesToInt}): {@code _Bool} and types narrower than {@code int} become {@code int}. */
    IntKind promote(int intBits) {
        return IntConversions.promotesToInt(bits, bool, intBits) ? new IntKind(intBits, true, false) : this;
    }

    /** The common type of the usual arithmetic conversions of two (unpromoted) operand kinds ({@link IntConversions#commonIsFirst}). */
    static IntKind common(IntKind a, IntKind b, int intBits) {
        IntKind pa = a.promote(intBits);
        IntKind pb = b.promote(intBits);
        return IntConversions.commonIsFirst(pa.bits, pa.signed, pb.bits, pb.signed) ? pa : pb;
    }

    /** True if all values of the exact interval {@code v} are values of this type. */
    boolean holds(Interval v) {
        return v.isBottom() || range().containsAll(v);
    }

    /**
     * The values of {@code v}, an interval of kind {@code from} (null: not an integer type, value
     * unknown), after C conversion to this type: value kept if representable, otherwise reduced modulo
     * 2^bits (for signed targets as gcc does); for {@code _Bool}, 0 or 1. When the reduction cannot be
     * expressed as one interval the result is the whole range.
     */
    Interval convert(Interval v, IntKind from) {
        if (v.isBottom()) return v;
        if (bool) {
            if (from == null) return range();
            if (!v.contains(0)) return Interval.of(1);
            return v.equals(Interval.of(0)) ? v : range();
        }
        if (from == null) return range();
        if (!from.exact(v)) {
            // Unknown beyond the long range: only a kind at least as wide with the same signedness keeps it.
            return from.signed == signed && from.bits <= bits ? v.meet(range()) : range();
        }
        if (holds(v)) return v;
        if (bits >= 64) return range();
        long width = v.hi() - v.lo();
        if (width < 0 || width >= (1L << bits)) return range();
        long l = wrap(v.lo());
        long h = wrap(v.hi());
        return l <= h ? Interval.of(l, h) : range();
    }

    /** {@code x} reduced into the range of this (narrower than 64 bits, non-bool) type ({@link IntConversions#truncate}). */
    private long wrap(long x) {
        return IntConversions.truncate(x, bits / 8, signed);
    }
}
