package weft.budget;

/**
 * Deterministic work: a count of abstract units of work, read as a clock ({@link #nanos}: the units at a fixed rate),
 * so that a {@link Budget} on it ends after the same work on every run and every machine. A unit is one step of the
 * precise layers' interpreter: a scheduling decision and statement of the witness search, a transition of the
 * exhaustive exploration. Budgets of CPU time stop work where the JIT compiler and the collector happened to leave
 * the analysis thread; a budget of units stops it at the same unit every time, so the executions a search tries, and
 * what it finds, depend on the program, the seed and the limit alone (the brief: a verdict must not change with how
 * busy the machine is). CPU time stays the cap ({@link Budget#cappedBy}): on a machine far slower than this one, or
 * on units much dearer than usual, the cap ends the work first, and only then may the outcome vary.
 *
 * <p>Not thread-safe: one analysis thread counts.
 */
public final class WorkMeter implements CpuClock {
    /**
     * What one unit counts as, in nanoseconds: about the CPU time a step of the precise layers takes on the
     * development machine (2 cores), so that a budget of {@code ms} does about as much as {@code ms} of CPU time did.
     * Measured with {@code -Dweft.precise.debug=true} (units and CPU ms of the precise layers, the bounded layer's
     * solver included) at the 10 s default: pigz 1.5 µs a unit, pfscan 1.9, qsort_mt 3.4 (its steps sort).
     */
    public static final long NANOS_PER_UNIT = 2_000;

    private long units;

    /** Counts {@code n} more units. */
    public void add(long n) {
        units += n;
    }

    /** The units counted so far. */
    public long units() {
        return units;
    }

    @Override
    public long nanos() {
        return units * NANOS_PER_UNIT;
    }
}
