package weft.exec;

import static weft.exec.Errno.*;

import weft.exec.state.*;

import weft.ir.CType;
import weft.ir.Edge;
import weft.ir.IntConversions;
import weft.ir.Stmt;
import weft.model.Semantics;

import java.util.List;

/**
 * The process's real-time interval timer ({@link Semantics.IntervalTimer}): {@code alarm}, {@code setitimer} and
 * {@code getitimer} of {@code ITIMER_REAL}, in a world in which no timer expires while the run lasts. Linux's answers
 * (kernel/time/itimer.c) for a timer armed 1 ns before the call: {@code getitimer} (and {@code setitimer}'s old value)
 * the time left in microseconds, truncated (the value set less 1 µs; 0 for a timer not armed), the interval as set;
 * {@code alarm} the seconds left of the timer it replaces, rounded as {@code alarm_setitimer} rounds them (up from half
 * a second, and never 0 while armed), 0 when none was armed; {@code setitimer} of a value with a negative second or a
 * microsecond outside [0, 999999], or of a timer other than the three, {@code EINVAL}. The timer is armed when the
 * value set is not zero; {@code alarm(0)} and a zero value disarm it. The answers (the results) are recorded: the
 * reproducer's wrappers give them back and arm no real timer, computing the time left they write as here.
 *
 * <p>Must-soundness: the world of a witness is one in which the run takes less time than any armed timer's value (a
 * fast machine: none of its steps need take time). A call that lets time pass or reads a clock while a timer is armed
 * ({@link Semantics#measuresTime}: a sleep, a wait that may time out, a clock's reading) would need that world to
 * account for the time, which it does not: the witness search stops there ({@link #check}). So the timer's signal never
 * comes in a witness, which a real run as fast as the witness's also sees. {@code ITIMER_VIRTUAL} and
 * {@code ITIMER_PROF} (CPU time, which Linux samples at its ticks) and a null new value stop the run. Proofs stop at
 * these calls (the time left is the world's); a timer's signal handler is a handler the thread-modular layer already
 * runs at any time after its registration.
 */
final class IntervalTimers {
    private IntervalTimers() {
    }

    /** The real-time timer's value and interval in microseconds, kept with the run's world ({@link Sync#worldKept}). */
    private static final String VALUE = "itimer:real", INTERVAL = "itimer:real:interval";
    private static final long ITIMER_REAL = 0, MICROS = 1_000_000;
    private static final CType.Int UNSIGNED = new CType.Int("unsigned int", 4, 4, false);

    static boolean handles(Semantics s) {
        return s instanceof Semantics.IntervalTimer;
    }

    /** Whether a timer is armed: the run's world is then one in which no time passes ({@link Semantics#measuresTime}). */
    static boolean armed(ExecState st) {
        return st.sync.worldKept.getOrDefault(VALUE, 0L) > 0;
    }

    /** Stops a witness search at a call that measures time while a timer is armed. */
    static void check(ExecState st, Semantics sem, String name) {
        if (!st.exhaustive && armed(st) && Semantics.measuresTime(sem)) {
            throw Abandon.unsupported(name + " while an interval timer is armed (the time passing would make it expire)");
        }
    }

    static boolean run(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                       Semantics.IntervalTimer s, List<Value> args) {
        ExecState st = in.st;
        if (st.exhaustive) throw Abandon.unsupported(name + ": the time left of a timer is the world's");
        long value = st.sync.worldKept.getOrDefault(VALUE, 0L), interval = st.sync.worldKept.getOrDefault(INTERVAL, 0L);
        if (s.op().equals("alarm")) {
            if (!(LibraryBehaviour.arg(args, s.value()) instanceof Value.Int secs)) throw Abandon.unsupported(name + " of an unknown duration");
            long seconds = secs.v() & 0xffffffffL;
            if (c.dry) return in.finishCall(t, c, e, Value.ZERO, UNSIGNED);
            long left = 0;
            if (value > 0) {
                long ns = leftNanos(value), sec = ns / 1_000_000_000L, nsec = ns % 1_000_000_000L;
                left = sec == 0 && nsec > 0 || nsec >= 500_000_000L ? sec + 1 : sec;
            }
            arm(st, seconds * MICROS, 0);
            st.logNondet(name, call.loc(), Long.toString(left));
            return in.finishCall(t, c, e, Value.of(left), UNSIGNED);
        }
        if (!(LibraryBehaviour.arg(args, s.which()) instanceof Value.Int which)) throw Abandon.unsupported(name + " of an unknown timer");
        if (which.v() != ITIMER_REAL && (which.v() == 1 || which.v() == 2)) throw Abandon.unsupported(name + " of a CPU-time timer (not modelled)");
        int l = st.dm.longSize;
        Value.Ptr next = null, old = null;
        if (s.op().equals("set")) {
            if (Value.isNull(LibraryBehaviour.arg(args, s.value()))) throw Abandon.unsupported(name + " of a null new value (not modelled)");
            next = LibraryFunctions.ptr(LibraryBehaviour.arg(args, s.value()), name);
            if (which.v() == ITIMER_REAL) lib.access(c, next, 4L * l, false, call, name);
        }
        if (!Value.isNull(LibraryBehaviour.arg(args, s.old()))) old = LibraryFunctions.ptr(LibraryBehaviour.arg(args, s.old()), name);
        if (which.v() != ITIMER_REAL) return fail(in, t, c, e, call, name);
        if (next != null && st.mem.get(next.obj()).anyUnknown(next.off(), 4L * l)) throw Abandon.unsupported(name + " of a value not known");
        long[] set = next == null ? null : new long[] {st.mem.readRaw(next.obj(), next.off(), l), st.mem.readRaw(next.obj(), next.off() + l, l),
                st.mem.readRaw(next.obj(), next.off() + 2L * l, l), st.mem.readRaw(next.obj(), next.off() + 3L * l, l)};
        if (set != null && (!valid(set[0], set[1]) || !valid(set[2], set[3]))) return fail(in, t, c, e, call, name);
        if (old != null) lib.access(c, old, 4L * l, true, call, name);
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, IntConversions.INT);
        if (old != null) {
            long leftMicros = value > 0 ? leftNanos(value) / 1000 : 0;
            long[] words = {interval / MICROS, interval % MICROS, leftMicros / MICROS, leftMicros % MICROS};
            for (int i = 0; i < 4; i++) st.mem.writeRaw(old.obj(), old.off() + (long) i * l, l, words[i]);
        }
        if (set != null) arm(st, set[2] * MICROS + set[3], set[0] * MICROS + set[1]);
        st.logNondet(name, call.loc(), "0");
        return in.finishCall(t, c, e, Value.ZERO, IntConversions.INT);
    }

    /** The nanoseconds left of a timer armed with {@code value} µs, 1 ns after it was armed (the world of {@link #check}). */
    private static long leftNanos(long value) {
        return value * 1000 - 1;
    }

    private static boolean valid(long sec, long usec) {
        return sec >= 0 && usec >= 0 && usec < MICROS;
    }

    /** The timer armed with {@code value} µs (0: disarmed) and {@code interval} µs (kept either way, as Linux does). */
    private static void arm(ExecState st, long value, long interval) {
        WorldKept.put(st, VALUE, value);
        WorldKept.put(st, INTERVAL, interval);
    }

    /** {@code EINVAL}, recorded with its -1. */
    private static boolean fail(Interpreter in, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name) {
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, IntConversions.INT);
        in.st.logNondet(name, call.loc(), "-1");
        in.st.logNondet(name, call.loc(), Long.toString(EINVAL));
        in.st.setErrno(t, EINVAL);
        return in.finishCall(t, c, e, Value.of(-1), IntConversions.INT);
    }
}
