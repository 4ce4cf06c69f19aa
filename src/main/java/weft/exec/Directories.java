package weft.exec;

import static weft.exec.Errno.*;

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
    /** glibc's x86-64 {@code struct dirent}: {@code d_ino}, {@code d_off}, {@code d_reclen}, {@code d_type}, {@code d_name[256]}. */
    private static final long DIRENT_BYTES = 280;
    private static final long NAME = 19;
    static final long RECORD = 24;
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
            Block d = stream(st, OPENED + call.loc().shortString(), given, call);
            return in.finishCall(t, c, e, new Value.Ptr(d.id, 0), null);
        }
        st.setErrno(t, given >= 0 ? ENOTDIR : Errno.ENOENT);
        return in.finishCall(t, c, e, Value.ZERO, null);
    }

    /**
     * A new directory stream named {@code label}: its count of entries read zero, its descriptor {@code given}, or
     * (-1) the lowest one free, which it holds until {@link #release}.
     */
    static Block stream(ExecState st, String label, long given, Stmt.Call call) {
        Block d = st.mem.create(label, Block.Kind.SPECIAL, ENTRY + DIRENT_BYTES, -1, call.loc());
        st.mem.write(d.id, 0, IntConversions.INT, Value.ZERO);
        long fd = given;
        if (fd < 0) {
            // opendir opens the directory: the lowest descriptor free, the stream's until closedir
            fd = st.sync.descriptors.lowestFree();
            st.beforeSyncChange();
            st.sync.descriptors = st.sync.descriptors.with((int) fd, Descriptors.Entry.of(Descriptors.Kind.FILE, false, false, 0));
        }
        st.mem.write(d.id, DESCRIPTOR, IntConversions.INT, Value.of(fd));
        return d;
    }

    /** A stream closed: its descriptor closed with it, its object gone. */
    static void release(ExecState st, Block d) {
        if (st.mem.read(d.id, DESCRIPTOR, IntConversions.INT) instanceof Value.Int fd) {
            st.beforeSyncChange();
            st.sync.descriptors = st.sync.descriptors.without((int) fd.v());
        }
        st.mem.kill(d.id);
    }

    /** The stream's count of entries read. */
    static long entriesRead(ExecState st, Block d) {
        if (!(st.mem.read(d.id, 0, IntConversions.INT) instanceof Value.Int index)) throw new IllegalStateException("directory count");
        return index.v();
    }

    /** The address of the stream's entry buffer (where {@link #entry} writes). */
    static Value.Ptr entryBuffer(Block d) {
        return new Value.Ptr(d.id, ENTRY);
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
                st.mem.write(result.obj(), result.off(), st.voidPointer, Value.ZERO);
                return in.finishCall(t, c, e, Value.ZERO, null);
            }
            entry(st, d, index.v());
            // the copy is the world's answer (as the stream's own buffer is): not an access a planned step makes
            st.mem.copy(into.obj(), into.off(), d.id, ENTRY, RECORD);
            st.mem.write(result.obj(), result.off(), st.voidPointer, into);
            return in.finishCall(t, c, e, Value.ZERO, null);
        }
        long more = st.chooseAmong(index.v() < MAX_ENTRIES ? new long[] {1, 0} : new long[] {0}, name, call.loc());
        if (more == 0) return in.finishCall(t, c, e, Value.ZERO, null);
        entry(st, d, index.v());
        return in.finishCall(t, c, e, new Value.Ptr(d.id, ENTRY), null);
    }

    /** The stream's next entry, the {@code index}-th, written into its buffer; the count one more. */
    static void entry(ExecState st, Block d, long index) {
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
        if (!c.dry) release(st, d);
        return in.finishCall(t, c, e, Value.ZERO, null);
    }

    private static Block opened(ExecState st, Value v, String name) {
        if (!(v instanceof Value.Ptr p) || p.off() != 0 || !st.mem.get(p.obj()).name.startsWith(OPENED) || !st.mem.get(p.obj()).alive) {
            throw Abandon.unsupported(name + " of a directory stream the run did not open");
        }
        return st.mem.get(p.obj());
    }

    /** glob's flags the model takes (ERR, MARK, NOSORT, NOCHECK, NOESCAPE, PERIOD, NOMAGIC) and those it sets. */
    private static final long GLOB_TAKEN = 0x1 | 0x2 | 0x4 | 0x10 | 0x40 | 0x80 | 0x800, GLOB_NOCHECK = 0x10, GLOB_MAGCHAR = 0x100,
            GLOB_NOMAGIC = 0x800, GLOB_NOMATCH = 3;
    /** glibc's x86-64 {@code glob_t}: {@code gl_pathc}, {@code gl_pathv}, {@code gl_offs}, {@code gl_flags}. */
    private static final long PATHC = 0, PATHV = 8, OFFS = 16, FLAGS = 24;

    /**
     * The file a world has for {@code pattern}, whose wildcards lie in its last component: each {@code *} and {@code ?}
     * an {@code f}, each set ({@code [abc]}, {@code [a-z]}) its first character; null when the pattern has no
     * wildcard. A set glibc reads otherwise (negated, starting with {@code ]}, a class) stops the run.
     */
    static String globMatch(String pattern, String name) {
        int last = pattern.lastIndexOf('/');
        for (int i = 0; i < last; i++) {
            if ("*?[".indexOf(pattern.charAt(i)) >= 0) throw Abandon.unsupported(name + " of a pattern with wildcards in a directory");
        }
        StringBuilder b = new StringBuilder(pattern.substring(0, last + 1));
        boolean magic = false;
        for (int i = last + 1; i < pattern.length(); i++) {
            char ch = pattern.charAt(i);
            if (ch == '*' || ch == '?') {
                b.append('f');
                magic = true;
            } else if (ch == '[') {
                int close = pattern.indexOf(']', i + 1);
                if (close < 0 || close == i + 1 || "!^".indexOf(pattern.charAt(i + 1)) >= 0 || pattern.substring(i + 1, close).contains("[")) {
                    throw Abandon.unsupported(name + " of a set it does not model");
                }
                b.append(pattern.charAt(i + 1));
                magic = true;
                i = close;
            } else {
                b.append(ch);
            }
        }
        return magic ? b.toString() : null;
    }

    /**
     * {@code glob(pattern, flags, errfunc, pglob)} ({@link Semantics.FileGlob}) as glibc 2.36 answers on Linux, checked
     * against the installed glibc: a pattern with wildcards matches one file of the world's, the pattern made concrete
     * ({@link #globMatch}), or none (recorded 0 or 1); one without names a file the world has or not (recorded 0 or 1),
     * or with {@code GLOB_NOMAGIC} is returned as it is (recorded 0). A match, and with {@code GLOB_NOCHECK} no match,
     * give 0 and one path in new memory ({@code gl_pathv} a new array of it and a null), {@code gl_pathc} 1,
     * {@code gl_offs} 0 and {@code gl_flags} the flags with {@code GLOB_MAGCHAR} (wildcards) or {@code GLOB_NOCHECK}
     * (none); no match gives {@code GLOB_NOMATCH}, {@code gl_pathc} 0, {@code gl_pathv} null, {@code gl_offs} 0 and
     * leaves {@code gl_flags}. The world's file is a regular one ({@code GLOB_MARK} adds no slash), readable
     * ({@code errfunc} is never called). The planned accesses are those every answer makes: the pattern read, the
     * three words written (and {@code gl_flags} when every answer writes it). Other flags, a backslash, a pattern
     * ending in a slash and 32-bit layouts stop; proofs stop.
     */
    static boolean glob(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                        Semantics.FileGlob g, List<Value> args) {
        ExecState st = in.st;
        if (st.exhaustive) throw Abandon.unsupported(name + ": the world's files");
        if (st.dm.pointerSize != 8) throw Abandon.unsupported(name + " of a 32-bit glob_t");
        if (!(LibraryBehaviour.arg(args, g.flags()) instanceof Value.Int f) || (f.v() & ~GLOB_TAKEN) != 0) {
            throw Abandon.unsupported(name + " with flags " + LibraryBehaviour.arg(args, g.flags()));
        }
        String pattern = Formatter.knownString(st, lib, c, call, name, LibraryFunctions.ptr(LibraryBehaviour.arg(args, g.pattern()), name));
        if (pattern.contains("\\") || pattern.endsWith("/") || pattern.isEmpty()) throw Abandon.unsupported(name + " of the pattern \"" + pattern + "\"");
        String match = globMatch(pattern, name);
        long flags = f.v();
        Value.Ptr out = LibraryFunctions.ptr(LibraryBehaviour.arg(args, g.out()), name);
        lib.access(c, out, FLAGS, true, call, name);
        boolean nomagic = match == null && (flags & GLOB_NOMAGIC) != 0;
        boolean flagsAlways = (flags & GLOB_NOCHECK) != 0 || nomagic;
        if (flagsAlways) lib.access(c, out.at(out.off() + FLAGS), 4, true, call, name);
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        boolean found = nomagic ? st.chooseAmong(new long[] {0}, name, call.loc()) == 0 : st.chooseAmong(new long[] {0, 1}, name, call.loc()) == 0;
        weft.ir.CType.Int word = st.sizeType();
        weft.ir.CType.Pointer ptr = new weft.ir.CType.Pointer(new weft.ir.CType.Void(), 8);
        st.mem.write(out.obj(), out.off() + OFFS, word, Value.ZERO);
        if (!found && (flags & GLOB_NOCHECK) == 0) {
            st.mem.write(out.obj(), out.off() + PATHC, word, Value.ZERO);
            st.mem.write(out.obj(), out.off() + PATHV, ptr, Value.ZERO);
            return in.finishCall(t, c, e, Value.of(GLOB_NOMATCH), IntConversions.INT);
        }
        byte[] text = ((found && match != null ? match : pattern) + "\0").getBytes(StandardCharsets.ISO_8859_1);
        Block path = st.mem.create("heap#" + (++st.heapCount), Block.Kind.HEAP, text.length, t.index, call.loc());
        path.addressTaken = true;
        st.mem.writeBytes(path.id, 0, text);
        Block vector = st.mem.create("heap#" + (++st.heapCount), Block.Kind.HEAP, 16, t.index, call.loc());
        vector.addressTaken = true;
        st.mem.write(vector.id, 0, ptr, new Value.Ptr(path.id, 0));
        st.mem.write(vector.id, 8, ptr, Value.ZERO);
        st.mem.write(out.obj(), out.off() + PATHC, word, Value.ONE);
        st.mem.write(out.obj(), out.off() + PATHV, ptr, new Value.Ptr(vector.id, 0));
        if (!flagsAlways) lib.access(c, out.at(out.off() + FLAGS), 4, true, call, name);
        st.mem.writeRaw(out.obj(), out.off() + FLAGS, 4, flags | (match != null ? GLOB_MAGCHAR : GLOB_NOCHECK));
        return in.finishCall(t, c, e, Value.ZERO, IntConversions.INT);
    }

    /**
     * {@code globfree(pglob)} ({@link Semantics.FileGlobFree}), glibc's: {@code gl_pathv} read; when not null,
     * {@code gl_pathc} and {@code gl_offs} read, the paths {@code gl_pathv[gl_offs + i]} and {@code gl_pathv} freed
     * (each a write of the whole block, as {@code free}'s), and {@code gl_pathv} set to null.
     */
    static boolean globFree(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                            Semantics.FileGlobFree g, List<Value> args) {
        ExecState st = in.st;
        if (st.dm.pointerSize != 8) throw Abandon.unsupported(name + " of a 32-bit glob_t");
        Value.Ptr out = LibraryFunctions.ptr(LibraryBehaviour.arg(args, g.out()), name);
        weft.ir.CType.Int word = st.sizeType();
        weft.ir.CType.Pointer ptr = new weft.ir.CType.Pointer(new weft.ir.CType.Void(), 8);
        // for proofs, the three words glibc may read (its gl_pathc and gl_offs only when gl_pathv is set): a proof
        // never rests on which of them a call skipped
        if (st.exhaustive) lib.proofOnlyAccess(c, out, FLAGS, call, name);
        lib.access(c, out.at(out.off() + PATHV), 8, false, call, name);
        Value v = st.mem.read(out.obj(), out.off() + PATHV, ptr);
        if (v instanceof Value.Int z && z.v() == 0) return in.finishCall(t, c, e, Value.ZERO, null);
        if (!(v instanceof Value.Ptr vector) || vector.off() != 0 || st.mem.get(vector.obj()).kind != Block.Kind.HEAP || !st.mem.get(vector.obj()).alive) {
            throw Abandon.unsupported(name + " of a gl_pathv glob did not give");
        }
        lib.access(c, out.at(out.off() + PATHC), 8, false, call, name);
        lib.access(c, out.at(out.off() + OFFS), 8, false, call, name);
        if (!(st.mem.read(out.obj(), out.off() + PATHC, word) instanceof Value.Int n) || !(st.mem.read(out.obj(), out.off() + OFFS, word) instanceof Value.Int offs)
                || n.v() < 0 || offs.v() < 0 || (offs.v() + n.v() + 1) * 8 > st.mem.get(vector.obj()).size) {
            throw Abandon.unsupported(name + " of a glob_t glob did not fill");
        }
        List<Integer> freed = new java.util.ArrayList<>();
        for (long i = 0; i < n.v(); i++) {
            lib.access(c, vector.at((offs.v() + i) * 8), 8, false, call, name);
            Value p = st.mem.read(vector.obj(), (offs.v() + i) * 8, ptr);
            if (!(p instanceof Value.Ptr path) || path.off() != 0 || st.mem.get(path.obj()).kind != Block.Kind.HEAP || !st.mem.get(path.obj()).alive) {
                throw Abandon.unsupported(name + " of a path glob did not give");
            }
            lib.access(c, path, st.mem.get(path.obj()).size, true, call, name);
            freed.add(path.obj());
        }
        lib.access(c, vector, st.mem.get(vector.obj()).size, true, call, name);
        lib.access(c, out.at(out.off() + PATHV), 8, true, call, name);
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        for (int b : freed) st.mem.kill(b);
        st.mem.kill(vector.obj());
        st.mem.write(out.obj(), out.off() + PATHV, ptr, Value.ZERO);
        return in.finishCall(t, c, e, Value.ZERO, null);
    }
}
