package weft.exec;

import weft.exec.state.Value;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a process keeps of the world's answers (audit D51): the world decides what {@code getpid}, {@code getuid},
 * {@code sysconf(_SC_PAGESIZE)} or a clock answer, but not anew at each call. A process's id, its parent's, its
 * threads' ids and its user and group ids stay what they were (the table's {@code keep=}: nothing here changes them);
 * the ids of a process and its threads differ (Linux numbers threads among processes; the main thread's id is the
 * process's); the system's configuration stays (a constant answer is one some system gives); and a clock never reads
 * below its last reading: the realtime clock of {@code time}, {@code gettimeofday} and {@code clock_gettime}'s
 * realtime ids (which an administrator could set back; a world that does not is one of the real ones), each other
 * {@code clock_gettime} clock (a thread's CPU clock per thread), {@code clock}. A run that took two different
 * {@code getpid()} answers, or a monotonic clock that went back, was no execution of the program: a race behind
 * {@code getpid() != first} was confirmed that no run reaches. The kept values live in the run's
 * {@link weft.exec.state.Sync#worldKept} (copied with the run's state; proofs stop at these answers anyway).
 */
final class WorldKept {
    private WorldKept() {
    }

    /** The realtime clock's key: {@code time}, {@code gettimeofday}, {@code clock_gettime} of CLOCK_REALTIME (0), _COARSE (5), _ALARM (8). */
    static final String REALTIME = "clock:realtime";

    /** The key of {@code keep} for a call of {@code name} by thread {@code t} with {@code args}, or null for a clock. */
    private static String key(ThreadState t, String name, String keep, List<Value> args) {
        return switch (keep) {
            case "pid" -> "id:pid";
            case "ppid" -> "id:ppid";
            case "tid" -> t.index == 0 ? "id:pid" : "id:tid#" + t.index;
            case "process" -> {
                StringBuilder b = new StringBuilder("process:").append(name);
                for (Value v : args) b.append(':').append(v instanceof Value.Int i ? Long.toString(i.v()) : "?");
                yield b.toString();
            }
            default -> {
                if (!keep.startsWith("clock:")) throw new IllegalArgumentException("keep=" + keep);
                yield null;
            }
        };
    }

    /** The answer the process kept for this call, or null when the world chooses it now (within {@link #floor}). */
    static Long known(ExecState st, ThreadState t, String name, String keep, List<Value> args) {
        String k = key(t, name, keep, args);
        return k == null ? null : st.sync.worldKept.get(k);
    }

    /**
     * The lowest answer the world may give now, at least {@code lo}: above every process and thread id the run has
     * seen, for a new one; a clock's last reading.
     */
    static long floor(ExecState st, String keep, long lo) {
        long f = lo;
        if (keep.equals("pid") || keep.equals("ppid") || keep.equals("tid")) {
            for (Map.Entry<String, Long> e : st.sync.worldKept.entrySet()) {
                if (e.getKey().startsWith("id:")) f = Math.max(f, e.getValue() + 1);
            }
        } else if (keep.startsWith("clock:")) {
            Long last = st.sync.worldKept.get(keep);
            if (last != null) f = Math.max(f, last);
        }
        return f;
    }

    /** Keeps {@code v}, the answer the world gave this call. */
    static void keep(ExecState st, ThreadState t, String name, String keep, List<Value> args, long v) {
        String k = key(t, name, keep, args);
        put(st, k != null ? k : keep, v);
    }

    /**
     * A reading of the clock {@code clock} in nanoseconds: {@code guess}, or the clock's last reading when the guess is
     * below it (rounded up to {@code resolution} nanoseconds, the unit the caller answers in), kept.
     */
    static long read(ExecState st, String clock, long guess, long resolution) {
        Long last = st.sync.worldKept.get(clock);
        long v = guess;
        if (last != null && v < last) v = (last + resolution - 1) / resolution * resolution;
        put(st, clock, v);
        return v;
    }

    /**
     * A reading {@code v} of the clock {@code clock} that the world chose among a few: kept when it is not below the last
     * one; below it the run stops (no execution reads it: the search tries other answers).
     */
    static void monotone(ExecState st, String clock, long v, String name) {
        Long last = st.sync.worldKept.get(clock);
        if (last != null && v < last) throw weft.exec.state.Abandon.unsupported(name + ": a clock read below its last reading");
        put(st, clock, v);
    }

    /** The clock's last reading, or {@link Long#MIN_VALUE} before the first. */
    static long last(ExecState st, String clock) {
        return st.sync.worldKept.getOrDefault(clock, Long.MIN_VALUE);
    }

    /**
     * {@code pthread_getcpuclockid}: glibc's {@code MAKE_THREAD_CPUCLOCK(tid, CPUCLOCK_SCHED)}, {@code (~tid << 3) | 6},
     * of the thread's kernel id: kept (the thread's {@code gettid} answers the same), else the world's now, above every
     * id the run has seen, recorded (the reproducer's wrapper writes the clock of the witness's id). A thread that ended
     * stops the run (glibc's answer for its handle is not modelled), so does a proof (the id is the world's).
     */
    static boolean threadClock(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, weft.ir.Edge e, weft.ir.Stmt.Call call, String name,
                               weft.model.Semantics.ThreadClock tc, List<Value> args) {
        ExecState st = in.st;
        ThreadState target = st.threadOf(LibraryBehaviour.arg(args, tc.thread()));
        if (target.finished) throw weft.exec.state.Abandon.unsupported(name + " of a thread that ended");
        Value.Ptr out = LibraryFunctions.ptr(LibraryBehaviour.arg(args, tc.out()), name);
        lib.access(c, out, 4, true, call, name);
        if (st.exhaustive) throw weft.exec.state.Abandon.unsupported(name + ": a thread's id is the world's");
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        String key = target.index == 0 ? "id:pid" : "id:tid#" + target.index;
        Long tid = st.sync.worldKept.get(key);
        if (tid == null) {
            Value v = st.chooseInput(weft.ir.IntConversions.INT, name, call.loc(), floor(st, "tid", 1), Integer.MAX_VALUE);
            tid = ((Value.Int) v).v();
            put(st, key, tid);
        } else {
            st.logNondet(name, call.loc(), Long.toString(tid));
        }
        st.mem.writeRaw(out.obj(), out.off(), 4, ((~tid.intValue()) << 3 | 6) & 0xffffffffL);
        return in.finishCall(t, c, e, Value.ZERO, weft.ir.IntConversions.INT);
    }

    /** The key of {@code clock_gettime}'s clock {@code id} read by thread {@code t}. */
    static String clockKey(ThreadState t, long id) {
        if (id == 0 || id == 5 || id == 8) return REALTIME;
        if (id == 3) return "clock:thread-cpu#" + t.index;
        return "clock:" + id;
    }

    /** Keeps the id of a child the process started ({@code fork}): later ids are above it, and a wait has a child to wait for. */
    static void child(ExecState st, long pid) {
        put(st, "id:child#" + pid, pid);
    }

    /** Whether the process started a child ({@link #child}). */
    static boolean hasChild(ExecState st) {
        return st.sync.worldKept.keySet().stream().anyMatch(k -> k.startsWith("id:child#"));
    }

    /**
     * The run goes on in a child the process forked: it keeps what a child inherits, its system's configuration and
     * the realtime, monotonic and boot clocks (ids 1, 4, 6, 7); its ids are new (its parent's id is the parent's own,
     * when the run saw it), and its CPU clocks and children start anew.
     */
    static void forkedChild(ExecState st) {
        Map<String, Long> m = new HashMap<>();
        for (Map.Entry<String, Long> e : st.sync.worldKept.entrySet()) {
            String k = e.getKey();
            if (k.startsWith("process:") || k.equals(REALTIME) || k.equals("clock:1") || k.equals("clock:4") || k.equals("clock:6")
                    || k.equals("clock:7")) {
                m.put(k, e.getValue());
            }
        }
        Long parent = st.sync.worldKept.get("id:pid");
        if (parent != null) m.put("id:ppid", parent);
        // the ids the parent's process had stay taken (no id the child's world gives equals one)
        long seen = floor(st, "pid", 1);
        if (seen > 1) m.put("id:seen", seen - 1);
        st.beforeSyncChange();
        st.sync.worldKept = Map.copyOf(m);
    }

    static void put(ExecState st, String k, long v) {
        st.beforeSyncChange();
        Map<String, Long> m = new HashMap<>(st.sync.worldKept);
        m.put(k, v);
        st.sync.worldKept = Map.copyOf(m);
    }
}
