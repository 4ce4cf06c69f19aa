package weft.installed;

import com.sun.jna.Library;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;

import java.lang.ref.Cleaner;
import java.util.Optional;

/**
 * The installed zlib ({@code libz.so.1}), called through JNA: its checksums, its version, its one-call
 * {@code compress2} and {@code uncompress2}, and its compressor ({@code deflate*}) and decompressor ({@code inflate*})
 * on streams this class owns. A {@link Stream} is a native {@code z_stream} with zlib's state behind
 * it; the caller hands it the members the program's own {@code z_stream} holds before each call ({@link Fields}: the
 * input bytes, the room for output, the counters) and writes back what the call left ({@link After}). Only 64-bit Linux
 * (LP64: the native layout below) is supported; elsewhere, or without the library, {@link #installed()} is empty.
 *
 * <p>Safety of the native calls: every pointer handed to zlib is to memory of this class, as large as the count next
 * to it (input: exactly the bytes given; output: the room given), the stream's {@code next_in}/{@code next_out} are
 * cleared after each call (zlib keeps no other pointer to them between calls), and the allocator members are always
 * null before initialisation (zlib's own {@code malloc}). A stream's state is freed by {@code deflateEnd}, the
 * program's or, once the stream is unreachable, a cleaner's.
 */
public final class Zlib {
    /** zlib's results (zlib.h). */
    public static final int Z_OK = 0;
    public static final int Z_STREAM_ERROR = -2;

    /** Offsets of the native {@code z_stream} (LP64). */
    private static final int NEXT_IN = 0, AVAIL_IN = 8, TOTAL_IN = 16, NEXT_OUT = 24, AVAIL_OUT = 32, TOTAL_OUT = 40,
            MSG = 48, STATE = 56, ZALLOC = 64, ZFREE = 72, OPAQUE = 80, DATA_TYPE = 88, ADLER = 96;
    /** {@code sizeof(z_stream)} on LP64. */
    public static final int STREAM_SIZE = 112;

    /** The library's functions (zlib.h; {@code uLong} and {@code z_off_t} are 64-bit on LP64). */
    public interface Lib extends Library {
        Pointer zlibVersion();
        long crc32_z(long crc, byte[] buf, long len);
        long adler32_z(long adler, byte[] buf, long len);
        long crc32_combine(long crc1, long crc2, long len2);
        long adler32_combine(long adler1, long adler2, long len2);
        Pointer get_crc_table();
        int deflateInit_(Pointer strm, int level, byte[] version, int streamSize);
        int deflateInit2_(Pointer strm, int level, int method, int windowBits, int memLevel, int strategy, byte[] version, int streamSize);
        int deflate(Pointer strm, int flush);
        int deflateEnd(Pointer strm);
        int deflateReset(Pointer strm);
        int deflateParams(Pointer strm, int level, int strategy);
        int deflateSetDictionary(Pointer strm, byte[] dictionary, int length);
        int deflatePending(Pointer strm, IntByReference pending, IntByReference bits);
        int deflatePrime(Pointer strm, int bits, int value);
        long deflateBound(Pointer strm, long sourceLen);
        int deflateTune(Pointer strm, int goodLength, int maxLazy, int niceLength, int maxChain);
        int deflateCopy(Pointer dest, Pointer source);
        int deflateResetKeep(Pointer strm);
        int deflateSetHeader(Pointer strm, Pointer head);
        int inflateGetHeader(Pointer strm, Pointer head);
        int inflateInit_(Pointer strm, byte[] version, int streamSize);
        int inflateInit2_(Pointer strm, int windowBits, byte[] version, int streamSize);
        int inflate(Pointer strm, int flush);
        int inflateEnd(Pointer strm);
        int inflateReset(Pointer strm);
        int inflateReset2(Pointer strm, int windowBits);
        int inflateResetKeep(Pointer strm);
        int inflateSetDictionary(Pointer strm, byte[] dictionary, int length);
        int inflateSync(Pointer strm);
        int inflateSyncPoint(Pointer strm);
        int inflatePrime(Pointer strm, int bits, int value);
        long inflateMark(Pointer strm);
        int inflateValidate(Pointer strm, int check);
        long inflateCodesUsed(Pointer strm);
        int inflateUndermine(Pointer strm, int subvert);
        int inflateCopy(Pointer dest, Pointer source);
        int deflateGetDictionary(Pointer strm, Pointer dictionary, IntByReference length);
        int inflateGetDictionary(Pointer strm, Pointer dictionary, IntByReference length);
        int compress2(byte[] dest, LongByReference destLen, byte[] source, long sourceLen, int level);
        int uncompress2(byte[] dest, LongByReference destLen, byte[] source, LongByReference sourceLen);
        long compressBound(long sourceLen);
        Pointer zError(int err);
        long zlibCompileFlags();
        long crc32_combine_gen(long len2);
        long crc32_combine_op(long crc1, long crc2, long op);
        int inflateBackInit_(Pointer strm, int windowBits, Pointer window, byte[] version, int streamSize);
        int inflateBack(Pointer strm, InFunc in, Pointer inDesc, OutFunc out, Pointer outDesc);
        int inflateBackEnd(Pointer strm);
    }

    /** zlib.h's {@code in_func}: {@code unsigned in(void *desc, unsigned char **buf)}. */
    public interface InFunc extends com.sun.jna.Callback {
        int invoke(Pointer desc, Pointer buf);
    }

    /** zlib.h's {@code out_func}: {@code int out(void *desc, unsigned char *buf, unsigned len)}. */
    public interface OutFunc extends com.sun.jna.Callback {
        int invoke(Pointer desc, Pointer buf, int len);
    }

    /** Where a decompression by {@link #inflateBack} stopped: asking for input, handing out output, or returned. */
    public enum BackStop { INPUT, OUTPUT, DONE }

    /**
     * One decompression by {@code inflateBack}, from the start: where it stopped; when {@code DONE}, its result, where
     * {@code next_in} was left (the input it points into: -1 none, 0 the stream's own before the call, k the k-th the
     * input function gave; and the offset in it), {@code avail_in}, {@code next_out}'s offset in the window (-1: zlib
     * left it alone) and {@code avail_out}, and {@code msg} (null: none); when {@code OUTPUT}, the window's first
     * {@code output.length} bytes zlib hands out.
     */
    public record BackRun(BackStop stop, int result, int inputAt, long inputOffset, long availIn, long outOffset, long availOut, String msg,
                          byte[] output) {}

    /**
     * zlib's {@code inflateBack} on a new stream of a window of {@code 2^windowBits} bytes ({@code inflateBackInit_}),
     * the stream's input {@code initial} before the call, the input function answering with {@code inputs} in turn
     * (an empty one: the end, 0) and the output function with {@code outAnswers} in turn; run to the first call of either
     * beyond them (answered so that zlib returns at once) or to its return. zlib's run depends on nothing else, so a run
     * with more answers repeats this one up to there.
     */
    public BackRun inflateBack(int windowBits, byte[] initial, java.util.List<byte[]> inputs, java.util.List<Integer> outAnswers) {
        Memory strm = new Memory(STREAM_SIZE);
        strm.clear();
        Memory window = new Memory(1L << windowBits);
        byte[] version = (version() + "\0").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        if (lib.inflateBackInit_(strm, windowBits, window, version, STREAM_SIZE) != Z_OK) throw new IllegalStateException("inflateBackInit_");
        java.util.List<Memory> given = new java.util.ArrayList<>();
        Memory first = new Memory(Math.max(1, initial.length));
        first.write(0, initial, 0, initial.length);
        given.add(first);
        strm.setPointer(NEXT_IN, initial.length == 0 ? null : first);
        strm.setInt(AVAIL_IN, initial.length);
        strm.setPointer(NEXT_OUT, null);
        strm.setInt(AVAIL_OUT, UNTOUCHED_COUNT);
        BackStop[] stop = {BackStop.DONE};
        byte[][] out = {null};
        int[] calls = {0, 0};
        // once stopped, zlib's later calls (it flushes the window's leftover to out() on its way out) change nothing
        InFunc in = (desc, buf) -> {
            if (stop[0] != BackStop.DONE) return 0;
            int k = calls[0]++;
            if (k >= inputs.size()) {
                stop[0] = BackStop.INPUT;
                return 0;
            }
            byte[] b = inputs.get(k);
            Memory m = new Memory(Math.max(1, b.length));
            m.write(0, b, 0, b.length);
            given.add(m);
            buf.setPointer(0, m);
            return b.length;
        };
        OutFunc put = (desc, buf, len) -> {
            if (stop[0] != BackStop.DONE) return 1;
            int k = calls[1]++;
            if (k >= outAnswers.size()) {
                stop[0] = BackStop.OUTPUT;
                if (Pointer.nativeValue(buf) != Pointer.nativeValue(window)) throw new IllegalStateException("output not at the window's start");
                out[0] = buf.getByteArray(0, len);
                return 1;
            }
            return outAnswers.get(k);
        };
        try {
            int r = lib.inflateBack(strm, in, null, put, null);
            if (stop[0] != BackStop.DONE) return new BackRun(stop[0], r, -1, 0, 0, -1, 0, null, out[0]);
            long next = Pointer.nativeValue(strm.getPointer(NEXT_IN));
            int at = -1;
            long offset = 0;
            for (int i = 0; i < given.size() && next != 0; i++) {
                long base = Pointer.nativeValue(given.get(i));
                if (next >= base && next <= base + given.get(i).size()) {
                    at = i;
                    offset = next - base;
                }
            }
            if (next != 0 && at < 0) throw new IllegalStateException("next_in outside the input");
            long nextOut = Pointer.nativeValue(strm.getPointer(NEXT_OUT));
            long outOffset = nextOut == 0 ? -1 : nextOut - Pointer.nativeValue(window);
            Pointer msg = strm.getPointer(MSG);
            return new BackRun(BackStop.DONE, r, at, offset, strm.getInt(AVAIL_IN) & 0xffffffffL, outOffset, strm.getInt(AVAIL_OUT) & 0xffffffffL,
                    msg == null ? null : msg.getString(0, "ISO-8859-1"), null);
        } finally {
            lib.inflateBackEnd(strm);
            java.lang.ref.Reference.reachabilityFence(in);
            java.lang.ref.Reference.reachabilityFence(put);
            java.lang.ref.Reference.reachabilityFence(given);
        }
    }

    /** What {@code avail_out} is set to before {@link #inflateBack}: still there after it, zlib left it alone. */
    public static final int UNTOUCHED_COUNT = 0x5eed;

    private static final Cleaner CLEANER = Cleaner.create();
    private static final Loaded<Zlib> INSTALLED = new Loaded<>(Zlib::load);

    private final Lib lib;
    /** What zlib's {@code msg} is set to before each call: still there after it, zlib left the member alone. */
    private final Memory untouched = new Memory(1);

    private Zlib(Lib lib) {
        this.lib = lib;
    }

    /** The installed zlib, loaded once; empty when there is none or the machine is not LP64. */
    public static Optional<Zlib> installed() {
        return INSTALLED.get();
    }

    private static Optional<Zlib> load() {
        try {
            if (Native.POINTER_SIZE != 8 || Native.LONG_SIZE != 8 || !System.getProperty("os.name", "").startsWith("Linux")) return Optional.empty();
            Lib lib = Native.load("z", Lib.class);
            lib.zlibVersion();
            return Optional.of(new Zlib(lib));
        } catch (LinkageError | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** {@code zlibVersion()}. */
    public String version() {
        return lib.zlibVersion().getString(0, "ISO-8859-1");
    }

    /** {@code crc32_z(crc, buf, len)}; a null {@code buf} is the library's null pointer. */
    public long crc32(long crc, byte[] buf) {
        return lib.crc32_z(crc, buf, buf == null ? 0 : buf.length);
    }

    /** {@code adler32_z(adler, buf, len)}; a null {@code buf} is the library's null pointer. */
    public long adler32(long adler, byte[] buf) {
        return lib.adler32_z(adler, buf, buf == null ? 0 : buf.length);
    }

    public long crc32Combine(long crc1, long crc2, long len2) {
        return lib.crc32_combine(crc1, crc2, len2);
    }

    public long adler32Combine(long adler1, long adler2, long len2) {
        return lib.adler32_combine(adler1, adler2, len2);
    }

    /** The 256 entries of {@code get_crc_table()}. */
    public int[] crcTable() {
        return lib.get_crc_table().getIntArray(0, 256);
    }

    /** {@code deflateBound(Z_NULL, sourceLen)}: the bound without a stream. */
    public long deflateBound(long sourceLen) {
        return lib.deflateBound(null, sourceLen);
    }

    /** {@code compressBound(sourceLen)}. */
    public long compressBound(long sourceLen) {
        return lib.compressBound(sourceLen);
    }

    /** {@code zError(err)}: zlib's text for a result (never null). */
    public String errorText(int err) {
        return lib.zError(err).getString(0, "ISO-8859-1");
    }

    /** {@code zlibCompileFlags()}. */
    public long compileFlags() {
        return lib.zlibCompileFlags();
    }

    public long crc32CombineGen(long len2) {
        return lib.crc32_combine_gen(len2);
    }

    public long crc32CombineOp(long crc1, long crc2, long op) {
        return lib.crc32_combine_op(crc1, crc2, op);
    }

    /**
     * What a one-call compression or decompression left: its result, the output bytes (the first {@code destLen} of
     * the room), and how many input bytes it took ({@code uncompress2}'s {@code *sourceLen}).
     */
    public record Buffered(int result, byte[] output, long consumed) {}

    /** {@code compress2(dest, &destLen, source, sourceLen, level)} into {@code room} bytes ({@code compress}: level -1). */
    public Buffered compress(long room, byte[] source, int level) {
        byte[] dest = new byte[(int) Math.max(1, room)];
        LongByReference destLen = new LongByReference(room);
        int r = lib.compress2(dest, destLen, source, source.length, level);
        return new Buffered(r, java.util.Arrays.copyOf(dest, (int) Math.min(room, destLen.getValue())), source.length);
    }

    /** {@code uncompress2(dest, &destLen, source, &sourceLen)} into {@code room} bytes. */
    public Buffered uncompress(long room, byte[] source) {
        byte[] dest = new byte[(int) Math.max(1, room)];
        LongByReference destLen = new LongByReference(room);
        LongByReference sourceLen = new LongByReference(source.length);
        int r = lib.uncompress2(dest, destLen, source, sourceLen);
        return new Buffered(r, java.util.Arrays.copyOf(dest, (int) Math.min(room, destLen.getValue())), sourceLen.getValue());
    }

    /** A new stream of the compressor ({@code inflate}: of the decompressor): a zeroed native {@code z_stream} with no state yet. */
    public Stream newStream(boolean inflate) {
        return new Stream(this, inflate);
    }

    /** The stream operations: zlib's {@code deflate*} and {@code inflate*} functions whose first argument is the stream. */
    public enum Op {
        DEFLATE_INIT, DEFLATE_INIT2, DEFLATE, DEFLATE_END, DEFLATE_RESET, DEFLATE_RESET_KEEP, DEFLATE_PARAMS, DEFLATE_SET_DICTIONARY,
        DEFLATE_PENDING, DEFLATE_PRIME, DEFLATE_BOUND, DEFLATE_TUNE,
        INFLATE_INIT, INFLATE_INIT2, INFLATE, INFLATE_END, INFLATE_RESET, INFLATE_RESET2, INFLATE_RESET_KEEP, INFLATE_SET_DICTIONARY,
        INFLATE_SYNC, INFLATE_SYNC_POINT, INFLATE_PRIME, INFLATE_MARK, INFLATE_VALIDATE, INFLATE_CODES_USED, INFLATE_UNDERMINE;

        /** Whether the operation initialises the stream (reads only the allocator members, writes the counters). */
        public boolean initialises() {
            return this == DEFLATE_INIT || this == DEFLATE_INIT2 || this == INFLATE_INIT || this == INFLATE_INIT2;
        }

        /** Whether the operation is the decompressor's ({@code inflate*}). */
        public boolean inflates() {
            return name().startsWith("INFLATE");
        }

        /** Whether the operation moves bytes: it reads the input and writes into the room for output. */
        public boolean movesBytes() {
            return this == DEFLATE || this == INFLATE || this == INFLATE_SYNC;
        }

        /**
         * The position, among the call's arguments, of an initialisation's version string (its stream size follows it),
         * or -1.
         */
        public int versionArgument() {
            return switch (this) {
                case DEFLATE_INIT, INFLATE_INIT2 -> 2;
                case DEFLATE_INIT2 -> 6;
                case INFLATE_INIT -> 1;
                default -> -1;
            };
        }
    }

    /**
     * The members of the program's {@code z_stream} before a call: the input ({@code next_in}: null for a null
     * pointer, else the {@code avail_in} bytes it points to), the room for output ({@code next_out} null or
     * {@code avail_out} bytes), and the counters.
     */
    public record Fields(byte[] input, boolean outputNull, long availOut, long totalIn, long totalOut, int dataType, long adler) {}

    /**
     * What a call left: its result, how many input bytes it consumed, the output bytes it wrote (from the start of
     * the room), the counters, {@code msg} (changed or not, and its text when not null), whether the stream's state
     * is gone ({@code deflateEnd}), whether zlib filled in its allocator members (initialisation), and the values of output arguments ({@code deflatePending}'s).
     */
    public record After(long result, long consumed, byte[] output, long totalIn, long totalOut, int dataType, long adler,
                        boolean msgChanged, String msg, boolean ended, boolean allocatorsSet, int[] outputs) {}

    /** x86-64's {@code gz_header} ({@code deflateSetHeader}, {@code inflateGetHeader}): its members' offsets and its size. */
    public static final class GzHeader {
        public static final int TEXT = 0, TIME = 8, XFLAGS = 16, OS = 20, EXTRA = 24, EXTRA_LEN = 32, EXTRA_MAX = 36, NAME = 40,
                NAME_MAX = 48, COMMENT = 56, COMM_MAX = 64, HCRC = 68, DONE = 72, SIZE = 80;

        private GzHeader() {
        }
    }

    /** A native {@code z_stream} and the zlib state behind it: the compressor's or the decompressor's. */
    public static final class Stream {
        private final Zlib z;
        private final boolean inflate;
        private final Memory strm = new Memory(STREAM_SIZE);

        private Stream(Zlib z, boolean inflate) {
            this.z = z;
            this.inflate = inflate;
            strm.clear();
            Memory held = strm;
            Lib lib = z.lib;
            CLEANER.register(this, () -> {
                if (held.getPointer(STATE) == null) return;
                if (inflate) lib.inflateEnd(held);
                else lib.deflateEnd(held);
            });
        }

        /** The native {@code gz_header} zlib keeps a pointer to ({@code deflateSetHeader}), and the buffers its pointers hold. */
        private Memory head;
        private Memory[] headBuffers = new Memory[0];

        /**
         * The program's {@code gz_header} as zlib reads it in {@code deflate}: {@code text}, {@code time}, {@code xflags},
         * {@code os}, the extra field's bytes (null for a null pointer), the name and the comment without their
         * terminators (null for null pointers), {@code hcrc}.
         */
        public record Header(int text, long time, int xflags, int os, byte[] extra, byte[] name, byte[] comment, int hcrc) {}


        /**
         * {@code deflateSetHeader(strm, head)} (the decompressor's: {@code inflateGetHeader}): a native header of this
         * stream's own ({@code none}: a null one), zlib's result. The compressor's header members are filled before
         * each {@code deflate} ({@link #fillHeader}); what the decompressor writes into its own (its buffers null) is
         * not read back: the caller follows zlib's writes from the bytes it consumed.
         */
        public int setHeader(boolean none) {
            Memory h = none ? null : new Memory(GzHeader.SIZE);
            if (h != null) h.clear();
            int r = inflate ? z.lib.inflateGetHeader(strm, h) : z.lib.deflateSetHeader(strm, h);
            if (r == Z_OK) head = h;
            return r;
        }

        /** Whether zlib holds a header of this stream's ({@code deflateSetHeader} with one). */
        public boolean hasHeader() {
            return head != null;
        }

        /** The native header's members set to the program's {@code h} (zlib reads them while it writes the gzip header). */
        public void fillHeader(Header h) {
            if (head == null) throw new IllegalStateException("no header");
            Memory extra = bytes(h.extra(), false), name = bytes(h.name(), true), comment = bytes(h.comment(), true);
            headBuffers = new Memory[] {extra, name, comment};
            head.setInt(GzHeader.TEXT, h.text());
            head.setLong(GzHeader.TIME, h.time());
            head.setInt(GzHeader.XFLAGS, h.xflags());
            head.setInt(GzHeader.OS, h.os());
            head.setPointer(GzHeader.EXTRA, extra);
            head.setInt(GzHeader.EXTRA_LEN, h.extra() == null ? 0 : h.extra().length);
            head.setPointer(GzHeader.NAME, name);
            head.setPointer(GzHeader.COMMENT, comment);
            head.setInt(GzHeader.HCRC, h.hcrc());
        }

        private static Memory bytes(byte[] b, boolean terminated) {
            if (b == null) return null;
            Memory m = new Memory(Math.max(1, b.length + (terminated ? 1 : 0)));
            m.clear();
            if (b.length > 0) m.write(0, b, 0, b.length);
            return m;
        }

        /** Whether this is the decompressor's stream. */
        public boolean inflates() {
            return inflate;
        }

        /** Whether zlib's state is allocated (between a successful initialisation and {@code deflateEnd}). */
        public boolean live() {
            return strm.getPointer(STATE) != null;
        }

        /** {@code deflateGetDictionary} / {@code inflateGetDictionary}: zlib's result and the window's bytes (at most 32 KiB). */
        public record Dictionary(int result, byte[] bytes) {}

        /** The dictionary zlib holds for this stream ({@code deflateGetDictionary}, {@code inflateGetDictionary}). */
        public Dictionary dictionary() {
            Memory dict = new Memory(1 << 15);
            IntByReference len = new IntByReference(0);
            int r = inflate ? z.lib.inflateGetDictionary(strm, dict, len) : z.lib.deflateGetDictionary(strm, dict, len);
            return new Dictionary(r, r == Z_OK ? dict.getByteArray(0, len.getValue()) : new byte[0]);
        }

        /** An independent copy ({@code deflateCopy}; a stream without state copies as one). */
        public Stream copy() {
            Stream c = new Stream(z, inflate);
            if (live() && (inflate ? z.lib.inflateCopy(c.strm, strm) : z.lib.deflateCopy(c.strm, strm)) != Z_OK) {
                throw new IllegalStateException("copying a zlib stream failed");
            }
            // zlib's copy points to the same header (the program's one gz_header): kept alive by both
            c.head = head;
            c.headBuffers = headBuffers;
            return c;
        }

        /**
         * Calls {@code op} on this stream with the program's members {@code f}, integer arguments {@code ints} (in
         * zlib's order after the stream) and byte arguments {@code bytes} (the version string with its terminator, or
         * the dictionary).
         */
        public After call(Op op, Fields f, long[] ints, byte[] bytes) {
            Memory in = f.input() == null ? null : new Memory(Math.max(1, f.input().length));
            if (in != null && f.input().length > 0) in.write(0, f.input(), 0, f.input().length);
            long room = f.availOut();
            Memory out = f.outputNull() ? null : new Memory(Math.max(1, room));
            strm.setPointer(NEXT_IN, in);
            strm.setInt(AVAIL_IN, f.input() == null ? 0 : f.input().length);
            strm.setLong(TOTAL_IN, f.totalIn());
            strm.setPointer(NEXT_OUT, out);
            strm.setInt(AVAIL_OUT, (int) room);
            strm.setLong(TOTAL_OUT, f.totalOut());
            strm.setPointer(MSG, z.untouched);
            strm.setInt(DATA_TYPE, f.dataType());
            strm.setLong(ADLER, f.adler());
            if (op.initialises()) {
                strm.setPointer(ZALLOC, null);
                strm.setPointer(ZFREE, null);
                strm.setPointer(OPAQUE, null);
            }
            int[] outputs = new int[0];
            long result;
            Lib lib = z.lib;
            switch (op) {
                case DEFLATE_INIT -> result = lib.deflateInit_(strm, (int) ints[0], bytes, (int) ints[2]);
                case DEFLATE_INIT2 -> result = lib.deflateInit2_(strm, (int) ints[0], (int) ints[1], (int) ints[2], (int) ints[3],
                        (int) ints[4], bytes, (int) ints[6]);
                case DEFLATE -> result = lib.deflate(strm, (int) ints[0]);
                case DEFLATE_END -> result = lib.deflateEnd(strm);
                case DEFLATE_RESET -> result = lib.deflateReset(strm);
                case DEFLATE_PARAMS -> result = lib.deflateParams(strm, (int) ints[0], (int) ints[1]);
                case DEFLATE_SET_DICTIONARY -> result = lib.deflateSetDictionary(strm, bytes, bytes == null ? 0 : bytes.length);
                case DEFLATE_PENDING -> {
                    IntByReference pending = new IntByReference(), bits = new IntByReference();
                    result = lib.deflatePending(strm, pending, bits);
                    outputs = new int[] {pending.getValue(), bits.getValue()};
                }
                case DEFLATE_PRIME -> result = lib.deflatePrime(strm, (int) ints[0], (int) ints[1]);
                case DEFLATE_BOUND -> result = lib.deflateBound(strm, ints[0]);
                case DEFLATE_TUNE -> result = lib.deflateTune(strm, (int) ints[0], (int) ints[1], (int) ints[2], (int) ints[3]);
                case DEFLATE_RESET_KEEP -> result = lib.deflateResetKeep(strm);
                case INFLATE_INIT -> result = lib.inflateInit_(strm, bytes, (int) ints[1]);
                case INFLATE_INIT2 -> result = lib.inflateInit2_(strm, (int) ints[0], bytes, (int) ints[2]);
                case INFLATE -> result = lib.inflate(strm, (int) ints[0]);
                case INFLATE_END -> result = lib.inflateEnd(strm);
                case INFLATE_RESET -> result = lib.inflateReset(strm);
                case INFLATE_RESET2 -> result = lib.inflateReset2(strm, (int) ints[0]);
                case INFLATE_RESET_KEEP -> result = lib.inflateResetKeep(strm);
                case INFLATE_SET_DICTIONARY -> result = lib.inflateSetDictionary(strm, bytes, bytes == null ? 0 : bytes.length);
                case INFLATE_SYNC -> result = lib.inflateSync(strm);
                case INFLATE_SYNC_POINT -> result = lib.inflateSyncPoint(strm);
                case INFLATE_PRIME -> result = lib.inflatePrime(strm, (int) ints[0], (int) ints[1]);
                case INFLATE_MARK -> result = lib.inflateMark(strm);
                case INFLATE_VALIDATE -> result = lib.inflateValidate(strm, (int) ints[0]);
                case INFLATE_CODES_USED -> result = lib.inflateCodesUsed(strm);
                case INFLATE_UNDERMINE -> result = lib.inflateUndermine(strm, (int) ints[0]);
                default -> throw new IllegalArgumentException(op.toString());
            }
            long leftIn = strm.getInt(AVAIL_IN) & 0xffffffffL;
            long leftOut = strm.getInt(AVAIL_OUT) & 0xffffffffL;
            long consumed = f.input() == null ? 0 : f.input().length - leftIn;
            byte[] produced = out == null ? new byte[0] : out.getByteArray(0, (int) (room - leftOut));
            Pointer msg = strm.getPointer(MSG);
            boolean msgChanged = !z.untouched.equals(msg);
            String text = msgChanged && msg != null ? msg.getString(0, "ISO-8859-1") : null;
            After after = new After(result, consumed, produced, strm.getLong(TOTAL_IN), strm.getLong(TOTAL_OUT),
                    strm.getInt(DATA_TYPE), strm.getLong(ADLER), msgChanged, text, !live(), strm.getPointer(ZALLOC) != null, outputs);
            strm.setPointer(NEXT_IN, null);
            strm.setPointer(NEXT_OUT, null);
            strm.setPointer(MSG, null);
            return after;
        }
    }
}
