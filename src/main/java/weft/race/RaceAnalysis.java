package weft.race;

import weft.analysis.AccessCollector;
import weft.analysis.IntervalCache;
import weft.analysis.LockResolver;
import weft.analysis.ObjectMultiplicity;
import weft.analysis.Regions;
import weft.analysis.ThreadWalker;
import weft.explore.ExploreOptions;
import weft.explore.Explorer;
import weft.explore.RaceWitness;
import weft.explore.StateSpace;
import weft.ir.Program;
import weft.pointer.PointsTo;
import weft.thread.CallGraph;
import weft.thread.ThreadGraph;
import weft.thread.ThreadId;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The race analysis pipeline: pointer analysis, thread-creation graph, thread-modular walk of every
 * abstract thread collecting accesses to shared memory, pairing with exclusion rules, and — for pairs
 * that remain — a search for a concrete racing interleaving.
 *
 * <p>Verdict honesty: {@code TRUE} only if every analysis was complete (all code and threads seen) and
 * no pair remains; {@code FALSE} only with a concrete witness; otherwise {@code UNKNOWN} with the reason.
 */
public final class RaceAnalysis {
    private record AccessKey(ThreadId thread, weft.ir.Edge edge, weft.analysis.MemoryAccess access) {}

    /** Part of the overall budget kept for the witness search when the exhaustive exploration runs first. */
    private static final long CONFIRM_RESERVE_MILLIS = 1500;
    /** A precise layer given less than this is not started. */
    private static final long MIN_LAYER_MILLIS = 100;

    private final AnalysisOptions options;

    public RaceAnalysis(AnalysisOptions options) {
        this.options = options;
    }

    public AnalysisResult run(Program program) {
        return run(program, Progress.NONE);
    }

    /** Runs the analysis, announcing its phases to {@code progress}. */
    public AnalysisResult run(Program program, Progress progress) {
        long t0 = System.nanoTime();
        if (program.function("main") == null) {
            return new AnalysisResult(Verdict.UNKNOWN, "the program has no main function", List.of(), Optional.empty(),
                    Map.of(), new AnalysisResult.Stats(0, 0, 0, 0));
        }
        progress.phase("pointer analysis");
        PointsTo pts = PointsTo.analyze(program);
        progress.phase("call and thread graphs");
        CallGraph calls = new CallGraph(program, pts);
        ThreadGraph graph = new ThreadGraph(program, calls, "main", options.maxThreads());
        progress.phase("walker set-up");
        IntervalCache intervals = new IntervalCache(program);
        Regions regions = new Regions(pts, intervals);
        ObjectMultiplicity objects = new ObjectMultiplicity(program, graph);
        LockResolver locks = new LockResolver(regions, objects);
        AccessCollector collector = new AccessCollector(program, regions, intervals, options.libcStateRaces());
        ThreadWalker walker = new ThreadWalker(program, pts, graph, intervals, regions, locks, collector,
                weft.analysis.MemoryBudget.of(options.memoryBytes()));
        SharedObjects shared = new SharedObjects(program, pts, calls);
        // One access per (thread, statement, memory access); its states from different calling
        // contexts are joined, which over-approximates each of them (fewer must-locks, more created
        // threads, fewer joined ones), so every exclusion that holds for the join holds for all.
        Map<AccessKey, Access> byKey = new LinkedHashMap<>();
        progress.phase("walking " + graph.threads().size() + " abstract threads");
        long[] events = new long[1];
        long[] maxMust = new long[1];
        for (ThreadId t : graph.threads()) {
            walker.walk(t, (thread, fn, edge, state, a) -> {
                if (!shared.isShared(a.region().object())) return;
                events[0]++;
                maxMust[0] = Math.max(maxMust[0], state.locks().must().size());
                byKey.merge(new AccessKey(thread, edge, a), new Access(thread, fn, edge, state, a),
                        (x, y) -> new Access(x.thread(), x.function(), x.edge(), x.state().join(y.state()), x.access()));
            });
        }
        List<Access> accesses = withoutMisusedSemaphores(new ArrayList<>(byKey.values()), walker.semaphores());
        progress.count("abstract threads", graph.threads().size());
        progress.count("calling contexts", walker.contexts());
        progress.count("functions with one joined context (memory limit)", walker.joinedContexts());
        progress.count("access events (per context)", events[0]);
        progress.count("shared accesses", accesses.size());
        progress.count("largest must-lockset", maxMust[0]);
        progress.phase("pairing " + accesses.size() + " shared accesses");
        Set<String> executed = new java.util.HashSet<>();
        for (ThreadId t : graph.threads()) executed.addAll(graph.functions(t));
        // a cancelled thread may end at any cancellation point, before the joins it makes at its end
        java.util.function.Function<ThreadId, Set<ThreadId>> joinedAtEnd = calls.cancels(executed) ? t -> Set.of() : walker::joinedAtEnd;
        RaceContext ctx = new RaceContext(pts, graph, walker::creationStates, walker.instanceKeys(), joinedAtEnd,
                fixedWhileThreadsRun(accesses));
        RaceDetector.Result found = new RaceDetector(RaceDetector.standardRules(), options.maxRaces(), options.explain()).detect(accesses, ctx);
        progress.count("pairs checked", found.pairsChecked());
        progress.count("possible races", found.races().size());
        List<String> gaps = new ArrayList<>();
        List<String> ptsGaps = pts.incompleteReasons(executed);
        if (!ptsGaps.isEmpty()) gaps.add("the pointer analysis cannot follow: " + ptsGaps.get(0) + (ptsGaps.size() > 1 ? " (and " + (ptsGaps.size() - 1) + " more)" : ""));
        if (!calls.complete(executed)) gaps.add(calls.incompleteReason(executed));
        if (walker.incompleteReason() != null) gaps.add(walker.incompleteReason());
        if (graph.truncated(options.maxThreads())) gaps.add("more than " + options.maxThreads() + " abstract threads");
        AnalysisResult.Stats stats = new AnalysisResult.Stats(graph.threads().size(), accesses.size(), found.pairsChecked(),
                (System.nanoTime() - t0) / 1_000_000);
        if (found.races().isEmpty() && gaps.isEmpty()) {
            return new AnalysisResult(Verdict.TRUE, "every pair of conflicting accesses is excluded", List.of(),
                    Optional.empty(), found.exclusions(), stats, gaps, found.excluded());
        }
        Optional<RaceWitness> witness = Optional.empty();
        String proof = null;
        long proveMillis = Math.min(options.proveMillis(), remainingMillis(t0) - (options.confirm() ? CONFIRM_RESERVE_MILLIS : 0));
        if (options.proveMillis() > 0 && proveMillis < MIN_LAYER_MILLIS) {
            proof = "no time left in the budget of " + options.budgetMillis() + " ms";
        } else if (options.proveMillis() > 0) {
            progress.phase("exploring the state space");
            // small closed programs: visit every reachable state; this proves or refutes outright
            StateSpace.Outcome o = StateSpace.explore(program,
                    new StateSpace.Limits(StateSpace.Limits.defaults().maxStates(), StateSpace.Limits.defaults().maxBytes(), proveMillis),
                    options.atomicSectionsRace(), true, options.libcStateRaces());
            stats = new AnalysisResult.Stats(stats.threads(), stats.accesses(), stats.pairsChecked(), (System.nanoTime() - t0) / 1_000_000);
            switch (o.kind()) {
                case RACE_FREE -> {
                    return new AnalysisResult(Verdict.TRUE, "exhaustive exploration: all " + o.states()
                            + " reachable states of every interleaving are race-free", List.of(), Optional.empty(), found.exclusions(), stats,
                            List.of(), found.excluded());
                }
                case RACE -> {
                    return new AnalysisResult(Verdict.FALSE, "a racing interleaving was found", found.races(), o.witness(),
                            found.exclusions(), stats, gaps, found.excluded());
                }
                case INCOMPLETE -> proof = o.detail();
            }
        }
        // with an overall budget, the witness search has all of what is left of it
        long confirmMillis = options.budgetMillis() > 0 ? remainingMillis(t0) : options.confirmMillis();
        if (options.confirm() && confirmMillis >= MIN_LAYER_MILLIS) {
            progress.phase("confirming " + found.races().size() + " candidate race(s)");
            ExploreOptions d = ExploreOptions.defaults();
            witness = new Explorer(program, new ExploreOptions(d.maxSteps(), d.maxExecutions(), confirmMillis, d.seed(), options.atomicSectionsRace(),
                    options.libcStateRaces())).findRace();
        }
        stats = new AnalysisResult.Stats(stats.threads(), stats.accesses(), stats.pairsChecked(), (System.nanoTime() - t0) / 1_000_000);
        if (witness.isPresent()) {
            return new AnalysisResult(Verdict.FALSE, "a racing interleaving was found", found.races(), witness,
                    found.exclusions(), stats, gaps, found.excluded());
        }
        String reason = !found.races().isEmpty()
                ? found.races().size() + (found.races().size() >= options.maxRaces() ? "+" : "") + " possible race(s) could be neither excluded nor confirmed"
                : String.join("; ", gaps);
        if (proof != null) reason += " (exhaustive exploration incomplete: " + proof + ")";
        return new AnalysisResult(Verdict.UNKNOWN, reason, found.races(), Optional.empty(), found.exclusions(), stats, gaps,
                found.excluded());
    }

    /** The accesses with semaphores that may count past one taken out of their must-locksets. */
    private static List<Access> withoutMisusedSemaphores(List<Access> accesses, weft.analysis.SemaphoreUse use) {
        Set<weft.lock.Lock> misused = use.misused();
        if (misused.isEmpty()) return accesses;
        List<Access> out = new ArrayList<>(accesses.size());
        for (Access a : accesses) {
            weft.lock.LockState ls = a.state().locks();
            weft.lock.LockState stripped = ls.withoutMust(misused);
            out.add(stripped == ls ? a : new Access(a.thread(), a.function(), a.edge(), a.state().withLocks(stripped), a.access()));
        }
        return out;
    }

    /**
     * Shared objects all of whose writes are made by main before it creates any thread. Complete because
     * every write to a shared object, through whatever pointer, is among the accesses; an analysis
     * gap makes the verdict unknown anyway.
     */
    private static Set<weft.pointer.MemObject> fixedWhileThreadsRun(List<Access> accesses) {
        Set<weft.pointer.MemObject> seen = new java.util.HashSet<>();
        Set<weft.pointer.MemObject> later = new java.util.HashSet<>();
        for (Access a : accesses) {
            seen.add(a.region().object());
            if (a.access().write() && (!a.thread().isMain() || !a.state().threads().created().isEmpty())) later.add(a.region().object());
        }
        seen.removeAll(later);
        return seen;
    }

    /** What is left of the overall budget at this moment (unbounded when there is none). */
    private long remainingMillis(long startNanos) {
        if (options.budgetMillis() <= 0) return Long.MAX_VALUE / 4;
        return options.budgetMillis() - (System.nanoTime() - startNanos) / 1_000_000;
    }
}
