package weft.exec;

import weft.exec.state.*;

import weft.installed.Zlib;
import weft.ir.CType;
import weft.ir.Edge;
import weft.ir.IntConversions;
import weft.ir.Stmt;
import weft.model.Semantics;

import java.util.ArrayList;
import java.util.List;

/**
 * zlib's callback decompressor ({@link Semantics.InflateBack}), run by the installed zlib ({@link Zlib#inflateBack}):
 * <ul>
 * <li>{@code inflateBackInit_(strm, windowBits, window, version, size)} checks what zlib checks (the version's first
 *     character and the structure's size: {@code Z_VERSION_ERROR}; a null stream or window, a window of other than 8 to
 *     15 bits: {@code Z_STREAM_ERROR}), sets {@code msg} to null and its allocator members (zlib's own functions, which
 *     the program must not have set: the run stops; they become bytes the program cannot read, as in {@link ZlibCalls}),
 *     and points {@code state} at an object of the run that keeps the window's bits and address;</li>
 * <li>{@code inflateBack(strm, in, in_desc, out, out_desc)} is a loop the front end lowers
 *     ({@code weft.frontend.LibraryLoops#inflateBackLoop}): each ask ({@code __weft_inflate_back_next}) runs zlib again
 *     from the start, on the stream's input before the call ({@code next_in}, {@code avail_in}) and the input and
 *     output functions' answers so far, to its next call of either: for input the program's {@code in} is called (its
 *     answer and the bytes its buffer holds then are the next input); for output the window's bytes zlib hands out are
 *     written into the program's window ({@code out} is always given the window's start) and its {@code out} called
 *     with them; when zlib returns, so does the loop, and the call writes back what zlib left in the stream
 *     ({@code next_in} into the input it points into, {@code avail_in}, {@code next_out} into the window and
 *     {@code avail_out} when zlib set them, {@code msg}, which zlib clears first) and returns zlib's result (a
 *     stream without a state: {@code Z_STREAM_ERROR}, the stream untouched);</li>
 * <li>{@code inflateBackEnd(strm)} drops the state ({@code Z_STREAM_ERROR} for a stream without one).</li>
 * </ul>
 * zlib's run is a function of those answers alone, so every run of the program under this model is one the installed
 * zlib gives (must-soundness; the reproducer links the same zlib and calls the program's functions for real). The
 * window's bytes zlib writes between two output calls reach the program's window at the next output call, not
 * before: a program reading its window from its input function, or another thread reading it while zlib writes it
 * (a race zlib's writes make), sees the bytes of the last output call. No access is recorded (zlib is not the
 * program's code; ThreadSanitizer does not see it either); proofs stop, as do atomic sections.
 */
final class InflateBacks {
    private InflateBacks() {
    }

    /** The name of the object {@code inflateBackInit_} points the stream's state at: the window's bits, then its address. */
    private static final String STATE = "<zlib inflateBack state>";
    /** zlib's results. */
    private static final long Z_OK = 0, Z_STREAM_ERROR = -2, Z_VERSION_ERROR = -6;
    /** Callbacks one call may make before the run stops (each runs zlib again from the start). */
    private static final int MAX_CALLBACKS = 4096;

    /**
     * A decompression in progress in a thread ({@link ThreadState#sort}): the stream, its window's bits and address,
     * the stream's input before the call and where it was, the inputs given so far and their buffers, the output
     * function's answers so far, which answer is due (0 none, 1 the input function's, 2 the output function's), and,
     * once zlib returned, its run. Immutable.
     */
    record BackCall(Value.Ptr strm, int bits, Value.Ptr window, byte[] initial, Value initialAt, List<byte[]> inputs, List<Value> buffers,
                    List<Integer> answers, int due, Zlib.BackRun done) {
        BackCall with(List<byte[]> inputs, List<Value> buffers, List<Integer> answers, int due, Zlib.BackRun done) {
            return new BackCall(strm, bits, window, initial, initialAt, inputs, buffers, answers, due, done);
        }
    }

    static boolean handles(Semantics s) {
        return s instanceof Semantics.InflateBack;
    }

    static boolean run(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, Semantics sem,
                       List<Value> args) {
        ExecState st = in.st;
        if (st.exhaustive) throw Abandon.unsupported(name + ": zlib's execution is not accounted for in proofs");
        if (st.speculating) throw Abandon.unsupported(name + " in an atomic section");
        Zlib z = Zlib.installed().orElseThrow(() -> Abandon.unsupported(name + ": no installed zlib to run"));
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, IntConversions.INT);
        return switch (((Semantics.InflateBack) sem).op()) {
            case "init" -> init(in, lib, t, c, e, call, name, z, args);
            case "step" -> step(in, t, c, e, call, name, z, args);
            case "run" -> finish(in, t, c, e, call, name, args);
            case "end" -> end(in, t, c, e, call, name, args);
            default -> throw new IllegalStateException(name);
        };
    }

    private static boolean init(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, Zlib z,
                                List<Value> args) {
        ExecState st = in.st;
        Value version = LibraryBehaviour.arg(args, 3);
        long size = ZlibCalls.integer(args, 4, name);
        String v = Value.isNull(version) ? null : Formatter.knownString(st, lib, c, call, name, LibraryFunctions.ptr(version, name));
        if (v == null || v.isEmpty() || v.charAt(0) != z.version().charAt(0) || size != Zlib.STREAM_SIZE) return result(in, t, c, e, Z_VERSION_ERROR);
        Value sv = LibraryBehaviour.arg(args, 0), window = LibraryBehaviour.arg(args, 2);
        long bits = ZlibCalls.integer(args, 1, name);
        if (Value.isNull(sv) || Value.isNull(window) || bits < 8 || bits > 15) return result(in, t, c, e, Z_STREAM_ERROR);
        Value.Ptr sp = LibraryFunctions.ptr(sv, name);
        ZlibCalls.Members m = ZlibCalls.Members.of(call.args().get(0).type(), name);
        if (!Value.isNull(m.read(st, sp, "zalloc")) || !Value.isNull(m.read(st, sp, "zfree"))) {
            throw Abandon.unsupported(name + " with the program's own allocator");
        }
        Value.Ptr w = LibraryFunctions.ptr(window, name);
        Block o = st.mem.create(STATE, Block.Kind.SPECIAL, 2L * st.dm.pointerSize, -1, call.loc());
        st.mem.writeRaw(o.id, 0, st.dm.pointerSize, bits);
        st.mem.write(o.id, st.dm.pointerSize, st.voidPointer, w);
        m.write(st, sp, "msg", Value.ZERO);
        m.forget(st, sp, "zalloc");
        m.forget(st, sp, "zfree");
        m.write(st, sp, "opaque", Value.ZERO);
        m.write(st, sp, "state", new Value.Ptr(o.id, 0));
        return result(in, t, c, e, Z_OK);
    }

    /** The state object {@code inflateBackInit_} made for the stream at {@code sp}, or null. */
    private static Block state(ExecState st, ZlibCalls.Members m, Value.Ptr sp) {
        if (!m.known(st, sp, "state") || !(m.read(st, sp, "state") instanceof Value.Ptr p) || p.off() != 0) return null;
        Block o = st.mem.get(p.obj());
        if (!o.alive || !o.name.equals(STATE) || o.anyUnknown(0, o.size)) return null;
        return o;
    }

    private static boolean step(Interpreter in, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, Zlib z, List<Value> args) {
        ExecState st = in.st;
        long index = ZlibCalls.integer(args, 8, name);
        Value.Ptr nextOut = LibraryFunctions.ptr(LibraryBehaviour.arg(args, 0), name);
        Value.Ptr putOut = LibraryFunctions.ptr(LibraryBehaviour.arg(args, 1), name);
        Value.Ptr lenOut = LibraryFunctions.ptr(LibraryBehaviour.arg(args, 2), name);
        BackCall run;
        if (index == 0) {
            Value sv = LibraryBehaviour.arg(args, 3);
            if (Value.isNull(sv)) return ask(in, t, c, e, null, 0);
            // zlib calls both functions without a test: a null one would crash it (the loop has no call for it)
            if (Value.isNull(LibraryBehaviour.arg(args, 4)) || Value.isNull(LibraryBehaviour.arg(args, 6))) {
                throw Abandon.unsupported(name + " with a null input or output function");
            }
            Value.Ptr sp = LibraryFunctions.ptr(sv, name);
            ZlibCalls.Members m = ZlibCalls.Members.of(call.args().get(3).type(), name);
            Block o = state(st, m, sp);
            if (o == null && m.known(st, sp, "state") && Value.isNull(m.read(st, sp, "state"))) {
                // zlib's first check: no state, Z_STREAM_ERROR, the stream untouched
                Zlib.BackRun refused = new Zlib.BackRun(Zlib.BackStop.DONE, (int) Z_STREAM_ERROR, -1, 0, 0, -1, Zlib.UNTOUCHED_COUNT, null, null);
                return ask(in, t, c, e, new BackCall(sp, 0, null, new byte[0], null, List.of(), List.of(), List.of(), 0, refused), 0);
            }
            if (o == null) throw Abandon.unsupported(name + " of a stream inflateBackInit did not make");
            int bits = (int) st.mem.readRaw(o.id, 0, st.dm.pointerSize);
            if (!(st.mem.read(o.id, st.dm.pointerSize, st.voidPointer) instanceof Value.Ptr window)) throw Abandon.unsupported(name + ": a window that is no object");
            Value nextIn = m.read(st, sp, "next_in");
            long avail = Value.isNull(nextIn) ? 0 : m.integer(st, sp, "avail_in", name) & 0xffffffffL;
            byte[] initial = avail == 0 ? new byte[0] : bytes(st, nextIn, avail, name);
            run = new BackCall(sp, bits, window, initial, nextIn, List.of(), List.of(), List.of(), 0, null);
        } else {
            if (!(t.sort instanceof BackCall r) || r.done() != null) throw Abandon.unsupported(name + " without a decompression in progress");
            run = r;
            if (run.inputs().size() + run.answers().size() >= MAX_CALLBACKS) throw Abandon.unsupported(name + ": more than " + MAX_CALLBACKS + " callbacks");
            Value answered = LibraryBehaviour.arg(args, 9);
            if (!(answered instanceof Value.Int a)) throw Abandon.unsupported(name + ": an unknown answer of a callback");
            if (run.due() == 1) {
                long n = a.v() & 0xffffffffL;
                Value buf = st.mem.read(nextOut.obj(), nextOut.off(), st.voidPointer);
                byte[] got = n == 0 ? new byte[0] : bytes(st, buf, n, name);
                run = run.with(append(run.inputs(), got), append(run.buffers(), buf), run.answers(), 0, null);
            } else if (run.due() == 2) {
                run = run.with(run.inputs(), run.buffers(), append(run.answers(), (int) a.v()), 0, null);
            }
        }
        Zlib.BackRun r = z.inflateBack(run.bits(), run.initial(), run.inputs(), run.answers());
        switch (r.stop()) {
            case INPUT -> {
                return ask(in, t, c, e, run.with(run.inputs(), run.buffers(), run.answers(), 1, null), 1);
            }
            case OUTPUT -> {
                byte[] out = r.output();
                Value.Ptr w = run.window();
                st.mem.check(w.obj(), w.off(), out.length, true);
                st.mem.writeBytes(w.obj(), w.off(), out);
                st.mem.write(putOut.obj(), putOut.off(), st.voidPointer, w);
                st.mem.writeRaw(lenOut.obj(), lenOut.off(), 4, out.length);
                return ask(in, t, c, e, run.with(run.inputs(), run.buffers(), run.answers(), 2, null), 2);
            }
            default -> {
                return ask(in, t, c, e, run.with(run.inputs(), run.buffers(), run.answers(), 0, r), 0);
            }
        }
    }

    private static boolean ask(Interpreter in, ThreadState t, Ctx c, Edge e, BackCall run, long answer) {
        t.sort = run;
        return in.finishCall(t, c, e, Value.of(answer), IntConversions.INT);
    }

    /** The call after its loop: what zlib left in the stream, and its result. */
    private static boolean finish(Interpreter in, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, List<Value> args) {
        ExecState st = in.st;
        Value sv = LibraryBehaviour.arg(args, 0);
        if (Value.isNull(sv)) return result(in, t, c, e, Z_STREAM_ERROR);
        if (!(t.sort instanceof BackCall run) || run.done() == null || !run.strm().equals(sv)) {
            throw Abandon.unsupported(name + " without its decompression");
        }
        t.sort = null;
        Zlib.BackRun r = run.done();
        if (run.window() == null) return result(in, t, c, e, r.result());
        Value.Ptr sp = run.strm();
        ZlibCalls.Members m = ZlibCalls.Members.of(call.args().get(0).type(), name);
        Value next = r.inputAt() < 0 ? Value.ZERO
                : r.inputAt() == 0 ? offset(run.initialAt(), r.inputOffset(), name)
                : offset(run.buffers().get(r.inputAt() - 1), r.inputOffset(), name);
        m.write(st, sp, "next_in", next);
        m.write(st, sp, "avail_in", Value.of(r.availIn()));
        if (r.outOffset() >= 0) m.write(st, sp, "next_out", run.window().at(run.window().off() + r.outOffset()));
        if (r.availOut() != Zlib.UNTOUCHED_COUNT) m.write(st, sp, "avail_out", Value.of(r.availOut()));
        // zlib clears msg first, and sets it on an error
        m.write(st, sp, "msg", r.msg() == null ? Value.ZERO : st.staticString(r.msg()));
        return result(in, t, c, e, r.result());
    }

    private static boolean end(Interpreter in, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, List<Value> args) {
        ExecState st = in.st;
        Value sv = LibraryBehaviour.arg(args, 0);
        if (Value.isNull(sv)) return result(in, t, c, e, Z_STREAM_ERROR);
        Value.Ptr sp = LibraryFunctions.ptr(sv, name);
        ZlibCalls.Members m = ZlibCalls.Members.of(call.args().get(0).type(), name);
        Block o = state(st, m, sp);
        if (o == null) {
            if (m.known(st, sp, "state") && Value.isNull(m.read(st, sp, "state"))) return result(in, t, c, e, Z_STREAM_ERROR);
            throw Abandon.unsupported(name + " of a stream inflateBackInit did not make");
        }
        if (m.known(st, sp, "zfree")) throw Abandon.unsupported(name + " after the program changed zlib's allocator members");
        st.mem.kill(o.id);
        m.write(st, sp, "state", Value.ZERO);
        return result(in, t, c, e, Z_OK);
    }

    private static Value offset(Value base, long off, String name) {
        if (base instanceof Value.Ptr p) return p.at(p.off() + off);
        throw Abandon.unsupported(name + ": an input buffer that is no object");
    }

    /** The input's {@code n} bytes at {@code v}, which zlib reads: known (no access recorded, as for zlib's reads). */
    private static byte[] bytes(ExecState st, Value v, long n, String name) {
        return Formatter.knownBytes(st, LibraryFunctions.ptr(v, name), n, name);
    }

    private static <T> List<T> append(List<T> l, T x) {
        List<T> r = new ArrayList<>(l);
        r.add(x);
        return List.copyOf(r);
    }


    private static boolean result(Interpreter in, ThreadState t, Ctx c, Edge e, long r) {
        return in.finishCall(t, c, e, Value.of(r), IntConversions.INT);
    }
}
