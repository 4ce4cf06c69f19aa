package weft.ir;

/**
 * C's integer conversions in one place (C11 6.3.1.1, 6.3.1.3, 6.3.1.8): the integer promotions, the common type of
 * the usual arithmetic conversions, and the two's-complement truncation a conversion to a narrower type performs.
 * Every layer types and computes C integers through these rules: the front end types binary operations
 * ({@code frontend.BinaryTypes}), the explorer computes values ({@code exec.Ints}), the interval analysis bounds them
 * ({@code value.IntKind}) and the bounded layer and the join-tree proofs encode them ({@code smt.ExprEncoder}).
 *
 * <p>The rules are decided by size and signedness: on the data models Weft supports (ILP32, LP64) a wider integer type
 * has the greater conversion rank, and types of equal size and signedness ({@code long}, {@code long long} on LP64)
 * have the same values, so which of them is chosen does not change any value.
 */
public final class IntConversions {
    /** C's {@code int}: 4 bytes, signed, on both data models Weft supports. */
    public static final CType.Int INT = new CType.Int("int", 4, 4, true);

    private IntConversions() {}

    /** Whether {@code t} is {@code _Bool}, whose conversions test for non-zero. */
    public static boolean isBool(CType.Int t) {
        return "_Bool".equals(t.name());
    }

    /**
     * Whether an integer type of {@code size} ({@code bool}: {@code _Bool}) promotes to {@code int} of {@code intSize}
     * (C11 6.3.1.1); sizes in bytes or bits alike.
     */
    public static boolean promotesToInt(long size, boolean bool, long intSize) {
        return bool || size < intSize;
    }

    /** The integer promotion of {@code t}, with {@code intType} the data model's {@code int}. */
    public static CType.Int promote(CType.Int t, CType.Int intType) {
        return promotesToInt(t.size(), isBool(t), intType.size()) ? intType : t;
    }

    /**
     * Of two promoted integer types, whether the usual arithmetic conversions (C11 6.3.1.8) convert both operands to the
     * first: with equal signedness the wider one; with mixed signedness the signed one when it is wider (it holds every
     * value of the unsigned one), otherwise the unsigned one (at least as wide: the unsigned type of the signed one's
     * size when they are equal).
     */
    public static boolean commonIsFirst(long aSize, boolean aSigned, long bSize, boolean bSigned) {
        if (aSigned == bSigned) return aSize >= bSize;
        return aSigned ? aSize > bSize : aSize >= bSize;
    }

    /** The common type of the usual arithmetic conversions of two (unpromoted) integer types. */
    public static CType.Int common(CType.Int a, CType.Int b, CType.Int intType) {
        CType.Int pa = promote(a, intType);
        CType.Int pb = promote(b, intType);
        return commonIsFirst(pa.size(), pa.signed(), pb.size(), pb.signed()) ? pa : pb;
    }

    /**
     * The low {@code size} bytes of {@code bits}, sign- or zero-extended: the value of a conversion to a type of that
     * size (C11 6.3.1.3: modulo 2^n for unsigned types; for signed types implementation-defined, and gcc wraps the same way).
     */
    public static long truncate(long bits, long size, boolean signed) {
        if (size >= 8) return bits;
        int sh = (int) (64 - 8 * size);
        return signed ? (bits << sh) >> sh : (bits << sh) >>> sh;
    }
}
