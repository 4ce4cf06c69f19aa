package weft.exec;

import weft.exec.state.*;

import weft.ir.Edge;
import weft.ir.IntConversions;
import weft.ir.Stmt;
import weft.model.Semantics;

import java.util.List;

/**
 * Files as the world's answers ({@link Semantics.OpenStream}, {@link Semantics.ReadStream},
 * {@link Semantics.CloseStream}): {@code fopen} opens a file or fails, an input the search chooses (first a new stream
 * of an empty file, then a failure with {@code ENOENT}) and records for the witness under the call's name (0: opened,
 * 1: failed); reads from a stream the run opened meet the end of the file at once and write nothing; {@code fclose}
 * of such a stream returns 0. The reproducer's {@code fopen} gives the same answers ({@code /dev/null}, opened with the
 * program's mode, is an empty file that takes any output; a failure returns null with {@code errno} {@code ENOENT}).
 *
 * <p>Soundness: every run is a real execution under one environment, an empty file being one a program may meet
 * (C11 7.21.7.1p3: {@code fgetc} returns EOF at the end of the file; 7.21.7.2p3: {@code fgets} returns a null pointer
 * and leaves the array unchanged when it reads no character; 7.21.8.1p3: {@code fread} returns 0). The choice is an
 * input: the exhaustive exploration stops at it, and at a read from any stream (a file's contents are inputs a proof
 * does not enumerate). A stream the run did not open (the standard streams, an unknown pointer) stops the run, as
 * before.
 */
final class Streams {
    /** The name of a stream object the run opened (its site follows). */
    static final String OPENED = "FILE opened at ";

    private Streams() {
    }

    static boolean open(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                        Semantics.OpenStream o, List<Value> args) {
        ExecState st = in.st;
        Formatter.knownString(st, lib, c, call, name, LibraryFunctions.ptr(LibraryBehaviour.arg(args, o.path()), name));
        String mode = Formatter.knownString(st, lib, c, call, name, LibraryFunctions.ptr(LibraryBehaviour.arg(args, o.mode()), name));
        if (mode.isEmpty() || "rwa".indexOf(mode.charAt(0)) < 0) throw Abandon.unsupported(name + " with the mode \"" + mode + "\"");
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        Value status = st.chooseInput(IntConversions.INT, name, call.loc(), 0, 1);
        if (status instanceof Value.Int s && s.v() == 0) {
            Block f = st.mem.create(OPENED + call.loc().shortString(), Block.Kind.SPECIAL, 0, -1, call.loc());
            f.opaque = true;
            return in.finishCall(t, c, e, new Value.Ptr(f.id, 0), null);
        }
        st.setErrno(t, ExecState.ENOENT);
        return in.finishCall(t, c, e, Value.ZERO, null);
    }

    /** The C library's standard input stream object's name. */
    static final String STDIN = "stdin";

    static boolean read(Interpreter in, ThreadState t, Ctx c, Edge e, String name, Semantics.ReadStream r, List<Value> args) {
        ExecState st = in.st;
        Value stream = r.stream() < 0 ? stdin(st) : LibraryBehaviour.arg(args, r.stream());
        if (isStdin(st, stream) && r.end() == -1 && !r.formatted()) {
            // a character read from the standard input: the world's byte (or its end), an input recorded under the
            // function's name (the reproducer feeds the bytes to the program's standard input); a proof stops there
            if (st.exhaustive) throw Abandon.unsupported(name + ": the standard input is an input");
            if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
            return in.finishCall(t, c, e, st.chooseStdinByte(name, e.stmt().loc(), t.top().fn), null);
        }
        opened(st, stream, name);
        if (st.exhaustive) throw Abandon.unsupported(name + ": a file's contents are inputs");
        return in.finishCall(t, c, e, Value.of(r.end()), null);
    }

    /** glibc's first allocation for a line ({@code getdelim}: 120 bytes when {@code *lineptr} is null or {@code *n} 0). */
    private static final long FIRST_LINE_BYTES = 120;

    /**
     * {@code getline} and {@code getdelim} ({@link Semantics.ReadLine}) on a stream the run opened: glibc reads
     * {@code *lineptr} and {@code *n} and, when the line is null or its size 0, gives it a new 120-byte block of
     * indeterminate bytes (written back to both), then meets the end of the empty file: -1. A line that is not null with
     * a size of 0 (which glibc would reallocate) stops the run.
     */
    static boolean readLine(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                            Semantics.ReadLine r, List<Value> args) {
        ExecState st = in.st;
        opened(st, LibraryBehaviour.arg(args, r.stream()), name);
        if (st.exhaustive) throw Abandon.unsupported(name + ": a file's contents are inputs");
        weft.ir.CType lineType = call.args().get(r.lineptr()).type().pointee();
        if (lineType == null || !lineType.isPointer()) throw Abandon.unsupported(name + " line pointer of type " + lineType);
        weft.ir.CType.Int sizeT = new weft.ir.CType.Int("unsigned long", st.dm.pointerSize, st.dm.pointerSize, false);
        Value.Ptr lp = LibraryFunctions.ptr(LibraryBehaviour.arg(args, r.lineptr()), name);
        Value.Ptr np = LibraryFunctions.ptr(LibraryBehaviour.arg(args, r.n()), name);
        lib.access(c, lp, lineType.size(), false, call, name);
        lib.access(c, np, sizeT.size(), false, call, name);
        weft.ir.CType.Int ssizeT = new weft.ir.CType.Int("long", st.dm.pointerSize, st.dm.pointerSize, true);
        Value line = st.mem.read(lp.obj(), lp.off(), lineType);
        Value size = st.mem.read(np.obj(), np.off(), sizeT);
        if (!(size instanceof Value.Int sz) || !(line instanceof Value.Int || line instanceof Value.Ptr)) {
            throw Abandon.unsupported(name + " of a line or size not known");
        }
        boolean none = line instanceof Value.Int z && z.v() == 0;
        if (!none && sz.v() == 0) throw Abandon.unsupported(name + " reallocating a line of size 0");
        if (none || sz.v() == 0) {
            lib.access(c, lp, lineType.size(), true, call, name);
            lib.access(c, np, sizeT.size(), true, call, name);
            if (!c.dry) {
                Block o = st.mem.create("heap#" + (++st.heapCount), Block.Kind.HEAP, FIRST_LINE_BYTES, t.index, call.loc());
                o.addressTaken = true;
                st.mem.write(lp.obj(), lp.off(), lineType, new Value.Ptr(o.id, 0));
                st.mem.write(np.obj(), np.off(), sizeT, Value.of(FIRST_LINE_BYTES));
            }
        }
        return in.finishCall(t, c, e, Value.of(-1), ssizeT);
    }

    static boolean close(Interpreter in, ThreadState t, Ctx c, Edge e, String name, Semantics.CloseStream r, List<Value> args) {
        opened(in.st, LibraryBehaviour.arg(args, r.stream()), name);
        return in.finishCall(t, c, e, Value.ZERO, null);
    }

    /** {@code rewind} of a stream the run opened: an empty file stays at its start (its error indicator is clear). */
    static boolean rewind(Interpreter in, ThreadState t, Ctx c, Edge e, String name, Semantics.RewindStream r, List<Value> args) {
        opened(in.st, LibraryBehaviour.arg(args, r.stream()), name);
        return in.finishCall(t, c, e, Value.ZERO, null);
    }

    /** The program's {@code stdin} stream object (the C library's {@code FILE stdin}), or null. */
    private static Value stdin(ExecState st) {
        for (weft.ir.Variable v : st.program.globals()) {
            if (v.name().equals(STDIN) && st.globals.containsKey(v.id())) {
                Block o = st.mem.get(st.globals.get(v.id()));
                return o.size == st.dm.pointerSize ? st.mem.read(o.id, 0, v.type()) : null;
            }
        }
        return null;
    }

    /**
     * {@code fileno} ({@link Semantics.StreamDescriptor}) of a standard stream: 0, 1, 2 (the C library's objects the
     * program's {@code stdin}, {@code stdout}, {@code stderr} point to, never closed in a run: {@code fclose} of them
     * stops); another stream stops the run (the reproducer's file is not the witness's).
     */
    static boolean descriptor(Interpreter in, ThreadState t, Ctx c, Edge e, String name, Semantics.StreamDescriptor sd, List<Value> args) {
        Value v = LibraryBehaviour.arg(args, sd.stream());
        String object = v instanceof Value.Ptr p && p.off() == 0 ? in.st.mem.get(p.obj()).name : "";
        int fd = java.util.List.of("FILE " + STDIN, "FILE stdout", "FILE stderr").indexOf(object);
        if (fd < 0) throw Abandon.unsupported(name + " of a stream other than the standard ones");
        return in.finishCall(t, c, e, Value.of(fd), IntConversions.INT);
    }

    private static boolean isStdin(ExecState st, Value v) {
        return v instanceof Value.Ptr p && p.off() == 0 && st.mem.get(p.obj()).name.equals("FILE " + STDIN);
    }

    /** The stream {@code v}, which the run must have opened. */
    private static void opened(ExecState st, Value v, String name) {
        if (!(v instanceof Value.Ptr p) || p.off() != 0 || !st.mem.get(p.obj()).name.startsWith(OPENED)) {
            throw Abandon.unsupported(name + " of a stream the run did not open");
        }
    }
}
