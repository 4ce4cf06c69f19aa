package weft.budget;

/**
 * An amount on a {@link CpuClock} (CPU time, or the work a {@link WorkMeter} counts), as a deadline fixed when the
 * budget is made. Immutable; {@link #slice}
 * makes a smaller budget that ends no later than this one and keeps its cap.
 *
 * @param clock    what is measured
 * @param deadline the clock reading at which the budget is used up ({@link Long#MAX_VALUE}: never)
 * @param cap      another budget that also ends this one ({@link #expired}), or null: a budget of deterministic work
 *                 ({@link WorkMeter}) capped by CPU time. Only {@link #expired} reads it; {@link #remainingMillis} and
 *                 the slices made from it are this budget's own, so that how work is shared out never depends on the
 *                 cap's clock
 */
public record Budget(CpuClock clock, long deadline, Budget cap) {
    public Budget(CpuClock clock, long deadline) {
        this(clock, deadline, null);
    }

    /** A budget of {@code millis} of deterministic work counted by {@code meter} from now ({@link WorkMeter}). */
    public static Budget work(WorkMeter meter, long millis) {
        return ofMillis(meter, millis);
    }

    /** This budget, also ended by {@code cap} (which keeps its own caps). */
    public Budget cappedBy(Budget cap) {
        return new Budget(clock, deadline, this.cap == null ? cap : this.cap.cappedBy(cap));
    }

    /** Whether the cap (not this budget's own clock) ended it. */
    public boolean capped() {
        return cap != null && cap.expired() && !ownExpired();
    }

    /** A budget of {@code millis} from now on {@code clock}. */
    public static Budget ofMillis(CpuClock clock, long millis) {
        long now = clock.nanos();
        long ns = millis >= Long.MAX_VALUE / 2_000_000L ? Long.MAX_VALUE : Math.max(0, millis) * 1_000_000L;
        return new Budget(clock, saturatedAdd(now, ns));
    }

    /** A budget of {@code millis} of the calling thread's CPU time. */
    public static Budget cpuMillis(long millis) {
        return ofMillis(CpuClock.currentThread(), millis);
    }

    /** A budget that never runs out. */
    public static Budget unlimited() {
        return new Budget(CpuClock.wall(), Long.MAX_VALUE);
    }

    /** Whether the budget is used up. */
    public boolean expired() {
        return ownExpired() || cap != null && cap.expired();
    }

    private boolean ownExpired() {
        return deadline != Long.MAX_VALUE && clock.nanos() > deadline;
    }

    /** What is left, in milliseconds (0 when used up; {@link Long#MAX_VALUE} / 4 when unlimited). */
    public long remainingMillis() {
        if (deadline == Long.MAX_VALUE) return Long.MAX_VALUE / 4;
        return Math.max(0, (deadline - clock.nanos()) / 1_000_000L);
    }

    /**
     * The CPU time (or wall-clock time) left before this budget ends, in milliseconds: for a budget of work
     * ({@link WorkMeter}), what its cap leaves ({@link Long#MAX_VALUE} / 4 without one); for a budget of time, the least
     * of its own and its caps'. A watch that must stop a call that counts no work (a solver) keeps to this.
     */
    public long timeLeftMillis() {
        long own = clock instanceof WorkMeter ? Long.MAX_VALUE / 4 : remainingMillis();
        return cap == null ? own : Math.min(own, cap.timeLeftMillis());
    }

    /** At most {@code millis} from now, and no more than what is left of this budget. */
    public Budget slice(long millis) {
        Budget own = ofMillis(clock, millis);
        return own.deadline < deadline ? new Budget(clock, own.deadline, cap) : this;
    }

    private static long saturatedAdd(long a, long b) {
        long r = a + b;
        return ((a ^ r) & (b ^ r)) < 0 ? Long.MAX_VALUE : r;
    }
}
