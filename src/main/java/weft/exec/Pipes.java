package weft.exec;

import static weft.exec.Errno.*;

import weft.exec.state.Abandon;
import weft.exec.state.Descriptors;
import weft.exec.state.Value;
import weft.ir.Edge;
import weft.ir.Stmt;
import weft.model.Semantics;

import java.util.ArrayList;
import java.util.List;

/**
 * Pipes and socket pairs as channels of the program's own bytes ({@link Semantics.NewPipe}), the duplication of the
 * run's descriptors ({@link Semantics.DuplicateDescriptor}) and {@code fcntl}'s status flags of a pipe's end
 * ({@link Semantics.DescriptorControl}); {@code read}, {@code write}, {@code recv}, {@code send} and {@code close} of a
 * pipe's end are run here too ({@link #use}).
 *
 * <p>Must-soundness (the witness search): every run is a real execution. What a pipe gives is exactly what the
 * program wrote into it, in order, pointers included ({@link weft.exec.state.Memory#take}; bytes the writer had not
 * set are unknown to the reader: using them stops the run). A read of an empty channel blocks while a descriptor of
 * the run writes into it (non-blocking: {@code EAGAIN}), and gives 0 when none does; a read gives every byte pending
 * up to its count, as Linux's pipe and {@code AF_UNIX} stream socket do. A write that certainly fits
 * ({@link Descriptors#fits}: Linux's pipe holds 16 pages, a write takes at most its bytes' pages) takes all its bytes
 * at once; one that might not fit stops the run rather than guess where Linux would block. A write with no reader
 * open raises {@code SIGPIPE} (stops) or, with {@code MSG_NOSIGNAL}, fails with {@code EPIPE}. The descriptors' numbers
 * follow Linux's rule among the run's own ({@link Descriptors#lowestFree}) and are recorded, so that the reproducer,
 * which makes the real pipes, gives the program the same ones. {@code fcntl}'s answers are Linux's ({@code F_GETFL}:
 * the access mode and {@code O_NONBLOCK}, an open file's flag that its duplicates share). Whatever else is asked of a
 * pipe's end ({@code ioctl}, {@code fstat}, {@code lseek}, {@code MSG_PEEK}, a datagram pair, a duplicate over a
 * standard stream, two pipes ready at once for {@code poll}) stops the run.
 *
 * <p>Proofs stop at {@code pipe}: the numbers a process gets and whether the call fails (the descriptor limit) are
 * the world's, which a proof does not enumerate.
 */
final class Pipes {
    static final long O_NONBLOCK = 04000, O_CLOEXEC = 02000000, O_ACCESS = 3;
    static final long AF_UNIX = 1, SOCK_STREAM = 1, SOCK_TYPE = 0xf;
    static final long MSG_DONTWAIT = 0x40, MSG_NOSIGNAL = 0x4000;
    static final long F_GETFD = 1, F_SETFD = 2, F_GETFL = 3, F_SETFL = 4, FD_CLOEXEC = 1;
    /** Above this number Linux's default soft limit on descriptors (1024) refuses a duplicate: not modelled. */
    static final long LIMIT = 1024;

    private Pipes() {
    }

    static boolean handles(Semantics s) {
        return s instanceof Semantics.NewPipe || s instanceof Semantics.DuplicateDescriptor;
    }

    /** {@code pipe}, {@code pipe2}, {@code socketpair}; {@code dup}, {@code dup2}, {@code dup3} of a socket or file of the run. */
    static boolean run(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, Semantics sem,
                       List<Value> args) {
        Step s = new Step(in, lib, t, c, e, call, name);
        s.worldly();
        if (sem instanceof Semantics.DuplicateDescriptor dd) return duplicate(s, dd, args);
        Semantics.NewPipe np = (Semantics.NewPipe) sem;
        long flags;
        if (np.socket()) {
            long type = s.integer(args, np.type());
            if (s.integer(args, np.domain()) != AF_UNIX || (type & SOCK_TYPE) != SOCK_STREAM || (type & ~(SOCK_TYPE | O_NONBLOCK | O_CLOEXEC)) != 0
                    || s.integer(args, np.protocol()) != 0) {
                throw Abandon.unsupported(name + " other than a pair of AF_UNIX stream sockets");
            }
            flags = type & ~SOCK_TYPE;
        } else {
            flags = np.flags() >= 0 ? s.integer(args, np.flags()) : 0;
            // O_DIRECT (a packet pipe) and others: not modelled
            if ((flags & ~(O_NONBLOCK | O_CLOEXEC)) != 0) throw Abandon.unsupported(name + " with flags " + flags);
        }
        Value.Ptr fds = LibraryFunctions.ptr(LibraryBehaviour.arg(args, np.fds()), name);
        lib.access(c, fds, 8, true, call, name);
        if (c.dry) return s.result(0);
        ExecState st = in.st;
        st.beforeSyncChange();
        Descriptors d = st.sync.descriptors;
        int a = d.lowestFree(), b = d.lowestFreeBut(a);
        int first = d.nextId();
        d = d.withIdsUsed(4);
        boolean nonblocking = (flags & O_NONBLOCK) != 0, cloexec = (flags & O_CLOEXEC) != 0;
        // channels first and first + 1, open files first + 2 and first + 3
        Descriptors.Ends ea = np.socket() ? new Descriptors.Ends(first, first + 1, first + 2, cloexec) : new Descriptors.Ends(first, -1, first + 2, cloexec);
        Descriptors.Ends eb = np.socket() ? new Descriptors.Ends(first + 1, first, first + 3, cloexec) : new Descriptors.Ends(-1, first, first + 3, cloexec);
        st.sync.descriptors = d.with(a, Descriptors.Entry.pipe(ea, nonblocking)).with(b, Descriptors.Entry.pipe(eb, nonblocking));
        st.mem.writeRaw(fds.obj(), fds.off(), 4, a);
        st.mem.writeRaw(fds.obj(), fds.off() + 4, 4, b);
        st.logNondet(name, call.loc(), Integer.toString(a));
        st.logNondet(name, call.loc(), Integer.toString(b));
        return s.result(0);
    }

    /** A call with a pipe's end {@code fd} of the run as its descriptor argument: run here, or the run stops. */
    static boolean use(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, Semantics sem,
                       List<Value> args, int fd) {
        Step s = new Step(in, lib, t, c, e, call, name);
        s.worldly();
        ExecState st = in.st;
        Descriptors d = st.sync.descriptors;
        Descriptors.Entry x = d.get(fd);
        boolean pair = pair(x);
        if (sem instanceof Semantics.CloseDescriptor) {
            // a pipe's close does not fail; the last writer's close ends its readers' input
            if (!c.dry) {
                st.beforeSyncChange();
                st.sync.descriptors = d.without(fd);
            }
            return s.result(0);
        }
        if (sem instanceof Semantics.DuplicateDescriptor dd) return duplicate(s, dd, args);
        if (sem instanceof Semantics.DescriptorControl dc) return control(s, d, fd, x, dc, args);
        if (sem instanceof Semantics.DescriptorIoctl io) return ioctl(s, d, fd, x, io, args);
        if (sem instanceof Semantics.WorldRead r) {
            if (r.channel() == Semantics.Channel.FILE) return s.fail(ESPIPE);
            if (r.channel() == Semantics.Channel.SOCKET && !pair) return s.fail(ENOTSOCK);
            long flags = flags(s, args, r.flags(), MSG_DONTWAIT);
            if (r.from() >= 0 && !(LibraryBehaviour.arg(args, r.from()) instanceof Value.Int z && z.v() == 0)) {
                throw Abandon.unsupported(name + " with a sender's address of a socket pair (not modelled)");
            }
            if (x.ends().in() < 0) return s.fail(EBADF);
            return read(s, d, x, args, r.buf(), r.count(), x.nonblocking() || (flags & MSG_DONTWAIT) != 0);
        }
        if (sem instanceof Semantics.WorldWrite w) {
            if (w.channel() == Semantics.Channel.FILE) return s.fail(ESPIPE);
            if (w.channel() == Semantics.Channel.SOCKET && !pair) return s.fail(ENOTSOCK);
            long flags = flags(s, args, w.flags(), MSG_DONTWAIT | MSG_NOSIGNAL);
            if (x.ends().out() < 0) return s.fail(EBADF);
            return write(s, d, x, args, w.buf(), w.count(), (flags & MSG_NOSIGNAL) != 0);
        }
        throw Abandon.unsupported(name + " of a pipe's end (not modelled)");
    }

    /** A read of the pipe's channel: what is pending up to the count, 0 at the end, a block or EAGAIN when empty. */
    private static boolean read(Step s, Descriptors d, Descriptors.Entry x, List<Value> args, int bufAt, int countAt, boolean nonblocking) {
        ExecState st = s.in.st;
        int id = x.ends().in();
        Value.Ptr buf = LibraryFunctions.ptr(LibraryBehaviour.arg(args, bufAt), s.name);
        long n = LibraryFunctions.count(LibraryBehaviour.arg(args, countAt));
        Descriptors.Channel ch = d.channel(id);
        // a pipe's read of nothing returns 0 at once (Linux's pipe_read); a socket's: not modelled
        if (n == 0 && pair(x)) throw Abandon.unsupported(s.name + " of no bytes from a socket pair (not modelled)");
        if (n == 0) return s.result(0);
        if (ch.size() == 0) {
            if (!d.hasWriter(id)) return s.result(0);
            if (nonblocking) return s.fail(Errno.EAGAIN);
            return false; // blocks until a write (or the last writer's close)
        }
        long k = Math.min(n, ch.size());
        s.lib.access(s.c, buf, k, true, s.call, s.name);
        if (s.c.dry) return s.result(0);
        st.beforeSyncChange();
        st.mem.writeAgg(buf.obj(), buf.off(), ch.bytes().slice(0, k));
        List<Long> writes = new ArrayList<>(ch.writes());
        long left = k;
        while (left > 0) {
            long w = writes.get(0);
            if (w <= left) {
                writes.remove(0);
                left -= w;
            } else {
                writes.set(0, w - left);
                left = 0;
            }
        }
        st.sync.descriptors = d.withChannel(id, new Descriptors.Channel(ch.bytes().slice(k, ch.size()), List.copyOf(writes)));
        return s.result(k);
    }

    /** A write into the pipe's channel: all of its bytes when they certainly fit, EPIPE or SIGPIPE without a reader. */
    private static boolean write(Step s, Descriptors d, Descriptors.Entry x, List<Value> args, int bufAt, int countAt, boolean noSignal) {
        ExecState st = s.in.st;
        int id = x.ends().out();
        Value.Ptr buf = LibraryFunctions.ptr(LibraryBehaviour.arg(args, bufAt), s.name);
        long n = LibraryFunctions.count(LibraryBehaviour.arg(args, countAt));
        s.lib.access(s.c, buf, n, false, s.call, s.name);
        // a pipe's write of nothing returns 0 before it looks for a reader (Linux's pipe_write); a socket's: not modelled
        if (n == 0 && pair(x)) throw Abandon.unsupported(s.name + " of no bytes to a socket pair (not modelled)");
        if (n == 0) return s.result(0);
        if (!d.hasReader(id)) {
            if (noSignal) return s.fail(EPIPE);
            throw Abandon.unsupported(s.name + " to a pipe no one reads (SIGPIPE: not modelled)");
        }
        if (!d.fits(id, n)) throw Abandon.unsupported(s.name + " of " + n + " bytes into a pipe holding " + d.channel(id).size() + " (it may block: not modelled)");
        if (s.c.dry) return s.result(0);
        st.beforeSyncChange();
        Descriptors.Channel ch = d.channel(id);
        List<Long> writes = new ArrayList<>(ch.writes());
        writes.add(n);
        st.sync.descriptors = d.withChannel(id, new Descriptors.Channel(ch.bytes().concat(st.mem.take(buf.obj(), buf.off(), n)), List.copyOf(writes)));
        return s.result(n);
    }

    /** fcntl of a pipe's end: the close-on-exec flag, the status flags (access mode, O_NONBLOCK); other commands stop. */
    private static boolean control(Step s, Descriptors d, int fd, Descriptors.Entry x, Semantics.DescriptorControl dc, List<Value> args) {
        ExecState st = s.in.st;
        long cmd = s.integer(args, dc.command());
        Descriptors.Ends ends = x.ends();
        if (cmd == F_GETFD) return s.result(ends.cloexec() ? FD_CLOEXEC : 0);
        if (cmd == F_GETFL) {
            long mode = ends.in() >= 0 && ends.out() >= 0 ? 2 : ends.out() >= 0 ? 1 : 0;
            return s.result(mode | (x.nonblocking() ? O_NONBLOCK : 0));
        }
        if (cmd == F_SETFD) {
            long v = s.integer(args, dc.arg());
            if (s.c.dry) return s.result(0);
            st.beforeSyncChange();
            st.sync.descriptors = d.with(fd, x.withEnds(new Descriptors.Ends(ends.in(), ends.out(), ends.description(), (v & FD_CLOEXEC) != 0)));
            return s.result(0);
        }
        if (cmd == F_SETFL) {
            long v = s.integer(args, dc.arg());
            // the access mode is ignored (Linux); O_APPEND, O_ASYNC, O_DIRECT, O_NOATIME: not modelled
            if ((v & ~(O_NONBLOCK | O_ACCESS)) != 0) throw Abandon.unsupported(s.name + " setting flags " + v + " of a pipe's end");
            if (s.c.dry) return s.result(0);
            st.beforeSyncChange();
            st.sync.descriptors = d.withNonblocking(ends.description(), (v & O_NONBLOCK) != 0);
            return s.result(0);
        }
        throw Abandon.unsupported(s.name + " command " + cmd + " of a pipe's end (not modelled)");
    }

    static final long FIONREAD = 0x541b, FIONBIO = 0x5421, FIONCLEX = 0x5450, FIOCLEX = 0x5451;

    /** ioctl of a pipe's end: the bytes pending, non-blocking mode, the close-on-exec flag; other requests stop. */
    private static boolean ioctl(Step s, Descriptors d, int fd, Descriptors.Entry x, Semantics.DescriptorIoctl io, List<Value> args) {
        ExecState st = s.in.st;
        long request = s.integer(args, io.request()) & 0xffffffffL;
        Descriptors.Ends ends = x.ends();
        if (request == FIONREAD) {
            // the bytes a read of the end would find (its channel's; a write end's own: Linux answers the pipe's)
            int id = ends.in() >= 0 ? ends.in() : ends.out();
            Value.Ptr out = LibraryFunctions.ptr(LibraryBehaviour.arg(args, io.arg()), s.name);
            s.lib.access(s.c, out, 4, true, s.call, s.name);
            if (!s.c.dry) st.mem.writeRaw(out.obj(), out.off(), 4, d.channel(id).size());
            return s.result(0);
        }
        if (request == FIONBIO) {
            Value.Ptr in = LibraryFunctions.ptr(LibraryBehaviour.arg(args, io.arg()), s.name);
            s.lib.access(s.c, in, 4, false, s.call, s.name);
            boolean on = st.mem.readRaw(in.obj(), in.off(), 4) != 0;
            if (s.c.dry) return s.result(0);
            st.beforeSyncChange();
            st.sync.descriptors = d.withNonblocking(ends.description(), on);
            return s.result(0);
        }
        if (request == FIOCLEX || request == FIONCLEX) {
            if (!s.c.dry) {
                st.beforeSyncChange();
                st.sync.descriptors = d.with(fd, x.withEnds(new Descriptors.Ends(ends.in(), ends.out(), ends.description(), request == FIOCLEX)));
            }
            return s.result(0);
        }
        throw Abandon.unsupported(s.name + " request " + Long.toHexString(request) + " of a pipe's end (not modelled)");
    }

    /**
     * dup, dup2, dup3 of a pipe's end, a socket or a file of the run: the new number shares the open file (a pipe's
     * channels and status flags), its close-on-exec flag is dup3's; the number is recorded.
     */
    private static boolean duplicate(Step s, Semantics.DuplicateDescriptor dd, List<Value> args) {
        ExecState st = s.in.st;
        Descriptors d = st.sync.descriptors;
        long fd = s.integer(args, dd.fd());
        Descriptors.Entry x = d.get(fd);
        if (x == null || !(x.kind() == Descriptors.Kind.PIPE || x.kind() == Descriptors.Kind.SOCKET || x.kind() == Descriptors.Kind.FILE)) {
            throw Abandon.unsupported(s.name + " of descriptor " + fd + ", which the run does not know as a pipe, socket or file");
        }
        long flags = dd.flags() >= 0 ? s.integer(args, dd.flags()) : 0;
        if ((flags & ~O_CLOEXEC) != 0) return s.fail(Errno.EINVAL);
        long to;
        if (dd.to() < 0) {
            to = d.lowestFree();
        } else {
            to = s.integer(args, dd.to());
            if (to == fd) return dd.flags() >= 0 ? s.fail(Errno.EINVAL) : s.recorded(fd);
            if (to < 3 || to >= LIMIT) throw Abandon.unsupported(s.name + " onto descriptor " + to + " (a standard stream or past the limit: not modelled)");
        }
        if (s.c.dry) return s.result(0);
        st.beforeSyncChange();
        Descriptors now = d.get(to) != null ? d.without((int) to) : d;
        Descriptors.Entry copy = x.ends() == null ? x
                : x.withEnds(new Descriptors.Ends(x.ends().in(), x.ends().out(), x.ends().description(), (flags & O_CLOEXEC) != 0));
        st.sync.descriptors = now.with((int) to, copy);
        return s.recorded(to);
    }

    /** Whether {@code x} is an end of a socket pair (it reads and writes) rather than of a pipe. */
    private static boolean pair(Descriptors.Entry x) {
        return x.ends().in() >= 0 && x.ends().out() >= 0;
    }

    /** A send or receive's flags argument (position {@code at}, -1: none) holds only {@code allowed}, else the run stops. */
    private static long flags(Step s, List<Value> args, int at, long allowed) {
        if (at < 0) return 0;
        long f = s.integer(args, at);
        if ((f & ~allowed) != 0) throw Abandon.unsupported(s.name + " with flags " + f + " of a pipe's end (not modelled)");
        return f;
    }

    /** One call being run: its context and the helpers the models here share. */
    private record Step(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name) {
        /** Proofs and atomic sections stop at a pipe (its numbers and the descriptor limit are the world's). */
        void worldly() {
            if (in.st.exhaustive) throw Abandon.unsupported(name + ": a pipe's descriptors are the world's");
            if (in.st.speculating) throw Abandon.unsupported(name + " in an atomic section");
        }

        long integer(List<Value> args, int i) {
            if (!(LibraryBehaviour.arg(args, i) instanceof Value.Int v)) throw Abandon.unsupported(name + " argument " + i + " " + LibraryBehaviour.arg(args, i));
            return v.v();
        }

        /** A failure Linux gives for these arguments: -1 with {@code errno} {@code code}, recorded (as every call of these functions is). */
        boolean fail(long code) {
            if (c.dry) return result(0);
            ExecState st = in.st;
            if (recordsCalls()) {
                st.logNondet(name, call.loc(), "-1");
                st.logNondet(name, call.loc(), Long.toString(code));
            }
            st.setErrno(t, code);
            return result(-1);
        }

        /** A number this call gives: recorded (the reproducer gives the program the same). */
        boolean recorded(long v) {
            if (!c.dry) in.st.logNondet(name, call.loc(), Long.toString(v));
            return result(v);
        }

        /** Whether every call of this function is recorded (pipe creation and duplication; not a read or write). */
        boolean recordsCalls() {
            Semantics sem = Semantics.of(name);
            return sem instanceof Semantics.NewPipe || sem instanceof Semantics.DuplicateDescriptor;
        }

        boolean result(long v) {
            return in.finishCall(t, c, e, Value.of(v), null);
        }
    }
}
