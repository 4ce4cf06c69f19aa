package weft.budget;

/**
 * Deterministic work: a count of abstract units of work, read as a clock ({@link #nanos}: the units at a fixed rate),
 * so that a {@link Budget} on it ends after the same work on every run and every machine. The precise layers count
 * their interpreter's work in units ({@link #NANOS_PER_UNIT} says how). Budgets of CPU time stop work where the JIT compiler and the collector happened to leave
 * the analysis thread; a budget of units stops it at the same unit every time, so the executions a search tries, and
 * what it finds, depend on the program, the seed and the limit alone (the brief: a verdict must not change with how
 * busy the machine is). CPU time stays the cap ({@link Budget#cappedBy}): on a machine far slower than this one, or
 * on units much dearer than usual, the cap ends the work first, and only then may the outcome vary.
 *
 * <p>Not thread-safe: one analysis thread counts.
 */
public final class WorkMeter implements CpuClock {
    /**
     * What one unit counts as, in nanoseconds: about the CPU time a unit of the precise layers' work takes on the
     * development machine (2 cores), so that a budget of {@code ms} does about as much as {@code ms} of CPU time
     * did; the cost of each kind of work is one method here ({@link #step}, {@link #transition}, {@link #expansion}).
     * The first calibration, a unit a step, spread 6.7 times between programs (a program with 55 threads cost 33 µs a
     * step); counting the threads a step plans brought it to 4 times. Measured with
     * {@code -Dweft.precise.debug=true} (units and CPU time of the precise layers) at the 10 s default, CPU time a
     * unit of the witness search: knot 0.31 µs, pfscan and qsort_mt 0.41, pigz 0.61, a program with 55 threads 0.56,
     * a spinning lock 0.15; of the exploration 0.45 µs (that lock's proof).
     */
    public static final long NANOS_PER_UNIT = 400;

    /**
     * Units a character of the bounded layer's sequential program counts (its parse: 0.65 µs a character, the median
     * of 55 dev tasks' sequential programs, 2.2 µs at the 90th percentile, where the JIT compiler had not yet run).
     */
    static final long UNITS_PER_CHAR = 2;
    /**
     * Units a step of the bounded layer's encoding counts, and walks of its memory's history a unit counts
     * ({@code weft.bounded.bmc.Effort}; fitted on 55 encodings of dev tasks: 0.48 µs a step, 0.035 µs a walk; with
     * these weights 0.45 µs a unit the median, 0.79 at the 90th percentile, 2.4 at most). A step counts twice: the
     * formula it built is translated into the solver's context after (0.58 µs a step on the dev task whose encoding was
     * the largest, 2.7 million steps; the solver's resource count does not include it).
     */
    static final long UNITS_PER_ENCODING_STEP = 2;
    static final long WALKS_PER_UNIT = 10;

    private long units;
    /** Walks of {@link #encoding} short of a unit, counted with the next ones (charges come a few walks at a time). */
    private long walksNotCounted;

    /** Counts {@code n} more units. */
    public void add(long n) {
        units += n;
    }

    /** A step of the witness search among {@code threads} threads: its statement and race check, every thread planned. */
    public void step(int threads) {
        units += 3 + threads;
    }

    /**
     * A transition of the exhaustive exploration: its {@code statements} (fused), and the copy, encoding and lookup of
     * its state, which grow with the state's encoding ({@code stateBytes}).
     */
    public void transition(int statements, int stateBytes) {
        units += 2 + statements + stateBytes / 200;
    }

    /** A transition of the exploration that could not be made. */
    public void transitionNotMade() {
        units += 1;
    }

    /** An expansion of a state of the exploration among {@code threads} threads: every thread planned. */
    public void expansion(int threads) {
        units += threads;
    }

    /** The bounded layer's parse of its sequential program of {@code chars} characters. */
    public void sequentialProgram(long chars) {
        units += chars * UNITS_PER_CHAR;
    }

    /**
     * The bounded layer's encoding ({@code weft.bounded.bmc.Effort}) and its translation into the solver's context: its
     * {@code steps} (statement copies, cells its merges join, terms its reads make) {@link #UNITS_PER_ENCODING_STEP}
     * units each, and the stores of the memory's history its reads only compare ({@code walks}) one unit for
     * {@link #WALKS_PER_UNIT}.
     */
    public void encoding(long steps, long walks) {
        long w = walksNotCounted + walks;
        units += steps * UNITS_PER_ENCODING_STEP + w / WALKS_PER_UNIT;
        walksNotCounted = w % WALKS_PER_UNIT;
    }

    /**
     * A solver call that used {@code rlimit} of Z3's deterministic resource units ({@code rlimit count}), of which the
     * caller's solver makes {@code perMilli} in a millisecond of CPU time.
     */
    public void solver(long rlimit, long perMilli) {
        units += rlimit * (1_000_000L / NANOS_PER_UNIT) / perMilli;
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
