package weft.exec;

import weft.exec.state.*;

import weft.ir.Edge;
import weft.ir.IntConversions;
import weft.ir.Stmt;
import weft.model.Semantics;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Directory streams as the world answers them ({@link Semantics.OpenDirectory}, {@link Semantics.ReadDirectory},
 * {@link Semantics.CloseDirectory}): {@code opendir} opens a directory or fails, an input the search chooses (first a
 * new stream, then a failure with {@code ENOENT}) and records under the call's name (0: opened, 1: failed); each
 * {@code readdir} of a stream the run opened gives another entry or the end, an input recorded under its name (1: an
 * entry, 0: the end), at most {@link #MAX_ENTRIES} entries a stream; {@code readdir_r} the same, copied into the
 * caller's entry; {@code closedir} releases the stream. Its position is the count of entries read: {@code telldir}
 * answers it, {@code rewinddir} and {@code seekdir} (to a position {@code telldir} can have given) set it, after which
 * the entries are the world's answers again (the directory may have changed; Linux reads it again). A stream holds a
 * descriptor: {@code opendir} takes the lowest free one, {@code fdopendir} the file the run opened that it is given
 * (or fails with {@code ENOTDIR}, the world's answer); {@code dirfd} answers it, {@code closedir} closes it.
 *
 * <p>An entry is a regular file named {@code fN} (N counting from 0 in its stream): glibc's x86-64 {@code struct
 * dirent} with {@code d_ino} and {@code d_off} N + 1, {@code d_reclen} 24, {@code d_type} {@code DT_REG} and the name,
 * written into the stream's own buffer (the stream's object past its private count), whose address {@code readdir}
 * returns. That write is not an access of the step (as {@code read}'s bytes are not, {@link WorldFiles}): whether it
 * happens is the world's answer, which a step planned but not taken has not given, so no witness may rest on it; the
 * thread-modular layer pairs it ({@code readdir}'s row writes its stream) and proofs stop at the call. {@code closedir}
 * writes the whole stream (a deallocation). The reproducer's {@code opendir},
 * {@code readdir} and {@code closedir} give the same streams and entries ({@code weft_inputs.c}).
 *
 * <p>Must side only: every such run is one some directory gives (POSIX: a directory without {@code .} and {@code ..}
 * entries returns neither). The choices are inputs: a proof stops at {@code opendir}, and at a read of any stream. Only
 * the 64-bit layout is modelled (elsewhere the run stops).
 */
final class Directories {
    /** The name of a directory stream object the run opened (its site follows). */
    static final String OPENED = "DIR opened at ";
    /** Entries a stream gives at most. */
    static final int MAX_ENTRIES = 3;
    /** The stream's private count of entries given, its descriptor, then its entry buffer. */
    private static final long DESCRIPTOR = 4, ENTRY = 8;
    private static final long ENOTDIR = 20;
    /** glibc's x86-64 {@code struct dirent}: {@code d_ino}, {@code d_off}, {@code d_reclen}, {@code d_type}, {@code d_name[256]}. */
    private static final long DIRENT_BYTES = 280;
    private static final long NAME = 19;
    private static final long RECORD = 24;
    private static final long DT_REG = 8;

    private Directories() {
    }

    static boolean open(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                        Semantics.OpenDirectory o, List<Value> args) {
        ExecState st = in.st;
        long given = -1;
        if (o.fd() >= 0) {
            // fdopendir: of a file the run opened (its answers are the world's: a directory or not)
            given = LibraryBehaviour.arg(args, o.fd()) instanceof Value.Int i ? i.v() : -1;
            Descriptors.Entry x = st.sync.descriptors.get(given);
            if (x == null || x.kind() != Descriptors.Kind.FILE) {
                throw Abandon.unsupported(name + " of descriptor " + LibraryBehaviour.arg(args, o.fd()) + ", not a file the run opened");
            }
        } else {
            Formatter.knownString(st, lib, c, call, name, LibraryFunctions.ptr(LibraryBehaviour.arg(args, o.path()), name));
        }
        if (st.dm.pointerSize != 8) throw Abandon.unsupported(name + ": only the 64-bit struct dirent is modelled");
        if (st.exhaustive) throw Abandon.unsupported(name + ": whether the directory opens is an input");
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        Value status = st.chooseInput(IntConversions.INT, name, call.loc(), 0, 1);
        if (status instanceof Value.Int s && s.v() == 0) {
            Block d = st.mem.create(OPENED + call.loc().shortString(), Block.Kind.SPECIAL, ENTRY + DIRENT_BYTES, -1, call.loc());
            st.mem.write(d.id, 0, IntConversions.INT, Value.ZERO);
            long fd = given;
            if (fd < 0) {
                // opendir opens the directory: the lowest descriptor free, the stream's until closedir
                fd = st.sync.descriptors.lowestFree();
                st.beforeSyncChange();
                st.sync.descriptors = st.sync.descriptors.with((int) fd, Descriptors.Entry.of(Descriptors.Kind.FILE, false, false, 0));
            }
            st.mem.write(d.id, DESCRIPTOR, IntConversions.INT, Value.of(fd));
            return in.finishCall(t, c, e, new Value.Ptr(d.id, 0), null);
        }
        st.setErrno(t, given >= 0 ? ENOTDIR : ExecState.ENOENT);
        return in.finishCall(t, c, e, Value.ZERO, null);
    }

    static boolean read(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                        Semantics.ReadDirectory r, List<Value> args) {
        ExecState st = in.st;
        Block d = opened(st, LibraryBehaviour.arg(args, r.dir()), name);
        if (st.exhaustive) throw Abandon.unsupported(name + ": a directory's entries are inputs");
        Value.Ptr into = null, result = null;
        if (r.entry() >= 0) {
            // readdir_r: *result is written whatever the answer
            into = LibraryFunctions.ptr(LibraryBehaviour.arg(args, r.entry()), name);
            result = LibraryFunctions.ptr(LibraryBehaviour.arg(args, r.result()), name);
            lib.access(c, result, st.dm.pointerSize, true, call, name);
        }
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        if (!(st.mem.read(d.id, 0, IntConversions.INT) instanceof Value.Int index)) throw new IllegalStateException("directory count");
        if (into != null) {
            // the record's bytes copied into the caller's entry, *result set
            st.mem.check(into.obj(), into.off(), RECORD, true);
            long more = st.chooseAmong(index.v() < MAX_ENTRIES ? new long[] {1, 0} : new long[] {0}, name, call.loc());
            if (more == 0) {
                st.mem.write(result.obj(), result.off(), new weft.ir.CType.Pointer(new weft.ir.CType.Void(), st.dm.pointerSize), Value.ZERO);
                return in.finishCall(t, c, e, Value.ZERO, null);
            }
            entry(st, d, index.v());
            // the copy is the world's answer (as the stream's own buffer is): not an access a planned step makes
            st.mem.copy(into.obj(), into.off(), d.id, ENTRY, RECORD);
            st.mem.write(result.obj(), result.off(), new weft.ir.CType.Pointer(new weft.ir.CType.Void(), st.dm.pointerSize), into);
            return in.finishCall(t, c, e, Value.ZERO, null);
        }
        long more = st.chooseAmong(index.v() < MAX_ENTRIES ? new long[] {1, 0} : new long[] {0}, name, call.loc());
        if (more == 0) return in.finishCall(t, c, e, Value.ZERO, null);
        entry(st, d, index.v());
        return in.finishCall(t, c, e, new Value.Ptr(d.id, ENTRY), null);
    }

    /** The stream's next entry, the {@code index}-th, written into its buffer; the count one more. */
    private static void entry(ExecState st, Block d, long index) {
        weft.ir.CType.Int u64 = new weft.ir.CType.Int("unsigned long", 8, 8, false);
        st.mem.write(d.id, ENTRY, u64, Value.of(index + 1));
        st.mem.write(d.id, ENTRY + 8, u64, Value.of(index + 1));
        st.mem.write(d.id, ENTRY + 16, new weft.ir.CType.Int("unsigned short", 2, 2, false), Value.of(RECORD));
        st.mem.write(d.id, ENTRY + 18, new weft.ir.CType.Int("unsigned char", 1, 1, false), Value.of(DT_REG));
        byte[] entry = ("f" + index).getBytes(StandardCharsets.ISO_8859_1);
        st.mem.writeBytes(d.id, ENTRY + NAME, java.util.Arrays.copyOf(entry, entry.length + 1));
        st.mem.write(d.id, 0, IntConversions.INT, Value.of(index + 1));
    }

    /**
     * {@code rewinddir}, {@code telldir}, {@code seekdir}: the stream's count of entries read is its position (glibc
     * takes the last entry's {@code d_off}, which is that count here). No world answer: proofs run through them (a
     * later read stops them). glibc locks the stream: no access of the program's.
     */
    static boolean position(Interpreter in, ThreadState t, Ctx c, Edge e, String name, Semantics.DirectoryPosition p, List<Value> args) {
        ExecState st = in.st;
        Block d = opened(st, LibraryBehaviour.arg(args, p.dir()), name);
        if (!(st.mem.read(d.id, 0, IntConversions.INT) instanceof Value.Int index)) throw new IllegalStateException("directory count");
        switch (p.op()) {
            case "tell" -> {
                return in.finishCall(t, c, e, Value.of(index.v()), null);
            }
            case "fd" -> {
                // recorded: the reproducer's stream answers the witness's number
                Value fd = st.mem.read(d.id, DESCRIPTOR, IntConversions.INT);
                if (!c.dry) st.logNondet(name, e.stmt().loc(), fd.toString());
                return in.finishCall(t, c, e, fd, IntConversions.INT);
            }
            case "rewind", "seek" -> {
                long to = 0;
                if (p.op().equals("seek")) {
                    if (!(LibraryBehaviour.arg(args, p.pos()) instanceof Value.Int pos) || pos.v() < 0 || pos.v() > MAX_ENTRIES) {
                        throw Abandon.unsupported(name + " to a position telldir did not give");
                    }
                    to = pos.v();
                }
                if (!c.dry) st.mem.write(d.id, 0, IntConversions.INT, Value.of(to));
                return in.finishCall(t, c, e, Value.ZERO, null);
            }
            default -> throw new IllegalStateException(p.op());
        }
    }

    static boolean close(Interpreter in, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, Semantics.CloseDirectory cl,
                         List<Value> args) {
        ExecState st = in.st;
        Block d = opened(st, LibraryBehaviour.arg(args, cl.dir()), name);
        if (c.collects()) c.record(new ByteAccess(d.id, 0, d.size, true, c.atomicSection, call.loc(), name + " of " + d.name));
        if (!c.dry) {
            // the stream's descriptor is closed with it
            if (st.mem.read(d.id, DESCRIPTOR, IntConversions.INT) instanceof Value.Int fd) {
                st.beforeSyncChange();
                st.sync.descriptors = st.sync.descriptors.without((int) fd.v());
            }
            st.mem.kill(d.id);
        }
        return in.finishCall(t, c, e, Value.ZERO, null);
    }

    private static Block opened(ExecState st, Value v, String name) {
        if (!(v instanceof Value.Ptr p) || p.off() != 0 || !st.mem.get(p.obj()).name.startsWith(OPENED) || !st.mem.get(p.obj()).alive) {
            throw Abandon.unsupported(name + " of a directory stream the run did not open");
        }
        return st.mem.get(p.obj());
    }
}
