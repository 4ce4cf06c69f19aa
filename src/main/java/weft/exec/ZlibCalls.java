package weft.exec;

import weft.exec.state.*;

import weft.installed.Zlib;
import weft.ir.CType;
import weft.ir.Edge;
import weft.ir.Stmt;
import weft.ir.StructType;
import weft.model.Semantics;

import java.util.List;

/**
 * zlib's functions ({@link Semantics.Zlib}), run by the installed library ({@link Zlib}): the bytes a call reads are
 * copied from the program's memory to the library's, the call runs, and what it wrote is copied back. The program's
 * {@code z_stream} keeps its own members; its {@code state} points to an opaque object of the run that stands for
 * zlib's state, a native stream of {@link ExecState#zlibStreams} (which {@link ExecState#copy} copies with
 * {@code deflateCopy}).
 *
 * <p>Must-soundness: a call computes what the library the program links with computes from the same bytes, so the run
 * stays a run of the program; the reproducer links the same library ({@code -lz}). Every byte the library may read
 * must be known: {@code deflate} and {@code deflateParams} (which may compress) read the input and output members, the
 * others only what zlib's source shows they read (initialisation: the allocator members, which must be null, zlib's
 * own allocator; the version string); {@code deflateParams} compresses only when the parameters change on a stream
 * with input: it gets null buffers for members the program did not set, and when it refused them (zlib's
 * {@code Z_STREAM_ERROR}, a state it leaves unchanged) the execution stops rather than take an answer zlib gives only
 * for null buffers. Members zlib may have written are written back when their value changed;
 * the allocator members zlib fills in at initialisation become bytes the program cannot read (an execution reading
 * them stops), and a stream used through another {@code z_stream} than it was initialised in fails as zlib's own
 * check makes it fail ({@code Z_STREAM_ERROR}). No access is recorded: zlib is not the program's code and
 * ThreadSanitizer, the replay's oracle, does not see its accesses either, so a race inside a call is never
 * reported (a confirmation is only lost). Proofs stop at these calls, as at any function they do not account for;
 * so do atomic sections (whose speculative runs are rolled back, a native call's effect is not).
 */
final class ZlibCalls {
    private ZlibCalls() {}

    /** A native stream and the program's {@code z_stream} it belongs to. */
    /**
     * A native stream, the program's {@code z_stream} it belongs to, and the program's {@code gz_header} it was given
     * ({@code deflateSetHeader}, which every {@code deflate} reads; {@code inflateGetHeader}, which {@code inflate} fills
     * as it reads the gzip header, {@code parse} the header's bytes read so far; null: none), {@link GzipHeaders}.
     */
    record Owned(Zlib.Stream stream, int obj, long off, Value.Ptr header, GzipHeaders.Parse parse) {
        Owned(Zlib.Stream stream, int obj, long off) {
            this(stream, obj, off, null, null);
        }

        Owned copy() {
            return new Owned(stream.copy(), obj, off, header, parse);
        }
    }

    /** What unknown members are handed to zlib as (written back only if zlib changed them). */
    private static final long UNKNOWN_COUNTER = 0x5eed_f00d_5eedL;
    private static final int UNKNOWN_TYPE = 0x5eed;

    static boolean handles(Semantics s) {
        return s instanceof Semantics.Zlib;
    }

    static boolean run(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                       Semantics sem, List<Value> args) {
        ExecState st = in.st;
        if (st.exhaustive) throw Abandon.unsupported(name + ": zlib's execution is not accounted for in proofs");
        if (st.speculating) throw Abandon.unsupported(name + " in an atomic section");
        Zlib z = Zlib.installed().orElseThrow(() -> Abandon.unsupported(name + ": no installed zlib to run"));
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        String op = ((Semantics.Zlib) sem).op();
        switch (op) {
            case "version":
                return in.finishCall(t, c, e, st.staticString(z.version()), null);
            case "crc32":
            case "adler32": {
                long start = integer(args, 0, name);
                byte[] buf = bytes(lib, c, call, args.get(1), integer(args, 2, name), name);
                return in.finishCall(t, c, e, Value.of(op.equals("crc32") ? z.crc32(start, buf) : z.adler32(start, buf)), null);
            }
            case "crc32-combine":
                return in.finishCall(t, c, e, Value.of(z.crc32Combine(integer(args, 0, name), integer(args, 1, name), integer(args, 2, name))), null);
            case "adler32-combine":
                return in.finishCall(t, c, e, Value.of(z.adler32Combine(integer(args, 0, name), integer(args, 1, name), integer(args, 2, name))), null);
            case "crc-table":
                return in.finishCall(t, c, e, st.libraryObject("<zlib crc table>", () -> crcTable(st, z)), null);
            case "crc32-combine-gen":
                return in.finishCall(t, c, e, Value.of(z.crc32CombineGen(integer(args, 0, name))), null);
            case "crc32-combine-op":
                return in.finishCall(t, c, e, Value.of(z.crc32CombineOp(integer(args, 0, name), integer(args, 1, name), integer(args, 2, name))), null);
            case "compress-bound":
                return in.finishCall(t, c, e, Value.of(z.compressBound(integer(args, 0, name))), null);
            case "compile-flags":
                return in.finishCall(t, c, e, Value.of(z.compileFlags()), null);
            case "error-text":
                return in.finishCall(t, c, e, st.staticString(z.errorText((int) integer(args, 0, name))), null);
            case "deflate-set-header":
            case "inflate-get-header":
                return GzipHeaders.set(in, t, c, e, call, name, op.startsWith("inflate"), args);
            case "deflate-copy":
            case "inflate-copy":
                return copy(in, t, c, e, call, name, op.startsWith("inflate"), args);
            case "deflate-get-dictionary":
            case "inflate-get-dictionary":
                return dictionary(in, lib, t, c, e, call, name, op.startsWith("inflate"), args);
            case "compress":
            case "compress2":
            case "uncompress":
            case "uncompress2":
                return buffered(in, lib, t, c, e, call, name, op, z, args);
            default:
                return stream(in, lib, t, c, e, call, name, op, z, args);
        }
    }

    /**
     * {@code compress}, {@code compress2}, {@code uncompress}, {@code uncompress2}: the room {@code *destLen} holds, the
     * source's bytes (for {@code uncompress2}, {@code *sourceLen} of them), the installed library's answer; the output
     * bytes and the new {@code *destLen} (and {@code *sourceLen}) written back.
     */
    private static boolean buffered(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, String op,
                                    Zlib z, List<Value> args) {
        ExecState st = in.st;
        Value.Ptr destLen = LibraryFunctions.ptr(LibraryBehaviour.arg(args, 1), name);
        CType.Int ulong = new CType.Int("unsigned long", st.dm.longSize, st.dm.longSize, false);
        lib.access(c, destLen, ulong.size(), false, call, name);
        if (!(st.mem.read(destLen.obj(), destLen.off(), ulong) instanceof Value.Int roomV)) throw Abandon.unsupported(name + ": an unknown room");
        long room = roomV.v();
        if (room < 0 || room > Memory.EXPLORED_OBJECT) throw Abandon.unsupported(name + " into " + room + " bytes");
        boolean un = op.startsWith("un");
        Value.Ptr sourceLen = op.equals("uncompress2") ? LibraryFunctions.ptr(LibraryBehaviour.arg(args, 3), name) : null;
        long n;
        if (sourceLen != null) {
            lib.access(c, sourceLen, ulong.size(), false, call, name);
            if (!(st.mem.read(sourceLen.obj(), sourceLen.off(), ulong) instanceof Value.Int sv)) throw Abandon.unsupported(name + ": an unknown source length");
            n = sv.v();
        } else {
            n = integer(args, 3, name);
        }
        byte[] source = bytes(lib, c, call, args.get(2), n, name);
        if (source == null) throw Abandon.unsupported(name + " of a null source");
        Value.Ptr dest = LibraryFunctions.ptr(LibraryBehaviour.arg(args, 0), name);
        lib.access(c, dest, room, true, call, name);
        lib.access(c, destLen, ulong.size(), true, call, name);
        if (sourceLen != null) lib.access(c, sourceLen, ulong.size(), true, call, name);
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        int level = op.equals("compress2") ? (int) integer(args, 4, name) : -1;
        Zlib.Buffered b = un ? z.uncompress(room, source) : z.compress(room, source, level);
        st.mem.writeBytes(dest.obj(), dest.off(), b.output());
        st.mem.write(destLen.obj(), destLen.off(), ulong, Value.of(b.output().length));
        if (sourceLen != null) st.mem.write(sourceLen.obj(), sourceLen.off(), ulong, Value.of(b.consumed()));
        return in.finishCall(t, c, e, Value.of(b.result()), null);
    }

    private static int crcTable(ExecState st, Zlib z) {
        int[] table = z.crcTable();
        Block o = st.mem.create("<zlib crc table>", Block.Kind.SPECIAL, 4L * table.length, -1, weft.ir.SourceLoc.NONE);
        byte[] b = o.writableBytes();
        for (int i = 0; i < table.length; i++) for (int k = 0; k < 4; k++) b[4 * i + k] = (byte) (table[i] >>> (8 * k));
        o.readOnly = true;
        return o.id;
    }

    private static Zlib.Op streamOp(String op, String name) {
        return switch (op) {
            case "deflate-init" -> Zlib.Op.DEFLATE_INIT;
            case "deflate-init2" -> Zlib.Op.DEFLATE_INIT2;
            case "deflate" -> Zlib.Op.DEFLATE;
            case "deflate-end" -> Zlib.Op.DEFLATE_END;
            case "deflate-reset" -> Zlib.Op.DEFLATE_RESET;
            case "deflate-params" -> Zlib.Op.DEFLATE_PARAMS;
            case "deflate-set-dictionary" -> Zlib.Op.DEFLATE_SET_DICTIONARY;
            case "deflate-pending" -> Zlib.Op.DEFLATE_PENDING;
            case "deflate-prime" -> Zlib.Op.DEFLATE_PRIME;
            case "deflate-bound" -> Zlib.Op.DEFLATE_BOUND;
            case "deflate-tune" -> Zlib.Op.DEFLATE_TUNE;
            case "deflate-reset-keep" -> Zlib.Op.DEFLATE_RESET_KEEP;
            case "inflate-init" -> Zlib.Op.INFLATE_INIT;
            case "inflate-init2" -> Zlib.Op.INFLATE_INIT2;
            case "inflate" -> Zlib.Op.INFLATE;
            case "inflate-end" -> Zlib.Op.INFLATE_END;
            case "inflate-reset" -> Zlib.Op.INFLATE_RESET;
            case "inflate-reset2" -> Zlib.Op.INFLATE_RESET2;
            case "inflate-reset-keep" -> Zlib.Op.INFLATE_RESET_KEEP;
            case "inflate-set-dictionary" -> Zlib.Op.INFLATE_SET_DICTIONARY;
            case "inflate-sync" -> Zlib.Op.INFLATE_SYNC;
            case "inflate-sync-point" -> Zlib.Op.INFLATE_SYNC_POINT;
            case "inflate-prime" -> Zlib.Op.INFLATE_PRIME;
            case "inflate-mark" -> Zlib.Op.INFLATE_MARK;
            case "inflate-validate" -> Zlib.Op.INFLATE_VALIDATE;
            case "inflate-codes-used" -> Zlib.Op.INFLATE_CODES_USED;
            case "inflate-undermine" -> Zlib.Op.INFLATE_UNDERMINE;
            default -> throw Abandon.unsupported(name + ": zlib operation " + op);
        };
    }

    private static boolean stream(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, String opName, Zlib z,
                                  List<Value> args) {
        ExecState st = in.st;
        Zlib.Op op = streamOp(opName, name);
        Value sv = LibraryBehaviour.arg(args, 0);
        if (Value.isNull(sv)) {
            // zlib's answer for a null stream: the bound without one, inflateMark's -65536, inflateCodesUsed's -1, else
            // Z_STREAM_ERROR
            long r = switch (op) {
                case DEFLATE_BOUND -> z.deflateBound(integer(args, 1, name));
                case INFLATE_MARK -> -(1L << 16);
                case INFLATE_CODES_USED -> -1L;
                default -> Zlib.Z_STREAM_ERROR;
            };
            return in.finishCall(t, c, e, Value.of(r), null);
        }
        Value.Ptr sp = LibraryFunctions.ptr(sv, name);
        Members m = Members.of(call.args().get(0).type(), name);
        boolean init = op.initialises();
        boolean compresses = op.movesBytes();
        Owned owned;
        if (init) {
            if (!Value.isNull(m.read(st, sp, "zalloc")) || !Value.isNull(m.read(st, sp, "zfree")) || !Value.isNull(m.read(st, sp, "opaque"))) {
                throw Abandon.unsupported(name + " with the program's own allocator");
            }
            owned = new Owned(z.newStream(op.inflates()), sp.obj(), sp.off());
        } else {
            Value state = m.read(st, sp, "state");
            owned = state instanceof Value.Ptr p && p.off() == 0 ? st.zlibStreams.get(p.obj()) : null;
            if (owned == null && !Value.isNull(state)) throw Abandon.unsupported(name + " of a stream whose state zlib did not make");
            if (owned != null && (owned.obj() != sp.obj() || owned.off() != sp.off())) {
                // zlib's own check: the state belongs to another z_stream
                return in.finishCall(t, c, e, Value.of(Zlib.Z_STREAM_ERROR), null);
            }
            if (owned != null && (m.known(st, sp, "zalloc") || m.known(st, sp, "zfree"))) {
                throw Abandon.unsupported(name + " after the program changed zlib's allocator members");
            }
            if (owned != null && owned.stream().inflates() != op.inflates()) {
                throw Abandon.unsupported(name + " of a " + (owned.stream().inflates() ? "decompressor's" : "compressor's") + " stream");
            }
            if (owned == null) owned = new Owned(z.newStream(op.inflates()), sp.obj(), sp.off());
        }
        // the members zlib reads: the input and the room for output (strictly when the call compresses)
        boolean buffers = !init && (compresses || m.known(st, sp, "next_in") && m.known(st, sp, "avail_in")
                && m.known(st, sp, "next_out") && m.known(st, sp, "avail_out"));
        Value nextIn = buffers ? m.read(st, sp, "next_in") : Value.ZERO;
        long availIn = buffers ? m.integer(st, sp, "avail_in", name) : 0;
        Value nextOut = buffers ? m.read(st, sp, "next_out") : Value.ZERO;
        long availOut = buffers ? m.integer(st, sp, "avail_out", name) : 0;
        byte[] input = bytes(lib, c, call, nextIn, availIn, name);
        if (!Value.isNull(nextOut)) lib.access(c, LibraryFunctions.ptr(nextOut, name), availOut, true, call, name);
        long totalIn = init ? m.integerOr(st, sp, "total_in", UNKNOWN_COUNTER) : m.integer(st, sp, "total_in", name);
        long totalOut = init ? m.integerOr(st, sp, "total_out", UNKNOWN_COUNTER) : m.integer(st, sp, "total_out", name);
        int dataType = (int) (init ? m.integerOr(st, sp, "data_type", UNKNOWN_TYPE) : m.integer(st, sp, "data_type", name));
        long adler = init ? m.integerOr(st, sp, "adler", UNKNOWN_COUNTER) : m.integer(st, sp, "adler", name);
        if (op == Zlib.Op.DEFLATE && owned.header() != null && owned.stream().hasHeader()) owned.stream().fillHeader(GzipHeaders.read(st, owned.header(), name));
        Arguments a = arguments(lib, c, call, name, op, m, args);
        Zlib.After after = owned.stream().call(op, new Zlib.Fields(input, Value.isNull(nextOut), availOut, totalIn, totalOut, dataType, adler), a.ints(), a.bytes());
        if (!buffers && op == Zlib.Op.DEFLATE_PARAMS && after.result() == Zlib.Z_STREAM_ERROR) {
            // deflateParams compresses what the stream holds when the parameters change (zlib's deflate with Z_BLOCK,
            // which refused the null buffers given for the members the program did not set): it would have read them
            throw Abandon.unsupported(name + " compressing with z_stream members the program did not set");
        }
        writeBack(st, sp, m, after, init, nextIn, availIn, nextOut, availOut, totalIn, totalOut, dataType, adler, name);
        Value stateNow = m.known(st, sp, "state") ? m.read(st, sp, "state") : null;
        if (!init && owned.header() != null && stateNow instanceof Value.Ptr held) {
            if (op == Zlib.Op.INFLATE) {
                st.zlibStreams.put(held.obj(), GzipHeaders.inflated(st, owned, input, after, name));
            } else if (op == Zlib.Op.INFLATE_RESET || op == Zlib.Op.INFLATE_RESET2 || op == Zlib.Op.INFLATE_RESET_KEEP) {
                // zlib's reset forgets the header (inflateResetKeep: state->head = Z_NULL)
                st.zlibStreams.put(held.obj(), new Owned(owned.stream(), owned.obj(), owned.off()));
            }
        }
        Value state = m.known(st, sp, "state") ? m.read(st, sp, "state") : null;
        if (init && owned.stream().live()) {
            Block o = st.mem.create("<zlib state>", Block.Kind.SPECIAL, 0, -1, call.loc());
            o.opaque = true;
            st.zlibStreams.put(o.id, owned);
            m.write(st, sp, "state", new Value.Ptr(o.id, 0));
        } else if (!init && after.ended() && state instanceof Value.Ptr p && st.zlibStreams.remove(p.obj()) != null) {
            m.write(st, sp, "state", Value.ZERO);
        }
        if (op == Zlib.Op.DEFLATE_PENDING && after.result() == Zlib.Z_OK) {
            for (int i = 0; i < 2; i++) {
                Value out = LibraryBehaviour.arg(args, i + 1);
                if (Value.isNull(out)) continue;
                Value.Ptr p = LibraryFunctions.ptr(out, name);
                st.mem.write(p.obj(), p.off(), new CType.Int("int", 4, 4, i == 1), Value.of(after.outputs()[i]));
            }
        }
        return in.finishCall(t, c, e, Value.of(after.result()), null);
    }

    /**
     * The native stream of the program's {@code z_stream} at {@code sv} of the kind asked ({@code inflates}), or null
     * where zlib's own check refuses it ({@code Z_STREAM_ERROR}: a null stream or state, a state of another
     * {@code z_stream}); a state zlib did not make, or the other kind's, stops the run.
     */
    static Owned owned(ExecState st, Value sv, Members m, boolean inflates, String name) {
        if (Value.isNull(sv)) return null;
        Value.Ptr sp = LibraryFunctions.ptr(sv, name);
        Value state = m.read(st, sp, "state");
        if (Value.isNull(state)) return null;
        Owned owned = state instanceof Value.Ptr p && p.off() == 0 ? st.zlibStreams.get(p.obj()) : null;
        if (owned == null) throw Abandon.unsupported(name + " of a stream whose state zlib did not make");
        if (owned.obj() != sp.obj() || owned.off() != sp.off()) return null;
        if (owned.stream().inflates() != inflates) throw Abandon.unsupported(name + " of a " + (inflates ? "compressor's" : "decompressor's") + " stream");
        return owned;
    }

    /**
     * {@code deflateCopy(dest, source)} / {@code inflateCopy}: zlib copies the whole {@code z_stream} (its buffers'
     * pointers and counts included) and gives the copy a state of its own, a copy of the source's native stream.
     */
    private static boolean copy(Interpreter in, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, boolean inflates, List<Value> args) {
        ExecState st = in.st;
        Members m = Members.of(call.args().get(1).type(), name);
        Value dv = LibraryBehaviour.arg(args, 0);
        Owned source = owned(st, LibraryBehaviour.arg(args, 1), m, inflates, name);
        if (source == null || Value.isNull(dv)) return in.finishCall(t, c, e, Value.of(Zlib.Z_STREAM_ERROR), null);
        Value.Ptr sp = LibraryFunctions.ptr(LibraryBehaviour.arg(args, 1), name);
        Value.Ptr dp = LibraryFunctions.ptr(dv, name);
        if (Members.of(call.args().get(0).type(), name).type() != m.type()) throw Abandon.unsupported(name + " between two z_stream types");
        if (!source.stream().live()) throw Abandon.unsupported(name + " of a stream without zlib's state");
        st.mem.check(dp.obj(), dp.off(), m.type().size(), true);
        st.mem.copy(dp.obj(), dp.off(), sp.obj(), sp.off(), m.type().size());
        Block o = st.mem.create("<zlib state>", Block.Kind.SPECIAL, 0, -1, call.loc());
        o.opaque = true;
        st.zlibStreams.put(o.id, new Owned(source.stream().copy(), dp.obj(), dp.off(), source.header(), source.parse()));
        m.write(st, dp, "state", new Value.Ptr(o.id, 0));
        return in.finishCall(t, c, e, Value.of(Zlib.Z_OK), null);
    }

    /**
     * {@code deflateGetDictionary(strm, dictionary, dictLength)} / {@code inflateGetDictionary}: the installed library's
     * window bytes into the program's buffer (none asked for when it is null) and their number at {@code dictLength}
     * (when not null).
     */
    private static boolean dictionary(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                                      boolean inflates, List<Value> args) {
        ExecState st = in.st;
        Members m = Members.of(call.args().get(0).type(), name);
        Owned owned = owned(st, LibraryBehaviour.arg(args, 0), m, inflates, name);
        if (owned == null) return in.finishCall(t, c, e, Value.of(Zlib.Z_STREAM_ERROR), null);
        Zlib.Stream.Dictionary d = owned.stream().dictionary();
        if (d.result() == Zlib.Z_OK) {
            Value dict = LibraryBehaviour.arg(args, 1);
            if (!Value.isNull(dict) && d.bytes().length > 0) {
                Value.Ptr p = LibraryFunctions.ptr(dict, name);
                lib.access(c, p, d.bytes().length, true, call, name);
                st.mem.writeBytes(p.obj(), p.off(), d.bytes());
            }
            Value len = LibraryBehaviour.arg(args, 2);
            if (!Value.isNull(len)) {
                Value.Ptr p = LibraryFunctions.ptr(len, name);
                lib.access(c, p, 4, true, call, name);
                st.mem.write(p.obj(), p.off(), new CType.Int("unsigned int", 4, 4, false), Value.of(d.bytes().length));
            }
        }
        return in.finishCall(t, c, e, Value.of(d.result()), null);
    }

    /** The call's own arguments after the stream: its integers (in zlib's order) and its bytes (version, dictionary). */
    private record Arguments(long[] ints, byte[] bytes) {}

    private static Arguments arguments(LibraryFunctions lib, Ctx c, Stmt.Call call, String name, Zlib.Op op, Members m, List<Value> args) {
        long[] ints = new long[Math.max(0, args.size() - 1)];
        byte[] data = null;
        for (int i = 1; i < args.size(); i++) {
            if (args.get(i) instanceof Value.Int v) ints[i - 1] = v.v();
        }
        if (op.initialises()) {
            int version = op.versionArgument();
            Value vv = LibraryBehaviour.arg(args, version);
            if (!Value.isNull(vv)) {
                Value.Ptr vp = LibraryFunctions.ptr(vv, name);
                byte[] text = bytes(lib, c, call, vv, lib.strlen(vp), name);
                data = java.util.Arrays.copyOf(text, text.length + 1);
            }
            // the program's sizeof(z_stream) is the installed library's (its layout in the program's data model)
            long size = integer(args, version + 1, name);
            ints[version] = size == m.type.size() ? Zlib.STREAM_SIZE : size;
        } else if (op == Zlib.Op.DEFLATE_SET_DICTIONARY || op == Zlib.Op.INFLATE_SET_DICTIONARY) {
            data = bytes(lib, c, call, args.get(1), integer(args, 2, name), name);
        } else {
            for (int i = 1; i < args.size(); i++) {
                if (!(args.get(i) instanceof Value.Int) && op != Zlib.Op.DEFLATE_PENDING) throw Abandon.unsupported(name + " argument " + args.get(i));
            }
        }
        return new Arguments(ints, data);
    }

    /** What zlib wrote, back into the program's {@code z_stream}: the buffers' pointers and counts, the counters, msg, the allocators. */
    private static void writeBack(ExecState st, Value.Ptr sp, Members m, Zlib.After after, boolean init, Value nextIn, long availIn, Value nextOut,
                                  long availOut, long totalIn, long totalOut, int dataType, long adler, String name) {
        if (after.consumed() > 0) {
            m.write(st, sp, "next_in", LibraryFunctions.ptr(nextIn, name).at(LibraryFunctions.ptr(nextIn, name).off() + after.consumed()));
            m.write(st, sp, "avail_in", Value.of(availIn - after.consumed()));
        }
        if (after.output().length > 0) {
            Value.Ptr out = LibraryFunctions.ptr(nextOut, name);
            st.mem.writeBytes(out.obj(), out.off(), after.output());
            m.write(st, sp, "next_out", out.at(out.off() + after.output().length));
            m.write(st, sp, "avail_out", Value.of(availOut - after.output().length));
        }
        if (after.totalIn() != totalIn) m.write(st, sp, "total_in", Value.of(after.totalIn()));
        if (after.totalOut() != totalOut) m.write(st, sp, "total_out", Value.of(after.totalOut()));
        if (after.dataType() != dataType) m.write(st, sp, "data_type", Value.of(after.dataType()));
        if (after.adler() != adler) m.write(st, sp, "adler", Value.of(after.adler()));
        if (after.msgChanged()) m.write(st, sp, "msg", after.msg() == null ? Value.ZERO : st.staticString(after.msg()));
        if (init && after.allocatorsSet()) {
            // zlib's own allocator functions, stored where the program cannot call or compare them
            m.forget(st, sp, "zalloc");
            m.forget(st, sp, "zfree");
            m.write(st, sp, "opaque", Value.ZERO);
        }
    }

    /** Argument {@code i}, a number (a run with another stops). */
    static long integer(List<Value> args, int i, String name) {
        if (LibraryBehaviour.arg(args, i) instanceof Value.Int v) return v.v();
        throw Abandon.unsupported(name + " argument " + args.get(i));
    }

    /** The {@code n} known bytes at pointer {@code v} ({@link LibraryFunctions#access} checks the range); null for a null pointer. */
    private static byte[] bytes(LibraryFunctions lib, Ctx c, Stmt.Call call, Value v, long n, String name) {
        if (Value.isNull(v)) return null;
        Value.Ptr p = LibraryFunctions.ptr(v, name);
        if (n < 0 || n > Memory.MAX_OBJECT) throw Abandon.unsupported(name + " of " + n + " bytes");
        lib.access(c, p, n, false, call, name);
        return lib.memory().readBytes(p.obj(), p.off(), (int) n);
    }

    /** The members of the program's {@code z_stream} type, by name. */
    record Members(StructType type) {
        static Members of(CType pointer, String name) {
            CType p = pointer.pointee();
            if (p != null && p.unqualified() instanceof StructType s && s.field("next_in") != null && s.field("adler") != null
                    && s.field("state") != null && s.field("zalloc") != null) {
                return new Members(s);
            }
            throw Abandon.unsupported(name + " of a " + pointer + " (not zlib's z_stream)");
        }

        private StructType.Field field(String member) {
            StructType.Field f = type.field(member);
            if (f == null || f.bitWidth() > 0) throw Abandon.unsupported("z_stream member " + member);
            return f;
        }

        boolean known(ExecState st, Value.Ptr s, String member) {
            StructType.Field f = field(member);
            st.mem.check(s.obj(), s.off() + f.offset(), f.type().size(), false);
            return !st.mem.get(s.obj()).anyUnknown(s.off() + f.offset(), f.type().size());
        }

        Value read(ExecState st, Value.Ptr s, String member) {
            if (!known(st, s, member)) throw Abandon.unsupported("zlib reads the z_stream member " + member + ", not known");
            StructType.Field f = field(member);
            return st.mem.read(s.obj(), s.off() + f.offset(), f.type());
        }

        long integer(ExecState st, Value.Ptr s, String member, String name) {
            if (read(st, s, member) instanceof Value.Int i) return i.v();
            throw Abandon.unsupported(name + ": z_stream member " + member + " is not a number");
        }

        long integerOr(ExecState st, Value.Ptr s, String member, long unknown) {
            return known(st, s, member) && read(st, s, member) instanceof Value.Int i ? i.v() : unknown;
        }

        void write(ExecState st, Value.Ptr s, String member, Value v) {
            StructType.Field f = field(member);
            st.mem.write(s.obj(), s.off() + f.offset(), f.type(), v);
        }

        void forget(ExecState st, Value.Ptr s, String member) {
            StructType.Field f = field(member);
            st.mem.forget(s.obj(), s.off() + f.offset(), f.type().size());
        }
    }
}
