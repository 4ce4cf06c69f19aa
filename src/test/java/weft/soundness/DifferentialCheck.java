package weft.soundness;

import weft.ir.Program;
import weft.race.AnalysisOptions;
import weft.race.Prover;
import weft.race.RaceAnalysis;
import weft.race.Verdict;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Checks one generated program: Weft's thread-modular layer alone ({@link AnalysisOptions} without the precise
 * layers: true only when every pair is excluded and every analysis is complete), each precise prover alone
 * ({@link Prover#EXPLORATION}, {@link Prover#BOUNDED}: {@code weft check --prover}, a few seconds of budget each) and
 * Weft's final verdict (the options of {@code weft check --svcomp}), against the two oracles. A true from any of them
 * while an oracle finds a race is a failure of the kind that names it; so is a false whose race the exhaustive
 * exploration of every closed variant refutes. A false neither oracle settles has its witness replayed under
 * ThreadSanitizer ({@link #replay}); one that does not replay is a failure too.
 *
 * <p>Same input, same answer ({@code stability}): a single prover's true is repeated with a quarter and four times its
 * budget, and, where an oracle found a race, its unknown too; a true at any budget on a program with a race (seen by
 * an oracle or by a witness of the same prover at another budget) is a {@link Failure.Kind#BUDGET_TRUE_BUT_RACE}. Less
 * time may turn true into unknown, never a racy program's unknown into true.
 */
final class DifferentialCheck {
    /** When ThreadSanitizer runs: always, never, or only where Weft says true or an unconfirmed false. */
    enum TsanMode { ON, OFF, WHEN_TRUE }

    /** Budget (CPU ms) of the exploration-alone run. */
    static final long EXPLORATION_MILLIS = 2000;
    /** Runs of a witness's reproducer before it counts as not replayed. */
    static final int REPLAY_TRIES = 3;

    /** Budget (CPU ms) of the bounded-alone run: the wrong answers of issue 31 came from the bounded layer. */
    static final long BOUNDED_MILLIS = 3000;

    /** Everything learnt about one program; {@code exploration}, {@code bounded} null when the single provers are off. */
    record Outcome(Verdict threadModular, Verdict exploration, Verdict bounded, Verdict verdict, OracleResult explore, OracleResult tsan,
                   Optional<Failure> failure, boolean falseConfirmed) {
        Outcome(Verdict threadModular, Verdict verdict, OracleResult explore, OracleResult tsan, Optional<Failure> failure, boolean falseConfirmed) {
            this(threadModular, null, null, verdict, explore, tsan, failure, falseConfirmed);
        }
    }

    /** One run of Weft: which layer it names, the failure kind of a wrong true, its options, whether its budget matters. */
    record Run(String prover, Failure.Kind kind, AnalysisOptions options, boolean budgeted) {}

    private final TsanMode tsanMode;
    private final ExploreOracle explore;
    private final TsanOracle tsan;
    private final List<Run> runs = new ArrayList<>();
    private final boolean stability;
    private final PhaseTimes times;

    DifferentialCheck(TsanMode tsanMode, int tsanRuns, long tsanSeed) {
        this(tsanMode, tsanRuns, tsanSeed, false, false, new PhaseTimes());
    }

    /**
     * With {@code provers}, each prover also runs alone; with {@code stability}, the budget variants above; the time of
     * each phase goes to {@code times}.
     */
    DifferentialCheck(TsanMode tsanMode, int tsanRuns, long tsanSeed, boolean provers, boolean stability, PhaseTimes times) {
        this.times = times;
        this.tsanMode = tsanMode == TsanMode.OFF || !TsanOracle.available() ? TsanMode.OFF : tsanMode;
        this.explore = new ExploreOracle(3000);
        this.tsan = new TsanOracle(tsanRuns, tsanSeed);
        this.stability = stability && provers;
        runs.addAll(runs(provers));
    }

    /**
     * The runs of Weft on each program: the thread-modular layer alone, with {@code provers} the bounded layer and the
     * exploration alone, and the final verdict. The order is the order of blame when several say true.
     */
    static List<Run> runs(boolean provers) {
        List<Run> out = new ArrayList<>();
        out.add(new Run("thread-modular", Failure.Kind.TM_TRUE_BUT_RACE, new AnalysisOptions(200, 50, false, 0), false));
        if (provers) {
            AnalysisOptions d = AnalysisOptions.defaults();
            out.add(new Run("bounded", Failure.Kind.BOUNDED_TRUE_BUT_RACE,
                    d.withBudgetMillis(BOUNDED_MILLIS).withProvers(Set.of(Prover.BOUNDED)), true));
            out.add(new Run("exploration", Failure.Kind.EXPLORATION_TRUE_BUT_RACE,
                    d.withBudgetMillis(EXPLORATION_MILLIS).withProvers(Set.of(Prover.EXPLORATION)), true));
        }
        out.add(new Run("final", Failure.Kind.TRUE_BUT_RACE, AnalysisOptions.defaults(), false));
        return out;
    }

    TsanMode tsanMode() {
        return tsanMode;
    }

    Outcome check(GenProgram g, Set<Integer> removed, Path dir) throws Exception {
        Program p;
        Verdict[] v = new Verdict[runs.size()];
        weft.race.AnalysisResult[] results = new weft.race.AnalysisResult[runs.size()];
        try {
            long t = times.start();
            p = WeftInput.get().load(g.weft("/* generated */", "/* seed " + g.seed() + " */", removed), dir, "gen");
            times.end("weft load", t);
            for (int i = 0; i < v.length; i++) {
                t = times.start();
                results[i] = new RaceAnalysis(runs.get(i).options()).run(p);
                v[i] = results[i].verdict();
                times.end("weft " + runs.get(i).prover(), t);
            }
        } catch (Exception | StackOverflowError e) {
            return new Outcome(null, null, null, null, null, null, Optional.of(new Failure(Failure.Kind.CRASH, "weft", Set.of(), e.toString())), false);
        }
        Verdict tm = v[0];
        Verdict fin = v[v.length - 1];
        Verdict expl = verdictOf("exploration", v);
        Verdict bnd = verdictOf("bounded", v);
        boolean saysTrue = java.util.Arrays.asList(v).contains(Verdict.TRUE);
        boolean saysFalse = java.util.Arrays.asList(v).contains(Verdict.FALSE);
        if (!saysTrue && !saysFalse && tsanMode != TsanMode.ON) {
            return new Outcome(tm, expl, bnd, fin, null, null, Optional.empty(), false);
        }
        OracleResult ex;
        long t = times.start();
        try {
            ex = explore.check(g, removed, dir);
        } catch (Exception e) {
            ex = OracleResult.inconclusive("closed variant: " + e);
        }
        times.end("oracle exploration", t);
        OracleResult ts = null;
        // when-true: TSan runs where it can contradict Weft; where the exploration already proved every closed variant
        // race-free, only on every fourth program (by seed), as a cross-check of the exploration itself
        boolean proved = ex.kind() == OracleResult.Kind.RACE_FREE;
        boolean needTsan = tsanMode == TsanMode.ON || tsanMode == TsanMode.WHEN_TRUE && !ex.race()
                && (saysTrue && (!proved || Math.floorMod(g.seed(), 4) == 0) || saysFalse && !proved);
        if (needTsan) {
            long w = System.nanoTime();
            ts = tsan.check(g, removed, dir);
            times.add("oracle tsan (wall)", (System.nanoTime() - w) / 1_000_000);
            if (ts.kind() == OracleResult.Kind.GENERATOR_ERROR) {
                return new Outcome(tm, expl, bnd, fin, ex, ts, Optional.of(new Failure(Failure.Kind.GENERATOR, "tsan", Set.of(), ts.detail())), false);
            }
        }
        OracleResult raced = ex.race() ? ex : ts != null && ts.race() ? ts : null;
        if (saysTrue && raced != null) {
            int i = java.util.Arrays.asList(v).indexOf(Verdict.TRUE);
            return new Outcome(tm, expl, bnd, fin, ex, ts, Optional.of(new Failure(runs.get(i).kind(), raced == ex ? "exploration" : "tsan",
                    raced.lines(), "true from " + saidTrue(v) + "; " + raced.detail())), false);
        }
        if (stability && (saysTrue || raced != null)) {
            long b = times.start();
            Optional<Failure> f = budgetVariants(p, v, raced, ex);
            times.end("budget variants", b);
            if (f.isPresent()) return new Outcome(tm, expl, bnd, fin, ex, ts, f, false);
        }
        if (saysFalse && raced == null && ex.kind() == OracleResult.Kind.RACE_FREE) {
            // a false from any run, a single prover's included, that the exhaustive oracle refutes (mut-35: the
            // exploration alone reached a race only through pointer arithmetic out of a member array)
            return new Outcome(tm, expl, bnd, fin, ex, ts, Optional.of(new Failure(Failure.Kind.FALSE_UNCONFIRMED, "exploration", Set.of(),
                    "false from " + said(v, Verdict.FALSE) + "; " + ex.detail())), false);
        }
        if (saysFalse && raced == null && tsanMode != TsanMode.OFF) {
            long w = System.nanoTime();
            Optional<Failure> f = replay(results, dir);
            times.add("witness replay (wall)", (System.nanoTime() - w) / 1_000_000);
            if (f.isPresent()) return new Outcome(tm, expl, bnd, fin, ex, ts, f, false);
            return new Outcome(tm, expl, bnd, fin, ex, ts, Optional.empty(), fin == Verdict.FALSE && replayable(results[results.length - 1]));
        }
        return new Outcome(tm, expl, bnd, fin, ex, ts, Optional.empty(), fin == Verdict.FALSE && raced != null);
    }

    /**
     * A false no oracle confirmed: each run's witness (the same two accesses once) replayed as {@code weft reproduce}
     * replays it (the program built with ThreadSanitizer, the schedule and the world's answers forced). A witness TSan
     * does not report at its two lines is a {@link Failure.Kind#FALSE_NOT_REPLAYED} (audit D54: the witness search
     * confirmed on accesses glibc need not make, and no oracle could refute it).
     */
    private Optional<Failure> replay(weft.race.AnalysisResult[] results, Path dir) {
        // a witness resting on an indeterminate value is not replayed: the reproducer forces the world's answers and the
        // schedule, not what an uninitialised object happens to hold (counted as unsettled)
        java.util.Set<String> done = new java.util.HashSet<>();
        for (int i = 0; i < results.length; i++) {
            if (results[i].verdict() != Verdict.FALSE || results[i].witness().isEmpty()) continue;
            weft.trace.RaceWitness w = results[i].witness().get();
            if (!replayable(results[i]) || !done.add(w.first().loc() + " " + w.second().loc())) continue;
            Path program = dir.resolve("gen.c");
            try {
                // a schedule forced by bounded waits may miss on a busy machine: three tries before a failure
                weft.reproduce.ReproducerRuns.Outcome o = null;
                for (int k = 0; k < REPLAY_TRIES && (o == null || o.kind() == weft.reproduce.ReproducerRuns.Kind.NO_RACE); k++) {
                    o = weft.reproduce.ReproducerRuns.run(w, program, dir.resolve("replay-" + i));
                }
                if (o.kind() != weft.reproduce.ReproducerRuns.Kind.REPRODUCED) {
                    return Optional.of(new Failure(Failure.Kind.FALSE_NOT_REPLAYED, "reproducer", Set.of(w.first().loc().line(), w.second().loc().line()),
                            runs.get(i).prover() + "'s witness: " + o.kind() + " " + o.detail()));
                }
            } catch (java.io.IOException e) {
                return Optional.of(new Failure(Failure.Kind.FALSE_NOT_REPLAYED, "reproducer", Set.of(), runs.get(i).prover() + "'s witness: " + e));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    /** Whether the run's witness can be replayed: it exists and reads no indeterminate value. */
    private static boolean replayable(weft.race.AnalysisResult r) {
        return r.witness().isPresent()
                && r.witness().get().nondetValues().keySet().stream().noneMatch(k -> k.startsWith(weft.trace.RaceWitness.INDETERMINATE));
    }

    /**
     * The budget variants of each single prover: its true again with a quarter and four times its budget (a false
     * there is a witness against the true), and on a program an oracle found racy its unknown with both.
     */
    private Optional<Failure> budgetVariants(Program p, Verdict[] v, OracleResult raced, OracleResult ex) {
        for (int i = 0; i < runs.size(); i++) {
            Run r = runs.get(i);
            if (!r.budgeted() || v[i] == Verdict.FALSE || v[i] != Verdict.TRUE && raced == null) continue;
            long b = r.options().budgetMillis();
            Verdict[] at = new Verdict[2];
            long[] budgets = {b / 4, b * 4};
            for (int k = 0; k < 2; k++) at[k] = new RaceAnalysis(r.options().withBudgetMillis(budgets[k])).run(p).verdict();
            String seen = r.prover() + ": " + v[i] + " with " + b + " ms, " + at[0] + " with " + budgets[0] + " ms, " + at[1] + " with "
                    + budgets[1] + " ms";
            boolean anyTrue = v[i] == Verdict.TRUE || at[0] == Verdict.TRUE || at[1] == Verdict.TRUE;
            boolean anyFalse = at[0] == Verdict.FALSE || at[1] == Verdict.FALSE;
            if (anyTrue && (raced != null || anyFalse)) {
                String oracle = raced == null ? "weft witness" : raced == ex ? "exploration" : "tsan";
                return Optional.of(new Failure(Failure.Kind.BUDGET_TRUE_BUT_RACE, oracle, raced == null ? Set.of() : raced.lines(),
                        seen + (raced == null ? "" : "; " + raced.detail())));
            }
        }
        return Optional.empty();
    }

    private Verdict verdictOf(String prover, Verdict[] v) {
        for (int i = 0; i < runs.size(); i++) if (runs.get(i).prover().equals(prover)) return v[i];
        return null;
    }

    private String saidTrue(Verdict[] v) {
        return said(v, Verdict.TRUE);
    }

    /** The runs that answered {@code which}. */
    private String said(Verdict[] v, Verdict which) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) if (v[i] == which) out.add(runs.get(i).prover());
        return String.join(", ", out);
    }
}
