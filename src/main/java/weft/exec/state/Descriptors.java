package weft.exec.state;

import java.util.Collections;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * The descriptors a run opened through the descriptor models ({@code weft.exec.EventLoop}): sockets, event counters
 * ({@code eventfd}), epoll instances and timers ({@code timerfd}), by number. Immutable: every change returns a new
 * table; {@link Sync} holds the run's, so that a speculated section's changes roll back with the locks'.
 *
 * <p>What the table knows is exactly what the program did to these descriptors through the modelled calls: a
 * counter's value is the sum of what {@code eventfd_write} added since the last {@code eventfd_read}; an epoll
 * instance's interest list is what {@code epoll_ctl} left in it. A call the models do not see that uses one of them
 * ({@code read}, {@code write}, {@code fcntl} on a counter: {@link weft.model.Semantics#descriptorArgument}) stops
 * the execution, so that the table is never wrong about a descriptor whose state the world does not decide.
 */
public record Descriptors(NavigableMap<Integer, Entry> open) {
    /** What a descriptor is: its readiness is the world's ({@code SOCKET}, {@code FILE}: weft.exec.WorldFiles) or follows from the run ({@code COUNTER}, {@code EPOLL}, {@code TIMER}). */
    public enum Kind { SOCKET, COUNTER, EPOLL, TIMER, FILE }

    /**
     * A registration in an epoll instance: the object holding a copy of the {@code struct epoll_event} the program
     * gave (its events and its data, pointers included), disabled after a report when it asked for one shot only.
     */
    public record Registration(int block, boolean disabled) {}

    /**
     * One open descriptor: whether it is non-blocking, a counter's value and semaphore mode, whether a timer is
     * armed, and an epoll instance's registrations by descriptor.
     */
    public record Entry(Kind kind, boolean nonblocking, boolean semaphore, long counter, boolean armed,
                 NavigableMap<Integer, Registration> interest, long mode, long size) {
        public static Entry of(Kind kind, boolean nonblocking, boolean semaphore, long counter) {
            return new Entry(kind, nonblocking, semaphore, counter, false, Collections.emptyNavigableMap(), 0, 0);
        }

        public Entry withCounter(long c) {
            return new Entry(kind, nonblocking, semaphore, c, armed, interest, mode, size);
        }

        public Entry withArmed(boolean a) {
            return new Entry(kind, nonblocking, semaphore, counter, a, interest, mode, size);
        }

        Entry withInterest(NavigableMap<Integer, Registration> i) {
            return new Entry(kind, nonblocking, semaphore, counter, armed, Collections.unmodifiableNavigableMap(i), mode, size);
        }

        /**
         * The same file, of the mode and size an {@code fstat} of it answered ({@code weft.exec.WorldFiles}; mode 0: none asked yet):
         * later answers about the same open file agree with them (its {@code mmap}).
         */
        public Entry withStatus(long m, long s) {
            return new Entry(kind, nonblocking, semaphore, counter, armed, interest, m, s);
        }

        /** The events of this descriptor that may be reported now (EPOLLIN 1, EPOLLOUT 4) among {@code wanted}. */
        public long mayReport(long wanted) {
            long in = 1, out = 4;
            long may = switch (kind) {
                case SOCKET, FILE -> in | out;      // a peer may send, the network may take more; a file is always ready
                case COUNTER -> (counter > 0 ? in : 0) | out; // readable with a count, writable below the maximum
                case TIMER -> armed ? in : 0;       // time passes: an armed timer expires
                case EPOLL -> 0;                    // nested instances: not modelled (never reported)
            };
            return may & wanted;
        }
    }

    static final Descriptors NONE = new Descriptors(Collections.emptyNavigableMap());

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
        return new Descriptors(Collections.unmodifiableNavigableMap(m));
    }

    /** The table with epoll instance {@code epfd}'s registration of {@code fd} set to {@code r} (null: removed). */
    public Descriptors register(int epfd, int fd, Registration r) {
        TreeMap<Integer, Registration> i = new TreeMap<>(open.get(epfd).interest());
        if (r == null) i.remove(fd);
        else i.put(fd, r);
        return with(epfd, open.get(epfd).withInterest(i));
    }

    /** The table after {@code close(fd)}: the descriptor gone, and its registrations in every epoll instance. */
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
        return new Descriptors(Collections.unmodifiableNavigableMap(m));
    }
}
