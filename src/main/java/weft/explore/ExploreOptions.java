package weft.explore;

/**
 * Limits of an exploration.
 *
 * @param maxSteps statements executed per execution before it is cut off (a cut-off execution reports nothing more)
 * @param maxExecutions executions (schedules) tried at most
 * @param timeBudgetMillis budget of one {@link Explorer#findRace()} call, in CPU time of the thread that calls it
 *     ({@link Explorer#findRace(weft.budget.Budget)} takes a budget instead, e.g. one of deterministic work)
 * @param seed seed of the randomised schedules and nondet choices (the search is deterministic for a seed: the
 *     executions it tries and their order depend on nothing else; only where a time budget cuts it off does, and a
 *     budget of work cuts it off at the same execution every time)
 * @param atomicSectionsRace whether an access inside an atomic section ({@code __VERIFIER_atomic_*}) may form a race
 *     with an access outside it (SV-COMP's reading, on by default: the section is atomic only with respect to
 *     other sections)
 * @param libcStateRaces whether calls of C library functions with hidden state access its pseudo-object (see
 *     {@link ExecState#libcStateRaces}; on by default)
 * @param valueHints values to try first for nondeterministic integer inputs, by the call's location
 *     ({@link weft.ir.SourceLoc#shortString()}) and occurrence, e.g. from the bounded layer's models; they only steer
 *     the search (every value of the input's type is a legal choice); empty: the search is unchanged
 * @param commandLines whether the witness search may start {@code main} with the command lines {@link CommandLines}
 *     builds (on by default); off: the closed one only (SV-COMP mode)
 * @param targets candidate races to direct executions at, most promising first (the thread-modular layer's certain
 *     ones first): each gets a few executions that hold threads at its two sites ({@link Search}); they only steer
 *     the search; empty: no directed executions
 */
public record ExploreOptions(long maxSteps, int maxExecutions, long timeBudgetMillis, long seed, boolean atomicSectionsRace, boolean libcStateRaces,
                             java.util.Map<String, java.util.List<Long>> valueHints, boolean commandLines, java.util.List<Target> targets) {
    /** The two source sites of a candidate race (the accesses' statements). */
    public record Target(weft.ir.SourceLoc first, weft.ir.SourceLoc second) {}

    public ExploreOptions(long maxSteps, int maxExecutions, long timeBudgetMillis, long seed, boolean atomicSectionsRace, boolean libcStateRaces,
                          java.util.Map<String, java.util.List<Long>> valueHints, boolean commandLines) {
        this(maxSteps, maxExecutions, timeBudgetMillis, seed, atomicSectionsRace, libcStateRaces, valueHints, commandLines, java.util.List.of());
    }

    public ExploreOptions(long maxSteps, int maxExecutions, long timeBudgetMillis, long seed, boolean atomicSectionsRace, boolean libcStateRaces,
                          java.util.Map<String, java.util.List<Long>> valueHints) {
        this(maxSteps, maxExecutions, timeBudgetMillis, seed, atomicSectionsRace, libcStateRaces, valueHints, true);
    }

    public ExploreOptions(long maxSteps, int maxExecutions, long timeBudgetMillis, long seed, boolean atomicSectionsRace, boolean libcStateRaces) {
        this(maxSteps, maxExecutions, timeBudgetMillis, seed, atomicSectionsRace, libcStateRaces, java.util.Map.of());
    }

    public ExploreOptions(long maxSteps, int maxExecutions, long timeBudgetMillis, long seed) {
        this(maxSteps, maxExecutions, timeBudgetMillis, seed, true, true);
    }

    public ExploreOptions(long maxSteps, int maxExecutions, long timeBudgetMillis, long seed, boolean atomicSectionsRace) {
        this(maxSteps, maxExecutions, timeBudgetMillis, seed, atomicSectionsRace, true);
    }

    public ExploreOptions {
        valueHints = java.util.Map.copyOf(valueHints);
        targets = java.util.List.copyOf(targets);
        if (maxSteps <= 0) throw new IllegalArgumentException("maxSteps must be positive");
        if (maxExecutions <= 0) throw new IllegalArgumentException("maxExecutions must be positive");
        if (timeBudgetMillis <= 0) throw new IllegalArgumentException("timeBudgetMillis must be positive");
    }

    public static ExploreOptions defaults() {
        return new ExploreOptions(20_000, 2_000, 5_000, 0x5eedL);
    }

    public ExploreOptions withAtomicSectionsRace(boolean on) {
        return new ExploreOptions(maxSteps, maxExecutions, timeBudgetMillis, seed, on, libcStateRaces, valueHints, commandLines, targets);
    }

    /** These options with {@code n} executions and {@code steps} steps per execution at most. */
    public ExploreOptions withEffort(int n, long steps) {
        return new ExploreOptions(steps, n, timeBudgetMillis, seed, atomicSectionsRace, libcStateRaces, valueHints, commandLines, targets);
    }

    public ExploreOptions withLibcStateRaces(boolean on) {
        return new ExploreOptions(maxSteps, maxExecutions, timeBudgetMillis, seed, atomicSectionsRace, on, valueHints, commandLines, targets);
    }

    public ExploreOptions withTimeBudget(long millis) {
        return new ExploreOptions(maxSteps, maxExecutions, millis, seed, atomicSectionsRace, libcStateRaces, valueHints, commandLines, targets);
    }

    /** These options with {@code hints} for nondeterministic inputs (see {@link #valueHints()}). */
    public ExploreOptions withValueHints(java.util.Map<String, java.util.List<Long>> hints) {
        return new ExploreOptions(maxSteps, maxExecutions, timeBudgetMillis, seed, atomicSectionsRace, libcStateRaces, hints, commandLines, targets);
    }

    /** These options with the command lines of {@link CommandLines} tried ({@code on}) or the closed one only. */
    public ExploreOptions withCommandLines(boolean on) {
        return new ExploreOptions(maxSteps, maxExecutions, timeBudgetMillis, seed, atomicSectionsRace, libcStateRaces, valueHints, on, targets);
    }

    /** These options with {@code targets} to direct executions at (see {@link #targets()}). */
    public ExploreOptions withTargets(java.util.List<Target> targets) {
        return new ExploreOptions(maxSteps, maxExecutions, timeBudgetMillis, seed, atomicSectionsRace, libcStateRaces, valueHints, commandLines, targets);
    }
}
