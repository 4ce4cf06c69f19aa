package weft.exec;

import weft.exec.state.*;

import weft.ir.CType;
import weft.ir.Edge;
import weft.ir.IntConversions;
import weft.ir.Stmt;
import weft.model.Semantics;
import weft.model.StreamKinds.MemoryOp;
import weft.model.StreamKinds.MemoryStreamOpen;
import weft.model.StreamKinds.MemoryStreamUse;

import java.util.List;

/**
 * Streams on memory as glibc 2.36 runs them ({@link MemoryStreamOpen}: {@code libio/fmemopen.c},
 * {@code libio/memstream.c} over {@code libio/fileops.c} and {@code libio/strops.c}); the stream functions that run on
 * them are the table's {@code memory-stream} rows ({@link MemoryStreamUse}), and any other library call given such a
 * stream stops the run.
 * <ul>
 * <li>{@code fmemopen(buf, size, mode)} with a buffer of the program's, for reading ({@code r}) or writing ({@code w},
 * {@code a}; a {@code b} is allowed, {@code +} and a null buffer stop the run): the cookie's position, its {@code maxpos}
 * (the size for reading, 0 for writing, the buffer's first null within the size for appending) and size. stdio's buffer
 * ({@code BUFSIZ} = 8192 bytes, allocated at the first use) sits between the program and the cookie: output is kept
 * there until {@code fflush} or {@code fclose} hands all of it to {@code fmemopen_write} in one call, which copies what
 * fits at the position ({@code maxpos} when appending), then writes a null after the data when it ends below the size
 * and the data's last byte is not null, or, for a stream not appending that reached the size, over the buffer's last byte;
 * a write that did not fit whole makes the flush return {@code EOF} and sets the error indicator ({@code ENOSPC} when
 * nothing fit). Output that would fill stdio's buffer (which glibc writes out early, in blocks) stops the run. A read
 * takes the next byte of stdio's buffer, and when it is empty {@code fmemopen_read} copies the next
 * {@code min(8192, maxpos - pos)} bytes of the program's buffer into it (none: the end of file, after which reads give
 * {@code EOF} without reading until {@code clearerr}); {@code fflush} of a stream read gives the unread bytes back to the
 * cookie (its position moves back). {@code fgets}, {@code fgetc}, {@code fread} of fewer than 8192 bytes are modelled.
 * <li>{@code open_memstream(bufloc, sizeloc)}: a string stream on a zeroed heap block of 8192 bytes that output is
 * written into at once; writing a byte past its end grows it to twice its size plus 100 bytes (a new block, the old
 * one copied and freed, the rest zeroed). {@code fflush} (growing the block first when it is full) stores the block's
 * address at {@code *bufloc} and the length written at {@code *sizeloc}; {@code fclose} reallocates the block to the
 * length plus one, writes the null and stores both again. Reading it stops the run.
 * </ul>
 * The streams' state is a library object per stream ({@code ExecState#libraryObject}, so states are compared with it).
 *
 * <p>Soundness: a run through these calls is glibc's execution of them, byte for byte, for the arguments and memory
 * the run has; what the model does not follow (early writes of a full buffer, {@code +} modes, seeks, reads of big
 * blocks, scans, a call of another stream function) stops the run. The memory the library reads and writes
 * (the program's buffer, {@code *bufloc}, {@code *sizeloc}, the growing block, the format's arguments) is recorded for
 * proofs only ({@link ByteAccess#asProofOnly}): ThreadSanitizer does not see glibc's own accesses, so no confirmation
 * rests on them. A proof stops when the program ends where the exit would write the program's memory for a memory
 * stream ({@link #writesAtExit}), which no step records.
 */
final class MemoryStreams {
    /** The name prefix of the stream objects {@code fmemopen} and {@code open_memstream} return. */
    static final String OPENED = "FILE in memory at ";
    private static final String STATE = "memory stream state of #";
    /** glibc's {@code BUFSIZ}: stdio's buffer of a cookie stream, and {@code open_memstream}'s first block. */
    static final long BUFSIZ = 8192;

    // the state object's fields (8 bytes each), then stdio's buffer
    // (package-private: MemoryStreamReads reads and writes the position, maxpos, bytes held and taken, stdio's buffer)
    static final long FLAGS = 0, BUF = 8, SIZE = 16, POS = 24, MAXPOS = 32, BUFLOC = 40, SIZELOC = 48, HELD = 56, TAKEN = 64, DATA = 72;
    static final int GROWS = 1, READS = 2, APPENDS = 4, AT_END = 8, FAILED = 16;

    private MemoryStreams() {
    }

    /**
     * Whether {@code v} points to a stream on memory the run opened (open or closed). An object's name never changes, so
     * the look is not logged ({@code Memory#peek}): a plan does not depend on it.
     */
    static boolean isMemoryStream(ExecState st, Value v) {
        return v instanceof Value.Ptr p && st.mem.peek(p.obj()).name.startsWith(OPENED);
    }

    /** Whether any argument is a stream on memory. */
    static boolean given(ExecState st, List<Value> args) {
        for (Value v : args) if (isMemoryStream(st, v)) return true;
        return false;
    }

    /**
     * {@code fflush(NULL)} flushes every stream: with output of an {@code fmemopen} stream buffered (which it would
     * write), the run stops; {@code open_memstream}'s are not synchronised by it (glibc's {@code _IO_flush_all} does not
     * call their sync). Else the call goes on as for the other streams.
     */
    static void flushAll(ExecState st, String name, List<Value> args) {
        MemoryStreamUse u = weft.model.StreamKinds.memoryStreamUse(name);
        if (u != null && u.op() == MemoryOp.FLUSH && Value.isNull(LibraryBehaviour.arg(args, u.stream())) && anyOpen(st, false)) {
            throw Abandon.unsupported(name + " of every stream with output of a memory stream buffered");
        }
    }

    /**
     * Whether the process's exit would write the program's memory for a memory stream: an {@code fmemopen} stream holds
     * output not yet written ({@code _IO_flush_all} writes it), or an {@code open_memstream} stream is open (the exit's
     * {@code _IO_unbuffer_all} may synchronise it, storing at {@code *bufloc} and {@code *sizeloc}).
     */
    static boolean writesAtExit(ExecState st) {
        return anyOpen(st, true);
    }

    /** Whether an {@code fmemopen} stream holds output not yet written (or, with {@code orGrowing}, any open_memstream is open). */
    private static boolean anyOpen(ExecState st, boolean orGrowing) {
        for (int id : st.libraryObjectIds()) {
            Block o = st.mem.get(id);
            if (!o.alive || !o.name.startsWith(STATE)) continue;
            int flags = flags(st, id);
            if (orGrowing && (flags & GROWS) != 0 || (flags & (GROWS | READS)) == 0 && field(st, id, HELD) > 0) return true;
        }
        return false;
    }

    // ---- opening

    static boolean open(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                        MemoryStreamOpen o, List<Value> args) {
        ExecState st = in.st;
        if (o.grows()) {
            Value.Ptr bufloc = LibraryFunctions.ptr(LibraryBehaviour.arg(args, o.bufloc()), name);
            Value.Ptr sizeloc = LibraryFunctions.ptr(LibraryBehaviour.arg(args, o.sizeloc()), name);
            st.mem.check(bufloc.obj(), bufloc.off(), st.dm.pointerSize, true);
            st.mem.check(sizeloc.obj(), sizeloc.off(), st.sizeType().size(), true);
            if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
            // calloc (1, BUFSIZ): the allocation succeeds, as malloc's does in the search
            Block b = LibraryBehaviour.newBlock(st, t, BUFSIZ, false, false, call.loc());
            Opened opened = create(st, call);
            int s = opened.state();
            setFlags(st, s, GROWS);
            st.mem.write(s, BUF, charPtr(st), new Value.Ptr(b.id, 0));
            set(st, s, SIZE, BUFSIZ);
            st.mem.write(s, BUFLOC, charPtr(st), bufloc);
            st.mem.write(s, SIZELOC, charPtr(st), sizeloc);
            return in.finishCall(t, c, e, opened.file(), null);
        }
        Value bufArg = LibraryBehaviour.arg(args, o.buf());
        if (Value.isNull(bufArg)) throw Abandon.unsupported(name + " without a buffer (its memory is the library's)");
        Value.Ptr buf = LibraryFunctions.ptr(bufArg, name);
        long size = LibraryFunctions.count(LibraryBehaviour.arg(args, o.size()));
        String mode = Formatter.knownString(st, lib, c, call, name, LibraryFunctions.ptr(LibraryBehaviour.arg(args, o.mode()), name));
        if (mode.isEmpty() || "rwa".indexOf(mode.charAt(0)) < 0) {
            // fopencookie refuses the mode (fmemopen has looked at nothing else)
            if (!c.dry) st.setErrno(t, Errno.EINVAL);
            return in.finishCall(t, c, e, Value.ZERO, null);
        }
        if (mode.length() > 1 && (mode.charAt(1) == '+' || mode.charAt(1) == 'b' && mode.length() > 2 && mode.charAt(2) == '+')) {
            throw Abandon.unsupported(name + " for update (\"" + mode + "\")");
        }
        long maxpos = 0;
        if (mode.charAt(0) == 'a') {
            // strnlen (buffer, len)
            long n = 0;
            while (n < size && st.mem.readByte(buf.obj(), buf.off() + n) != 0) n++;
            lib.proofOnlyAccess(c, buf, Math.min(n + 1, size), false, call, name);
            maxpos = n;
        } else if (mode.charAt(0) == 'r') {
            maxpos = size;
        }
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        Opened opened = create(st, call);
        int s = opened.state();
        setFlags(st, s, (mode.charAt(0) == 'r' ? READS : 0) | (mode.charAt(0) == 'a' ? APPENDS : 0));
        st.mem.write(s, BUF, charPtr(st), buf);
        set(st, s, SIZE, size);
        set(st, s, MAXPOS, maxpos);
        set(st, s, POS, mode.charAt(0) == 'a' ? maxpos : 0);
        return in.finishCall(t, c, e, opened.file(), null);
    }

    /** A stream object {@code fopencookie} made, and its state's id. */
    private record Opened(Value.Ptr file, int state) {}

    /** A new stream object and its state (named after the stream, which finds it: {@link #use}). */
    private static Opened create(ExecState st, Stmt.Call call) {
        Block f = st.mem.create(OPENED + call.loc().shortString(), Block.Kind.SPECIAL, 0, -1, call.loc());
        f.opaque = true;
        int s = st.libraryObject(STATE + f.id, () -> {
            Block b = st.mem.create(STATE + f.id, Block.Kind.SPECIAL, DATA + BUFSIZ, -1, call.loc());
            return b.id;
        }).obj();
        return new Opened(new Value.Ptr(f.id, 0), s);
    }

    // ---- use

    /**
     * A call given a stream on memory: its {@code memory-stream} row's operation, or (the stream locks) null to go on as
     * for any stream; another call stops the run.
     */
    static Boolean use(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                       Semantics sem, List<Value> args) {
        ExecState st = in.st;
        MemoryStreamUse u = weft.model.StreamKinds.memoryStreamUse(name);
        if (u == null || !isMemoryStream(st, LibraryBehaviour.arg(args, u.stream()))) {
            if (StreamLocks.handles(sem)) return null;
            throw Abandon.unsupported(name + " of a memory stream (not modelled)");
        }
        Value.Ptr fp = (Value.Ptr) LibraryBehaviour.arg(args, u.stream());
        Value.Ptr state = st.existingLibraryObject(STATE + fp.obj());
        if (fp.off() != 0 || state == null || !st.mem.get(fp.obj()).alive) throw Abandon.unsupported(name + " of a closed memory stream");
        int s = state.obj();
        int flags = flags(st, s);
        boolean reads = (flags & READS) != 0;
        return switch (u.op()) {
            case PRINT, PUTS, PUTC, WRITE -> {
                if (reads) throw Abandon.unsupported(name + " to a memory stream opened for reading");
                yield output(in, lib, t, c, e, call, name, u, args, s);
            }
            case GETC, GETS, READ -> {
                if (!reads) throw Abandon.unsupported(name + " from a memory stream opened for writing");
                yield MemoryStreamReads.read(in, lib, t, c, e, call, name, u, args, s);
            }
            case FLUSH -> {
                long r = flush(st, lib, t, c, call, name, s);
                yield in.finishCall(t, c, e, Value.of(r), IntConversions.INT);
            }
            case CLOSE -> {
                // a string stream is no file buffer: fclose does not flush it (_IO_new_fclose), _IO_mem_finish stores
                long r = (flags & GROWS) != 0 ? 0 : flush(st, lib, t, c, call, name, s);
                if ((flags & GROWS) != 0) finish(st, lib, t, c, call, name, s);
                if (!c.dry) {
                    st.mem.kill(s);
                    st.mem.kill(fp.obj());
                }
                yield in.finishCall(t, c, e, Value.of(r), IntConversions.INT);
            }
            case EOF -> in.finishCall(t, c, e, (flags & AT_END) != 0 ? Value.ONE : Value.ZERO, IntConversions.INT);
            case ERROR -> in.finishCall(t, c, e, (flags & FAILED) != 0 ? Value.ONE : Value.ZERO, IntConversions.INT);
            case CLEAR -> {
                if (!c.dry) setFlags(st, s, flags & ~(AT_END | FAILED));
                yield in.finishCall(t, c, e, Value.ZERO, null);
            }
        };
    }

    /** The bytes an output call writes, and its result; the memory it reads recorded for proofs. */
    private static boolean output(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                                  MemoryStreamUse u, List<Value> args, int s) {
        ExecState st = in.st;
        byte[] bytes;
        long result;
        switch (u.op()) {
            case PRINT -> {
                Value.Ptr f = LibraryFunctions.ptr(LibraryBehaviour.arg(args, u.data()), name);
                lib.checkFormat(f, false);
                List<Value> values = VarArgs.afterFormat(st.mem, args, u.data(), u.vaList(), name);
                Formatter.Result r = new Formatter(st.mem, st.dm).format(f, values, name);
                if (!st.mem.get(f.obj()).readOnly) lib.proofOnlyAccess(c, f, lib.strlen(f) + 1, false, call, name);
                for (Formatter.Read read : r.reads()) lib.proofOnlyAccess(c, read.ptr(), read.length(), false, call, name);
                for (Formatter.Count n : r.counts()) {
                    lib.proofOnlyAccess(c, n.ptr(), n.size(), true, call, name);
                    if (!c.dry) st.mem.write(n.ptr().obj(), n.ptr().off(), new CType.Int("int", n.size(), n.size(), true), Value.of(n.value()));
                }
                bytes = r.bytes();
                result = bytes.length;
            }
            case PUTS -> {
                Value.Ptr p = LibraryFunctions.ptr(LibraryBehaviour.arg(args, u.data()), name);
                long n = lib.strlen(p);
                lib.proofOnlyAccess(c, p, n + 1, false, call, name);
                bytes = st.mem.readBytes(p.obj(), p.off(), (int) n);
                result = 1; // glibc's fputs
            }
            case PUTC -> {
                if (!(LibraryBehaviour.arg(args, u.data()) instanceof Value.Int ch)) throw Abandon.unsupported(name + " of " + args.get(u.data()));
                bytes = new byte[] {(byte) ch.v()};
                result = ch.v() & 0xff;
            }
            default -> {
                long count = LibraryFunctions.count(LibraryBehaviour.arg(args, u.count()));
                long n = itemBytes(args, u, name);
                if (n == 0) return in.finishCall(t, c, e, Value.ZERO, st.sizeType());
                if (n >= BUFSIZ) throw Abandon.unsupported(name + " of " + n + " bytes to a memory stream (written out in blocks)");
                Value.Ptr p = LibraryFunctions.ptr(LibraryBehaviour.arg(args, u.data()), name);
                lib.proofOnlyAccess(c, p, n, false, call, name);
                bytes = st.mem.readBytes(p.obj(), p.off(), (int) n);
                result = count;
            }
        }
        if ((flags(st, s) & GROWS) != 0) {
            write(st, lib, t, c, call, name, s, bytes);
        } else {
            long held = field(st, s, HELD);
            if (held + bytes.length >= BUFSIZ) throw Abandon.unsupported(name + ": stdio's buffer of a memory stream full (written out early)");
            if (!c.dry) {
                st.mem.writeBytes(s, DATA + held, bytes);
                set(st, s, HELD, held + bytes.length);
            }
        }
        return in.finishCall(t, c, e, Value.of(result), u.op() == MemoryOp.WRITE ? st.sizeType() : IntConversions.INT);
    }

    /** {@code fwrite}'s and {@code fread}'s bytes: the item size times the count (an overflow stops the run). */
    static long itemBytes(List<Value> args, MemoryStreamUse u, String name) {
        try {
            return Math.multiplyExact(LibraryFunctions.count(LibraryBehaviour.arg(args, u.size())),
                    LibraryFunctions.count(LibraryBehaviour.arg(args, u.count())));
        } catch (ArithmeticException x) {
            throw Abandon.unsupported(name + " of too many bytes");
        }
    }

    /** {@code open_memstream}'s output: written at the position, the block grown as {@code _IO_str_overflow} grows it. */
    private static void write(ExecState st, LibraryFunctions lib, ThreadState t, Ctx c, Stmt.Call call, String name, int s, byte[] bytes) {
        long pos = field(st, s, POS);
        grow(st, lib, t, c, call, name, s, pos + bytes.length);
        Value.Ptr b = buffer(st, s);
        if (!c.dry || field(st, s, SIZE) >= pos + bytes.length) lib.proofOnlyAccess(c, b.at(b.off() + pos), bytes.length, true, call, name);
        if (c.dry) return;
        st.mem.writeBytes(b.obj(), b.off() + pos, bytes);
        set(st, s, POS, pos + bytes.length);
    }

    /**
     * Grows {@code open_memstream}'s block until it holds {@code needed} bytes: each time to twice its size plus 100, a
     * new block with the old one's bytes and zeros after them, the old one freed (a write over all of it).
     */
    private static void grow(ExecState st, LibraryFunctions lib, ThreadState t, Ctx c, Stmt.Call call, String name, int s, long needed) {
        long cap = field(st, s, SIZE);
        if (needed <= cap) return;
        long grown = cap;
        while (grown < needed) grown = 2 * grown + 100;
        if (grown > Memory.MAX_OBJECT) throw Abandon.unsupported(name + ": a memory stream of " + grown + " bytes");
        Value.Ptr old = buffer(st, s);
        lib.proofOnlyAccess(c, old, cap, true, call, name);
        if (c.dry) return;
        Block b = LibraryBehaviour.newBlock(st, t, grown, false, false, call.loc());
        st.mem.copy(b.id, 0, old.obj(), old.off(), cap);
        st.mem.kill(old.obj());
        st.mem.write(s, BUF, charPtr(st), new Value.Ptr(b.id, 0));
        set(st, s, SIZE, grown);
    }

    /**
     * {@code fflush} (and {@code fclose}'s flush): {@code fmemopen}'s output held written by {@code fmemopen_write}, its
     * unread input given back; {@code open_memstream}'s block address and length stored. Returns 0 or {@code EOF}.
     */
    private static long flush(ExecState st, LibraryFunctions lib, ThreadState t, Ctx c, Stmt.Call call, String name, int s) {
        int flags = flags(st, s);
        if ((flags & GROWS) != 0) {
            long pos = field(st, s, POS);
            // _IO_mem_sync: a full block is grown first (_IO_str_overflow (fp, '\0'), then the position moves back)
            grow(st, lib, t, c, call, name, s, pos + 1);
            store(st, lib, c, call, name, s, c.dry ? null : buffer(st, s), pos);
            return 0;
        }
        long held = field(st, s, HELD);
        if ((flags & READS) != 0) {
            // _IO_new_file_sync: the cookie seeks back over what stdio read ahead and the program did not take
            if (!c.dry && held > 0) {
                set(st, s, POS, field(st, s, POS) - (held - field(st, s, TAKEN)));
                set(st, s, HELD, 0);
                set(st, s, TAKEN, 0);
            }
            return 0;
        }
        if (held == 0) return 0;
        long size = field(st, s, SIZE), cpos = field(st, s, POS), maxpos = field(st, s, MAXPOS);
        boolean append = (flags & APPENDS) != 0;
        long pos = append ? maxpos : cpos;
        int last = st.mem.readByte(s, DATA + held - 1);
        int addnull = last != 0 ? 1 : 0;
        long n = held;
        boolean fits = true;
        if (pos + n > size) {
            if (cpos + addnull >= size) {
                // ENOSPC: nothing written
                if (!c.dry) {
                    st.setErrno(t, Errno.ENOSPC);
                    setFlags(st, s, flags | FAILED);
                    set(st, s, HELD, 0);
                }
                return -1;
            }
            n = size - pos;
            fits = false;
        }
        Value.Ptr buf = buffer(st, s);
        lib.proofOnlyAccess(c, buf.at(buf.off() + pos), n, true, call, name);
        long newPos = pos + n;
        long nul = -1;
        if (newPos > maxpos) {
            if (newPos < size && addnull != 0) nul = newPos;
            else if (!append && addnull != 0) nul = size - 1;
        }
        if (nul >= 0) lib.proofOnlyAccess(c, buf.at(buf.off() + nul), 1, true, call, name);
        if (c.dry) return fits ? 0 : -1;
        st.mem.copy(buf.obj(), buf.off() + pos, s, DATA, n);
        set(st, s, POS, newPos);
        if (newPos > maxpos) set(st, s, MAXPOS, newPos);
        if (nul >= 0) st.mem.writeRaw(buf.obj(), buf.off() + nul, 1, 0);
        set(st, s, HELD, 0);
        if (!fits) setFlags(st, s, flags | FAILED);
        return fits ? 0 : -1;
    }

    /** {@code _IO_mem_finish}: the block reallocated to the length plus one, the null written, address and length stored. */
    private static void finish(ExecState st, LibraryFunctions lib, ThreadState t, Ctx c, Stmt.Call call, String name, int s) {
        long pos = field(st, s, POS);
        Value.Ptr old = buffer(st, s);
        lib.proofOnlyAccess(c, old, field(st, s, SIZE), true, call, name);
        Value.Ptr b = null;
        if (!c.dry) {
            Block nb = LibraryBehaviour.newBlock(st, t, pos + 1, false, false, call.loc());
            st.mem.copy(nb.id, 0, old.obj(), old.off(), pos);
            st.mem.writeRaw(nb.id, pos, 1, 0);
            st.mem.kill(old.obj());
            b = new Value.Ptr(nb.id, 0);
        }
        store(st, lib, c, call, name, s, b, pos);
    }

    /** Stores the block's address at {@code *bufloc} and the length at {@code *sizeloc} (nothing when planning). */
    private static void store(ExecState st, LibraryFunctions lib, Ctx c, Stmt.Call call, String name, int s, Value.Ptr block, long length) {
        Value.Ptr bufloc = (Value.Ptr) st.mem.read(s, BUFLOC, charPtr(st));
        Value.Ptr sizeloc = (Value.Ptr) st.mem.read(s, SIZELOC, charPtr(st));
        lib.proofOnlyAccess(c, bufloc, st.dm.pointerSize, true, call, name);
        lib.proofOnlyAccess(c, sizeloc, st.sizeType().size(), true, call, name);
        if (c.dry) return;
        st.mem.write(bufloc.obj(), bufloc.off(), charPtr(st), block);
        st.mem.write(sizeloc.obj(), sizeloc.off(), st.sizeType(), Value.of(length));
    }

    // ---- the state object

    static CType.Pointer charPtr(ExecState st) {
        return new CType.Pointer(new CType.Int("char", 1, 1, true), st.dm.pointerSize);
    }

    private static final CType.Int LONG = new CType.Int("long", 8, 8, true);

    static long field(ExecState st, int s, long off) {
        return ((Value.Int) st.mem.read(s, off, LONG)).v();
    }

    static void set(ExecState st, int s, long off, long v) {
        st.mem.write(s, off, LONG, Value.of(v));
    }

    static int flags(ExecState st, int s) {
        return (int) field(st, s, FLAGS);
    }

    static void setFlags(ExecState st, int s, int flags) {
        set(st, s, FLAGS, flags);
    }

    static Value.Ptr buffer(ExecState st, int s) {
        return (Value.Ptr) st.mem.read(s, BUF, charPtr(st));
    }

}
