package weft.race;

import weft.access.AccessCollector;
import weft.budget.Budget;
import weft.ir.Program;
import weft.modular.MemoryBudget;
import weft.modular.ProgramFacts;
import weft.modular.ThreadWalker;
import weft.pointer.PointsTo;
import weft.race.pair.Access;
import weft.race.pair.ExclusionRule;
import weft.race.pair.RaceContext;
import weft.thread.CallGraph;
import weft.thread.ObjectMultiplicity;
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
 * {@link AnalysisOptions#provers()} ({@code --prover}) only takes proofs away: the thread-modular layer's is
 * accepted only when it is among them, the precise layers' as {@link PreciseLayers} says.
 *
 * <p>Stopping early: an interrupt of the running thread (the time limit of {@code weft check} is near) ends the phase it
 * reaches — the walk keeps the accesses of the threads walked so far, a pairing the races found so far — and the rest
 * runs with {@link #GRACE_MILLIS}: the pairing of what was collected, no precise layer (which are not asked to stop:
 * they keep to the budget by themselves, {@link Progress#preciseLayers}). Such a result is always
 * {@code UNKNOWN} (a gap names where it stopped), never a proof, and lists every race found.
 */
public final class RaceAnalysis {
    private record AccessKey(ThreadId thread, weft.ir.Edge edge, weft.access.MemoryAccess access) {}

    /**
     * Distinct races after which the pairing that decides the verdict stops (one would do; a few more
     * name the candidates); without a limit asked for, the report's complete pairing follows the verdict.
     */
    static final int VERDICT_RACES = 50;
    /** The unknown verdict's reason when the thread-modular layer proved race freedom and {@code --prover} excludes it. */
    static final String NOT_ACCEPTED = "thread-modular proof not accepted (--prover)";
    /** CPU time of the analysis thread for what follows a stop: pairing what was collected, and the report's data. */
    static final long GRACE_MILLIS = 1000;
    /**
     * CPU time the report's complete pairing may take at least, past the analysis budget (which the precise layers may
     * have used up): enough for the complete list of a program like pigz (about 3 s), bounded for one like sol. Under a
     * hard limit, {@code weft check}'s stop request ends it earlier.
     */
    static final long LISTING_MILLIS = 20_000;

    private final AnalysisOptions options;
    private final java.util.function.Supplier<List<ExclusionRule>> rules;

    public RaceAnalysis(AnalysisOptions options) {
        this(options, RaceDetector::standardRules);
    }

    /** With other exclusion rules than the standard ones (fresh instances per pairing), for tests. */
    RaceAnalysis(AnalysisOptions options, java.util.function.Supplier<List<ExclusionRule>> rules) {
        this.options = options;
        this.rules = rules;
    }

    public AnalysisResult run(Program program) {
        return run(program, Progress.NONE);
    }

    /** Runs the analysis, announcing its phases to {@code progress}. */
    public AnalysisResult run(Program program, Progress progress) {
        Found f = new Found();
        String[] phase = {"the analysis"};
        Progress tracked = new Progress() {
            @Override
            public void phase(String p) {
                phase[0] = p;
                progress.phase(p);
            }

            @Override
            public void count(String name, long value) {
                progress.count(name, value);
            }

            @Override
            public void preciseLayers(boolean running) {
                progress.preciseLayers(running);
            }
        };
        AnalysisResult r;
        try {
            r = run(program, tracked, f);
        } catch (ThreadWalker.AnalysisInterrupted | java.util.concurrent.CancellationException e) {
            // stopped before any access was collected (the walk and the pairings keep what they found)
            String why = "the time limit was reached in " + phase[0];
            r = new AnalysisResult(Verdict.UNKNOWN, why, List.of(), Optional.empty(), Map.of(), new AnalysisResult.Stats(0, 0, 0, 0),
                    List.of(why), List.of());
        }
        return r.with(f.callGaps, f.truncated);
    }

    /** What the report needs besides the verdict, filled in by the run. */
    private static final class Found {
        List<CallGap> callGaps = List.of();
        boolean truncated;
    }

    private AnalysisResult run(Program program, Progress progress, Found out) {
        long t0 = System.nanoTime();
        // the budget is CPU time of this thread from now: load from other processes does not change how far we get
        Budget budget = Budget.cpuMillis(options.budgetMillis() > 0 ? options.budgetMillis()
                : options.proveMillis() + (options.confirm() ? options.confirmMillis() : 0));
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
        ProgramFacts facts = ProgramFacts.of(program, pts, calls, graph);
        ObjectMultiplicity objects = facts.objects();
        AccessCollector collector = new AccessCollector(program, facts.regions(), facts.intervals(), options.libcStateRaces(),
                new weft.thread.StreamHandOvers(program, facts.regions(), objects));
        ThreadWalker walker = new ThreadWalker(facts, collector, MemoryBudget.of(options.memoryBytes()));
        SharedObjects shared = new SharedObjects(program, pts, calls);
        // One access per (thread, statement, memory access); its states from different calling
        // contexts are joined, which over-approximates each of them (fewer must-locks, more created
        // threads, fewer joined ones), so every exclusion that holds for the join holds for all.
        Map<AccessKey, Access> byKey = new LinkedHashMap<>();
        progress.phase("walking " + graph.threads().size() + " abstract threads");
        long[] events = new long[1];
        long[] maxMust = new long[1];
        String stopped = null;
        for (ThreadId t : graph.threads()) {
            try {
                walker.walk(t, (thread, fn, edge, state, a) -> {
                    if (!shared.isShared(a.region().object())) return;
                    events[0]++;
                    maxMust[0] = Math.max(maxMust[0], state.locks().must().size());
                    byKey.merge(new AccessKey(thread, edge, a), new Access(thread, fn, edge, state, a),
                            (x, y) -> new Access(x.thread(), x.function(), x.edge(), x.state().join(y.state()), x.access()));
                });
            } catch (ThreadWalker.AnalysisInterrupted | java.util.concurrent.CancellationException e) {
                stopped = "the time limit was reached while walking thread " + t + " (the accesses of it and of the threads after it are"
                        + " incomplete)";
                break;
            }
        }
        if (stopped != null) budget = grace();
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
                fixedWhileThreadsRun(accesses), walker.recordJoins(), walker.childJoins(), walker.tickets(),
                walker.slots(), walker.joinTrees(), fixedBeforeCreating(accesses, graph));
        MustRace must = new MustRace(objects, accesses);
        // The verdict needs one race; pairing stops at VERDICT_RACES (or the limit asked for) so that the
        // precise layers keep their budget; the report's complete list is formed after the verdict.
        int limit = options.maxRaces() > 0 ? options.maxRaces() : VERDICT_RACES;
        RaceDetector.Result first = new RaceDetector(rules.get(), limit, options.explain(), must)
                .until(stopped != null ? budget : Budget.unlimited()).detect(accesses, ctx);
        if (first.outOfTime() && stopped == null) {
            stopped = "the time limit was reached while pairing " + accesses.size() + " shared accesses";
            budget = grace();
        }
        final Budget left = budget;
        final boolean wasStopped = stopped != null;
        RaceDetector.Result[] early = {null};
        java.util.function.Supplier<RaceDetector.Result> complete = options.maxRaces() > 0 || !first.truncated() ? () -> first : () -> {
            if (early[0] != null) return early[0];
            progress.phase("pairing all " + accesses.size() + " shared accesses for the report");
            // what is left of the budget, at least LISTING_MILLIS: past it, a report with the races found so far rather than none
            Budget listing = wasStopped ? left : Budget.cpuMillis(Math.max(left.remainingMillis(), LISTING_MILLIS));
            RaceDetector.Result all = new RaceDetector(rules.get(), 0, options.explain(), must).until(listing).detect(accesses, ctx);
            return all.outOfTime() && all.races().size() < first.races().size()
                    ? new RaceDetector.Result(first.races(), first.exclusions(), first.pairsChecked(), first.excluded(), true, true) : all;
        };
        if (!wasStopped && options.maxRaces() <= 0 && first.truncated() && options.preciseLayers()) {
            // the report's complete list before the precise layers when it takes at most a quarter of what is left:
            // a search that uses its whole budget then leaves a complete report (else it is formed after the verdict)
            progress.phase("pairing all " + accesses.size() + " shared accesses for the report");
            RaceDetector.Result all = new RaceDetector(rules.get(), 0, options.explain(), must)
                    .until(Budget.cpuMillis(budget.remainingMillis() / 4)).detect(accesses, ctx);
            if (!all.outOfTime()) early[0] = all;
        }
        RaceDetector.Result found = first;
        out.truncated = found.truncated();
        out.callGaps = CallGap.find(program, pts, executed, calls.unresolved(executed));
        progress.count("pairs checked", found.pairsChecked());
        progress.count("possible races", found.races().size());
        List<String> gaps = new ArrayList<>();
        List<String> ptsGaps = pts.incompleteReasons(executed);
        for (String g : new java.util.LinkedHashSet<>(ptsGaps)) gaps.add(AnalysisResult.POINTER_GAP + g);
        if (!calls.complete(executed)) gaps.add(calls.incompleteReason(executed));
        if (walker.incompleteReason() != null && !gaps.contains(walker.incompleteReason())) gaps.add(walker.incompleteReason());
        if (graph.truncated(options.maxThreads())) gaps.add("more than " + options.maxThreads() + " abstract threads");
        if (stopped != null) gaps.add(stopped);
        AnalysisResult.Stats stats = new AnalysisResult.Stats(graph.threads().size(), accesses.size(), found.pairsChecked(),
                (System.nanoTime() - t0) / 1_000_000);
        boolean tmProof = found.races().isEmpty() && gaps.isEmpty();
        if (tmProof && options.accepts(Prover.THREAD_MODULAR)) {
            return new AnalysisResult(Verdict.TRUE, "every pair of conflicting accesses is excluded", List.of(),
                    Optional.empty(), found.exclusions(), stats, gaps, found.excluded());
        }
        // --prover without the thread-modular layer: the bounded layer's candidates are its races, none here
        if (tmProof && !options.accepts(Prover.EXPLORATION)) {
            return new AnalysisResult(Verdict.UNKNOWN, NOT_ACCEPTED, List.of(), Optional.empty(), found.exclusions(), stats, gaps,
                    found.excluded());
        }
        if (stopped != null) {
            // no time for the precise layers: the races found so far, with the gap that says where it stopped
            found = first.outOfTime() || !first.truncated() ? first : complete.get();
            out.truncated = found.truncated() || !found.races().isEmpty();
            stats = new AnalysisResult.Stats(stats.threads(), stats.accesses(), found.pairsChecked(), (System.nanoTime() - t0) / 1_000_000);
            String reason = stopped + (found.races().isEmpty() ? "" : "; " + found.races().size() + "+ possible race(s) found before it");
            return new AnalysisResult(Verdict.UNKNOWN, reason, found.races(), Optional.empty(), found.exclusions(), stats, gaps, found.excluded());
        }
        // the precise layers have what the thread-modular layer left of the budget
        BoundedCandidates bounded = new BoundedCandidates(program, accesses, first, gaps, ctx, must, weft.bounded.Bounds.defaults(),
                options.bounded());
        PreciseLayers.Result precise;
        if (options.preciseLayers()) {
            progress.preciseLayers(true);
            try {
                // the directed search's candidates: the complete list when it was formed before (more to choose from)
                List<RacePair> candidates = early[0] != null ? early[0].races() : first.races();
                precise = new PreciseLayers(options, PreciseLayers.targets(candidates)).run(program, budget, progress, bounded::run);
            } finally {
                progress.preciseLayers(false);
            }
        } else {
            precise = new PreciseLayers.Result(PreciseLayers.Kind.OPEN, Optional.empty(), 0, null, 0);
        }
        if (precise.kind() == PreciseLayers.Kind.RACE_FREE) {
            stats = new AnalysisResult.Stats(stats.threads(), stats.accesses(), stats.pairsChecked(), (System.nanoTime() - t0) / 1_000_000);
            return new AnalysisResult(Verdict.TRUE, precise.boundedProof() != null ? precise.boundedProof() : "exhaustive exploration: all " + precise.states()
                    + " reachable states of every interleaving are race-free", List.of(), Optional.empty(), found.exclusions(), stats,
                    List.of(), found.excluded());
        }
        // the report lists every race: the complete pairing follows the verdict
        found = complete.get();
        out.truncated = found.truncated();
        stats = new AnalysisResult.Stats(stats.threads(), stats.accesses(), found.pairsChecked(), (System.nanoTime() - t0) / 1_000_000);
        if (precise.kind() == PreciseLayers.Kind.RACE) {
            String reason = "a racing interleaving was found" + (found.outOfTime() ? "; the list of possible races is incomplete: the time"
                    + " limit was reached while pairing " + accesses.size() + " shared accesses" : "");
            return new AnalysisResult(Verdict.FALSE, reason, found.races(), precise.witness(),
                    found.exclusions(), stats, gaps, found.excluded());
        }
        String proof = precise.proofIncomplete();
        String reason = !found.races().isEmpty()
                ? found.races().size() + (found.truncated() ? "+" : "") + " possible race(s) could be neither excluded nor confirmed"
                : tmProof ? NOT_ACCEPTED : AnalysisResult.summarise(gaps);
        if (proof != null) reason += " (exhaustive exploration incomplete: " + proof + ")";
        if (found.outOfTime()) reason += "; the list is incomplete: the time limit was reached while pairing " + accesses.size() + " shared accesses";
        return new AnalysisResult(Verdict.UNKNOWN, reason, found.races(), Optional.empty(), found.exclusions(), stats, gaps,
                found.excluded()).withOpenNotes(precise.openNotes());
    }

    /** After a stop request: the request answered (the interrupt cleared) and the budget of what follows ({@link #GRACE_MILLIS}). */
    private static Budget grace() {
        Thread.interrupted();
        return Budget.cpuMillis(GRACE_MILLIS);
    }

    /** The accesses with semaphores that may count past one taken out of their must-locksets. */
    private static List<Access> withoutMisusedSemaphores(List<Access> accesses, weft.modular.SemaphoreUse use) {
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
    /**
     * For {@code RaceContext#fixedWhile}: per object written only by main, the children main may have created at one
     * of its writes (may-created over-approximates); an object another thread writes is absent.
     */
    private static java.util.function.BiPredicate<weft.pointer.MemObject, ThreadId> fixedBeforeCreating(List<Access> accesses, ThreadGraph graph) {
        java.util.Map<weft.pointer.MemObject, Set<ThreadId>> created = new java.util.HashMap<>();
        Set<weft.pointer.MemObject> byThreads = new java.util.HashSet<>();
        for (Access a : accesses) {
            if (!a.access().write()) continue;
            if (!a.thread().isMain()) byThreads.add(a.region().object());
            else created.computeIfAbsent(a.region().object(), k -> new java.util.HashSet<>()).addAll(a.state().threads().created());
        }
        return (o, t) -> {
            ThreadId child = t.isMain() ? null : t.childOnPathFrom(graph.main());
            Set<ThreadId> c = created.get(o);
            return child != null && c != null && !byThreads.contains(o) && !c.contains(child);
        };
    }

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

}
