package weft.installed;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.zip.Adler32;
import java.util.zip.CRC32;
import java.util.zip.Inflater;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The installed zlib called through {@link Zlib}: checksums, compression, and copies of a stream mid-way. */
class ZlibTest {
    private static Zlib z;
    private static final byte[] VERSION = "1".getBytes(StandardCharsets.ISO_8859_1);
    private static final int Z_FINISH = 4, Z_STREAM_END = 1, Z_SYNC_FLUSH = 2, Z_DEFLATED = 8;

    @BeforeAll
    static void load() {
        z = Zlib.installed().orElse(null);
        Assumptions.assumeTrue(z != null, "no installed zlib (libz.so.1) on this machine");
    }

    private static byte[] text(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) b[i] = (byte) ("the quick brown fox ".charAt(i % 20) + i / 97);
        return b;
    }

    private static byte[] version() {
        return java.util.Arrays.copyOf(VERSION, VERSION.length + 1);
    }

    @Test
    void checksumsAreThoseOfTheSpecification() {
        byte[] b = text(1000);
        CRC32 crc = new CRC32();
        crc.update(b);
        assertEquals(crc.getValue(), z.crc32(0, b));
        Adler32 adler = new Adler32();
        adler.update(b);
        assertEquals(adler.getValue(), z.adler32(1, b));
        assertEquals(0, z.crc32(0, null));
        assertEquals(1, z.adler32(0, null));
        byte[] a = java.util.Arrays.copyOf(b, 400), c = java.util.Arrays.copyOfRange(b, 400, 1000);
        assertEquals(crc.getValue(), z.crc32Combine(z.crc32(0, a), z.crc32(0, c), c.length));
        assertEquals(adler.getValue(), z.adler32Combine(z.adler32(1, a), z.adler32(1, c), c.length));
        assertEquals(256, z.crcTable().length);
        assertTrue(z.version().matches("\\d+\\.\\d+.*"), z.version());
    }

    private static Zlib.Fields fields(byte[] in, int room, Zlib.After last) {
        return new Zlib.Fields(in, false, room, last == null ? 0 : last.totalIn(), last == null ? 0 : last.totalOut(),
                last == null ? 0 : last.dataType(), last == null ? 0 : last.adler());
    }

    /** Raw deflate (windowBits -15), one block then the end: what zlib wrote inflates to the input. */
    @Test
    void rawDeflateInflatesToItsInput() throws Exception {
        Zlib.Stream s = z.newStream(false);
        Zlib.After init = s.call(Zlib.Op.DEFLATE_INIT2, new Zlib.Fields(null, true, 0, 0, 0, 0, 0),
                new long[] {6, Z_DEFLATED, -15, 8, 0, 0, Zlib.STREAM_SIZE}, version());
        assertEquals(Zlib.Z_OK, init.result());
        assertTrue(s.live());
        assertTrue(init.allocatorsSet());
        byte[] in = text(3000);
        Zlib.After a = s.call(Zlib.Op.DEFLATE, fields(in, 8192, init), new long[] {Z_FINISH}, null);
        assertEquals(Z_STREAM_END, a.result());
        assertEquals(in.length, a.consumed());
        assertEquals(in.length, a.totalIn());
        assertEquals(a.output().length, a.totalOut());
        Inflater inf = new Inflater(true);
        inf.setInput(a.output());
        byte[] back = new byte[in.length];
        assertEquals(in.length, inf.inflate(back));
        assertArrayEquals(in, back);
        Zlib.After end = s.call(Zlib.Op.DEFLATE_END, fields(null, 0, a), new long[0], null);
        assertEquals(Zlib.Z_OK, end.result());
        assertTrue(end.ended());
        assertFalse(s.live());
    }

    /**
     * The decompressor's stream: what Java's Deflater wrote (raw, windowBits -15) inflates in two calls to the input,
     * inflateMark says no block is pending at the end, and a copy taken between the calls finishes alike.
     */
    @Test
    void rawInflateGivesBackWhatWasDeflated() {
        byte[] in = text(2000);
        java.util.zip.Deflater d = new java.util.zip.Deflater(6, true);
        d.setInput(in);
        d.finish();
        byte[] packed = new byte[4096];
        int n = d.deflate(packed);
        packed = java.util.Arrays.copyOf(packed, n);
        Zlib.Stream s = z.newStream(true);
        assertTrue(s.inflates());
        Zlib.After init = s.call(Zlib.Op.INFLATE_INIT2, new Zlib.Fields(null, true, 0, 0, 0, 0, 0), new long[] {-15, 0, Zlib.STREAM_SIZE}, version());
        assertEquals(Zlib.Z_OK, init.result());
        Zlib.After first = s.call(Zlib.Op.INFLATE, fields(java.util.Arrays.copyOf(packed, n / 2), 4096, init), new long[] {0}, null);
        assertEquals(Zlib.Z_OK, first.result());
        Zlib.Stream c = s.copy();
        byte[] rest = java.util.Arrays.copyOfRange(packed, n / 2, n);
        Zlib.After second = s.call(Zlib.Op.INFLATE, fields(rest, 4096, first), new long[] {Z_FINISH}, null);
        assertEquals(Z_STREAM_END, second.result());
        byte[] out = new byte[first.output().length + second.output().length];
        System.arraycopy(first.output(), 0, out, 0, first.output().length);
        System.arraycopy(second.output(), 0, out, first.output().length, second.output().length);
        assertArrayEquals(in, out);
        assertEquals(in.length, second.totalOut());
        Zlib.After fromCopy = c.call(Zlib.Op.INFLATE, fields(rest, 4096, first), new long[] {Z_FINISH}, null);
        assertArrayEquals(second.output(), fromCopy.output());
        assertEquals(0, s.call(Zlib.Op.INFLATE_MARK, fields(null, 0, second), new long[0], null).result() & 0xffff);
        assertTrue(s.call(Zlib.Op.INFLATE_END, fields(null, 0, second), new long[0], null).ended());
    }

    /** The one-call functions: compress2 and uncompress2 give the input back; a room too small is Z_BUF_ERROR. */
    @Test
    void oneCallCompressionRoundTrips() {
        byte[] in = text(1500);
        Zlib.Buffered packed = z.compress(z.compressBound(in.length), in, 9);
        assertEquals(Zlib.Z_OK, packed.result());
        assertTrue(packed.output().length < in.length);
        Zlib.Buffered back = z.uncompress(in.length, packed.output());
        assertEquals(Zlib.Z_OK, back.result());
        assertArrayEquals(in, back.output());
        assertEquals(packed.output().length, back.consumed());
        assertEquals(-5, z.uncompress(10, packed.output()).result());
        assertEquals("data error", z.errorText(-3));
        assertEquals(z.crc32(z.crc32(0, java.util.Arrays.copyOf(in, 100)), java.util.Arrays.copyOfRange(in, 100, 300)),
                z.crc32CombineOp(z.crc32(0, java.util.Arrays.copyOf(in, 100)), z.crc32(0, java.util.Arrays.copyOfRange(in, 100, 300)), z.crc32CombineGen(200)));
    }

    /** A copy mid-way continues exactly as the original does, and independently of it. */
    @Test
    void aCopiedStreamContinuesAsTheOriginal() {
        Zlib.Stream s = z.newStream(false);
        Zlib.After init = s.call(Zlib.Op.DEFLATE_INIT, new Zlib.Fields(null, true, 0, 0, 0, 0, 0), new long[] {9, 0, Zlib.STREAM_SIZE}, version());
        assertEquals(Zlib.Z_OK, init.result());
        Zlib.After first = s.call(Zlib.Op.DEFLATE, fields(text(500), 4096, init), new long[] {Z_SYNC_FLUSH}, null);
        assertEquals(Zlib.Z_OK, first.result());
        Zlib.Stream c = s.copy();
        byte[] rest = text(700);
        Zlib.After fromOriginal = s.call(Zlib.Op.DEFLATE, fields(rest, 4096, first), new long[] {Z_FINISH}, null);
        // the original is finished; the copy is not
        Zlib.After fromCopy = c.call(Zlib.Op.DEFLATE, fields(rest, 4096, first), new long[] {Z_FINISH}, null);
        assertEquals(Z_STREAM_END, fromOriginal.result());
        assertEquals(Z_STREAM_END, fromCopy.result());
        assertArrayEquals(fromOriginal.output(), fromCopy.output());
        assertEquals(fromOriginal.adler(), fromCopy.adler());
        assertNotEquals(0, fromCopy.output().length);
    }

    @Test
    void pendingPrimeAndBoundAreZlibs() {
        Zlib.Stream s = z.newStream(false);
        Zlib.After init = s.call(Zlib.Op.DEFLATE_INIT2, new Zlib.Fields(null, true, 0, 0, 0, 0, 0),
                new long[] {6, Z_DEFLATED, -15, 8, 0, 0, Zlib.STREAM_SIZE}, version());
        Zlib.After pending = s.call(Zlib.Op.DEFLATE_PENDING, fields(null, 0, init), new long[2], null);
        assertEquals(Zlib.Z_OK, pending.result());
        assertArrayEquals(new int[] {0, 0}, pending.outputs());
        assertEquals(Zlib.Z_OK, s.call(Zlib.Op.DEFLATE_PRIME, fields(null, 0, init), new long[] {3, 5}, null).result());
        assertEquals(3, s.call(Zlib.Op.DEFLATE_PENDING, fields(null, 0, init), new long[2], null).outputs()[1]);
        long bound = s.call(Zlib.Op.DEFLATE_BOUND, fields(null, 0, init), new long[] {1000}, null).result();
        assertTrue(bound >= 1000 && bound <= z.deflateBound(1000), bound + " vs " + z.deflateBound(1000));
        // a wrong version is zlib's Z_VERSION_ERROR (-6), and leaves no state
        Zlib.Stream w = z.newStream(false);
        assertEquals(-6, w.call(Zlib.Op.DEFLATE_INIT, new Zlib.Fields(null, true, 0, 0, 0, 0, 0), new long[] {6, 0, Zlib.STREAM_SIZE},
                new byte[] {'0', 0}).result());
        assertFalse(w.live());
    }
}
