package weft.exec.state;

import java.util.Collections;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * The descriptors a run opened through the descriptor models ({@code weft.exec.EventLoop}, {@code weft.exec.Pipes}):
 * sockets, event counters ({@code eventfd}), epoll instances, timers ({@code timerfd}) and the ends of pipes and socket
 * pairs, by number, and the bytes pending in the pipes' channels. Immutable: every change returns a new
 * table; {@link Sync} holds the run's, so that a speculated section's changes roll back with the locks'.
 *
 * <p>What the table knows is exactly what the program did to these descriptors through the modelled calls: a
 * counter's value is the sum of what {@code eventfd_write} added since the last {@code eventfd_read}; an epoll
 * instance's interest list is what {@code epoll_ctl} left in it; a channel holds what was written into it and not read. A call the models do not see that uses one of them
 * ({@code read}, {@code write}, {@code fcntl} on a counter: {@link weft.model.Semantics#descriptorArgument}) stops
 * the execution, so that the table is never wrong about a descriptor whose state the world does not decide.
 */
public record Descriptors(NavigableMap<Integer, Entry> open, NavigableMap<Integer, Channel> channels, int nextId) {
    /**
     * What a descriptor is: its readiness is the world's ({@code SOCKET}, {@code FILE}: weft.exec.WorldFiles) or follows
     * from the run ({@code COUNTER}, {@code EPOLL}, {@code TIMER}; {@code PIPE}: an end of a pipe or of a socket pair,
     * weft.exec.Pipes; {@code INOTIFY}: an inotify instance, its watches counted in {@link Entry#counter}, whose
     * events never come: the world changes no file a run watches, weft.exec.EventLoop).
     */
    public enum Kind { SOCKET, COUNTER, EPOLL, TIMER, FILE, PIPE, INOTIFY }

    /**
     * A pipe's end: the channel it reads ({@code in}) and the one it writes ({@code out}), -1 for none (a pipe's read end
     * reads, its write end writes, a socket pair's end does both, each direction its own channel), its open file
     * ({@code description}: the status flags, {@code O_NONBLOCK}, are the open file's, shared by duplicates) and its
     * close-on-exec flag (the descriptor's own).
     */
    public record Ends(int in, int out, int description, boolean cloexec) {}

    /**
     * The bytes written into a channel and not read yet (pointers kept; bytes the writer had not set unknown), and the
     * bytes each pending write left in it, oldest first (what Linux's pipe holds one write per page for at most).
     */
    public record Channel(Value.Agg bytes, java.util.List<Long> writes) {
        public static final Channel EMPTY = new Channel(new Value.Agg(new byte[0], new java.util.TreeMap<>(), null), java.util.List.of());

        public long size() {
            return bytes.bytes().length;
        }
    }

    /**
     * A registration in an epoll instance: the object holding a copy of the {@code struct epoll_event} the program
     * gave (its events and its data, pointers included), disabled after a report when it asked for one shot only.
     */
    public record Registration(int block, boolean disabled) {}

    /**
     * One open descriptor: whether it is non-blocking, a counter's value and semaphore mode, whether a timer is
     * armed, an epoll instance's registrations by descriptor, and a bound socket's address (the object holding it, -1:
     * none).
     */
    public record Entry(Kind kind, boolean nonblocking, boolean semaphore, long counter, boolean armed,
                 NavigableMap<Integer, Registration> interest, long mode, long size, Ends ends, int address) {
        public static Entry of(Kind kind, boolean nonblocking, boolean semaphore, long counter) {
            return new Entry(kind, nonblocking, semaphore, counter, false, Collections.emptyNavigableMap(), 0, 0, null, -1);
        }

        /** A pipe's end (or a socket pair's). */
        public static Entry pipe(Ends ends, boolean nonblocking) {
            return new Entry(Kind.PIPE, nonblocking, false, 0, false, Collections.emptyNavigableMap(), 0, 0, ends, -1);
        }

        public Entry withNonblocking(boolean n) {
            return new Entry(kind, n, semaphore, counter, armed, interest, mode, size, ends, address);
        }

        public Entry withEnds(Ends e) {
            return new Entry(kind, nonblocking, semaphore, counter, armed, interest, mode, size, e, address);
        }

        public Entry withCounter(long c) {
            return new Entry(kind, nonblocking, semaphore, c, armed, interest, mode, size, ends, address);
        }

        public Entry withArmed(boolean a) {
            return new Entry(kind, nonblocking, semaphore, counter, a, interest, mode, size, ends, address);
        }

        Entry withInterest(NavigableMap<Integer, Registration> i) {
            return new Entry(kind, nonblocking, semaphore, counter, armed, Collections.unmodifiableNavigableMap(i), mode, size, ends, address);
        }

        /** The same socket, bound to the address the object {@code block} holds (its bytes and size: weft.exec.EventLoop). */
        public Entry withAddress(int block) {
            return new Entry(kind, nonblocking, semaphore, counter, armed, interest, mode, size, ends, block);
        }

        /**
         * The same file, of the mode and size an {@code fstat} of it answered ({@code weft.exec.WorldFiles}; mode 0: none asked yet):
         * later answers about the same open file agree with them (its {@code mmap}).
         */
        public Entry withStatus(long m, long s) {
            return new Entry(kind, nonblocking, semaphore, counter, armed, interest, m, s, ends, address);
        }

        /**
         * The events of this descriptor that may be reported now (EPOLLIN 1, EPOLLOUT 4) among {@code wanted}; a pipe's
         * end: {@link Descriptors#mayReport}.
         */
        public long mayReport(long wanted) {
            long in = 1, out = 4;
            long may = switch (kind) {
                case SOCKET, FILE -> in | out;      // a peer may send, the network may take more; a file is always ready
                case COUNTER -> (counter > 0 ? in : 0) | out; // readable with a count, writable below the maximum
                case TIMER -> armed ? in : 0;       // time passes: an armed timer expires
                case EPOLL -> 0;                    // nested instances: not modelled (never reported)
                case INOTIFY -> 0;                  // no watched file changes in the run's world: no event to read
                case PIPE -> throw new IllegalStateException("a pipe's readiness is its channels': Descriptors.mayReport");
            };
            return may & wanted;
        }
    }

    static final Descriptors NONE = new Descriptors(Collections.emptyNavigableMap(), Collections.emptyNavigableMap(), 0);

    /** At most this many pages a pipe holds (Linux's default, 16 pages of 4096 bytes: one write fills one or more). */
    public static final int PIPE_PAGES = 16;
    public static final long PAGE = 4096;

    /**
     * The events of descriptor {@code fd} that may be reported now (EPOLLIN 1, EPOLLOUT 4) among {@code wanted}: a
     * pipe's end is readable when its channel holds bytes, writable when a write of one byte would not block; an end
     * whose other side is closed would report a hang-up or an error, which the models do not give: null then (the caller
     * stops).
     */
    public Long mayReport(int fd, long wanted) {
        Entry x = open.get(fd);
        if (x.kind() != Kind.PIPE) return x.mayReport(wanted);
        long may = 0;
        if (x.ends().in() >= 0 && (wanted & 1) != 0) {
            if (!hasWriter(x.ends().in())) return null;
            if (channel(x.ends().in()).size() > 0) may |= 1;
        }
        if (x.ends().out() >= 0 && (wanted & 4) != 0) {
            if (!hasReader(x.ends().out())) return null;
            if (fits(x.ends().out(), 1)) may |= 4;
        }
        return may & wanted;
    }

    /** The bytes of channel {@code id} not read yet. */
    public Channel channel(int id) {
        return channels.getOrDefault(id, Channel.EMPTY);
    }

    /** Whether a descriptor of the run writes into channel {@code id}. */
    public boolean hasWriter(int id) {
        return open.values().stream().anyMatch(x -> x.ends() != null && x.ends().out() == id);
    }

    /** Whether a descriptor of the run reads channel {@code id}. */
    public boolean hasReader(int id) {
        return open.values().stream().anyMatch(x -> x.ends() != null && x.ends().in() == id);
    }

    /**
     * Whether a write of {@code n} bytes into channel {@code id} certainly does not block: every pending write and this
     * one take at most their bytes' pages, rounded up, and together no more than {@link #PIPE_PAGES} (Linux merges a
     * small write into the last page, or starts new pages; a socket pair's buffer is larger).
     */
    public boolean fits(int id, long n) {
        long pages = (n + PAGE - 1) / PAGE;
        for (long w : channel(id).writes()) pages += (w + PAGE - 1) / PAGE;
        return pages <= PIPE_PAGES;
    }

    /** The table with channel {@code id} holding {@code c}. */
    public Descriptors withChannel(int id, Channel c) {
        TreeMap<Integer, Channel> m = new TreeMap<>(channels);
        if (c.size() == 0) m.remove(id);
        else m.put(id, c);
        return new Descriptors(open, Collections.unmodifiableNavigableMap(m), nextId);
    }

    /** The table that gives none of the next {@code n} numbers for channels and open files ({@link #nextId} onwards) again. */
    public Descriptors withIdsUsed(int n) {
        return new Descriptors(open, channels, nextId + n);
    }

    /** The table with every end of the open file {@code description} (a pipe's: its duplicates share it) non-blocking or not. */
    public Descriptors withNonblocking(int description, boolean on) {
        Descriptors now = this;
        for (Map.Entry<Integer, Entry> o : open.entrySet()) {
            Entry y = o.getValue();
            if (y.ends() != null && y.ends().description() == description) now = now.with(o.getKey(), y.withNonblocking(on));
        }
        return now;
    }

    /** The lowest number from 3 no descriptor of the run holds, other than {@code but}. */
    public int lowestFreeBut(int but) {
        int fd = 3;
        while (open.containsKey(fd) || fd == but) fd++;
        return fd;
    }

    /** The descriptor numbered {@code fd}, or null. */
    public Entry get(long fd) {
        return fd < 0 || fd > Integer.MAX_VALUE ? null : open.get((int) fd);
    }

    /**
     * The number of a new descriptor: the lowest from 3 no descriptor of the run holds (Linux gives the lowest unused
     * one; the standard streams are open and the descriptors of files the run opened are not numbered here: the
     * program cannot see their numbers through the modelled calls).
     */
    public int lowestFree() {
        int fd = 3;
        while (open.containsKey(fd)) fd++;
        return fd;
    }

    public Descriptors with(int fd, Entry e) {
        TreeMap<Integer, Entry> m = new TreeMap<>(open);
        m.put(fd, e);
        return new Descriptors(Collections.unmodifiableNavigableMap(m), channels, nextId);
    }

    /** The table with epoll instance {@code epfd}'s registration of {@code fd} set to {@code r} (null: removed). */
    public Descriptors register(int epfd, int fd, Registration r) {
        TreeMap<Integer, Registration> i = new TreeMap<>(open.get(epfd).interest());
        if (r == null) i.remove(fd);
        else i.put(fd, r);
        return with(epfd, open.get(epfd).withInterest(i));
    }

    /**
     * The table after {@code close(fd)}: the descriptor gone, and its registrations in every epoll instance; a
     * channel no descriptor reads any more loses its bytes.
     */
    public Descriptors without(int fd) {
        TreeMap<Integer, Entry> m = new TreeMap<>(open);
        m.remove(fd);
        for (Map.Entry<Integer, Entry> x : m.entrySet()) {
            if (x.getValue().kind() == Kind.EPOLL && x.getValue().interest().containsKey(fd)) {
                TreeMap<Integer, Registration> i = new TreeMap<>(x.getValue().interest());
                i.remove(fd);
                x.setValue(x.getValue().withInterest(i));
            }
        }
        TreeMap<Integer, Channel> ch = new TreeMap<>(channels);
        ch.keySet().removeIf(id -> m.values().stream().noneMatch(x -> x.ends() != null && x.ends().in() == id));
        return new Descriptors(Collections.unmodifiableNavigableMap(m), Collections.unmodifiableNavigableMap(ch), nextId);
    }
}
