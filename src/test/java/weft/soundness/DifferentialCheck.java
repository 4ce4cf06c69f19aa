package weft.soundness;

import weft.ir.Program;
import weft.race.AnalysisOptions;
import weft.race.AnalysisResult;
import weft.race.RaceAnalysis;
import weft.race.Verdict;

import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;

/**
 * Checks one generated program: Weft's thread-modular layer alone ({@link AnalysisOptions} without the precise
 * layers: true only when every pair is excluded and every analysis is complete) and Weft's final verdict (the
 * options of {@code weft check --svcomp}), against the two oracles. A true from either while an oracle finds a race
 * is a failure; so is a false whose race the exhaustive exploration of every closed variant refutes. A false
 * neither oracle settles is counted as unconfirmed, not as a failure (the witness is not replayed independently).
 */
final class DifferentialCheck {
    /** When ThreadSanitizer runs: always, never, or only where Weft says true or an unconfirmed false. */
    enum TsanMode { ON, OFF, WHEN_TRUE }

    /** Everything learnt about one program. */
    record Outcome(Verdict threadModular, Verdict verdict, OracleResult explore, OracleResult tsan, Optional<Failure> failure,
                   boolean falseConfirmed) {}

    private final TsanMode tsanMode;
    private final ExploreOracle explore;
    private final TsanOracle tsan;
    private final AnalysisOptions finalOptions;

    DifferentialCheck(TsanMode tsanMode, int tsanRuns, long tsanSeed) {
        this.tsanMode = tsanMode == TsanMode.OFF || !TsanOracle.available() ? TsanMode.OFF : tsanMode;
        this.explore = new ExploreOracle(3000);
        this.tsan = new TsanOracle(tsanRuns, tsanSeed);
        this.finalOptions = AnalysisOptions.defaults();
    }

    TsanMode tsanMode() {
        return tsanMode;
    }

    Outcome check(GenProgram g, Set<Integer> removed, Path dir) throws Exception {
        Verdict tm;
        Verdict fin;
        try {
            Program p = WeftInput.get().load(g.weft("/* generated */", "/* seed " + g.seed() + " */", removed), dir, "gen");
            tm = new RaceAnalysis(new AnalysisOptions(200, 50, false, 0)).run(p).verdict();
            AnalysisResult r = new RaceAnalysis(finalOptions).run(p);
            fin = r.verdict();
        } catch (Exception | StackOverflowError e) {
            return new Outcome(null, null, null, null, Optional.of(new Failure(Failure.Kind.CRASH, "weft", Set.of(), e.toString())), false);
        }
        boolean saysTrue = tm == Verdict.TRUE || fin == Verdict.TRUE;
        if (!saysTrue && fin != Verdict.FALSE && tsanMode != TsanMode.ON) {
            return new Outcome(tm, fin, null, null, Optional.empty(), false);
        }
        OracleResult ex;
        try {
            ex = explore.check(g, removed, dir);
        } catch (Exception e) {
            ex = OracleResult.inconclusive("closed variant: " + e);
        }
        OracleResult ts = null;
        // when-true: TSan runs where it can contradict Weft; where the exploration already proved every closed variant
        // race-free, only on every fourth program (by seed), as a cross-check of the exploration itself
        boolean proved = ex.kind() == OracleResult.Kind.RACE_FREE;
        boolean needTsan = tsanMode == TsanMode.ON || tsanMode == TsanMode.WHEN_TRUE && !ex.race()
                && (saysTrue && (!proved || Math.floorMod(g.seed(), 4) == 0) || fin == Verdict.FALSE && !proved);
        if (needTsan) {
            ts = tsan.check(g, removed, dir);
            if (ts.kind() == OracleResult.Kind.GENERATOR_ERROR) {
                return new Outcome(tm, fin, ex, ts, Optional.of(new Failure(Failure.Kind.GENERATOR, "tsan", Set.of(), ts.detail())), false);
            }
        }
        OracleResult raced = ex.race() ? ex : ts != null && ts.race() ? ts : null;
        if (saysTrue && raced != null) {
            Failure.Kind k = tm == Verdict.TRUE ? Failure.Kind.TM_TRUE_BUT_RACE : Failure.Kind.TRUE_BUT_RACE;
            return new Outcome(tm, fin, ex, ts, Optional.of(new Failure(k, raced == ex ? "exploration" : "tsan", raced.lines(), raced.detail())), false);
        }
        if (fin == Verdict.FALSE && raced == null && ex.kind() == OracleResult.Kind.RACE_FREE) {
            return new Outcome(tm, fin, ex, ts, Optional.of(new Failure(Failure.Kind.FALSE_UNCONFIRMED, "exploration", Set.of(), ex.detail())), false);
        }
        return new Outcome(tm, fin, ex, ts, Optional.empty(), fin == Verdict.FALSE && raced != null);
    }
}
