package weft.exec;

import static weft.exec.Errno.*;

import weft.exec.state.*;

import weft.ir.CType;
import weft.ir.Edge;
import weft.ir.Stmt;
import weft.ir.StructType;
import weft.model.Semantics;

import java.util.List;

/**
 * Files as the world's ({@link Semantics.WorldOpen}, {@link Semantics.WorldRead}, {@link Semantics.WorldWrite},
 * {@link Semantics.WorldStatus}): what {@code open}, {@code read}, {@code write} and the {@code stat} family answer is
 * not the program's to know, so each answer is an input among the results POSIX allows, recorded in the witness and
 * given back by the reproducer's wrappers ({@code weft_inputs.c}):
 * <ul>
 * <li>{@code open}: a new descriptor of the run (the lowest free from 3, {@link Descriptors.Kind#FILE}) or a failure
 * with an errno;</li>
 * <li>{@code read} of the standard input or a descriptor the run opened (a file or a socket): the end of the input (0,
 * the default), the whole count, a part of it, or a failure; the bytes read are one byte value repeated (recorded
 * after the count);</li>
 * <li>{@code write} to the standard output or error or a descriptor the run opened: the whole count (the default) or a
 * failure;</li>
 * <li>{@code stat}, {@code lstat}, {@code fstat}: success with a file of a kind (a regular file by default; a
 * directory, a character device, a pipe, and for {@code lstat} a symbolic link), a size and a modification time
 * (recorded in that order), the other members zero but one link and a 4096-byte block; or a failure.</li>
 * <li>{@code mmap} of a descriptor the run opened as a file, at the system's address, from offset 0: a new mapping of
 * the length asked for ({@link Block.Kind#MAPPED}, read-only without {@code PROT_WRITE}) whose bytes are one byte value
 * repeated (recorded after the 0 of success; the reproducer's wrapper maps as many anonymous bytes and fills them so),
 * or a failure ({@code MAP_FAILED}; of an empty mapping always, with EINVAL, as Linux answers); {@code munmap} of a whole such mapping releases it and returns 0.</li>
 * </ul>
 * A failure's errno is an input in 1 to 133, recorded after its -1.
 *
 * <p>Must-soundness: every answer is one the call may give for some state of the file system and the streams the
 * program was started with, and the reproducer makes the call give exactly it. The bytes a read stores are recorded as
 * the thread's plain writes only when the call runs (not in its plan): a race on them is not reported (a confirmation
 * is only lost). Proofs stop at these calls: one answer is not all of them.
 */
final class WorldFiles {
    private WorldFiles() {}

    static boolean handles(Semantics s) {
        return s instanceof Semantics.WorldOpen || s instanceof Semantics.WorldRead || s instanceof Semantics.WorldWrite || s instanceof Semantics.WorldSeek
                || s instanceof Semantics.WorldTransfer || s instanceof Semantics.TemporaryName || s instanceof Semantics.ResolvePath
                || s instanceof Semantics.WorldStatus || s instanceof Semantics.WorldMap || s instanceof Semantics.WorldUnmap
                || s instanceof Semantics.AdviseMemory;
    }

    /** Linux's PROT_WRITE, MAP_SHARED, MAP_PRIVATE, MAP_TYPE (the sharing bits) and MAP_FIXED. */
    private static final long PROT_WRITE = 2, MAP_SHARED = 1, MAP_PRIVATE = 2, MAP_TYPE = 0x0f, MAP_FIXED = 0x10;

    /** S_IFREG|0644, S_IFDIR|0755, S_IFCHR|0620, S_IFIFO|0600, S_IFLNK|0777. */
    private static final long REGULAR = 0100644, DIRECTORY = 040755, DEVICE = 020620, PIPE = 010600, LINK = 0120777;

    static boolean run(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, Semantics sem,
                       List<Value> args) {
        ExecState st = in.st;
        if (st.exhaustive) throw Abandon.unsupported(name + ": files are the world's");
        if (st.speculating) throw Abandon.unsupported(name + " in an atomic section");
        if (sem instanceof Semantics.WorldOpen o) {
            directory(st, lib, args, o.dir(), o.path(), name);
            if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
            int fd = st.sync.descriptors.lowestFree();
            long r = st.chooseAmong(new long[] {fd, -1}, name, call.loc());
            if (r == -1) return fail(in, lib, t, c, e, call, name);
            st.beforeSyncChange();
            st.sync.descriptors = st.sync.descriptors.with(fd, Descriptors.Entry.of(Descriptors.Kind.FILE, false, false, 0));
            return in.finishCall(t, c, e, Value.of(fd), null);
        }
        if (sem instanceof Semantics.WorldRead r) {
            descriptor(st, args, r.fd(), 0, r.channel(), name);
            flags(args, r.flags(), Semantics.RECEIVE_FLAGS, name);
            if (r.from() >= 0 && !(LibraryBehaviour.arg(args, r.from()) instanceof Value.Int a && a.v() == 0)) {
                throw Abandon.unsupported(name + " with a sender's address (the world's, not modelled)");
            }
            Value.Ptr buf = LibraryFunctions.ptr(LibraryBehaviour.arg(args, r.buf()), name);
            long n = LibraryFunctions.count(LibraryBehaviour.arg(args, r.count()));
            st.mem.check(buf.obj(), buf.off(), n, true);
            if (buf.bounded() && buf.off() + n > buf.hi()) throw Abandon.unsupported(name + " past the end of a member array");
            if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
            long part = n <= 1 ? n : 1 + (st.randomBits() & 0x7fffffffL) % (n - 1);
            long got = st.chooseAmong(n == 0 ? new long[] {0, -1} : new long[] {0, n, part, -1}, name, call.loc());
            if (got == -1) return fail(in, lib, t, c, e, call, name);
            if (got > 0) {
                long fill = fillByte(st, name, call);
                byte[] b = new byte[(int) got];
                java.util.Arrays.fill(b, (byte) fill);
                st.mem.writeBytes(buf.obj(), buf.off(), b);
            }
            return in.finishCall(t, c, e, Value.of(got), null);
        }
        if (sem instanceof Semantics.WorldSeek k) return seek(in, lib, t, c, e, call, name, k, args);
        if (sem instanceof Semantics.TemporaryName tn) return temporary(in, lib, t, c, e, call, name, tn, args);
        if (sem instanceof Semantics.ResolvePath rp) return resolve(in, lib, t, c, e, call, name, rp, args);
        if (sem instanceof Semantics.WorldTransfer x) {
            // sendfile: from a file of the run to the standard output or a file or socket of the run
            descriptor(st, args, x.out(), 1, Semantics.Channel.ANY, name);
            descriptor(st, args, x.in(), 0, Semantics.Channel.FILE, name);
            long n = LibraryFunctions.count(LibraryBehaviour.arg(args, x.count()));
            Value off = LibraryBehaviour.arg(args, x.offset());
            Value.Ptr op = off instanceof Value.Int z && z.v() == 0 ? null : LibraryFunctions.ptr(off, name);
            long at = 0;
            int offSize = st.dm.longSize; // off_t: a long (the program's data model)
            if (op != null) {
                lib.access(c, op, offSize, false, call, name);
                at = st.mem.readRaw(op.obj(), op.off(), offSize);
            }
            if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
            long part = n <= 1 ? n : 1 + (st.randomBits() & 0x7fffffffL) % (n - 1);
            long sent = st.chooseAmong(n == 0 ? new long[] {0, -1} : new long[] {n, part, 0, -1}, name, call.loc());
            if (sent == -1) return fail(in, lib, t, c, e, call, name);
            if (op != null && sent > 0) {
                lib.access(c, op, offSize, true, call, name);
                st.mem.writeRaw(op.obj(), op.off(), offSize, at + sent);
            }
            return in.finishCall(t, c, e, Value.of(sent), null);
        }
        if (sem instanceof Semantics.WorldMap m) return map(in, lib, t, c, e, call, name, m, args);
        if (sem instanceof Semantics.AdviseMemory a) {
            // advice that changes no byte of a mapping of the run (Linux: 0 for a range within it from a page's start)
            Value at = LibraryBehaviour.arg(args, a.addr());
            if (!(at instanceof Value.Ptr p) || st.mem.get(p.obj()).kind != Block.Kind.MAPPED || !st.mem.get(p.obj()).alive
                    || !(LibraryBehaviour.arg(args, a.advice()) instanceof Value.Int advice) || !KEEPS_BYTES.contains(advice.v())) {
                throw Abandon.unsupported(name + " of " + at + " with advice " + args.get(a.advice()) + " (not modelled)");
            }
            if (p.off() % PAGE != 0) {
                if (!c.dry) st.setErrno(t, Errno.EINVAL);
                return in.finishCall(t, c, e, Value.of(-1), null);
            }
            long n = LibraryFunctions.count(LibraryBehaviour.arg(args, a.length()));
            long pages = (st.mem.get(p.obj()).size + PAGE - 1) / PAGE * PAGE;
            if (p.off() + n > pages) throw Abandon.unsupported(name + " past the end of the mapping (ENOMEM)");
            return in.finishCall(t, c, e, Value.ZERO, null);
        }
        if (sem instanceof Semantics.WorldUnmap u) {
            Value a = LibraryBehaviour.arg(args, u.addr());
            if (!(a instanceof Value.Ptr p) || p.off() != 0 || st.mem.get(p.obj()).kind != Block.Kind.MAPPED || !st.mem.get(p.obj()).alive
                    || !(LibraryBehaviour.arg(args, u.length()) instanceof Value.Int n) || n.v() != st.mem.get(p.obj()).size) {
                throw Abandon.unsupported(name + " of something other than a whole mapping");
            }
            // the mapping ends: a write of all of it, as free's of its block (audit D44)
            lib.access(c, p, st.mem.get(p.obj()).size, true, call, name);
            if (!c.dry) st.mem.kill(p.obj());
            return in.finishCall(t, c, e, Value.ZERO, null);
        }
        if (sem instanceof Semantics.WorldWrite w) {
            descriptor(st, args, w.fd(), 1, w.channel(), name);
            flags(args, w.flags(), Semantics.SEND_FLAGS, name);
            Value.Ptr buf = LibraryFunctions.ptr(LibraryBehaviour.arg(args, w.buf()), name);
            long n = LibraryFunctions.count(LibraryBehaviour.arg(args, w.count()));
            lib.access(c, buf, n, false, call, name);
            if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
            long r = st.chooseAmong(new long[] {n, -1}, name, call.loc());
            if (r == -1) return fail(in, lib, t, c, e, call, name);
            return in.finishCall(t, c, e, Value.of(n), null);
        }
        Semantics.WorldStatus s = (Semantics.WorldStatus) sem;
        if (s.version() >= 0 && !(LibraryBehaviour.arg(args, s.version()) instanceof Value.Int v
                && (st.dm.pointerSize == 8 ? v.v() == 0 || v.v() == 1 : v.v() == 3))) {
            // another layout (i386's kernel and old ones) or glibc's EINVAL: not modelled
            throw Abandon.unsupported(name + " of layout version " + LibraryBehaviour.arg(args, s.version()));
        }
        boolean link = s.link();
        if (s.atFlags() >= 0) {
            long f = LibraryBehaviour.arg(args, s.atFlags()) instanceof Value.Int i ? i.v() : -1;
            if (f != 0 && f != AT_SYMLINK_NOFOLLOW) throw Abandon.unsupported(name + " with flags " + LibraryBehaviour.arg(args, s.atFlags()) + " (not modelled)");
            link = f == AT_SYMLINK_NOFOLLOW;
        }
        if (s.fd() >= 0) descriptor(st, args, s.fd(), 0, Semantics.Channel.ANY, name);
        else directory(st, lib, args, s.dir(), s.path(), name);
        Value.Ptr out = LibraryFunctions.ptr(LibraryBehaviour.arg(args, s.out()), name);
        StructType type = statusType(call.args().get(s.out()).type());
        if (type == null) throw Abandon.unsupported(name + " into a " + call.args().get(s.out()).type() + " (not struct stat)");
        lib.access(c, out, type.size(), true, call, name);
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        if (st.chooseAmong(new long[] {0, -1}, name, call.loc()) == -1) return fail(in, lib, t, c, e, call, name);
        long mode = st.chooseAmong(link ? new long[] {REGULAR, DIRECTORY, DEVICE, PIPE, LINK} : new long[] {REGULAR, DIRECTORY, DEVICE, PIPE},
                name, call.loc());
        long size = st.chooseAmong(new long[] {0, 1 + (st.randomBits() & 0xffff), 4096}, name, call.loc());
        long mtime = st.chooseAmong(new long[] {1_700_000_000L + (st.randomBits() & 0xffffffL), 0}, name, call.loc());
        fillStatus(st, out, type, mode, size, mtime, name);
        if (s.fd() >= 0 && LibraryBehaviour.arg(args, s.fd()) instanceof Value.Int fd && st.sync.descriptors.get(fd.v()) != null) {
            // the open file is of this kind and size from now on (an mmap of it agrees)
            st.beforeSyncChange();
            st.sync.descriptors = st.sync.descriptors.with((int) fd.v(), st.sync.descriptors.get(fd.v()).withStatus(mode, size));
        }
        return in.finishCall(t, c, e, Value.ZERO, null);
    }

    /**
     * {@code mmap(NULL, length, prot, MAP_PRIVATE or MAP_SHARED, fd, 0)} of a file the run opened: a new mapping or a
     * failure. Other addresses, offsets or flags, and lengths past {@link Memory#EXPLORED_OBJECT}, stop the execution.
     */
    private static boolean map(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                               Semantics.WorldMap m, List<Value> args) {
        ExecState st = in.st;
        if (!(LibraryBehaviour.arg(args, m.addr()) instanceof Value.Int a) || a.v() != 0
                || !(LibraryBehaviour.arg(args, m.offset()) instanceof Value.Int off) || off.v() != 0) {
            throw Abandon.unsupported(name + " at a given address or offset");
        }
        if (!(LibraryBehaviour.arg(args, m.flags()) instanceof Value.Int flags) || !(LibraryBehaviour.arg(args, m.prot()) instanceof Value.Int prot)
                || (flags.v() & MAP_TYPE) != MAP_PRIVATE && (flags.v() & MAP_TYPE) != MAP_SHARED || (flags.v() & MAP_FIXED) != 0) {
            throw Abandon.unsupported(name + " with flags " + args.get(m.flags()));
        }
        if (!(LibraryBehaviour.arg(args, m.fd()) instanceof Value.Int fd) || st.sync.descriptors.get(fd.v()) == null
                || st.sync.descriptors.get(fd.v()).kind() != Descriptors.Kind.FILE) {
            throw Abandon.unsupported(name + " of descriptor " + args.get(m.fd()) + ", not a file the run opened");
        }
        long n = LibraryFunctions.count(LibraryBehaviour.arg(args, m.length()));
        if (n > Memory.EXPLORED_OBJECT) throw Abandon.unsupported(name + " of " + n + " bytes");
        Descriptors.Entry file = st.sync.descriptors.get(fd.v());
        // an fstat of the file said what it is: bytes past its end are not the file's (zero, then SIGBUS)
        if (file.mode() == REGULAR && n > file.size()) throw Abandon.unsupported(name + " past the end of the file");
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        // Linux refuses an empty mapping (EINVAL) and one of a file that is not a regular file (ENODEV; a pipe, a
        // directory, a character device here): no choice, recorded as any failure is
        if (n == 0) return refuse(in, t, c, e, call, name, Errno.EINVAL);
        if (file.mode() != 0 && file.mode() != REGULAR) return refuse(in, t, c, e, call, name, ENODEV);
        if (st.chooseAmong(new long[] {0, -1}, name, call.loc()) == -1) return fail(in, lib, t, c, e, call, name);
        long fill = fillByte(st, name, call);
        Block o = st.mem.create("mmap#" + (++st.heapCount), Block.Kind.MAPPED, n, t.index, call.loc());
        o.addressTaken = true;
        byte[] b = new byte[(int) n];
        java.util.Arrays.fill(b, (byte) fill);
        st.mem.writeBytes(o.id, 0, b);
        // the file's bytes, not the program's writes
        st.mem.get(o.id).written(false);
        if ((prot.v() & PROT_WRITE) == 0) st.mem.get(o.id).readOnly = true;
        return in.finishCall(t, c, e, new Value.Ptr(o.id, 0), null);
    }

    /** The byte a read's or a mapping's bytes repeat: 'a', a random one or zero, the world's choice, recorded. */
    private static long fillByte(ExecState st, String name, Stmt.Call call) {
        return fillByte(st, name, call, null);
    }

    /**
     * As {@link #fillByte(ExecState, String, Stmt.Call)}, the bytes the reading function {@code reader} compares values
     * with ({@link weft.ir.Comparisons}: the answers it looks for) among the candidates after 'a' when it is not null.
     */
    static long fillByte(ExecState st, String name, Stmt.Call call, weft.ir.Function reader) {
        java.util.Set<Long> cands = new java.util.LinkedHashSet<>();
        cands.add((long) 'a');
        if (reader != null) cands.addAll(weft.ir.Comparisons.equalityConstants(reader, 1, 255));
        cands.add(st.randomBits() & 0xff);
        cands.add(0L);
        return st.chooseAmong(cands.stream().mapToLong(Long::longValue).toArray(), name, call.loc());
    }

    /** madvise's advice that changes no byte of a mapping: NORMAL, RANDOM, SEQUENTIAL, WILLNEED, DONTFORK, DOFORK, DONTDUMP, DODUMP. */
    private static final java.util.Set<Long> KEEPS_BYTES = java.util.Set.of(0L, 1L, 2L, 3L, 10L, 11L, 16L, 17L);
    /** The page size: a mapping starts at a page's start. */
    private static final long PAGE = 4096;

    /** Linux's ENODEV: the file cannot be mapped. */

    /** The call fails with {@code errno}, the only answer Linux gives (recorded as -1 and the errno, as a chosen failure). */
    private static boolean refuse(Interpreter in, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, long errno) {
        ExecState st = in.st;
        st.chooseAmong(new long[] {-1}, name, call.loc());
        if (st.chooseInput(weft.ir.IntConversions.INT, name, call.loc(), errno, errno) instanceof Value.Int k) st.setErrno(t, k.v());
        return in.finishCall(t, c, e, Value.of(-1), null);
    }

    /** Regular files: the mode a file-tree walk's entries have ({@link Walks}). */
    static final long REGULAR_FILE = REGULAR;

    /**
     * Writes a {@code struct stat} of type {@code type} at {@code out}: the mode, size and modification time given, one
     * link and a 4096-byte block, the other members zero (what the reproducer's wrappers write, {@code witness_stat}).
     */
    static void fillStatus(ExecState st, Value.Ptr out, StructType type, long mode, long size, long mtime, String name) {
        st.mem.writeBytes(out.obj(), out.off(), new byte[(int) type.size()]);
        member(st, out, type, "st_mode", mode);
        member(st, out, type, "st_size", size);
        member(st, out, type, "st_nlink", 1);
        if (type.field("st_blksize") != null) member(st, out, type, "st_blksize", 4096);
        StructType.Field tim = type.field("st_mtim");
        if (tim != null && tim.type().unqualified() instanceof StructType ts && ts.field("tv_sec") != null) {
            StructType.Field sec = ts.field("tv_sec");
            st.mem.write(out.obj(), out.off() + tim.offset() + sec.offset(), sec.type(), Value.of(mtime));
        } else if (type.field("st_mtime") != null) {
            member(st, out, type, "st_mtime", mtime);
        } else {
            throw Abandon.unsupported(name + ": struct stat without a modification time");
        }
    }

    /** The {@code struct stat} type {@code p} points to, or null when it is not one (no mode, size or link count). */
    static StructType statusType(CType p) {
        CType pointee = p == null ? null : p.pointee();
        if (pointee == null || !(pointee.unqualified() instanceof StructType type) || type.field("st_mode") == null
                || type.field("st_size") == null || type.field("st_nlink") == null) {
            return null;
        }
        return type;
    }

    private static void member(ExecState st, Value.Ptr out, StructType type, String name, long v) {
        StructType.Field f = type.field(name);
        if (f.bitWidth() > 0) throw Abandon.unsupported("struct stat bit-field " + name);
        st.mem.write(out.obj(), out.off() + f.offset(), f.type(), Value.of(v));
    }

    /**
     * The descriptor argument: a standard stream of the direction ({@code 0} the input, {@code 1} the output and the
     * error), or one the run opened as a file or a socket; any other stops the execution (the run does not know it).
     * A socket call ({@link Semantics.Channel#SOCKET}) takes only a socket of the run, a positioned one
     * ({@link Semantics.Channel#FILE}) only a file of the run (what a standard stream is, is the world's).
     */
    private static void descriptor(ExecState st, List<Value> args, int at, int direction, Semantics.Channel channel, String name) {
        if (!(LibraryBehaviour.arg(args, at) instanceof Value.Int fd)) throw Abandon.unsupported(name + " of descriptor " + args.get(at));
        Descriptors.Entry x = st.sync.descriptors.get(fd.v());
        boolean standard = direction == 0 ? fd.v() == 0 : fd.v() == 1 || fd.v() == 2;
        boolean known = switch (channel) {
            case ANY -> x == null ? standard : x.kind() == Descriptors.Kind.FILE || x.kind() == Descriptors.Kind.SOCKET;
            case SOCKET -> x != null && x.kind() == Descriptors.Kind.SOCKET;
            case FILE -> x != null && x.kind() == Descriptors.Kind.FILE;
        };
        if (!known) throw Abandon.unsupported(name + " of descriptor " + fd.v() + ", which the run does not know as " + channel);
    }

    /** Linux's {@code AT_SYMLINK_NOFOLLOW}. */
    private static final long AT_SYMLINK_NOFOLLOW = 0x100;

    /**
     * Reads the path at argument {@code path} as the call does; with a directory descriptor at {@code dir} (not -1), an
     * {@code ...at} call's, checks that the path is taken from a directory the world decides about: absolute (Linux
     * ignores the descriptor), from the current directory ({@code AT_FDCWD}) or from a file the run opened (its
     * answers are the world's, a failure such as {@code ENOTDIR} among them); another descriptor stops the run.
     */
    private static void directory(ExecState st, LibraryFunctions lib, List<Value> args, int dir, int path, String name) {
        Value.Ptr p = LibraryFunctions.ptr(LibraryBehaviour.arg(args, path), name);
        long n = lib.strlen(p);
        if (dir < 0) return;
        boolean absolute = n > 0 && st.mem.readRaw(p.obj(), p.off(), 1) == '/';
        if (absolute) return;
        if (!(LibraryBehaviour.arg(args, dir) instanceof Value.Int d)) throw Abandon.unsupported(name + " of directory " + args.get(dir));
        if (d.v() == Semantics.AT_FDCWD) return;
        Descriptors.Entry x = st.sync.descriptors.get(d.v());
        if (x == null || x.kind() != Descriptors.Kind.FILE) {
            throw Abandon.unsupported(name + " of directory descriptor " + d.v() + ", which the run did not open as a file");
        }
    }

    /** A socket call's flags argument (position {@code at}, -1: none) holds only flags of {@code allowed}, else the run stops. */
    private static void flags(List<Value> args, int at, long allowed, String name) {
        if (at < 0) return;
        if (!(LibraryBehaviour.arg(args, at) instanceof Value.Int f) || (f.v() & ~allowed) != 0) {
            throw Abandon.unsupported(name + " with flags " + LibraryBehaviour.arg(args, at) + " (not modelled)");
        }
    }

    /** Linux's SEEK_SET, SEEK_CUR, SEEK_END; ESPIPE and EINVAL. */
    private static final long SEEK_SET = 0, SEEK_CUR = 1, SEEK_END = 2;

    /**
     * {@code lseek} ({@link Semantics.WorldSeek}): a file of the run moves where it is asked to ({@code SEEK_SET}), to
     * its size plus the offset after an {@code fstat} ({@code SEEK_END}), else to a position the world decides (an
     * input, its length and the reads before it being the world's); a socket refuses (ESPIPE). A position below 0 is
     * EINVAL. A standard stream (a file or a pipe: the world's) and other origins ({@code SEEK_DATA}...) stop.
     */
    private static boolean seek(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                                Semantics.WorldSeek k, List<Value> args) {
        ExecState st = in.st;
        if (!(LibraryBehaviour.arg(args, k.fd()) instanceof Value.Int fd)) throw Abandon.unsupported(name + " of descriptor " + args.get(k.fd()));
        if (!(LibraryBehaviour.arg(args, k.offset()) instanceof Value.Int off) || !(LibraryBehaviour.arg(args, k.whence()) instanceof Value.Int whence)
                || whence.v() < SEEK_SET || whence.v() > SEEK_END) {
            throw Abandon.unsupported(name + " of an unknown offset or origin");
        }
        Descriptors.Entry x = st.sync.descriptors.get(fd.v());
        // a standard stream is a file or a pipe, the world's: not modelled
        if (x == null || x.kind() != Descriptors.Kind.FILE && x.kind() != Descriptors.Kind.SOCKET) {
            throw Abandon.unsupported(name + " of descriptor " + fd.v() + ", which the run does not know as a file or socket");
        }
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        if (x.kind() == Descriptors.Kind.SOCKET) return refuse(in, t, c, e, call, name, ESPIPE);
        long at;
        if (whence.v() == SEEK_SET) {
            at = off.v();
        } else if (whence.v() == SEEK_END && x.mode() != 0) {
            at = x.size() + off.v();
        } else {
            // the position before (SEEK_CUR) or the length (SEEK_END) is the world's: the result an input, at least 0
            Value v = st.chooseInput(weft.ir.IntConversions.INT, name, call.loc(), 0, Integer.MAX_VALUE);
            if (!(v instanceof Value.Int r)) throw Abandon.unsupported(name + ": no position");
            return in.finishCall(t, c, e, Value.of(r.v()), null);
        }
        if (at < 0) return refuse(in, t, c, e, call, name, EINVAL);
        st.chooseAmong(new long[] {at}, name, call.loc());
        return in.finishCall(t, c, e, Value.of(at), null);
    }

    /** The canonical form of {@code path} with the working directory {@code /} and no symbolic links. */
    static String canonical(String path) {
        java.util.ArrayDeque<String> parts = new java.util.ArrayDeque<>();
        for (String p : path.split("/")) {
            if (p.isEmpty() || p.equals(".")) continue;
            if (p.equals("..")) parts.pollLast();
            else parts.addLast(p);
        }
        return "/" + String.join("/", parts);
    }

    /** realpath ({@link Semantics.ResolvePath}): the canonical path, or null with the world's errno; recorded. */
    private static boolean resolve(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                                   Semantics.ResolvePath rp, List<Value> args) {
        ExecState st = in.st;
        Value pv = LibraryBehaviour.arg(args, rp.path());
        if (pv instanceof Value.Int z && z.v() == 0) {
            if (!c.dry) st.setErrno(t, Errno.EINVAL);
            return in.finishCall(t, c, e, Value.ZERO, null);
        }
        String path = Formatter.knownString(st, lib, c, call, name, LibraryFunctions.ptr(pv, name));
        if (path.isEmpty()) {
            if (!c.dry) st.setErrno(t, Errno.ENOENT);
            return in.finishCall(t, c, e, Value.ZERO, null);
        }
        byte[] text = (canonical(path) + "\0").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        Value rv = LibraryBehaviour.arg(args, rp.resolved());
        Value.Ptr into = rv instanceof Value.Int z && z.v() == 0 ? null : LibraryFunctions.ptr(rv, name);
        if (into != null) lib.access(c, into, text.length, true, call, name);
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        if (st.chooseAmong(new long[] {0, -1}, name, call.loc()) == -1) {
            Resources.worldErrno(st, t, call, name);
            return in.finishCall(t, c, e, Value.ZERO, null);
        }
        if (into == null) into = new Value.Ptr(LibraryBehaviour.newBlock(st, t, text.length, false, false, call.loc()).id, 0);
        st.mem.writeBytes(into.obj(), into.off(), text);
        return in.finishCall(t, c, e, into, null);
    }

    /** glibc's letters for unique names ({@code __gen_tempname}). */
    static final String LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

    /** The six letters for number {@code k} (the reproducer's wrappers spell it the same way). */
    static String letters(long k) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 6; i++, k /= LETTERS.length()) b.append(LETTERS.charAt((int) (k % LETTERS.length())));
        return b.toString();
    }

    /**
     * mkstemp, mkostemp, mkdtemp, mktemp, tmpnam ({@link Semantics.TemporaryName}): the template's six X's replaced by
     * letters the world chooses (a number recorded after the result: the result, or -1 and its errno, first), the file
     * (a new descriptor of the run) or directory made, or a failure; a template without the six X's EINVAL (glibc
     * empties mktemp's).
     */
    private static boolean temporary(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                                     Semantics.TemporaryName tn, List<Value> args) {
        ExecState st = in.st;
        boolean tmpnam = tn.op().equals("tmpnam");
        Value arg = LibraryBehaviour.arg(args, tn.template());
        Value.Ptr buf;
        int at;
        if (tmpnam) {
            buf = arg instanceof Value.Int z && z.v() == 0 ? LibraryBehaviour.staticBuffer(st, t, name, 0) : LibraryFunctions.ptr(arg, name);
            at = "/tmp/file".length();
            lib.access(c, buf, at + 7L, true, call, name);
        } else {
            buf = LibraryFunctions.ptr(arg, name);
            long n = lib.strlen(buf);
            lib.access(c, buf, n + 1, false, call, name);
            byte[] text = st.mem.readBytes(buf.obj(), buf.off(), (int) n);
            if (n < 6 || !new String(text, java.nio.charset.StandardCharsets.ISO_8859_1).endsWith("XXXXXX")) {
                if (tn.op().equals("name") && n > 0) {
                    lib.access(c, buf, 1, true, call, name);
                    if (!c.dry) st.mem.writeRaw(buf.obj(), buf.off(), 1, 0);
                }
                if (!c.dry) st.setErrno(t, Errno.EINVAL);
                return in.finishCall(t, c, e, tn.op().equals("file") ? Value.of(-1) : tn.op().equals("name") ? buf : Value.ZERO, null);
            }
            at = (int) n - 6;
            lib.access(c, buf.at(buf.off() + at), 6, true, call, name);
        }
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        boolean creates = tn.op().equals("file") || tn.op().equals("dir");
        int fd = st.sync.descriptors.lowestFree();
        long first = st.chooseAmong(creates ? new long[] {tn.op().equals("file") ? fd : 0, -1} : new long[] {0}, name, call.loc());
        if (first == -1) {
            Resources.worldErrno(st, t, call, name);
            return in.finishCall(t, c, e, tn.op().equals("file") ? Value.of(-1) : Value.ZERO, null);
        }
        long k = st.randomBits() & 0x7fffffffL;
        st.logNondet(name, call.loc(), Long.toString(k));
        byte[] word = letters(k).getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        if (tmpnam) st.mem.writeBytes(buf.obj(), buf.off(), ("/tmp/file" + letters(k) + "\0").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        else st.mem.writeBytes(buf.obj(), buf.off() + at, word);
        if (tn.op().equals("file")) {
            st.beforeSyncChange();
            st.sync.descriptors = st.sync.descriptors.with(fd, Descriptors.Entry.of(Descriptors.Kind.FILE, false, false, 0));
            return in.finishCall(t, c, e, Value.of(fd), null);
        }
        return in.finishCall(t, c, e, buf, null);
    }

    private static boolean fail(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name) {
        Resources.worldErrno(in.st, t, call, name);
        return in.finishCall(t, c, e, Value.of(-1), null);
    }
}
