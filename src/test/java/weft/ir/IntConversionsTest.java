package weft.ir;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** C11 6.3.1 on LP64: the promotions, the usual arithmetic conversions and truncation, which every layer shares. */
class IntConversionsTest {
    static final CType.Int BOOL = new CType.Int("_Bool", 1, 1, false);
    static final CType.Int CHAR = new CType.Int("char", 1, 1, true);
    static final CType.Int USHORT = new CType.Int("unsigned short", 2, 2, false);
    static final CType.Int INT = IntConversions.INT;
    static final CType.Int UINT = new CType.Int("unsigned int", 4, 4, false);
    static final CType.Int LONG = new CType.Int("long", 8, 8, true);
    static final CType.Int ULONG = new CType.Int("unsigned long", 8, 8, false);

    @Test
    void promotionsMakeNarrowTypesInt() {
        assertSame(INT, IntConversions.promote(BOOL, INT));
        assertSame(INT, IntConversions.promote(CHAR, INT));
        assertSame(INT, IntConversions.promote(USHORT, INT)); // int holds every unsigned short
        assertSame(UINT, IntConversions.promote(UINT, INT));
        assertSame(LONG, IntConversions.promote(LONG, INT));
        assertTrue(IntConversions.promotesToInt(8, true, 32));
        assertFalse(IntConversions.promotesToInt(32, false, 32));
    }

    @Test
    void usualArithmeticConversions() {
        assertSame(INT, IntConversions.common(CHAR, USHORT, INT));
        assertSame(UINT, IntConversions.common(INT, UINT, INT));   // -1 < 1u is false in C
        assertSame(UINT, IntConversions.common(UINT, INT, INT));
        assertSame(LONG, IntConversions.common(UINT, LONG, INT));  // long holds every unsigned int
        assertSame(ULONG, IntConversions.common(LONG, ULONG, INT));
        assertSame(ULONG, IntConversions.common(ULONG, CHAR, INT));
        assertSame(LONG, IntConversions.common(LONG, INT, INT));
    }

    @Test
    void truncationWrapsModuloTheWidth() {
        assertEquals(-1, IntConversions.truncate(255, 1, true));
        assertEquals(255, IntConversions.truncate(-1, 1, false));
        assertEquals(0, IntConversions.truncate(1L << 32, 4, true));
        assertEquals(Integer.MIN_VALUE, IntConversions.truncate(1L << 31, 4, true));
        assertEquals(-5, IntConversions.truncate(-5, 8, false));
    }
}
