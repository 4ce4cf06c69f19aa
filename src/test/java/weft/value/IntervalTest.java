package weft.value;

import org.junit.jupiter.api.Test;
import weft.ir.CType;
import weft.ir.Expr.BinOp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The interval lattice, its arithmetic, and the typed arithmetic and conversions of the analysis. */
class IntervalTest {
    private static final long MIN = Long.MIN_VALUE;
    private static final long MAX = Long.MAX_VALUE;
    private static final IntKind INT = IntKind.of(new CType.Int("int", 4, 4, true));
    private static final IntKind UINT = IntKind.of(new CType.Int("unsigned int", 4, 4, false));
    private static final IntKind UCHAR = IntKind.of(new CType.Int("unsigned char", 1, 1, false));
    private static final IntKind SCHAR = IntKind.of(new CType.Int("signed char", 1, 1, true));
    private static final IntKind BOOL = IntKind.of(new CType.Int("_Bool", 1, 1, false));
    private static final IntKind ULL = IntKind.of(new CType.Int("unsigned long long", 8, 8, false));
    private static final IntKind LL = IntKind.of(new CType.Int("long long", 8, 8, true));

    private static Interval iv(long lo, long hi) {
        return Interval.of(lo, hi);
    }

    @Test
    void lattice() {
        assertTrue(Interval.bottom().isBottom());
        assertEquals(Interval.bottom(), iv(5, 3));
        assertTrue(Interval.top().isTop());
        assertEquals(iv(0, 9), iv(0, 3).join(iv(7, 9)));
        assertEquals(iv(7, 9), Interval.bottom().join(iv(7, 9)));
        assertEquals(iv(2, 3), iv(0, 3).meet(iv(2, 9)));
        assertTrue(iv(0, 3).meet(iv(4, 9)).isBottom());
        assertEquals(iv(0, MAX), iv(0, 1).widen(iv(0, 2)));
        assertEquals(iv(MIN, 1), iv(0, 1).widen(iv(-1, 1)));
        assertEquals(iv(0, 1), iv(0, 1).widen(iv(0, 1)));
        assertEquals(iv(0, 10), iv(0, MAX).narrow(iv(0, 10)));
        assertTrue(Interval.of(4).isSingleton());
        assertFalse(iv(MAX, MAX).isSingleton());
        assertTrue(iv(0, 3).overlaps(iv(3, 4)));
        assertFalse(Interval.of(0).overlaps(Interval.of(1)));
        assertTrue(iv(MIN, 0).contains(-1_000_000_000_000L));
        assertFalse(Interval.bottom().contains(0));
        assertEquals("[-inf, 3]", iv(MIN, 3).toString());
    }

    @Test
    void saturatingArithmetic() {
        assertEquals(iv(3, 7), iv(1, 2).add(iv(2, 5)));
        assertEquals(iv(MIN, 7), iv(MIN, 2).add(iv(2, 5)));
        assertEquals(iv(1, MAX), iv(MAX - 1, MAX - 1).add(iv(2, 2)).join(iv(1, 1)));
        assertEquals(iv(-4, 1), iv(1, 2).sub(iv(1, 5)));
        assertEquals(iv(-5, 3), iv(-3, 5).neg());
        assertEquals(iv(MIN, 3), iv(-3, MAX).neg());
        assertEquals(iv(-10, 15), iv(-2, 3).mul(iv(4, 5)));
        assertEquals(iv(MIN, 10), iv(MIN, 5).mul(iv(0, 2)));
        assertEquals(Interval.of(0), iv(MIN, MAX).mul(Interval.of(0)));
        assertEquals(iv(MIN, MAX), iv(1L << 40, 1L << 40).mul(iv(-(1L << 40), 1L << 40)));
    }

    @Test
    void conversionsWrap() {
        assertEquals(Interval.of(4294967291L), UINT.convert(Interval.of(-5), IntKind.I64));
        assertEquals(Interval.of(44), SCHAR.convert(Interval.of(300), IntKind.I64));
        assertEquals(Interval.of(-56), SCHAR.convert(Interval.of(200), IntKind.I64));
        assertEquals(iv(0, 255), UCHAR.convert(iv(250, 260), IntKind.I64));
        assertEquals(iv(4, 6), UCHAR.convert(iv(260, 262), IntKind.I64));
        assertEquals(iv(0, 1), BOOL.convert(iv(-1, 1), IntKind.I64));
        assertEquals(Interval.of(1), BOOL.convert(iv(2, 7), IntKind.I64));
        assertEquals(Interval.of(0), BOOL.convert(Interval.of(0), IntKind.I64));
        assertEquals(INT.range(), INT.convert(iv(-3, 3), null));
        // An unsigned 64-bit value with unknown upper bound may be >= 2^63: negative as long long.
        assertEquals(LL.range(), LL.convert(iv(5, MAX), ULL));
        assertEquals(iv(5, MAX), ULL.convert(iv(5, MAX), ULL));
        assertEquals(IntKind.common(UCHAR, SCHAR, 32), INT);
        assertEquals(IntKind.common(UINT, INT, 32), UINT);
        assertEquals(IntKind.common(UINT, LL, 32), LL);
    }

    @Test
    void typedArithmetic() {
        assertEquals(iv(1, 10), Arith.binary(BinOp.ADD, iv(0, 9), Interval.of(1), INT));
        assertEquals(INT.range(), Arith.binary(BinOp.ADD, iv(0, (1L << 31) - 1), Interval.of(1), INT));
        assertEquals(Interval.of(4294967291L), Arith.binary(BinOp.SUB, Interval.of(5), Interval.of(10), UINT));
        assertEquals(UINT.range(), Arith.binary(BinOp.SUB, iv(0, 5), Interval.of(1), UINT));
        assertEquals(LL.range(), Arith.binary(BinOp.ADD, iv(0, MAX), Interval.of(1), LL));
        assertEquals(iv(1, MAX), Arith.binary(BinOp.ADD, iv(0, MAX - 1), Interval.of(1), LL));
        assertEquals(ULL.range(), Arith.binary(BinOp.ADD, iv(3, MAX), Interval.of(1), ULL));
        assertEquals(iv(0, 3), Arith.binary(BinOp.MOD, iv(0, MAX), Interval.of(4), ULL));
        assertEquals(iv(-3, 3), Arith.binary(BinOp.MOD, INT.range(), Interval.of(4), INT));
        assertEquals(iv(0, 7), Arith.binary(BinOp.AND, INT.range(), Interval.of(7), INT));
        assertEquals(iv(2, 5), Arith.binary(BinOp.DIV, iv(10, 20), Interval.of(4), INT));
        assertEquals(iv(-20, 20), Arith.binary(BinOp.DIV, iv(10, 20), iv(-1, 1), INT));
        assertEquals(iv(0, 15), Arith.binary(BinOp.OR, iv(0, 8), iv(0, 3), INT));
        assertEquals(iv(4, 32), Arith.shift(true, iv(1, 2), iv(2, 4), INT));
        assertEquals(iv(0, 5), Arith.shift(false, iv(0, 20), iv(2, 3), INT));
        assertEquals(Interval.of(-1 - 7), Arith.bitNot(Interval.of(7), INT));
        assertEquals(Interval.of(0xFFFFFFF8L), Arith.bitNot(Interval.of(7), UINT));
        assertEquals(Interval.of(1), Arith.compare(BinOp.LT, iv(0, 4), iv(5, 9), INT));
        assertEquals(Interval.of(0), Arith.compare(BinOp.GT, iv(0, 4), iv(4, 9), INT));
        assertEquals(iv(0, 1), Arith.compare(BinOp.LT, iv(0, MAX), Interval.of(MAX - 1), ULL));
        assertEquals(Interval.of(0), Arith.compare(BinOp.EQ, iv(0, 4), iv(5, 9), INT));
        assertEquals(Interval.of(1), Arith.compare(BinOp.EQ, Interval.of(3), Interval.of(3), INT));
    }
}
