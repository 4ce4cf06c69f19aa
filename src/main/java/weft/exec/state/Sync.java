package weft.exec.state;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Synchronisation objects of one execution, kept beside memory and keyed by address: locks (mutex, spin, C11
 * mutex, rwlock), barriers, once-controls, semaphore counts, thread-specific keys. Their C representation is never interpreted.
 */
public final class Sync {
    public record Key(int obj, long off) {}

    /**
     * What a relock by the holder and an unlock by a non-holder do: {@code DEFAULT} (also NORMAL, plain C11 and
     * every type not known) undefined or a deadlock, abandoned; {@code RECURSIVE} counts the holds, an unlock by a
     * non-holder fails with EPERM; {@code ERRORCHECK} a relock fails with EDEADLK, an unlock by a non-holder with
     * EPERM; {@code C11_RECURSIVE} counts the holds, an unlock by a non-holder is undefined (abandoned); {@code STREAM}
     * a stream's own lock ({@code flockfile}), which counts the holds and only the stream-lock calls take
     * ({@code weft.exec.StreamLocks}).
     */
    public enum MutexType { DEFAULT, RECURSIVE, ERRORCHECK, C11_RECURSIVE, STREAM }

    public static final class Lock {
        public int writer = -1;
        public final Map<Integer, Integer> readers = new HashMap<>();
        /** Holds of the writer beyond the first (recursive mutexes only). */
        public int depth;
        /** Null until known: from the initialisation or, at the first use, the static initialiser's bytes. */
        public MutexType type;

        public boolean free() {
            return writer < 0 && readers.isEmpty();
        }
    }

    public static final class Barrier {
        public final long count;
        public final List<Integer> waiting = new ArrayList<>();

        public Barrier(long count) {
            this.count = count;
        }
    }

    public static final class Once {
        public int runner = -1;
        public boolean done;
    }

    public final Map<Key, Lock> locks = new HashMap<>();
    public final Map<Key, Barrier> barriers = new HashMap<>();
    public final Map<Key, Once> once = new HashMap<>();
    /** Threads waiting on each condition variable (not yet signalled), in arrival order. */
    public final Map<Key, List<Integer>> condWaiters = new HashMap<>();
    /** The count of each initialised semaphore ({@code weft.exec.Semaphores}). */
    public final Map<Key, Long> semaphores = new HashMap<>();
    /** Thread-specific keys created so far and whether each has a destructor. */
    public final Map<Long, Boolean> keys = new HashMap<>();
    public long nextKey = 1;
    /** The descriptors the run opened through the descriptor models (immutable, replaced on change). */
    public Descriptors descriptors = Descriptors.NONE;
    /**
     * The indicators of the streams the run used, by stream object ({@code weft.exec.Streams}: end of file, error,
     * the standard input's end met); absent: none set. Immutable, replaced on change.
     */
    public Map<Integer, Integer> streams = Map.of();
    /**
     * The disposition of each signal the run registered a handler for ({@code weft.exec.SignalSets}: {@code signal},
     * {@code sigaction}); absent: the one the program started with. Read only by witness searches (a proof stops where
     * a registration's result would tell it), so not part of the explored state. Immutable, replaced on change.
     */
    public Map<Long, Value> signals = Map.of();
    /**
     * The variables the run put into its environment ({@code weft.exec.Environment}), in the order glibc keeps them, each
     * with the address of its {@code NAME=value} entry (a string of the library's for {@code setenv}, the program's own
     * for {@code putenv}); a variable not here is the world's, unset. Read only by witness searches (a proof stops at
     * the environment), so not part of the explored state. Immutable, replaced on change.
     */
    public java.util.List<EnvironmentEntry> environment = java.util.List.of();
    /**
     * The C library's hidden generator states ({@code weft.exec.Generators}: {@code random}, {@code rand},
     * {@code lrand48}...). Read only by witness searches (a proof stops at a generator), so not part of the explored
     * state. Stepped in place; copied with the rest.
     */
    public RandomState random = RandomState.initial();
    /**
     * What the process keeps of the world's answers ({@code weft.exec.WorldKept}: its ids, the system's configuration,
     * the clocks' last readings), by key. Read only by witness searches (a proof stops at these answers), so not part
     * of the explored state. Immutable, replaced on change.
     */
    public Map<String, Long> worldKept = Map.of();
    /**
     * The priorities {@code syslog} passes ({@code setlogmask}, {@code weft.exec.SmallAnswers}): glibc's starts with all
     * eight. Read only by witness searches (a proof stops at setlogmask), so not part of the explored state.
     */
    public long logMask = 0xff;

    /** A variable of the run's environment: its name, and the address of its entry {@code NAME=value}. */
    public record EnvironmentEntry(String name, Value.Ptr entry) {}

    /** A deep copy, for {@link #restore}. */
    public Sync copy() {
        Sync c = new Sync();
        c.restore(this);
        return c;
    }

    public void restore(Sync o) {
        locks.clear();
        for (Map.Entry<Key, Lock> e : o.locks.entrySet()) {
            Lock l = new Lock();
            l.writer = e.getValue().writer;
            l.readers.putAll(e.getValue().readers);
            l.depth = e.getValue().depth;
            l.type = e.getValue().type;
            locks.put(e.getKey(), l);
        }
        barriers.clear();
        for (Map.Entry<Key, Barrier> e : o.barriers.entrySet()) {
            Barrier b = new Barrier(e.getValue().count);
            b.waiting.addAll(e.getValue().waiting);
            barriers.put(e.getKey(), b);
        }
        once.clear();
        for (Map.Entry<Key, Once> e : o.once.entrySet()) {
            Once x = new Once();
            x.runner = e.getValue().runner;
            x.done = e.getValue().done;
            once.put(e.getKey(), x);
        }
        condWaiters.clear();
        for (Map.Entry<Key, List<Integer>> e : o.condWaiters.entrySet()) condWaiters.put(e.getKey(), new ArrayList<>(e.getValue()));
        semaphores.clear();
        semaphores.putAll(o.semaphores);
        keys.clear();
        keys.putAll(o.keys);
        nextKey = o.nextKey;
        descriptors = o.descriptors;
        streams = o.streams;
        signals = o.signals;
        environment = o.environment;
        random = o.random.copy();
        worldKept = o.worldKept;
        logMask = o.logMask;
    }

    public Lock lock(Key k) {
        return locks.computeIfAbsent(k, x -> new Lock());
    }
}
