package weft.exec;

import weft.exec.state.*;

import weft.ir.CType;
import weft.ir.Edge;
import weft.ir.IntConversions;
import weft.ir.Stmt;
import weft.model.Semantics;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code scandir} as glibc 2.36 runs it ({@code dirent/scandir-tail-common.c}) on a directory of the world's
 * ({@link Semantics.ScanStep}, {@link Semantics.ScanDirectory}): the directory opened, or not (an input recorded under
 * {@code __weft_scandir_next}, {@link Semantics.ScanStep#OPENED} or {@link Semantics.ScanStep#MISSING}: {@code ENOENT});
 * its entries read one at a time, each another entry or the end (inputs recorded there too, 1 an entry, 0 the end, at most
 * {@link Directories#MAX_ENTRIES}), each a regular file {@code fN} as {@code readdir} gives it ({@link Directories});
 * the filter, when there is one, called with the stream's entry, a non-zero answer selecting it; each selected entry
 * copied into a block of its own of {@code d_reclen} bytes ({@code malloc}), the pointers kept in a list of glibc's
 * capacity (10, doubled when full; none, a null list, when nothing is selected); the list then sorted by glibc's
 * {@code qsort} with the comparator ({@link Sorts}: the merge sort, the comparator given pointers to the list's
 * elements); the stream closed. The call writes the list at its second argument and returns its length, or -1.
 *
 * <p>The front end lowers the call to a loop that asks {@code __weft_scandir_next} what to do next (call the filter,
 * call the comparator, ask again, or done) and calls the program's functions as told ({@code weft.frontend.LibraryLoops});
 * each ask makes at most one choice. The stream holds the lowest free descriptor while the scan runs. The entries and
 * the list are the library's until the call returns (no other thread can reach them): their writes are no accesses;
 * the call's write of the list pointer is one (the reproducer's {@code __wrap_scandir}, which builds the list itself
 * from the witness's answers, calling the filter and glibc's own {@code qsort} with the comparator, makes it visible).
 * Must side only: every such run is one some directory gives; proofs stop at the first ask (the entries are inputs).
 */
final class DirectoryScans {
    private DirectoryScans() {
    }

    /** glibc's first capacity of the list. */
    private static final int FIRST_CAPACITY = 10;

    static boolean handles(Semantics s) {
        return s instanceof Semantics.ScanStep || s instanceof Semantics.ScanDirectory;
    }

    /**
     * A scan in progress: whether it has a filter and a comparator, its stream ({@code -1}: the directory did not open),
     * the copies selected so far, whether the filter was called on the stream's entry and its answer is due, the sort of
     * the list ({@code null} before it) and the list's block ({@code -1}: none), whether it is done.
     */
    record ScanRun(boolean filter, boolean compare, int stream, List<Integer> selected, boolean filtering, Sorts.SortRun sort,
                   int list, boolean done) {
        ScanRun with(List<Integer> selected, boolean filtering, Sorts.SortRun sort, int list, boolean done) {
            return new ScanRun(filter, compare, stream, selected, filtering, sort, list, done);
        }
    }

    static boolean run(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, Semantics sem,
                       List<Value> args) {
        ExecState st = in.st;
        if (st.exhaustive) throw Abandon.unsupported(name + ": a directory's entries are inputs");
        if (st.speculating) throw Abandon.unsupported(name + " in an atomic section");
        if (st.dm.pointerSize != 8) throw Abandon.unsupported(name + ": only the 64-bit struct dirent is modelled");
        if (sem instanceof Semantics.ScanStep s) return step(in, lib, t, c, e, call, name, s, args);
        return finish(in, lib, t, c, e, call, name, (Semantics.ScanDirectory) sem, args);
    }

    private static boolean step(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                                Semantics.ScanStep s, List<Value> args) {
        ExecState st = in.st;
        if (!(LibraryBehaviour.arg(args, s.index()) instanceof Value.Int index)) throw Abandon.unsupported(name + " of an unknown count");
        Value.Ptr entryOut = LibraryFunctions.ptr(LibraryBehaviour.arg(args, s.entry()), name);
        Value.Ptr aOut = LibraryFunctions.ptr(LibraryBehaviour.arg(args, s.a()), name), bOut = LibraryFunctions.ptr(LibraryBehaviour.arg(args, s.b()), name);
        if (index.v() == 0) Formatter.knownString(st, lib, c, call, name, LibraryFunctions.ptr(LibraryBehaviour.arg(args, s.dir()), name));
        for (Value.Ptr out : List.of(entryOut, aOut, bOut)) lib.access(c, out, st.dm.pointerSize, true, call, name);
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, IntConversions.INT);
        CType ptr = st.voidPointer;
        ScanRun run;
        if (index.v() == 0) {
            boolean filter = !Value.isNull(LibraryBehaviour.arg(args, s.filter())), compare = !Value.isNull(LibraryBehaviour.arg(args, s.compare()));
            if (st.chooseAmong(new long[] {Semantics.ScanStep.OPENED, Semantics.ScanStep.MISSING}, name, call.loc()) != Semantics.ScanStep.OPENED) {
                t.sort = new ScanRun(filter, compare, -1, List.of(), false, null, -1, true);
                return in.finishCall(t, c, e, Value.ZERO, IntConversions.INT);
            }
            Block d = Directories.stream(st, "DIR of scandir at " + call.loc().shortString(), -1, call);
            t.sort = new ScanRun(filter, compare, d.id, List.of(), false, null, -1, false);
            return in.finishCall(t, c, e, Value.of(3), IntConversions.INT);
        }
        if (!(t.sort instanceof ScanRun r) || r.done()) throw Abandon.unsupported(name + " without a directory scan in progress");
        run = r;
        long answer = LibraryBehaviour.arg(args, s.result()) instanceof Value.Int i ? i.v() : 0;
        if (run.sort() != null) {
            if (!(LibraryBehaviour.arg(args, s.result()) instanceof Value.Int)) throw Abandon.unsupported(name + ": an unknown comparison");
            return sorted(in, t, c, e, call, name, run, Sorts.step(st, run.sort(), answer, call, name), aOut, bOut, ptr);
        }
        Block d = st.mem.get(run.stream());
        List<Integer> selected = run.selected();
        if (run.filtering()) {
            if (!(LibraryBehaviour.arg(args, s.result()) instanceof Value.Int)) throw Abandon.unsupported(name + ": an unknown filter answer");
            if ((int) answer != 0) selected = copied(st, t, call, d, selected);
        }
        long read = Directories.entriesRead(st, d);
        long more = st.chooseAmong(read < Directories.MAX_ENTRIES ? new long[] {1, 0} : new long[] {0}, name, call.loc());
        if (more == 1) {
            Directories.entry(st, d, read);
            if (run.filter()) {
                st.mem.write(entryOut.obj(), entryOut.off(), ptr, Directories.entryBuffer(d));
                t.sort = run.with(selected, true, null, -1, false);
                return in.finishCall(t, c, e, Value.ONE, IntConversions.INT);
            }
            t.sort = run.with(copied(st, t, call, d, selected), false, null, -1, false);
            return in.finishCall(t, c, e, Value.of(3), IntConversions.INT);
        }
        // the end of the directory: the list, then glibc's qsort of it when there is a comparator
        int list = -1;
        if (!selected.isEmpty()) {
            long capacity = FIRST_CAPACITY;
            while (capacity < selected.size()) capacity *= 2;
            Block v = LibraryBehaviour.newBlock(st, t, capacity * st.dm.pointerSize, false, false, call.loc());
            for (int i = 0; i < selected.size(); i++) st.mem.write(v.id, (long) i * st.dm.pointerSize, ptr, new Value.Ptr(selected.get(i), 0));
            list = v.id;
        }
        run = run.with(selected, false, null, list, false);
        if (!run.compare()) return done(in, t, c, e, run);
        Sorts.SortRun sort = Sorts.newSort(list < 0 ? null : new Value.Ptr(list, 0), selected.size(), st.dm.pointerSize);
        if (sort.done()) return done(in, t, c, e, run);
        return sorted(in, t, c, e, call, name, run, Sorts.step(st, sort, 0, call, name), aOut, bOut, ptr);
    }

    /** The sort's next comparison asked for (2), or the scan done. */
    private static boolean sorted(Interpreter in, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, ScanRun run, Sorts.SortRun sort,
                                  Value.Ptr aOut, Value.Ptr bOut, CType ptr) {
        ExecState st = in.st;
        if (sort.done()) return done(in, t, c, e, run.with(run.selected(), false, null, run.list(), false));
        Value.Ptr[] compared = Sorts.compared(sort);
        st.mem.write(aOut.obj(), aOut.off(), ptr, compared[0]);
        st.mem.write(bOut.obj(), bOut.off(), ptr, compared[1]);
        t.sort = run.with(run.selected(), false, sort, run.list(), false);
        return in.finishCall(t, c, e, Value.of(2), IntConversions.INT);
    }

    private static boolean done(Interpreter in, ThreadState t, Ctx c, Edge e, ScanRun run) {
        t.sort = run.with(run.selected(), false, null, run.list(), true);
        return in.finishCall(t, c, e, Value.ZERO, IntConversions.INT);
    }

    /** {@code selected} with a copy of the stream's entry ({@code d_reclen} bytes, glibc's {@code malloc}) added. */
    private static List<Integer> copied(ExecState st, ThreadState t, Stmt.Call call, Block d, List<Integer> selected) {
        Block copy = LibraryBehaviour.newBlock(st, t, Directories.RECORD, false, false, call.loc());
        Value.Ptr from = Directories.entryBuffer(d);
        st.mem.copy(copy.id, 0, from.obj(), from.off(), Directories.RECORD);
        List<Integer> out = new ArrayList<>(selected);
        out.add(copy.id);
        return List.copyOf(out);
    }

    /** The call after its loop: the list written at the second argument and its length returned, or -1 ({@code ENOENT}). */
    private static boolean finish(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                                  Semantics.ScanDirectory s, List<Value> args) {
        ExecState st = in.st;
        if (!(t.sort instanceof ScanRun r) || !r.done()) throw Abandon.unsupported(name + " without the steps of its loop");
        boolean opened = r.stream() >= 0;
        Value.Ptr list = null;
        if (opened) {
            list = LibraryFunctions.ptr(LibraryBehaviour.arg(args, s.list()), name);
            lib.access(c, list, st.dm.pointerSize, true, call, name);
        }
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, IntConversions.INT);
        t.sort = null;
        if (!opened) {
            st.setErrno(t, Errno.ENOENT);
            return in.finishCall(t, c, e, Value.of(-1), IntConversions.INT);
        }
        Directories.release(st, st.mem.get(r.stream()));
        st.mem.write(list.obj(), list.off(), st.voidPointer,
                r.list() < 0 ? Value.ZERO : new Value.Ptr(r.list(), 0));
        return in.finishCall(t, c, e, Value.of(r.selected().size()), IntConversions.INT);
    }
}
