package weft.exec;

import com.sun.jna.Library;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import weft.installed.Zlib;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link GzipHeaders#writes} against the installed zlib's {@code inflateGetHeader}: random gzip members (written by
 * zlib's own {@code deflate} with {@code deflateSetHeader}: with or without an extra field, a name, a comment, a header
 * CRC), read back by zlib's {@code inflate} in random chunks into a header whose buffers are smaller or larger than the
 * fields and filled with a pattern; after every {@code inflate} the header zlib left (its members and every byte of its
 * buffers) must be the one the writes computed from the bytes consumed so far give. Skipped without zlib.
 */
class GzipHeadersZlibTest {
    /** zlib's functions the test calls, through JNA. */
    public interface Z extends Library {
        Pointer zlibVersion();
        int deflateInit2_(Pointer strm, int level, int method, int windowBits, int memLevel, int strategy, String version, int size);
        int deflateSetHeader(Pointer strm, Pointer head);
        int deflate(Pointer strm, int flush);
        int deflateEnd(Pointer strm);
        int inflateInit2_(Pointer strm, int windowBits, String version, int size);
        int inflateGetHeader(Pointer strm, Pointer head);
        int inflate(Pointer strm, int flush);
        int inflateEnd(Pointer strm);
    }

    /** x86-64's z_stream. */
    private static final int NEXT_IN = 0, AVAIL_IN = 8, NEXT_OUT = 24, AVAIL_OUT = 32, STREAM = 112;
    private static final int MEMBERS = 300;

    @Test
    void zlibWritesTheHeaderAsTheBytesConsumedSay() {
        Z z;
        try {
            Assumptions.assumeTrue(Native.POINTER_SIZE == 8 && System.getProperty("os.name", "").startsWith("Linux"), "x86-64 Linux only");
            z = Native.load("z", Z.class);
        } catch (UnsatisfiedLinkError e) {
            Assumptions.abort("zlib not installed");
            return;
        }
        String version = z.zlibVersion().getString(0);
        Random rnd = new Random(20261206);
        int calls = 0;
        for (int member = 0; member < MEMBERS; member++) {
            int flags = rnd.nextInt(16);
            byte[] extra = (flags & 1) != 0 ? bytes(rnd, rnd.nextInt(12)) : null;
            byte[] name = (flags & 2) != 0 ? text(rnd, 1 + rnd.nextInt(20)) : null;
            byte[] comment = (flags & 4) != 0 ? text(rnd, rnd.nextInt(20)) : null;
            boolean hcrc = (flags & 8) != 0;
            byte[] packed = gzip(z, version, rnd, extra, name, comment, hcrc);
            // read back
            Memory strm = new Memory(STREAM);
            strm.clear();
            assertEquals(0, z.inflateInit2_(strm, rnd.nextBoolean() ? 31 : 47, version, STREAM));
            Memory head = new Memory(Zlib.GzHeader.SIZE);
            head.clear();
            int[] max = {rnd.nextInt(14), rnd.nextInt(24), rnd.nextInt(24)};
            Memory[] buffers = new Memory[3];
            long[][] slots = {{Zlib.GzHeader.EXTRA, Zlib.GzHeader.EXTRA_MAX}, {Zlib.GzHeader.NAME, Zlib.GzHeader.NAME_MAX}, {Zlib.GzHeader.COMMENT, Zlib.GzHeader.COMM_MAX}};
            for (int k = 0; k < 3; k++) {
                buffers[k] = new Memory(32);
                for (int i = 0; i < 32; i++) buffers[k].setByte(i, (byte) 0x55);
                head.setPointer(slots[k][0], rnd.nextInt(8) == 0 ? null : buffers[k]);
                head.setInt(slots[k][1], max[k]);
            }
            assertEquals(0, z.inflateGetHeader(strm, head));
            // the Java mirror: the header as set up, then the writes made as the bytes come
            Mirror mirror = new Mirror(head, buffers, slots);
            Memory in = new Memory(packed.length), out = new Memory(4096);
            in.write(0, packed, 0, packed.length);
            int fed = 0, made = 0, r = 0;
            while (r == 0 && fed < packed.length) {
                int chunk = Math.min(packed.length - fed, 1 + rnd.nextInt(6));
                strm.setPointer(NEXT_IN, in.share(fed));
                strm.setInt(AVAIL_IN, chunk);
                strm.setPointer(NEXT_OUT, out);
                strm.setInt(AVAIL_OUT, 4096);
                r = z.inflate(strm, 0);
                fed += chunk - strm.getInt(AVAIL_IN);
                List<GzipHeaders.Write> writes = GzipHeaders.writes(Arrays.copyOf(packed, fed), false);
                for (GzipHeaders.Write w : writes.subList(made, writes.size())) mirror.apply(w);
                made = writes.size();
                calls++;
                mirror.assertSameAs(head, buffers, "member " + member + " after " + fed + " bytes");
            }
            assertEquals(1, r, "member " + member + " ends");
            z.inflateEnd(strm);
        }
        System.out.printf("gzip headers: %d members, %d inflate calls, the header as zlib wrote it after each%n", MEMBERS, calls);
        assertTrue(calls > MEMBERS);
    }

    /** A gzip member of a short text with the header given, by zlib. */
    private static byte[] gzip(Z z, String version, Random rnd, byte[] extra, byte[] name, byte[] comment, boolean hcrc) {
        Memory strm = new Memory(STREAM);
        strm.clear();
        assertEquals(0, z.deflateInit2_(strm, 6, 8, 31, 8, 0, version, STREAM));
        Memory head = new Memory(Zlib.GzHeader.SIZE);
        head.clear();
        head.setInt(Zlib.GzHeader.TEXT, rnd.nextInt(2));
        head.setLong(Zlib.GzHeader.TIME, rnd.nextInt(Integer.MAX_VALUE));
        head.setInt(Zlib.GzHeader.OS, rnd.nextInt(14));
        Memory x = extra == null ? null : copy(extra, false), n = name == null ? null : copy(name, true), c = comment == null ? null : copy(comment, true);
        head.setPointer(Zlib.GzHeader.EXTRA, x);
        head.setInt(Zlib.GzHeader.EXTRA_LEN, extra == null ? 0 : extra.length);
        head.setPointer(Zlib.GzHeader.NAME, n);
        head.setPointer(Zlib.GzHeader.COMMENT, c);
        head.setInt(Zlib.GzHeader.HCRC, hcrc ? 1 : 0);
        assertEquals(0, z.deflateSetHeader(strm, head));
        byte[] textBytes = "gzip headers, as zlib writes them".getBytes();
        Memory in = copy(textBytes, false), out = new Memory(1024);
        strm.setPointer(NEXT_IN, in);
        strm.setInt(AVAIL_IN, textBytes.length);
        strm.setPointer(NEXT_OUT, out);
        strm.setInt(AVAIL_OUT, 1024);
        assertEquals(1, z.deflate(strm, 4));
        byte[] packed = out.getByteArray(0, 1024 - strm.getInt(AVAIL_OUT));
        z.deflateEnd(strm);
        return packed;
    }

    private static Memory copy(byte[] b, boolean terminated) {
        Memory m = new Memory(Math.max(1, b.length + (terminated ? 1 : 0)));
        m.clear();
        if (b.length > 0) m.write(0, b, 0, b.length);
        return m;
    }

    private static byte[] bytes(Random rnd, int n) {
        byte[] b = new byte[n];
        rnd.nextBytes(b);
        return b;
    }

    private static byte[] text(Random rnd, int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) b[i] = (byte) ('a' + rnd.nextInt(26));
        return b;
    }

    /** The header as the writes make it: its members and buffers, from the header's state before the first inflate. */
    private static final class Mirror {
        final byte[] head;
        final byte[][] buffers = new byte[3][];
        final long[][] slots;
        final boolean[] present = new boolean[3];

        Mirror(Memory h, Memory[] b, long[][] slots) {
            head = h.getByteArray(0, (int) Zlib.GzHeader.SIZE);
            this.slots = slots;
            for (int k = 0; k < 3; k++) {
                buffers[k] = b[k].getByteArray(0, 32);
                present[k] = h.getPointer(slots[k][0]) != null;
            }
        }

        void apply(GzipHeaders.Write w) {
            if (w.max() < 0) {
                for (int k = 0; k < 3; k++) if (w.off() == slots[k][0]) present[k] = false;
                for (int i = 0; i < w.size(); i++) head[(int) w.off() + i] = (byte) (w.value() >>> (8 * i));
                return;
            }
            for (int k = 0; k < 3; k++) {
                if (w.off() != slots[k][0] || !present[k]) continue;
                int max = (head[(int) slots[k][1]] & 0xff) | (head[(int) slots[k][1] + 1] & 0xff) << 8;
                if (w.index() < max) buffers[k][(int) w.index()] = (byte) w.value();
            }
        }

        void assertSameAs(Memory h, Memory[] b, String where) {
            for (long[] f : new long[][] {{Zlib.GzHeader.TEXT, 4}, {Zlib.GzHeader.TIME, 8}, {Zlib.GzHeader.XFLAGS, 4}, {Zlib.GzHeader.OS, 4},
                    {Zlib.GzHeader.EXTRA_LEN, 4}, {Zlib.GzHeader.HCRC, 4}, {Zlib.GzHeader.DONE, 4}}) {
                assertEquals(Arrays.toString(Arrays.copyOfRange(head, (int) f[0], (int) (f[0] + f[1]))),
                        Arrays.toString(h.getByteArray(f[0], (int) f[1])), where + ": member at " + f[0]);
            }
            for (int k = 0; k < 3; k++) {
                assertEquals(present[k], h.getPointer(slots[k][0]) != null, where + ": buffer " + k + " pointer");
                assertEquals(Arrays.toString(buffers[k]), Arrays.toString(b[k].getByteArray(0, 32)), where + ": buffer " + k);
            }
        }
    }
}
