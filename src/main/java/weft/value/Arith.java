package weft.value;

import weft.ir.Expr.BinOp;

import java.util.function.LongBinaryOperator;

/**
 * C integer arithmetic on intervals of one {@link IntKind}. Operands are already converted to the
 * operation's type; results are converted back to it, so possible wrap-around (signed overflow is
 * treated like gcc's wrapping, not as impossible) yields the wrapped values or the type's range.
 */
final class Arith {
    private static final long MIN = Long.MIN_VALUE;
    private static final long MAX = Long.MAX_VALUE;
    private static final Interval BOOL = Interval.of(0, 1);

    private Arith() {
    }

    /** {@code a op b} for an arithmetic or bitwise operator (not a shift or comparison) of type {@code t}. */
    static Interval binary(BinOp op, Interval a, Interval b, IntKind t) {
        if (a.isBottom() || b.isBottom()) return Interval.bottom();
        return switch (op) {
            case ADD -> exact(a, b, t, Math::addExact);
            case SUB -> exact(a, b, t, Math::subtractExact);
            case MUL -> exact(a, b, t, Math::multiplyExact);
            case DIV -> t.convert(div(a, b), t);
            case MOD -> t.convert(mod(a, b), t);
            case AND, OR, XOR -> t.convert(bitwise(op, a, b, t), t);
            default -> t.range();
        };
    }

    /** {@code -a} in type {@code t}. */
    static Interval neg(Interval a, IntKind t) {
        return binary(BinOp.SUB, Interval.of(0), a, t);
    }

    /** {@code ~a} in type {@code t}. */
    static Interval bitNot(Interval a, IntKind t) {
        if (a.isBottom()) return a;
        if (!t.exact(a) || t.bool()) return t.range();
        if (t.signed()) return t.convert(Interval.of(~a.hi(), ~a.lo()), IntKind.I64);
        if (t.bits() >= 64) return t.range();
        long mask = t.range().hi();
        return t.convert(Interval.of(mask - a.hi(), mask - a.lo()), IntKind.I64);
    }

    /** {@code !a}: 1 if {@code a} is zero, else 0; {@code a == null} for a non-integer operand. */
    static Interval not(Interval a) {
        if (a == null) return BOOL;
        if (a.isBottom()) return a;
        if (!a.contains(0)) return Interval.of(0);
        return a.equals(Interval.of(0)) ? Interval.of(1) : BOOL;
    }

    /** {@code a << b} or {@code a >> b}: {@code a} of (promoted) type {@code t}, {@code b} the shift count. */
    static Interval shift(boolean left, Interval a, Interval b, IntKind t) {
        if (a.isBottom() || b.isBottom()) return Interval.bottom();
        if (b.lo() < 0 || b.hi() >= Math.min(t.bits(), 64)) return t.range();
        if (left) {
            if (!t.exact(a) || a.lo() < 0 || b.hi() >= 63) return t.range();
            return exact(a, Interval.of(1L << b.lo(), 1L << b.hi()), t, Math::multiplyExact);
        }
        long l = a.lo() == MIN ? MIN : a.lo() >> (a.lo() >= 0 ? b.hi() : b.lo());
        long h = a.hi() == MAX ? MAX : a.hi() >> (a.hi() >= 0 ? b.lo() : b.hi());
        return t.convert(Interval.of(l, h), t);
    }

    /**
     * The truth of {@code a op b} ({@code [0,0]}, {@code [1,1]} or {@code [0,1]}) for a comparison, both
     * operands converted to their common kind {@code k}.
     */
    static Interval compare(BinOp op, Interval a, Interval b, IntKind k) {
        if (a.isBottom() || b.isBottom()) return Interval.bottom();
        return switch (op) {
            case LT -> truth(less(a, b, k), lessEq(b, a, k));
            case LE -> truth(lessEq(a, b, k), less(b, a, k));
            case GT -> truth(less(b, a, k), lessEq(a, b, k));
            case GE -> truth(lessEq(b, a, k), less(a, b, k));
            case EQ -> truth(a.isSingleton() && a.equals(b) && k.exact(a), less(a, b, k) || less(b, a, k));
            case NE -> truth(less(a, b, k) || less(b, a, k), a.isSingleton() && a.equals(b) && k.exact(a));
            default -> BOOL;
        };
    }

    /** The comparison with its sense reversed: {@code !(a op b)} is {@code a negate(op) b}. */
    static BinOp negate(BinOp op) {
        return switch (op) {
            case LT -> BinOp.GE;
            case LE -> BinOp.GT;
            case GT -> BinOp.LE;
            case GE -> BinOp.LT;
            case EQ -> BinOp.NE;
            case NE -> BinOp.EQ;
            default -> throw new IllegalArgumentException(op.toString());
        };
    }

    /** The comparison with its operands swapped: {@code a op b} is {@code b mirror(op) a}. */
    static BinOp mirror(BinOp op) {
        return switch (op) {
            case LT -> BinOp.GT;
            case LE -> BinOp.GE;
            case GT -> BinOp.LT;
            case GE -> BinOp.LE;
            default -> op;
        };
    }

    // ---------------------------------------------------------------- helpers

    private static Interval truth(boolean certainlyTrue, boolean certainlyFalse) {
        if (certainlyTrue) return Interval.of(1);
        return certainlyFalse ? Interval.of(0) : BOOL;
    }

    /** Every value of {@code a} is below every value of {@code b}. */
    private static boolean less(Interval a, Interval b, IntKind k) {
        return k.hiExact(a) && k.loExact(b) && a.hi() < b.lo();
    }

    private static boolean lessEq(Interval a, Interval b, IntKind k) {
        return k.hiExact(a) && k.loExact(b) && a.hi() <= b.lo();
    }

    /** A monotone (in each argument, on each corner) operation on exact bounds; overflow gives the range. */
    private static Interval exact(Interval a, Interval b, IntKind t, LongBinaryOperator op) {
        if (!t.exact(a) || !t.exact(b)) return t.range();
        try {
            long c1 = op.applyAsLong(a.lo(), b.lo());
            long c2 = op.applyAsLong(a.lo(), b.hi());
            long c3 = op.applyAsLong(a.hi(), b.lo());
            long c4 = op.applyAsLong(a.hi(), b.hi());
            Interval r = Interval.of(Math.min(Math.min(c1, c2), Math.min(c3, c4)), Math.max(Math.max(c1, c2), Math.max(c3, c4)));
            return t.convert(r, IntKind.I64);
        } catch (ArithmeticException overflow) {
            return t.range();
        }
    }

    /** Truncating division with infinite bounds (a bound at MIN/MAX is infinite). */
    static Interval div(Interval a, Interval b) {
        if (a.isBottom() || b.isBottom()) return Interval.bottom();
        Interval r = Interval.bottom();
        Interval neg = b.meet(Interval.of(MIN, -1));
        Interval pos = b.meet(Interval.of(1, MAX));
        for (Interval d : new Interval[] {neg, pos}) {
            if (d.isBottom()) continue;
            boolean dInf = d.lo() == MIN || d.hi() == MAX;
            if (dInf && (a.lo() == MIN || a.hi() == MAX)) return Interval.top();
            long[] q = {divExt(a.lo(), a.lo() == MIN, d.lo(), d.lo() == MIN), divExt(a.lo(), a.lo() == MIN, d.hi(), d.hi() == MAX),
                divExt(a.hi(), a.hi() == MAX, d.lo(), d.lo() == MIN), divExt(a.hi(), a.hi() == MAX, d.hi(), d.hi() == MAX)};
            long l = Math.min(Math.min(q[0], q[1]), Math.min(q[2], q[3]));
            long h = Math.max(Math.max(q[0], q[1]), Math.max(q[2], q[3]));
            r = r.join(Interval.of(l, h));
        }
        // Division by zero only (undefined behaviour): nothing is known.
        return r.isBottom() ? Interval.top() : r;
    }

    private static long divExt(long x, boolean xInf, long y, boolean yInf) {
        if (yInf) return 0;
        if (xInf) return (x < 0) == (y < 0) ? MAX : MIN;
        if (x == MIN && y == -1) return MAX;
        return x / y;
    }

    /** C remainder: the sign of the dividend, magnitude below the divisor's and at most the dividend's. */
    static Interval mod(Interval a, Interval b) {
        if (a.isBottom() || b.isBottom()) return Interval.bottom();
        if (b.equals(Interval.of(0))) return Interval.top();
        long m = b.lo() == MIN || b.hi() == MAX ? MAX : Math.max(Math.abs(b.lo()), Math.abs(b.hi())) - 1;
        if (a.lo() >= 0) return Interval.of(0, Math.min(a.hi(), m));
        if (a.hi() <= 0) return Interval.of(m == MAX ? a.lo() : Math.max(a.lo(), -m), 0);
        long am = a.lo() == MIN || a.hi() == MAX ? MAX : Math.max(-a.lo(), a.hi());
        long mm = Math.min(m, am);
        return Interval.of(mm == MAX ? MIN : -mm, mm);
    }

    /** Bitwise operators: exact on constants, else bounded by the operands' magnitudes. */
    private static Interval bitwise(BinOp op, Interval a, Interval b, IntKind t) {
        if (a.isSingleton() && b.isSingleton() && t.exact(a) && t.exact(b)) {
            long x = a.lo();
            long y = b.lo();
            return Interval.of(op == BinOp.AND ? x & y : op == BinOp.OR ? x | y : x ^ y);
        }
        return op == BinOp.AND ? and(a, b) : orXor(a, b, op == BinOp.OR);
    }

    /** Bitwise and: {@code [0, c]} if an operand is non-negative with maximum {@code c}. */
    static Interval and(Interval a, Interval b) {
        if (a.lo() >= 0 && b.lo() >= 0) return Interval.of(0, Math.min(a.hi(), b.hi()));
        if (a.lo() >= 0) return Interval.of(0, a.hi());
        if (b.lo() >= 0) return Interval.of(0, b.hi());
        return Interval.top();
    }

    /** Bitwise or / xor of non-negative operands: below the next power of two. */
    static Interval orXor(Interval a, Interval b, boolean or) {
        if (a.lo() < 0 || b.lo() < 0) return Interval.top();
        long max = Math.max(a.hi(), b.hi());
        int width = 64 - Long.numberOfLeadingZeros(max);
        long h = max == MAX || width >= 63 ? MAX : (1L << width) - 1;
        return Interval.of(or ? Math.max(a.lo(), b.lo()) : 0, h);
    }
}
