package weft.exec;

import weft.exec.state.*;

import weft.installed.Zlib;
import weft.installed.Zlib.GzHeader;
import weft.ir.CType;
import weft.ir.Edge;
import weft.ir.Stmt;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * zlib's gzip headers of the program's ({@code gz_header}, x86-64's layout): {@code deflateSetHeader} and
 * {@code inflateGetHeader} ({@link ZlibCalls}, which runs the installed zlib).
 *
 * <p>{@code deflateSetHeader(strm, head)}: zlib keeps the pointer ({@code Z_STREAM_ERROR} for a stream that writes no
 * gzip wrapper), and each later {@code deflate} reads the header's members while it writes the gzip header: the
 * program's header is remembered with the stream ({@link ZlibCalls.Owned#header}) and copied into a native one of the
 * stream's before each {@code deflate} ({@link #read}: {@code text}, {@code time}, {@code xflags}, {@code os}, the extra
 * field's {@code extra_len} bytes, the name and the comment, {@code hcrc}; each must be known).
 *
 * <p>{@code inflateGetHeader(strm, head)}: zlib keeps the pointer (the native stream is given a header of its own to
 * learn zlib's answer), sets {@code head->done} to 0, and each later {@code inflate} fills the header as it reads the
 * gzip header's bytes. zlib 1.2.13's {@code inflate.c} writes, in this order and as soon as each field's bytes are in:
 * {@code done = -1} when the stream is no gzip stream; {@code text} (the flags' bit 0; an unknown method or reserved
 * flags end the header there); {@code time}; {@code xflags} and {@code os}; {@code extra_len}, or a null {@code extra}
 * when there is no extra field; the extra field's bytes at their index while below {@code extra_max} (and
 * {@code extra} not null), the name's and the comment's bytes (their terminators included) at their index while
 * below {@code name_max} / {@code comm_max}, or a null {@code name} / {@code comment} when absent; then {@code hcrc}
 * and {@code done = 1} (a header CRC that does not match, zlib's "header crc mismatch", ends it first). Those are
 * {@link #writes} of the header's bytes the stream has consumed ({@link Parse}), all recomputed after each
 * {@code inflate} and the new ones made, reading the pointers and limits the program's header then holds, as zlib
 * reads them. A reset forgets the header ({@code inflateResetKeep}: {@code state->head = Z_NULL}). No access is
 * recorded (zlib's, as for every zlib call); {@code inflateGetHeader} after the stream consumed bytes stops the run
 * (its header would miss what was read before).
 */
final class GzipHeaders {
    private GzipHeaders() {
    }

    /** Header bytes kept at most (an extra field, a name and a comment of a few KiB). */
    private static final int MAX_HEADER = 1 << 16;

    /** The gzip header's bytes an {@code inflate} stream consumed so far, and how many of their {@link #writes} were made. */
    record Parse(byte[] seen, int made) {}

    /** One write of zlib's into the header: an integer member, or a byte of a buffer member (pointer at {@code off}, limit at {@code max}). */
    record Write(long off, int size, long value, long max, long index) {
        static Write member(long off, int size, long value) {
            return new Write(off, size, value, -1, -1);
        }

        static Write buffered(long pointer, long max, long index, int value) {
            return new Write(pointer, 1, value, max, index);
        }
    }

    /** {@code deflateSetHeader} and {@code inflateGetHeader}. */
    static boolean set(Interpreter in, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, boolean inflate, List<Value> args) {
        ExecState st = in.st;
        ZlibCalls.Members m = ZlibCalls.Members.of(call.args().get(0).type(), name);
        ZlibCalls.Owned owned = ZlibCalls.owned(st, LibraryBehaviour.arg(args, 0), m, inflate, name);
        if (owned == null) return in.finishCall(t, c, e, Value.of(Zlib.Z_STREAM_ERROR), null);
        Value head = LibraryBehaviour.arg(args, 1);
        Value.Ptr sp = LibraryFunctions.ptr(LibraryBehaviour.arg(args, 0), name);
        Value.Ptr hp = Value.isNull(head) ? null : LibraryFunctions.ptr(head, name);
        if (inflate && m.integer(st, sp, "total_in", name) != 0) throw Abandon.unsupported(name + " after the stream read bytes (not modelled)");
        if (hp != null) header(st, hp, name);
        int r = owned.stream().setHeader(hp == null);
        if (r == Zlib.Z_OK) {
            if (inflate && hp != null) st.mem.writeRaw(hp.obj(), hp.off() + GzHeader.DONE, 4, 0);
            Value.Ptr state = (Value.Ptr) m.read(st, sp, "state");
            st.zlibStreams.put(state.obj(), new ZlibCalls.Owned(owned.stream(), owned.obj(), owned.off(), hp,
                    inflate && hp != null ? new Parse(new byte[0], 0) : null));
        }
        return in.finishCall(t, c, e, Value.of(r), null);
    }

    /** The program's header's block, which must hold the whole {@code gz_header}. */
    private static Block header(ExecState st, Value.Ptr p, String name) {
        Block b = st.mem.get(p.obj());
        if (!b.alive || p.off() < 0 || p.off() + GzHeader.SIZE > b.size) throw Abandon.unsupported(name + " with a header that is gone or too small");
        return b;
    }

    /** The program's {@code gz_header} at {@code p} as {@code deflate} reads it (every member it reads must be known). */
    static Zlib.Stream.Header read(ExecState st, Value.Ptr p, String name) {
        Block b = header(st, p, name);
        CType ptr = new CType.Pointer(new CType.Void(), 8);
        for (long[] f : new long[][] {{GzHeader.TEXT, 4}, {GzHeader.TIME, 8}, {GzHeader.XFLAGS, 8}, {GzHeader.EXTRA, 8}, {GzHeader.EXTRA_LEN, 4}, {GzHeader.NAME, 8}, {GzHeader.COMMENT, 8}, {GzHeader.HCRC, 4}}) {
            if (b.anyUnknown(p.off() + f[0], f[1])) throw Abandon.unsupported(name + " with a gz_header member not set");
        }
        Value extra = st.mem.read(p.obj(), p.off() + GzHeader.EXTRA, ptr), nameP = st.mem.read(p.obj(), p.off() + GzHeader.NAME, ptr);
        Value comment = st.mem.read(p.obj(), p.off() + GzHeader.COMMENT, ptr);
        long extraLen = st.mem.readRaw(p.obj(), p.off() + GzHeader.EXTRA_LEN, 4);
        byte[] extraBytes = null;
        if (!Value.isNull(extra)) {
            Value.Ptr x = LibraryFunctions.ptr(extra, name);
            if (extraLen > Memory.EXPLORED_OBJECT || st.mem.get(x.obj()).anyUnknown(x.off(), extraLen)) throw Abandon.unsupported(name + " with an extra field not known");
            st.mem.check(x.obj(), x.off(), extraLen, false);
            extraBytes = new byte[(int) extraLen];
            for (int i = 0; i < extraLen; i++) extraBytes[i] = (byte) st.mem.readByte(x.obj(), x.off() + i);
        }
        byte[] nameBytes = Value.isNull(nameP) ? null : Formatter.knownBytes(st, LibraryFunctions.ptr(nameP, name), name);
        byte[] commentBytes = Value.isNull(comment) ? null : Formatter.knownBytes(st, LibraryFunctions.ptr(comment, name), name);
        return new Zlib.Stream.Header((int) st.mem.readRaw(p.obj(), p.off() + GzHeader.TEXT, 4), st.mem.readRaw(p.obj(), p.off() + GzHeader.TIME, 8),
                (int) st.mem.readRaw(p.obj(), p.off() + GzHeader.XFLAGS, 4), (int) st.mem.readRaw(p.obj(), p.off() + GzHeader.OS, 4), extraBytes, nameBytes,
                commentBytes, (int) st.mem.readRaw(p.obj(), p.off() + GzHeader.HCRC, 4));
    }

    /**
     * After an {@code inflate} of {@code owned}, which had {@code input} and consumed {@code after.consumed()} of it: the
     * header's new writes made into the program's header, the stream's parse advanced.
     */
    static ZlibCalls.Owned inflated(ExecState st, ZlibCalls.Owned owned, byte[] input, Zlib.After after, String name) {
        Parse p = owned.parse();
        if (p == null || input == null || after.consumed() == 0) return owned;
        byte[] seen = p.seen();
        if (seen.length < MAX_HEADER) {
            int take = (int) Math.min(after.consumed(), MAX_HEADER - seen.length);
            seen = Arrays.copyOf(seen, seen.length + take);
            System.arraycopy(input, 0, seen, p.seen().length, take);
        }
        List<Write> writes = writes(seen, "header crc mismatch".equals(after.msg()));
        if (seen.length >= MAX_HEADER && !finished(writes)) throw Abandon.unsupported(name + ": a gzip header of more than " + MAX_HEADER + " bytes");
        Value.Ptr hp = owned.header();
        if (writes.size() > p.made()) header(st, hp, name);
        CType ptr = new CType.Pointer(new CType.Void(), 8);
        for (Write w : writes.subList(Math.min(p.made(), writes.size()), writes.size())) {
            if (w.max() < 0) {
                if (w.off() == GzHeader.EXTRA || w.off() == GzHeader.NAME || w.off() == GzHeader.COMMENT) st.mem.write(hp.obj(), hp.off() + w.off(), ptr, Value.ZERO);
                else st.mem.writeRaw(hp.obj(), hp.off() + w.off(), w.size(), w.value());
                continue;
            }
            // a buffer's byte: written when the buffer is not null and the index below its limit (both as the header holds them now)
            if (st.mem.get(hp.obj()).anyUnknown(hp.off() + w.off(), 8) || st.mem.get(hp.obj()).anyUnknown(hp.off() + w.max(), 4)) {
                throw Abandon.unsupported(name + " filling a gz_header whose buffer or limit is not set");
            }
            Value buffer = st.mem.read(hp.obj(), hp.off() + w.off(), ptr);
            long max = st.mem.readRaw(hp.obj(), hp.off() + w.max(), 4);
            if (Value.isNull(buffer) || w.index() >= max) continue;
            Value.Ptr b = LibraryFunctions.ptr(buffer, name);
            st.mem.check(b.obj(), b.off() + w.index(), 1, true);
            st.mem.writeRaw(b.obj(), b.off() + w.index(), 1, w.value());
        }
        return new ZlibCalls.Owned(owned.stream(), owned.obj(), owned.off(), hp, new Parse(seen, writes.size()));
    }

    /** Whether the writes end the header ({@code done} set to 1 or -1, or a header zlib refused). */
    private static boolean finished(List<Write> writes) {
        return !writes.isEmpty() && writes.get(writes.size() - 1).off() == GzHeader.DONE;
    }

    /**
     * zlib's writes into the header for a stream whose first bytes are {@code seen}, in order ({@code crcRefused}: zlib
     * found the header's CRC wrong, so the last two, {@code hcrc} and {@code done}, are not made).
     */
    static List<Write> writes(byte[] seen, boolean crcRefused) {
        List<Write> w = new ArrayList<>();
        int n = seen.length;
        if (n < 2) return w;
        if ((seen[0] & 0xff) != 0x1f || (seen[1] & 0xff) != 0x8b) {
            w.add(Write.member(GzHeader.DONE, 4, -1));
            return w;
        }
        if (n < 4) return w;
        int method = seen[2] & 0xff, flags = seen[3] & 0xff;
        if (method != 8 || (flags & 0xe0) != 0) return w;
        w.add(Write.member(GzHeader.TEXT, 4, flags & 1));
        if (n < 8) return w;
        w.add(Write.member(GzHeader.TIME, 8, (seen[4] & 0xffL) | (seen[5] & 0xffL) << 8 | (seen[6] & 0xffL) << 16 | (seen[7] & 0xffL) << 24));
        if (n < 10) return w;
        w.add(Write.member(GzHeader.XFLAGS, 4, seen[8] & 0xff));
        w.add(Write.member(GzHeader.OS, 4, seen[9] & 0xff));
        int i = 10;
        if ((flags & 4) != 0) {
            if (n < i + 2) return w;
            int xlen = (seen[i] & 0xff) | (seen[i + 1] & 0xff) << 8;
            w.add(Write.member(GzHeader.EXTRA_LEN, 4, xlen));
            i += 2;
            for (int j = 0; j < xlen; j++) {
                if (i >= n) return w;
                w.add(Write.buffered(GzHeader.EXTRA, GzHeader.EXTRA_MAX, j, seen[i++] & 0xff));
            }
        } else {
            w.add(Write.member(GzHeader.EXTRA, 8, 0));
        }
        long[][] strings = {{8, GzHeader.NAME, GzHeader.NAME_MAX}, {16, GzHeader.COMMENT, GzHeader.COMM_MAX}};
        for (long[] s : strings) {
            if ((flags & s[0]) != 0) {
                if (i >= n) return w;
                int k = 0, b;
                do {
                    b = seen[i++] & 0xff;
                    w.add(Write.buffered(s[1], s[2], k++, b));
                } while (b != 0 && i < n);
                if (b != 0) return w;
            } else {
                w.add(Write.member(s[1], 8, 0));
            }
        }
        if ((flags & 2) != 0) {
            if (n < i + 2 || crcRefused) return w;
        }
        w.add(Write.member(GzHeader.HCRC, 4, (flags >> 1) & 1));
        w.add(Write.member(GzHeader.DONE, 4, 1));
        return w;
    }
}
