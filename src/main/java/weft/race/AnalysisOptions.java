package weft.race;

/**
 * Options of the race analysis.
 *
 * @param maxThreads  abstract threads to analyse at most (beyond: unknown)
 * @param maxRaces    distinct races (pairs of source locations) after which pairing stops and the report
 *     says it is truncated; 0 (the default): no limit, every race is reported
 * @param confirm     whether to search for a concrete racing interleaving when races remain
 * @param confirmMillis time budget for that search when there is no overall budget
 * @param atomicSectionsRace whether a plain access racing with an access inside an atomic section
 *     ({@code __VERIFIER_atomic_*}) counts as a confirmed race (SV-COMP's reading; on by default)
 * @param explain     whether to keep, for each excluded pair of accesses, the rule that excluded it
 *     ({@link AnalysisResult#excluded()}, for {@code --explain}); off by default because it stores pairs
 * @param proveMillis time budget of the exhaustive state-space exploration that settles what the
 *     thread-modular layer leaves open (0: off)
 * @param budgetMillis budget of the whole analysis in CPU time of the thread that runs it, measured from its
 *     start: the exhaustive exploration and the witness search share what the thread-modular layer leaves of it
 *     in rounds of growing effort ({@link PreciseLayers}); CPU time, so that load from other processes does not
 *     change the verdict (0: {@code proveMillis + confirmMillis})
 * @param libcStateRaces whether calls of C library functions that POSIX does not require to be
 *     thread-safe ({@code rand}, {@code strtok}, {@code localtime}...) race on the library's hidden state
 *     ({@code <libc:rand state>}) when they may run in parallel (on by default; off in SV-COMP mode,
 *     whose property concerns the program's own memory)
 * @param memoryBytes soft memory limit: above it the thread walk keeps fewer calling contexts (0: 3/4 of
 *     the JVM's maximum heap, see {@code weft.modular.MemoryBudget})
 * @param bounded     bounds and limits of the symbolic bounded layer ({@code --rounds}, {@code --unwind},
 *     {@code --threads}, {@code --recursion}); they appear in its proofs and in an unknown verdict's reason
 * @param provers     the layers whose proof of race freedom is accepted ({@code --prover}; default all, see {@link Prover})
 * @param closedCommandLine whether the witness search starts {@code main} with the closed command line only
 *     ({@link #withClosedCommandLine}; SV-COMP mode)
 * @param workMillis the nominal budget of the whole analysis from which the precise layers' budget of deterministic
 *     work is derived ({@link PreciseLayers}, {@link weft.budget.WorkMeter}): a function of the user's limit alone, so
 *     that the work does not vary with the CPU time start-up and parsing happened to take (0: {@code budgetMillis},
 *     or {@code proveMillis + confirmMillis})
 */
public record AnalysisOptions(int maxThreads, int maxRaces, boolean confirm, long confirmMillis, boolean atomicSectionsRace,
                              boolean explain, long proveMillis, long budgetMillis, boolean libcStateRaces, long memoryBytes,
                              weft.bounded.bmc.RaceBmc.Options bounded, java.util.Set<Prover> provers, boolean closedCommandLine,
                              long workMillis) {
    public AnalysisOptions {
        provers = provers.isEmpty() ? Prover.all() : java.util.Set.copyOf(provers);
    }

    public AnalysisOptions(int maxThreads, int maxRaces, boolean confirm, long confirmMillis, boolean atomicSectionsRace,
                           boolean explain, long proveMillis, long budgetMillis, boolean libcStateRaces, long memoryBytes,
                           weft.bounded.bmc.RaceBmc.Options bounded, java.util.Set<Prover> provers, boolean closedCommandLine) {
        this(maxThreads, maxRaces, confirm, confirmMillis, atomicSectionsRace, explain, proveMillis, budgetMillis, libcStateRaces,
                memoryBytes, bounded, provers, closedCommandLine, 0);
    }

    /** With the nominal budget the precise layers' work is derived from ({@code workMillis}; 0: {@code budgetMillis}). */
    public AnalysisOptions withWorkMillis(long millis) {
        return new AnalysisOptions(maxThreads, maxRaces, confirm, confirmMillis, atomicSectionsRace, explain, proveMillis, budgetMillis,
                libcStateRaces, memoryBytes, bounded, provers, closedCommandLine, millis);
    }

    /** The nominal budget of the analysis ({@code workMillis}, else {@code budgetMillis}, else the two layers' times). */
    public long nominalMillis() {
        if (workMillis > 0) return workMillis;
        return budgetMillis > 0 ? budgetMillis : proveMillis + (confirm ? confirmMillis : 0);
    }

    public AnalysisOptions(int maxThreads, int maxRaces, boolean confirm, long confirmMillis, boolean atomicSectionsRace,
                           boolean explain, long proveMillis, long budgetMillis, boolean libcStateRaces, long memoryBytes,
                           weft.bounded.bmc.RaceBmc.Options bounded, java.util.Set<Prover> provers) {
        this(maxThreads, maxRaces, confirm, confirmMillis, atomicSectionsRace, explain, proveMillis, budgetMillis, libcStateRaces,
                memoryBytes, bounded, provers, false);
    }

    /**
     * With the witness search starting {@code main} only with the closed command line ({@code argc} 1) when
     * {@code on}: SV-COMP's programs are closed (their inputs are {@code __VERIFIER_nondet_*} calls), and its witnesses
     * cannot give a command line. Off by default: main's arguments are inputs ({@code explore.CommandLines}).
     */
    public AnalysisOptions withClosedCommandLine(boolean on) {
        return new AnalysisOptions(maxThreads, maxRaces, confirm, confirmMillis, atomicSectionsRace, explain, proveMillis, budgetMillis,
                libcStateRaces, memoryBytes, bounded, provers, on, workMillis);
    }

    public AnalysisOptions(int maxThreads, int maxRaces, boolean confirm, long confirmMillis, boolean atomicSectionsRace,
                           boolean explain, long proveMillis, long budgetMillis, boolean libcStateRaces, long memoryBytes,
                           weft.bounded.bmc.RaceBmc.Options bounded) {
        this(maxThreads, maxRaces, confirm, confirmMillis, atomicSectionsRace, explain, proveMillis, budgetMillis, libcStateRaces,
                memoryBytes, bounded, Prover.all());
    }

    public static final long DEFAULT_PROVE_MILLIS = 8000;
    /**
     * The limit of races in SV-COMP mode, whose answer is the verdict alone: the report's complete
     * pairing after the verdict would only cost time.
     */
    public static final int SVCOMP_MAX_RACES = 50;
    /** Overall budget (CPU ms of the analysis thread) when none is given: {@code weft check}'s short default. */
    public static final long DEFAULT_BUDGET_MILLIS = 7000;

    public AnalysisOptions(int maxThreads, int maxRaces, boolean confirm, long confirmMillis, boolean atomicSectionsRace,
                           boolean explain, long proveMillis, long budgetMillis, boolean libcStateRaces, long memoryBytes) {
        this(maxThreads, maxRaces, confirm, confirmMillis, atomicSectionsRace, explain, proveMillis, budgetMillis, libcStateRaces,
                memoryBytes, weft.bounded.bmc.RaceBmc.Options.defaults());
    }

    public AnalysisOptions(int maxThreads, int maxRaces, boolean confirm, long confirmMillis) {
        this(maxThreads, maxRaces, confirm, confirmMillis, true);
    }

    public AnalysisOptions(int maxThreads, int maxRaces, boolean confirm, long confirmMillis, boolean atomicSectionsRace) {
        this(maxThreads, maxRaces, confirm, confirmMillis, atomicSectionsRace, false, confirm ? DEFAULT_PROVE_MILLIS : 0,
                confirm ? DEFAULT_BUDGET_MILLIS : 0, true, 0);
    }

    public static AnalysisOptions defaults() {
        return new AnalysisOptions(200, 0, true, 4000);
    }

    public AnalysisOptions withAtomicSectionsRace(boolean on) {
        return new AnalysisOptions(maxThreads, maxRaces, confirm, confirmMillis, on, explain, proveMillis, budgetMillis, libcStateRaces, memoryBytes, bounded, provers, closedCommandLine, workMillis);
    }

    public AnalysisOptions withExplain(boolean on) {
        return new AnalysisOptions(maxThreads, maxRaces, confirm, confirmMillis, atomicSectionsRace, on, proveMillis, budgetMillis, libcStateRaces, memoryBytes, bounded, provers, closedCommandLine, workMillis);
    }

    /**
     * The thread-modular layer alone ({@code weft check --fast}): its proof is the only one accepted, and no precise layer
     * runs (no exploration, no witness search, no bounded layer), so a race is never confirmed.
     */
    public AnalysisOptions threadModularOnly() {
        return new AnalysisOptions(maxThreads, maxRaces, false, confirmMillis, atomicSectionsRace, explain, 0, budgetMillis, libcStateRaces,
                memoryBytes, bounded, java.util.Set.of(Prover.THREAD_MODULAR), closedCommandLine, workMillis);
    }

    /** Whether a precise layer may run: false for {@link #threadModularOnly()}. */
    public boolean preciseLayers() {
        return confirm || proveMillis > 0 || !provers.equals(java.util.Set.of(Prover.THREAD_MODULAR));
    }

    public AnalysisOptions withProveMillis(long millis) {
        return new AnalysisOptions(maxThreads, maxRaces, confirm, confirmMillis, atomicSectionsRace, explain, millis, budgetMillis, libcStateRaces, memoryBytes, bounded, provers, closedCommandLine, workMillis);
    }

    public AnalysisOptions withBudgetMillis(long millis) {
        return new AnalysisOptions(maxThreads, maxRaces, confirm, confirmMillis, atomicSectionsRace, explain, proveMillis, millis, libcStateRaces, memoryBytes, bounded, provers, closedCommandLine, workMillis);
    }

    public AnalysisOptions withMemoryBytes(long bytes) {
        return new AnalysisOptions(maxThreads, maxRaces, confirm, confirmMillis, atomicSectionsRace, explain, proveMillis, budgetMillis,
                libcStateRaces, bytes, bounded, provers, closedCommandLine, workMillis);
    }

    /** With a limit on the races reported ({@code --max-races}; 0: none). */
    public AnalysisOptions withMaxRaces(int max) {
        return new AnalysisOptions(maxThreads, max, confirm, confirmMillis, atomicSectionsRace, explain, proveMillis, budgetMillis, libcStateRaces, memoryBytes, bounded, provers, closedCommandLine, workMillis);
    }

    public AnalysisOptions withLibcStateRaces(boolean on) {
        return new AnalysisOptions(maxThreads, maxRaces, confirm, confirmMillis, atomicSectionsRace, explain, proveMillis, budgetMillis, on, memoryBytes, bounded, provers, closedCommandLine, workMillis);
    }

    /** With the bounded layer's bounds and limits {@code b}. */
    public AnalysisOptions withBounded(weft.bounded.bmc.RaceBmc.Options b) {
        return new AnalysisOptions(maxThreads, maxRaces, confirm, confirmMillis, atomicSectionsRace, explain, proveMillis, budgetMillis,
                libcStateRaces, memoryBytes, b, provers, closedCommandLine, workMillis);
    }

    /** With only the proofs of {@code p} accepted ({@code --prover}; empty: all). */
    public AnalysisOptions withProvers(java.util.Set<Prover> p) {
        return new AnalysisOptions(maxThreads, maxRaces, confirm, confirmMillis, atomicSectionsRace, explain, proveMillis, budgetMillis,
                libcStateRaces, memoryBytes, bounded, p, closedCommandLine, workMillis);
    }

    /** Whether a proof of race freedom by {@code p} is accepted. */
    public boolean accepts(Prover p) {
        return provers.contains(p);
    }
}
