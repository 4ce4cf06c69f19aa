package weft.explore;

/**
 * Limits of an exploration.
 *
 * @param maxSteps statements executed per execution before it is cut off (a cut-off execution reports nothing more)
 * @param maxExecutions executions (schedules) tried at most
 * @param timeBudgetMillis budget of one {@link Explorer#findRace()} call, in CPU time of the thread that calls it
 * @param seed seed of the randomised schedules and nondet choices (the search is deterministic for a seed: the
 *     executions it tries and their order depend on nothing else; only where the time budget cuts it off does)
 * @param atomicSectionsRace whether an access inside an atomic section ({@code __VERIFIER_atomic_*}) may form a race
 *     with an access outside it (SV-COMP's reading, on by default: the section is atomic only with respect to
 *     other sections)
 * @param libcStateRaces whether calls of C library functions with hidden state access its pseudo-object (see
 *     {@link ExecState#libcStateRaces}; on by default)
 */
public record ExploreOptions(long maxSteps, int maxExecutions, long timeBudgetMillis, long seed, boolean atomicSectionsRace, boolean libcStateRaces) {
    public ExploreOptions(long maxSteps, int maxExecutions, long timeBudgetMillis, long seed) {
        this(maxSteps, maxExecutions, timeBudgetMillis, seed, true, true);
    }

    public ExploreOptions(long maxSteps, int maxExecutions, long timeBudgetMillis, long seed, boolean atomicSectionsRace) {
        this(maxSteps, maxExecutions, timeBudgetMillis, seed, atomicSectionsRace, true);
    }

    public ExploreOptions {
        if (maxSteps <= 0) throw new IllegalArgumentException("maxSteps must be positive");
        if (maxExecutions <= 0) throw new IllegalArgumentException("maxExecutions must be positive");
        if (timeBudgetMillis <= 0) throw new IllegalArgumentException("timeBudgetMillis must be positive");
    }

    public static ExploreOptions defaults() {
        return new ExploreOptions(20_000, 2_000, 5_000, 0x5eedL);
    }

    public ExploreOptions withAtomicSectionsRace(boolean on) {
        return new ExploreOptions(maxSteps, maxExecutions, timeBudgetMillis, seed, on, libcStateRaces);
    }

    /** These options with {@code n} executions and {@code steps} steps per execution at most. */
    public ExploreOptions withEffort(int n, long steps) {
        return new ExploreOptions(steps, n, timeBudgetMillis, seed, atomicSectionsRace, libcStateRaces);
    }

    public ExploreOptions withLibcStateRaces(boolean on) {
        return new ExploreOptions(maxSteps, maxExecutions, timeBudgetMillis, seed, atomicSectionsRace, on);
    }

    public ExploreOptions withTimeBudget(long millis) {
        return new ExploreOptions(maxSteps, maxExecutions, millis, seed, atomicSectionsRace, libcStateRaces);
    }
}
