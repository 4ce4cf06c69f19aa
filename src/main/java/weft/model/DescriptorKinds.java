package weft.model;

/**
 * The kinds of {@link Semantics} of the descriptors a run opens and the event loops over them: sockets, pipes and
 * socket pairs, duplicates, {@code fcntl} and {@code ioctl}, {@code accept}, {@code epoll}, {@code poll} and
 * {@code select}, event counters, timers and inotify instances ({@code weft.exec.EventLoop}, {@code weft.exec.Pipes},
 * {@code weft.exec.state.Descriptors}). Most answers are the world's ({@link WorldValues}); a pipe's bytes are the
 * program's. Kept apart from {@link WorldKinds} and {@link Semantics}, which inherits them (each is named
 * {@code Semantics.X} as the others are), so that no file grows past what a reader takes in.
 */
public interface DescriptorKinds {
    /**
     * A new descriptor of the run ({@code socket}, {@code eventfd}, {@code epoll_create1}, {@code timerfd_create},
     * {@code inotify_init1}): the lowest number from 3 that no descriptor of the run holds, of {@code kind}
     * ({@code socket}: its readiness is the world's; {@code counter}: an event counter starting at argument
     * {@code init}; {@code epoll}: an empty interest list; {@code timer}: disarmed; {@code inotify}: watches whose files
     * never change, {@link WatchAdd}); argument {@code flags} ({@code -1}: none) says whether it is non-blocking
     * ({@code O_NONBLOCK}, {@code IN_NONBLOCK}) and, for a counter, a semaphore ({@code EFD_SEMAPHORE}).
     */
    record NewDescriptor(String kind, int init, int flags) implements Semantics {}

    /** {@code close(fd)}: a descriptor of the run is released (on Linux even when the call fails); the result is the world's. */
    record CloseDescriptor(int fd) implements Semantics {}

    /**
     * {@code pipe}, {@code pipe2} (flags at {@code flags}: {@code O_NONBLOCK}, {@code O_CLOEXEC}) and {@code socketpair}
     * ({@code domain}, {@code type}, {@code protocol}: {@code AF_UNIX}, {@code SOCK_STREAM} with {@code SOCK_NONBLOCK}
     * and {@code SOCK_CLOEXEC}, 0; {@code domain} -1 for a pipe): two new descriptors of the run, the two lowest
     * numbers from 3 its own leave free, written as two ints at {@code fds}; a channel whose bytes are the program's
     * ({@code weft.exec.Pipes}), not the world's. Not an answer of the world's: recorded so that the reproducer gives
     * the program the same numbers.
     */
    record NewPipe(int fds, int flags, int domain, int type, int protocol) implements Semantics {
        /** Whether this is a pair of connected sockets (both ends read and write) rather than a pipe. */
        public boolean socket() {
            return domain >= 0;
        }
    }

    /**
     * {@code dup} ({@code to} -1: the lowest free number from 3), {@code dup2} and {@code dup3} (the number at
     * {@code to}, closed first when the run holds it; {@code flags}: {@code O_CLOEXEC}): a second number for a
     * descriptor of the run, sharing its open file (a pipe's channel, its status flags); recorded.
     */
    record DuplicateDescriptor(int fd, int to, int flags) implements Semantics {}

    /**
     * {@code ioctl(fd, request, arg)}: of a pipe's end of the run, Linux's answer for {@code FIONREAD} (the bytes
     * pending, an int at {@code arg}), {@code FIONBIO} (non-blocking from the int at {@code arg}), {@code FIOCLEX} and
     * {@code FIONCLEX} ({@code weft.exec.Pipes}); other requests and other descriptors stop the run.
     */
    record DescriptorIoctl(int fd, int request, int arg) implements Semantics {}

    /**
     * {@code fcntl(fd, command, arg)}: of a pipe or socket pair of the run, Linux's answer for {@code F_GETFD},
     * {@code F_SETFD}, {@code F_GETFL}, {@code F_SETFL} ({@code O_NONBLOCK}) computed ({@code weft.exec.Pipes}), other
     * commands stop; of any other descriptor the world's answer, {@link #WORLD}.
     */
    record DescriptorControl(int fd, int command, int arg) implements Semantics {
        /** The answer for a descriptor the run does not model: -1 (with an errno) up to {@code INT_MAX}, an input. */
        public static final WorldKinds.InputResult WORLD = new WorldKinds.InputResult(-1, Integer.MAX_VALUE, -1, 0, true);
    }

    /**
     * {@code accept}: a new connection (a new descriptor, its peer 127.0.0.1 at a port of the run's, written at
     * {@code addr} within the length at {@code len}) or a failure, the world's choice.
     */
    record AcceptConnection(int socket, int addr, int len) implements Semantics {}

    /**
     * {@code getpeername(socket, addr, len)}: the peer of a connection {@code accept} gave (127.0.0.1 at its port),
     * written at {@code addr} within the length at {@code len}, which becomes the address's; another socket stops.
     * {@code local} ({@code getsockname}): the address a socket of the run was bound to ({@link BindAddress}); a socket
     * not bound by the run stops.
     */
    record PeerName(int socket, int addr, int len, boolean local) implements Semantics {}

    /**
     * {@code bind(socket, addr, len)}: succeeds (0) or fails (-1, the world's errno), the world's choice; a socket of
     * the run keeps the address it was bound to, an IPv4 or IPv6 port 0 replaced by the port the world chose.
     */
    record BindAddress(int socket, int addr, int len) implements Semantics {}

    /** {@code epoll_ctl}: adds, changes or removes descriptor {@code fd}'s registration (the {@code struct epoll_event} at {@code event}). */
    record EpollControl(int epoll, int op, int fd, int event) implements Semantics {}

    /** {@code epoll_wait}: one registered descriptor that may be ready, the world's choice, or none after a timeout. */
    record EpollWait(int epoll, int events, int max, int timeout) implements Semantics {}

    /**
     * {@code poll} (the {@code count} {@code struct pollfd} at {@code fds}) and {@code select} ({@code select}: the
     * {@code fd_set}s at {@code fds} (read), {@code write}, {@code except} below descriptor {@code count}): one
     * descriptor that may be ready, the world's choice, or none after the timeout ({@code timeout}: milliseconds, or the
     * {@code struct timeval} pointer for select). {@code mask} not -1: {@code pselect}, whose timeout is a
     * {@code struct timespec} it leaves as it was, with the signal mask at argument {@code mask} (null: none) in force
     * while it waits.
     */
    record PollWait(int fds, int count, int timeout, int write, int except, boolean select, int mask) implements Semantics {}

    /**
     * {@code inotify_add_watch}: a watch of the path at argument {@code path} added to the inotify instance at
     * descriptor {@code fd}: the world's answer, the instance's next watch descriptor (Linux numbers them from 1) or
     * a failure (ENOENT: the path does not exist in the world).
     */
    record WatchAdd(int fd, int path) implements Semantics {}

    /** {@code eventfd_read}: the counter at descriptor {@code fd} into {@code out} and reset (a semaphore's: 1, decremented). */
    record CounterRead(int fd, int out) implements Semantics {}

    /** {@code eventfd_write}: argument {@code value} added to the counter at descriptor {@code fd}. */
    record CounterWrite(int fd, int value) implements Semantics {}

    /** {@code timerfd_settime}: arms the timer at {@code fd} when the {@code struct itimerspec} at {@code value} has a non-zero first expiry. */
    record TimerSet(int fd, int value, int old) implements Semantics {}

    /** {@code timerfd_gettime}: the {@code struct itimerspec} at {@code out} of the timer at {@code fd}, all zero when disarmed. */
    record TimerGet(int fd, int out) implements Semantics {}
}
