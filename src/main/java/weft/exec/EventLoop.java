package weft.exec;

import weft.exec.state.*;

import weft.ir.Edge;
import weft.ir.Stmt;
import weft.model.Semantics;

import java.util.ArrayList;
import java.util.List;

/**
 * Descriptors as the world's and the run's ({@link Descriptors}): sockets and accepted connections, event counters
 * ({@code eventfd}, {@code eventfd_read}, {@code eventfd_write}), epoll instances ({@code epoll_create1},
 * {@code epoll_ctl}, {@code epoll_wait}), timers ({@code timerfd_create}, {@code timerfd_settime}), {@code poll},
 * {@code select} and {@code close}: what an event loop needs to run.
 *
 * <p>Must-soundness (the witness search): every run is a real execution under one behaviour of the world. A new
 * descriptor is the lowest number the run's own descriptors leave free (Linux's rule; the numbers of files and
 * inherited descriptors are the world's); an accepted connection comes from a peer at 127.0.0.1. Which registered
 * descriptor {@code epoll_wait} reports is the world's choice (an input recorded under the function's name: the
 * descriptor, then its events) among those that may be ready: a socket always may (a peer may connect or send, the
 * network take more), a counter for reading only when its value is not zero, an armed timer (time passes); it reports
 * one at a time (Linux may report fewer than are ready), copies the registration's data as {@code epoll_ctl} stored
 * it and disables a one-shot registration. With none that may be ready it times out, or blocks without a timeout.
 * Counters hold what the program wrote into them: {@code eventfd_read} of zero fails with {@code EAGAIN} when
 * non-blocking and blocks otherwise. {@code epoll_ctl}'s failures are Linux's ({@code EEXIST}, {@code ENOENT},
 * {@code EINVAL}). A descriptor the run did not open stops the execution; so does any call outside these models that
 * uses a counter, a timer or an epoll instance ({@link Semantics#descriptorArgument}), edge triggering of a counter or
 * a timer and a timer's old value. {@code struct epoll_event} is x86's: 12 bytes, the data at offset 4.
 *
 * <p>An inotify instance ({@code inotify_init}, {@code inotify_init1}) watches paths ({@code inotify_add_watch}: the
 * world's answer, the next watch descriptor or ENOENT) whose files never change in the run's world: a {@code read} of
 * it blocks for ever (non-blocking: EAGAIN), and {@code epoll} and {@code poll} never find it ready. A world in which
 * nothing a program watches changes is a real one, so every run stays one the program may make.
 *
 * <p>Proofs (the exhaustive exploration) stop at all of these but {@code close} of a descriptor the run did not open
 * whose result is not used: the world's answers are inputs a proof does not enumerate.
 */
final class EventLoop {
    static final long NONBLOCK = 04000, SEMAPHORE = 1;
    static final long EPOLLIN = 1, EPOLLOUT = 4, EPOLLONESHOT = 1L << 30, EPOLLET = 1L << 31;
    static final long CTL_ADD = 1, CTL_DEL = 2, CTL_MOD = 3;
    /** x86's packed {@code struct epoll_event}: the events, then the 8 bytes of data at offset 4. */
    static final int EVENT_SIZE = 12, DATA_OFFSET = 4;
    /** The first port of the peers of accepted connections (Linux's first ephemeral port). */
    static final long PEER_PORT = 32768;

    private EventLoop() {
    }

    static boolean handles(Semantics s) {
        return s instanceof Semantics.NewDescriptor || s instanceof Semantics.CloseDescriptor || s instanceof Semantics.AcceptConnection
                || s instanceof Semantics.PeerName || s instanceof Semantics.BindAddress
                || s instanceof Semantics.EpollControl || s instanceof Semantics.EpollWait || s instanceof Semantics.CounterRead
                || s instanceof Semantics.CounterWrite || s instanceof Semantics.TimerSet || s instanceof Semantics.TimerGet || s instanceof Semantics.PollWait
                || s instanceof Semantics.WatchAdd;
    }

    static boolean run(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, Semantics sem,
                       weft.model.Event event, List<Value> args) {
        ExecState st = in.st;
        if (sem instanceof Semantics.CloseDescriptor cd) {
            if (LibraryBehaviour.arg(args, cd.fd()) instanceof Value.Int fd && st.sync.descriptors.get(fd.v()) != null && !c.dry) {
                st.beforeSyncChange();
                st.sync.descriptors = st.sync.descriptors.without((int) fd.v());
            }
            // its result is the world's (EINTR, EIO): as before the descriptor models
            return Resources.inputResult(in, lib, t, c, e, call, name, CLOSE_RESULT, event, args);
        }
        if (sem instanceof Semantics.BindAddress b) return bind(in, lib, t, c, e, call, name, b, event, args);
        if (st.exhaustive) throw Abandon.unsupported(name + ": descriptors are the world's");
        Descriptors d = st.sync.descriptors;
        Step s = new Step(in, lib, t, c, e, call, name);
        if (sem instanceof Semantics.NewDescriptor nd) {
            long flags = nd.flags() >= 0 ? s.integer(args, nd.flags()) : 0;
            long init = nd.init() >= 0 ? s.integer(args, nd.init()) : 0;
            if (c.dry) return s.result(0);
            Descriptors.Kind kind = Descriptors.Kind.valueOf(nd.kind().toUpperCase(java.util.Locale.ROOT));
            return s.open(Descriptors.Entry.of(kind, (flags & NONBLOCK) != 0, kind == Descriptors.Kind.COUNTER && (flags & SEMAPHORE) != 0, init));
        } else if (sem instanceof Semantics.AcceptConnection a) {
            return accept(s, d, a, args);
        } else if (sem instanceof Semantics.PeerName pn) {
            return peer(s, d, pn, args);
        } else if (sem instanceof Semantics.EpollControl ctl) {
            return control(s, d, ctl, args);
        } else if (sem instanceof Semantics.EpollWait w) {
            return waitForEvent(s, d, w, args);
        } else if (sem instanceof Semantics.PollWait w) {
            return w.select() ? select(s, d, w, args) : poll(s, d, w, args);
        } else if (sem instanceof Semantics.WatchAdd w) {
            return watch(s, d, w, args);
        } else if (sem instanceof Semantics.CounterRead r) {
            Descriptors.Entry x = s.own(d, s.integer(args, r.fd()), Descriptors.Kind.COUNTER);
            Value.Ptr out = LibraryFunctions.ptr(LibraryBehaviour.arg(args, r.out()), name);
            if (x.counter() == 0) {
                if (!x.nonblocking()) return false; // blocks until a write
                return s.fail(Errno.EAGAIN);
            }
            lib.access(c, out, 8, true, call, name);
            if (c.dry) return s.result(0);
            long v = x.semaphore() ? 1 : x.counter();
            st.beforeSyncChange();
            st.sync.descriptors = d.with((int) s.integer(args, r.fd()), x.withCounter(x.counter() - v));
            st.mem.writeRaw(out.obj(), out.off(), 8, v);
            st.logNondet(name, call.loc(), "0");
            st.logNondet(name, call.loc(), Long.toString(v));
            return s.result(0);
        } else if (sem instanceof Semantics.CounterWrite w) {
            long fd = s.integer(args, w.fd());
            Descriptors.Entry x = s.own(d, fd, Descriptors.Kind.COUNTER);
            long v = s.integer(args, w.value());
            // the maximum is 2^64 - 2: a write past it blocks or fails (not modelled)
            if (v < 0 || x.counter() + v < 0 || x.counter() + v > Long.MAX_VALUE - 1) throw Abandon.unsupported(name + " past the counter's maximum");
            if (c.dry) return s.result(0);
            st.beforeSyncChange();
            st.sync.descriptors = d.with((int) fd, x.withCounter(x.counter() + v));
            st.logNondet(name, call.loc(), "0");
            return s.result(0);
        } else if (sem instanceof Semantics.TimerSet ts) {
            long fd = s.integer(args, ts.fd());
            Descriptors.Entry x = s.own(d, fd, Descriptors.Kind.TIMER);
            if (!(LibraryBehaviour.arg(args, ts.old()) instanceof Value.Int o && o.v() == 0)) throw Abandon.unsupported(name + " with the old value asked for");
            Value.Ptr spec = LibraryFunctions.ptr(LibraryBehaviour.arg(args, ts.value()), name);
            int l = st.dm.longSize;
            lib.access(c, spec, 4L * l, false, call, name);
            boolean armed = st.mem.readRaw(spec.obj(), spec.off() + 2L * l, l) != 0 || st.mem.readRaw(spec.obj(), spec.off() + 3L * l, l) != 0;
            if (c.dry) return s.result(0);
            st.beforeSyncChange();
            st.sync.descriptors = d.with((int) fd, x.withArmed(armed));
            st.logNondet(name, call.loc(), "0");
            return s.result(0);
        } else if (sem instanceof Semantics.TimerGet tg) {
            // a disarmed timer: its struct itimerspec all zero (an armed one's time left is the world's: the run stops)
            long fd = s.integer(args, tg.fd());
            Descriptors.Entry x = s.own(d, fd, Descriptors.Kind.TIMER);
            if (x.armed()) throw Abandon.unsupported(name + " of an armed timer (the time left is the world's)");
            Value.Ptr out = LibraryFunctions.ptr(LibraryBehaviour.arg(args, tg.out()), name);
            int l = st.dm.longSize;
            lib.access(c, out, 4L * l, true, call, name);
            if (c.dry) return s.result(0);
            st.mem.fill(out.obj(), out.off(), 4L * l, (byte) 0);
            st.logNondet(name, call.loc(), "0");
            return s.result(0);
        }
        throw new IllegalStateException(sem.toString());
    }

    private static final Semantics.InputResult CLOSE_RESULT = new Semantics.InputResult(-1, 0, -1, 0, true);

    /** accept: a new connection from 127.0.0.1 (its port recorded after the descriptor), its address written when asked for. */
    private static boolean accept(Step s, Descriptors d, Semantics.AcceptConnection a, List<Value> args) {
        ExecState st = s.in.st;
        s.own(d, s.integer(args, a.socket()), Descriptors.Kind.SOCKET);
        Value addr = LibraryBehaviour.arg(args, a.addr());
        boolean wantsAddress = !(addr instanceof Value.Int z && z.v() == 0);
        Value.Ptr ap = null, lp = null;
        long n = 0;
        if (wantsAddress) {
            ap = LibraryFunctions.ptr(addr, s.name);
            lp = LibraryFunctions.ptr(LibraryBehaviour.arg(args, a.len()), s.name);
            s.lib.access(s.c, lp, 4, false, s.call, s.name);
            n = Math.min(16, st.mem.readRaw(lp.obj(), lp.off(), 4));
            s.lib.access(s.c, ap, n, true, s.call, s.name);
            s.lib.access(s.c, lp, 4, true, s.call, s.name);
        }
        if (s.c.dry) return s.result(0);
        int fd = d.lowestFree();
        long port = PEER_PORT + fd;
        if (wantsAddress) {
            long[] bytes = Addresses.sockaddrIn(port, Addresses.LOOPBACK);
            for (int i = 0; i < n; i++) st.mem.writeRaw(ap.obj(), ap.off() + i, 1, bytes[i]);
            st.mem.writeRaw(lp.obj(), lp.off(), 4, 16);
        }
        // an accepted connection keeps its peer's port (an Entry's counter, which sockets do not use otherwise)
        boolean ok = s.open(Descriptors.Entry.of(Descriptors.Kind.SOCKET, false, false, port));
        st.logNondet(s.name, s.call.loc(), Long.toString(port));
        return ok;
    }

    /**
     * getpeername of a connection accept gave: its peer (127.0.0.1 at the port accept recorded), cut to the length
     * given, the length set to the address's (16); recorded as 0 (the reproducer answers the same peer). getsockname
     * ({@code local}): the address the run bound the socket to ({@link #bind}), cut and its length set the same way.
     */
    private static boolean peer(Step s, Descriptors d, Semantics.PeerName pn, List<Value> args) {
        ExecState st = s.in.st;
        long fd = s.integer(args, pn.socket());
        Descriptors.Entry x = s.own(d, fd, Descriptors.Kind.SOCKET);
        if (pn.local() && x.address() < 0) throw Abandon.unsupported(s.name + " of a socket the run did not bind (its address is the world's)");
        if (!pn.local() && x.counter() == 0) throw Abandon.unsupported(s.name + " of a socket accept did not give (its peer is the world's)");
        long size = pn.local() ? st.mem.get(x.address()).size : 16;
        Value.Ptr ap = LibraryFunctions.ptr(LibraryBehaviour.arg(args, pn.addr()), s.name);
        Value.Ptr lp = LibraryFunctions.ptr(LibraryBehaviour.arg(args, pn.len()), s.name);
        s.lib.access(s.c, lp, 4, false, s.call, s.name);
        long n = Math.min(size, st.mem.readRaw(lp.obj(), lp.off(), 4));
        s.lib.access(s.c, ap, n, true, s.call, s.name);
        s.lib.access(s.c, lp, 4, true, s.call, s.name);
        if (s.c.dry) return s.result(0);
        if (pn.local()) {
            if (n > 0) st.mem.copy(ap.obj(), ap.off(), x.address(), 0, n);
        } else {
            long[] bytes = Addresses.sockaddrIn(x.counter(), Addresses.LOOPBACK);
            for (int i = 0; i < n; i++) st.mem.writeRaw(ap.obj(), ap.off() + i, 1, bytes[i]);
        }
        st.mem.writeRaw(lp.obj(), lp.off(), 4, size);
        st.logNondet(s.name, s.call.loc(), "0");
        return s.result(0);
    }

    /** bind's result where the address is not kept: 0 or -1 with the world's errno. */
    private static final Semantics.InputResult BIND_RESULT = new Semantics.InputResult(-1, 0, -1, 0, true);
    /** Address families whose addresses carry a port at bytes 2-3 (AF_INET, AF_INET6) and their sizes. */
    private static final long AF_INET = 2, AF_INET6 = 10, INET_SIZE = 16, INET6_SIZE = 28;

    /**
     * bind: 0 or -1 (the world's errno), the world's choice as before; when a socket of the run is bound in a witness
     * search, it keeps the address for getsockname (an object of its own: the bytes as given; an IPv4 or IPv6 port 0 is
     * the port the world chose, {@link #PEER_PORT} below the peers' plus the descriptor), and the port is recorded
     * after the result (0 for another family, or a socket the run did not open; the reproducer's wrapper keeps the
     * address and that port). A result no one reads is a success. Proofs take the result as before (an input) and keep
     * nothing: getsockname stops them.
     */
    private static boolean bind(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                                Semantics.BindAddress b, weft.model.Event event, List<Value> args) {
        ExecState st = in.st;
        if (st.exhaustive || c.dry) return Resources.inputResult(in, lib, t, c, e, call, name, BIND_RESULT, event, args);
        if (event instanceof weft.model.Event.MemAccess m) lib.attributeAccesses(c, call, m, args, name);
        weft.ir.CType type = call.result() == null ? null : call.result().type().unqualified();
        Value v = Value.ZERO;
        if (type == null) st.logNondet(name, call.loc(), "0"); // a result no one reads: the bind succeeded
        else v = st.chooseInput(type, name, call.loc(), -1, 0);
        if (v instanceof Value.Int r && r.v() == -1) {
            Resources.worldErrno(st, t, call, name);
            return in.finishCall(t, c, e, v, type);
        }
        Value fdArg = LibraryBehaviour.arg(args, b.socket());
        Descriptors.Entry x = fdArg instanceof Value.Int fdv ? st.sync.descriptors.get(fdv.v()) : null;
        if (x == null || x.kind() != Descriptors.Kind.SOCKET) {
            // a socket the run did not open: nothing kept (getsockname of it stops), the port recorded as 0
            st.logNondet(name, call.loc(), "0");
            return in.finishCall(t, c, e, v, type);
        }
        long fd = ((Value.Int) fdArg).v();
        Value.Ptr ap = LibraryFunctions.ptr(LibraryBehaviour.arg(args, b.addr()), name);
        if (!(LibraryBehaviour.arg(args, b.len()) instanceof Value.Int len) || len.v() < 2 || len.v() > 128) {
            throw Abandon.unsupported(name + " of an address of " + LibraryBehaviour.arg(args, b.len()) + " bytes");
        }
        if (ap.off() < 0 || ap.off() + len.v() > st.mem.get(ap.obj()).size) throw Abandon.unsupported(name + " of an address past its object");
        int block = st.mem.create("address of socket " + fd, weft.exec.state.Block.Kind.SPECIAL, len.v(), -1, call.loc()).id;
        st.mem.copy(block, 0, ap.obj(), ap.off(), len.v());
        long port = 0;
        long family = st.mem.get(block).anyUnknown(0, 2) ? -1 : st.mem.readRaw(block, 0, 2);
        if (family == AF_INET && len.v() >= INET_SIZE || family == AF_INET6 && len.v() >= INET6_SIZE) {
            if (st.mem.get(block).anyUnknown(2, 2)) throw Abandon.unsupported(name + " of a port not known");
            port = (st.mem.readRaw(block, 2, 1) << 8) | st.mem.readRaw(block, 3, 1);
            if (port == 0) {
                port = PEER_PORT - 1024 + fd;
                st.mem.writeRaw(block, 2, 1, port >> 8);
                st.mem.writeRaw(block, 3, 1, port & 0xff);
            }
        }
        st.logNondet(name, call.loc(), Long.toString(port));
        st.beforeSyncChange();
        st.sync.descriptors = st.sync.descriptors.with((int) fd, x.withAddress(block));
        return in.finishCall(t, c, e, v, type);
    }

    /** epoll_ctl: Linux's answer for the run's interest list; the registration's bytes copied into an object of the library. */
    private static boolean control(Step s, Descriptors d, Semantics.EpollControl ctl, List<Value> args) {
        ExecState st = s.in.st;
        long epfd = s.integer(args, ctl.epoll());
        Descriptors.Entry ep = s.own(d, epfd, Descriptors.Kind.EPOLL);
        long op = s.integer(args, ctl.op());
        long fd = s.integer(args, ctl.fd());
        Descriptors.Entry target = d.get(fd);
        if (target == null) throw Abandon.unsupported(s.name + " of descriptor " + fd + ", which the run did not open");
        Descriptors.Registration r = ep.interest().get((int) fd);
        if (fd == epfd || (op != CTL_ADD && op != CTL_DEL && op != CTL_MOD)) return s.fail(Errno.EINVAL);
        if (op == CTL_ADD ? r != null : r == null) return s.fail(op == CTL_ADD ? Errno.EEXIST : Errno.ENOENT);
        Value.Ptr ev = null;
        if (op != CTL_DEL) {
            ev = LibraryFunctions.ptr(LibraryBehaviour.arg(args, ctl.event()), s.name);
            s.lib.access(s.c, ev, EVENT_SIZE, false, s.call, s.name);
            long events = st.mem.readRaw(ev.obj(), ev.off(), 4);
            if ((events & EPOLLET) != 0 && target.kind() != Descriptors.Kind.SOCKET) {
                throw Abandon.unsupported(s.name + ": edge triggering of a " + target.kind().name().toLowerCase(java.util.Locale.ROOT));
            }
        }
        if (s.c.dry) return s.result(0);
        st.beforeSyncChange();
        Descriptors.Registration now = null;
        if (op != CTL_DEL) {
            int block = r != null ? r.block() : st.mem.create("epoll registration of descriptor " + fd, Block.Kind.SPECIAL, EVENT_SIZE, -1, s.call.loc()).id;
            st.mem.copy(block, 0, ev.obj(), ev.off(), EVENT_SIZE);
            now = new Descriptors.Registration(block, false);
        }
        st.sync.descriptors = d.register((int) epfd, (int) fd, now);
        st.logNondet(s.name, s.call.loc(), "0");
        return s.result(0);
    }

    /** epoll_wait: one registration that may be ready (the world's choice), a timeout when none may be, or a block. */
    private static boolean waitForEvent(Step s, Descriptors d, Semantics.EpollWait w, List<Value> args) {
        ExecState st = s.in.st;
        long epfd = s.integer(args, w.epoll());
        Descriptors.Entry ep = s.own(d, epfd, Descriptors.Kind.EPOLL);
        long max = s.integer(args, w.max());
        long timeout = s.integer(args, w.timeout());
        if (max <= 0) return s.fail(Errno.EINVAL);
        List<long[]> ready = new ArrayList<>();
        java.util.Set<Long> pipes = new java.util.HashSet<>();
        for (var x : ep.interest().entrySet()) {
            if (x.getValue().disabled()) continue;
            long wanted = st.mem.readRaw(x.getValue().block(), 0, 4);
            long may = ready(s, d, x.getKey(), wanted);
            if (may != 0) ready.add(new long[] {x.getKey(), may, x.getValue().block(), wanted});
            if (may != 0 && d.get(x.getKey()).kind() == Descriptors.Kind.PIPE) pipes.add((long) x.getKey());
        }
        // one event asked for: Linux reports the first ready on its list, a quiet socket's or a pipe's (the world's
        // timing); of two pipes, the order they became ready in: not modelled
        if (max > 1) ready = certain(s, ready, pipes);
        else if (pipes.size() > 1) throw Abandon.unsupported(s.name + " of one event with two pipes ready (which Linux reports first is not modelled)");
        if (ready.isEmpty()) {
            if (timeout < 0) return false; // blocks until a registration may be ready
            if (s.c.dry) return s.result(0);
            st.beforeSyncChange();
            st.logNondet(s.name, s.call.loc(), "0");
            return s.result(0);
        }
        Value.Ptr out = LibraryFunctions.ptr(LibraryBehaviour.arg(args, w.events()), s.name);
        s.lib.access(s.c, out, EVENT_SIZE, true, s.call, s.name);
        if (s.c.dry) return s.result(0);
        st.beforeSyncChange();
        long[] chosen = reportOne(s, ready);
        st.mem.writeRaw(out.obj(), out.off(), 4, chosen[1]);
        st.mem.copy(out.obj(), out.off() + DATA_OFFSET, (int) chosen[2], DATA_OFFSET, EVENT_SIZE - DATA_OFFSET);
        if ((chosen[3] & EPOLLONESHOT) != 0) st.sync.descriptors = d.register((int) epfd, (int) chosen[0], new Descriptors.Registration((int) chosen[2], true));
        return s.result(1);
    }

    /** {@code struct pollfd}: the descriptor, the events asked for, the events returned (x86 and every Linux). */
    static final int POLLFD_SIZE = 8, REVENTS_OFFSET = 6;

    /**
     * poll: one entry whose descriptor may be ready (the world's choice among them, as epoll_wait's: recorded, the
     * entry's index, then its events), every other entry's {@code revents} 0; none: 0 after a timeout, or a block
     * without one. A negative descriptor is skipped (POSIX); one the run did not open stops the execution.
     */
    private static boolean poll(Step s, Descriptors d, Semantics.PollWait w, List<Value> args) {
        ExecState st = s.in.st;
        long n = s.integer(args, w.count());
        long timeout = s.integer(args, w.timeout());
        if (n < 0 || n > 1024) throw Abandon.unsupported(s.name + " of " + n + " descriptors");
        Value.Ptr fds = n == 0 ? null : LibraryFunctions.ptr(LibraryBehaviour.arg(args, w.fds()), s.name);
        List<long[]> ready = new ArrayList<>();
        java.util.Set<Long> pipes = new java.util.HashSet<>();
        for (int i = 0; i < n; i++) {
            s.lib.access(s.c, new Value.Ptr(fds.obj(), fds.off() + i * (long) POLLFD_SIZE), REVENTS_OFFSET, false, s.call, s.name);
            long fd = (int) st.mem.readRaw(fds.obj(), fds.off() + (long) i * POLLFD_SIZE, 4);
            if (fd < 0) continue;
            Descriptors.Entry x = d.get(fd);
            if (x == null) throw Abandon.unsupported(s.name + " of descriptor " + fd + ", which the run did not open");
            long may = ready(s, d, (int) fd, st.mem.readRaw(fds.obj(), fds.off() + (long) i * POLLFD_SIZE + 4, 2));
            if (may != 0) ready.add(new long[] {i, may});
            if (may != 0 && x.kind() == Descriptors.Kind.PIPE) pipes.add((long) i);
        }
        ready = certain(s, ready, pipes);
        if (ready.isEmpty() && timeout < 0) return false; // blocks until a descriptor may be ready
        for (int i = 0; i < n; i++) {
            s.lib.access(s.c, new Value.Ptr(fds.obj(), fds.off() + i * (long) POLLFD_SIZE + REVENTS_OFFSET), 2, true, s.call, s.name);
        }
        if (s.c.dry) return s.result(0);
        st.beforeSyncChange();
        for (int i = 0; i < n; i++) st.mem.writeRaw(fds.obj(), fds.off() + (long) i * POLLFD_SIZE + REVENTS_OFFSET, 2, 0);
        if (ready.isEmpty()) {
            st.logNondet(s.name, s.call.loc(), "0");
            return s.result(0);
        }
        long[] chosen = reportOne(s, ready);
        st.mem.writeRaw(fds.obj(), fds.off() + chosen[0] * POLLFD_SIZE + REVENTS_OFFSET, 2, chosen[1]);
        return s.result(1);
    }

    /** An {@code fd_set}: 1024 bits in {@code long}s (glibc's {@code __fd_mask}), which Linux reads and writes whole. */
    private static final int FD_SET_BITS = 1024;

    /**
     * select: the same choice over the descriptors below {@code nfds} in the read and write sets (a set bit of a
     * descriptor the run did not open stops the execution; nothing exceptional is ever reported), the sets rewritten as
     * Linux does (only the chosen descriptor's bits left: the result is how many), the exceptional set cleared; none: 0
     * with the sets cleared and the timeout's time set to zero (Linux writes what is left), or a block without a
     * timeout. On a report the timeout is left as it was (the descriptor was ready at once).
     */
    private static boolean select(Step s, Descriptors d, Semantics.PollWait w, List<Value> args) {
        ExecState st = s.in.st;
        long nfds = s.integer(args, w.count());
        if (nfds < 0) return s.fail(Errno.EINVAL);
        // past an fd_set's bits Linux reads on (up to the process's limit on descriptors): not followed
        if (nfds > FD_SET_BITS) throw Abandon.unsupported(s.name + " of " + nfds + " descriptors, more than an fd_set holds");
        final int wordBytes = st.dm.longSize;
        final int bitsPerWord = 8 * wordBytes;
        long words = (nfds + bitsPerWord - 1) / bitsPerWord;
        Value.Ptr[] sets = new Value.Ptr[3];
        long[][] bits = new long[3][(int) words];
        int[] which = {w.fds(), w.write(), w.except()};
        for (int k = 0; k < 3; k++) {
            Value v = LibraryBehaviour.arg(args, which[k]);
            if (v instanceof Value.Int z && z.v() == 0) continue;
            sets[k] = LibraryFunctions.ptr(v, s.name);
            s.lib.access(s.c, sets[k], words * wordBytes, false, s.call, s.name);
            for (int i = 0; i < words; i++) bits[k][i] = st.mem.readRaw(sets[k].obj(), sets[k].off() + (long) i * wordBytes, wordBytes);
        }
        List<long[]> ready = new ArrayList<>();
        java.util.Set<Long> pipes = new java.util.HashSet<>();
        for (long fd = 0; fd < nfds; fd++) {
            long mask = 1L << (fd % bitsPerWord);
            int at = (int) (fd / bitsPerWord);
            long wanted = ((bits[0][at] & mask) != 0 ? EPOLLIN : 0) | ((bits[1][at] & mask) != 0 ? EPOLLOUT : 0);
            if (wanted == 0 && (bits[2][at] & mask) == 0) continue;
            Descriptors.Entry x = d.get(fd);
            if (x == null) throw Abandon.unsupported(s.name + " of descriptor " + fd + ", which the run did not open");
            long may = wanted == 0 ? 0 : ready(s, d, (int) fd, wanted);
            if (may != 0) ready.add(new long[] {fd, may});
            if (may != 0 && x.kind() == Descriptors.Kind.PIPE) pipes.add(fd);
        }
        ready = certain(s, ready, pipes);
        Value tv = LibraryBehaviour.arg(args, w.timeout());
        boolean noTimeout = tv instanceof Value.Int z && z.v() == 0;
        // pselect: the signal mask in force while it waits is read (Linux's first word of it); no signal is taken to come
        Value mask = w.mask() >= 0 ? LibraryBehaviour.arg(args, w.mask()) : Value.ZERO;
        if (!(mask instanceof Value.Int z && z.v() == 0)) s.lib.access(s.c, LibraryFunctions.ptr(mask, s.name), 8, false, s.call, s.name);
        if (ready.isEmpty() && noTimeout) return false; // blocks until a descriptor may be ready
        for (Value.Ptr set : sets) if (set != null) s.lib.access(s.c, set, words * wordBytes, true, s.call, s.name);
        int l = st.dm.longSize;
        Value.Ptr time = noTimeout ? null : LibraryFunctions.ptr(tv, s.name);
        // select writes the time left (zero after a timeout); pselect's struct timespec is only read
        boolean writesTime = w.mask() < 0;
        if (ready.isEmpty() && time != null) s.lib.access(s.c, time, 2L * l, writesTime, s.call, s.name);
        if (s.c.dry) return s.result(0);
        st.beforeSyncChange();
        for (Value.Ptr set : sets) if (set != null) st.mem.fill(set.obj(), set.off(), words * wordBytes, (byte) 0);
        if (ready.isEmpty()) {
            if (writesTime) st.mem.fill(time.obj(), time.off(), 2L * l, (byte) 0);
            st.logNondet(s.name, s.call.loc(), "0");
            return s.result(0);
        }
        long[] chosen = reportOne(s, ready);
        long fd = chosen[0], events = chosen[1];
        long count = ((events & EPOLLIN) != 0 ? 1 : 0) + ((events & EPOLLOUT) != 0 ? 1 : 0);
        for (int k = 0; k < 2; k++) {
            if ((events & (k == 0 ? EPOLLIN : EPOLLOUT)) == 0) continue;
            st.mem.writeRaw(sets[k].obj(), sets[k].off() + fd / bitsPerWord * wordBytes, wordBytes, 1L << (fd % bitsPerWord));
        }
        return s.result(count);
    }

    /**
     * The world's report of one ready candidate (epoll_wait, poll, select: {key, events, ...} each), recorded as 1 (a
     * report), the key chosen, its events; the chosen candidate.
     */
    private static long[] reportOne(Step s, List<long[]> ready) {
        ExecState st = s.in.st;
        st.logNondet(s.name, s.call.loc(), "1");
        long key = st.chooseAmong(ready.stream().mapToLong(x -> x[0]).toArray(), s.name, s.call.loc());
        long[] chosen = ready.stream().filter(x -> x[0] == key).findFirst().orElse(ready.get(0));
        st.logNondet(s.name, s.call.loc(), Long.toString(chosen[1]));
        return chosen;
    }

    /** The events of the run's descriptor {@code fd} that may be reported now among {@code wanted} ({@link Descriptors#mayReport}). */
    private static long ready(Step s, Descriptors d, int fd, long wanted) {
        Long may = d.mayReport(fd, wanted);
        if (may == null) throw Abandon.unsupported(s.name + " of pipe end " + fd + " whose other side is closed (a hang-up or error report: not modelled)");
        return may;
    }

    /**
     * A pipe's readiness is certain (its channel's bytes, not the world's choice): Linux reports every ready
     * descriptor, so when a pipe is ready it is the one report (the world may keep every socket quiet then), and two
     * ready pipes, which Linux would report together, stop the execution ({@code keys}: the candidates that are pipes).
     */
    private static List<long[]> certain(Step s, List<long[]> ready, java.util.Set<Long> keys) {
        List<long[]> sure = ready.stream().filter(x -> keys.contains(x[0])).toList();
        if (sure.size() > 1) throw Abandon.unsupported(s.name + " with two pipes ready at once (reported together: not modelled)");
        return sure.isEmpty() ? ready : sure;
    }

    /**
     * {@code inotify_add_watch} on an inotify instance of the run: the path read; the world's answer, recorded: the
     * instance's next watch descriptor (Linux numbers an instance's watches from 1; a path added again may name a new
     * file by then, so a new number is one the world may give) or -1 with ENOENT (the path does not exist).
     */
    private static boolean watch(Step s, Descriptors d, Semantics.WatchAdd w, List<Value> args) {
        ExecState st = s.in.st;
        long fd = s.integer(args, w.fd());
        Descriptors.Entry x = s.own(d, fd, Descriptors.Kind.INOTIFY);
        Formatter.knownString(st, s.lib, s.c, s.call, s.name, LibraryFunctions.ptr(LibraryBehaviour.arg(args, w.path()), s.name));
        if (s.c.dry) return s.result(0);
        long next = x.counter() + 1;
        long wd = st.chooseAmong(new long[] {next, -1}, s.name, s.call.loc());
        if (wd == -1) {
            st.logNondet(s.name, s.call.loc(), Long.toString(Errno.ENOENT));
            st.setErrno(s.t, Errno.ENOENT);
            return s.result(-1);
        }
        st.beforeSyncChange();
        st.sync.descriptors = d.with((int) fd, x.withCounter(next));
        return s.result(wd);
    }

    /**
     * {@code read} of an inotify instance of the run: no event comes in the run's world (no watched file changes), so
     * the read blocks for ever, or fails with EAGAIN when the instance is non-blocking (recorded).
     */
    static boolean inotifyRead(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, Descriptors.Entry x) {
        if (in.st.exhaustive) throw Abandon.unsupported(name + ": descriptors are the world's");
        if (!x.nonblocking()) return false;
        return new Step(in, lib, t, c, e, call, name).fail(Errno.EAGAIN);
    }

    /** One call being run: its context, and the helpers every model here shares. */
    private record Step(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name) {
        long integer(List<Value> args, int i) {
            if (!(LibraryBehaviour.arg(args, i) instanceof Value.Int v)) throw Abandon.unsupported(name + " argument " + i + " " + LibraryBehaviour.arg(args, i));
            return v.v();
        }

        /** The run's descriptor {@code fd} of {@code kind}, else the execution stops. */
        Descriptors.Entry own(Descriptors d, long fd, Descriptors.Kind kind) {
            Descriptors.Entry x = d.get(fd);
            if (x == null || x.kind() != kind) {
                throw Abandon.unsupported(name + " of descriptor " + fd + ", which the run did not open as a " + kind.name().toLowerCase(java.util.Locale.ROOT));
            }
            return x;
        }

        /** A new descriptor (the lowest free number) holding {@code entry}: the call's result, recorded. */
        boolean open(Descriptors.Entry entry) {
            ExecState st = in.st;
            st.beforeSyncChange();
            int fd = st.sync.descriptors.lowestFree();
            st.sync.descriptors = st.sync.descriptors.with(fd, entry);
            st.logNondet(name, call.loc(), Long.toString(fd));
            return result(fd);
        }

        /** A failure: -1 with {@code errno} {@code code}, both recorded (when planning: nothing). */
        boolean fail(long code) {
            if (c.dry) return result(0);
            ExecState st = in.st;
            st.logNondet(name, call.loc(), "-1");
            st.logNondet(name, call.loc(), Long.toString(code));
            st.setErrno(t, code);
            return result(-1);
        }

        boolean result(long v) {
            return in.finishCall(t, c, e, Value.of(v), null);
        }
    }
}
