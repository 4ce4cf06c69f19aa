package weft.exec;

import weft.exec.state.*;

import weft.ir.CType;
import weft.ir.Expr.BinOp;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Unit tests of the interpreter's building blocks. */
class InterpreterUnitTest {
    private static final CType.Int INT = new CType.Int("int", 4, 4, true);
    private static final CType.Int UINT = new CType.Int("unsigned int", 4, 4, false);
    private static final CType.Int UCHAR = new CType.Int("unsigned char", 1, 1, false);
    private static final CType.Int LONG = new CType.Int("long", 4, 4, true);
    private static final CType.Int ULL = new CType.Int("unsigned long long", 8, 4, false);
    private static final CType.Int LL = new CType.Int("long long", 8, 4, true);

    @Test
    void conversionsAndPromotions() {
        assertEquals(255, Ints.convert(-1, UCHAR));
        assertEquals(0xffffffffL, Ints.convert(-1, UINT));
        assertEquals(-1, Ints.convert(0xffffffffL, INT));
        assertEquals(1, Ints.convert(256, new CType.Int("_Bool", 1, 1, false)));
        assertEquals(INT, Ints.promote(UCHAR));
        assertFalse(Ints.common(INT, UINT).signed());
        assertFalse(Ints.common(LONG, UINT).signed(), "ILP32: long cannot hold all unsigned int values");
        assertTrue(Ints.common(LL, UINT).signed());
        assertEquals(8, Ints.common(INT, ULL).size());
    }

    @Test
    void arithmeticAndUndefinedBehaviour() {
        assertEquals(0, Ints.arith(BinOp.ADD, 0xffffffffL, 1, UINT));
        assertEquals(-7 / 2, Ints.arith(BinOp.DIV, -7, 2, INT));
        assertEquals(-1, Ints.arith(BinOp.MOD, -7, 2, INT));
        assertEquals(2147483647L, Ints.arith(BinOp.DIV, 0xfffffffeL, 2, UINT));
        assertThrows(Abandon.class, () -> Ints.arith(BinOp.ADD, Integer.MAX_VALUE, 1, INT));
        assertThrows(Abandon.class, () -> Ints.arith(BinOp.MUL, Long.MAX_VALUE, 2, LL));
        assertThrows(Abandon.class, () -> Ints.arith(BinOp.DIV, 1, 0, UINT));
        assertThrows(Abandon.class, () -> Ints.arith(BinOp.DIV, Integer.MIN_VALUE, -1, INT));
        assertEquals(-1, Ints.arith(BinOp.MUL, Long.MAX_VALUE, 2, ULL) + 1, "unsigned wraps");
        assertEquals(1L << 30, Ints.shift(BinOp.SHL, 1, 30, false, INT));
        assertThrows(Abandon.class, () -> Ints.shift(BinOp.SHL, 1, 31, false, INT));
        assertThrows(Abandon.class, () -> Ints.shift(BinOp.SHL, 1, 32, false, UINT));
        assertThrows(Abandon.class, () -> Ints.shift(BinOp.SHL, -1, 1, false, INT));
        assertEquals(0x80000000L, Ints.shift(BinOp.SHL, 1, 31, false, UINT));
        assertEquals(-4, Ints.shift(BinOp.SHR, -8, 1, false, INT));
        assertEquals(0x7ffffffcL, Ints.shift(BinOp.SHR, 0xfffffff8L, 1, false, UINT));
        assertTrue(Ints.compare(BinOp.LT, -1, 1, true));
        assertFalse(Ints.compare(BinOp.LT, 0xffffffffL, 1, false));
    }

    @Test
    void stringLiteralBytes() {
        assertArrayEquals(new byte[] {'a', '\t', 'b', '"', 0}, weft.model.StringLiteralText.knownBytes("\"a\\tb\\\"\"", 5));
        assertArrayEquals(new byte[] {'a', 'b', 0}, weft.model.StringLiteralText.knownBytes("\"a\" \"b\"", 3));
        assertArrayEquals(new byte[] {'A', 0, 0}, weft.model.StringLiteralText.knownBytes("\"\\x41\\0\"", 3));
        byte[] prefix = weft.model.StringLiteralText.knownBytes("\"012345678901234567890..\"", 41);
        assertEquals(21, prefix.length, "only the prefix before the cut is known");
        assertNull(weft.model.StringLiteralText.knownBytes("L\"wide\"", 5));
        assertNull(weft.model.StringLiteralText.knownBytes("\"abc\"", 7), "length mismatch means unknown content");
    }

    @Test
    void harmlessAssembly() {
        assertTrue(Interpreter.harmlessAsm("\"\" ::: \"memory\""));
        assertTrue(Interpreter.harmlessAsm("\"mfence\" ::: \"memory\""));
        assertTrue(Interpreter.harmlessAsm("\"\""));
        assertFalse(Interpreter.harmlessAsm("\"incl %0\" : \"+m\"(x)"));
        assertFalse(Interpreter.harmlessAsm("\"lock; xaddl %0, %1\" : \"=r\"(a) : \"m\"(b)"));
        assertFalse(Interpreter.harmlessAsm("\"cli\""));
    }

    @Test
    void rmwOperationsComeFromTheTable() {
        weft.model.LibraryModels t = weft.model.LibraryModels.standard();
        java.util.function.Function<String, weft.model.Event.Atomic> at = n -> (weft.model.Event.Atomic) t.lookup(n).orElseThrow().event();
        assertEquals(weft.model.Event.Arith.ADD, at.apply("__atomic_fetch_add").arith());
        assertFalse(at.apply("__atomic_fetch_add").returnsNew());
        assertEquals(weft.model.Event.Arith.OR, at.apply("__sync_fetch_and_or").arith());
        assertEquals(weft.model.Event.Arith.AND, at.apply("__sync_and_and_fetch").arith());
        assertTrue(at.apply("__sync_and_and_fetch").returnsNew());
        assertEquals(weft.model.Event.Arith.NAND, at.apply("__atomic_nand_fetch").arith());
        assertTrue(at.apply("__atomic_nand_fetch").returnsNew());
        assertEquals(weft.model.Event.Arith.XOR, at.apply("atomic_fetch_xor_explicit").arith());
        assertFalse(at.apply("atomic_fetch_xor_explicit").returnsNew());
        assertTrue(at.apply("__atomic_clear").flagByte());
        assertFalse(at.apply("__sync_lock_release").flagByte());
        assertTrue(at.apply("atomic_flag_test_and_set").flagByte());
    }

    @Test
    void memoryRejectsSplitPointersAndOutOfBounds() {
        Memory m = new Memory();
        Block a = m.create("a", Block.Kind.GLOBAL, 8, -1, weft.ir.SourceLoc.NONE);
        Block b = m.create("b", Block.Kind.GLOBAL, 4, -1, weft.ir.SourceLoc.NONE);
        CType.Pointer ptr = new CType.Pointer(INT, 4);
        m.write(a.id, 0, ptr, new Value.Ptr(b.id, 0));
        assertEquals(new Value.Ptr(b.id, 0), m.read(a.id, 0, ptr));
        assertThrows(Abandon.class, () -> m.read(a.id, 1, UCHAR));
        assertThrows(Abandon.class, () -> m.read(b.id, 2, INT));
        m.write(b.id, 0, INT, Value.of(0x01020304));
        assertEquals(Value.of(0x03), m.read(b.id, 1, UCHAR), "little endian");
        m.kill(b.id);
        assertThrows(Abandon.class, () -> m.read(b.id, 0, INT));
    }
}
