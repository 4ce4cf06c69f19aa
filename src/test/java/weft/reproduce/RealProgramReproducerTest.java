package weft.reproduce;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import weft.frontend.Frontend;
import weft.frontend.FrontendOptions;
import weft.ir.DataModel;
import weft.race.AnalysisOptions;
import weft.race.AnalysisResult;
import weft.race.RaceAnalysis;
import weft.race.Verdict;
import weft.trace.RaceWitness;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 35 on a real program: qsort_mt ({@code ../shared/benchmarks/realworld}, skipped when absent or when gcc cannot
 * link a ThreadSanitizer program) is answered {@code false} with the default options — the witness search starts it with
 * a command line of its own and runs its option parsing, timing and pool of threads — and the reproducer of the
 * confirmed race makes ThreadSanitizer report the race at the witness's two lines. The same for knot, a web server merged
 * by CIL for 32 bits (checked with ILP32, replayed as a 64-bit build with the reproducer's heap below 2 GiB): its
 * witness starts the server with a command line and takes the socket calls' answers as inputs. And ctrace, a tracing
 * library merged the same way, whose threads call {@code localtime} unlocked while tracing (the environment's time
 * zone taken to be UTC, {@code strftime} and {@code sprintf} with {@code %n} computed on the way).
 */
class RealProgramReproducerTest {
    @Test
    void qsortMtRaceIsConfirmedAndReplays(@TempDir Path dir) throws Exception {
        Path file = Path.of("../shared/benchmarks/realworld/qsort_mt/qsort_mt.c");
        Assumptions.assumeTrue(Files.isRegularFile(file), "benchmark not present: " + file);
        String unavailable = ReproducerRuns.unavailable();
        Assumptions.assumeTrue(unavailable == null, () -> "reproducers not run: " + unavailable);
        var program = new Frontend(FrontendOptions.defaults(DataModel.LP64)).load(List.of(file));
        AnalysisResult r = new RaceAnalysis(AnalysisOptions.defaults()).run(program);
        assertEquals(Verdict.FALSE, r.verdict(), r.reason());
        RaceWitness w = r.witness().orElseThrow();
        assertTrue(w.nondetValues().keySet().stream().anyMatch(k -> k.startsWith(RaceWitness.COMMAND_LINE + "@")),
                "the race needs a command line: " + w.nondetValues().keySet());
        ReproducerRuns.Outcome o = ReproducerRuns.run(w, file, Files.createDirectories(dir.resolve("qsort_mt")));
        assertEquals(ReproducerRuns.Kind.REPRODUCED, o.kind(), o.detail());
    }

    @Test
    void knotRaceIsConfirmedAndReplaysAsA64BitBuild(@TempDir Path dir) throws Exception {
        Path file = Path.of("../shared/benchmarks/realworld/cil-merged/knot_comb.c");
        Assumptions.assumeTrue(Files.isRegularFile(file), "benchmark not present: " + file);
        String unavailable = ReproducerRuns.unavailable();
        Assumptions.assumeTrue(unavailable == null, () -> "reproducers not run: " + unavailable);
        var program = new Frontend(FrontendOptions.defaults(DataModel.ILP32)).load(List.of(file));
        AnalysisResult r = new RaceAnalysis(AnalysisOptions.defaults()).run(program);
        assertEquals(Verdict.FALSE, r.verdict(), r.reason());
        RaceWitness w = r.witness().orElseThrow();
        assertTrue(w.nondetValues().keySet().stream().anyMatch(k -> k.startsWith("accept@")),
                "the race needs accept's answers: " + w.nondetValues().keySet());
        ReproducerRuns.Outcome o = ReproducerRuns.run(w, file, Files.createDirectories(dir.resolve("knot")), DataModel.ILP32);
        assertEquals(ReproducerRuns.Kind.REPRODUCED, o.kind(), o.detail());
    }

    @Test
    void ctraceLocaltimeRaceIsConfirmedAndReplays(@TempDir Path dir) throws Exception {
        Path file = Path.of("../shared/benchmarks/realworld/cil-merged/ctrace_comb.c");
        Assumptions.assumeTrue(Files.isRegularFile(file), "benchmark not present: " + file);
        String unavailable = ReproducerRuns.unavailable();
        Assumptions.assumeTrue(unavailable == null, () -> "reproducers not run: " + unavailable);
        var program = new Frontend(FrontendOptions.defaults(DataModel.ILP32)).load(List.of(file));
        AnalysisResult r = new RaceAnalysis(AnalysisOptions.defaults()).run(program);
        assertEquals(Verdict.FALSE, r.verdict(), r.reason());
        RaceWitness w = r.witness().orElseThrow();
        assertTrue(w.nondetValues().keySet().stream().anyMatch(k -> k.startsWith(RaceWitness.TIME_ZONE + "@")),
                "the race is in localtime: " + w.nondetValues().keySet());
        ReproducerRuns.Outcome o = ReproducerRuns.run(w, file, Files.createDirectories(dir.resolve("ctrace")), DataModel.ILP32);
        assertEquals(ReproducerRuns.Kind.REPRODUCED, o.kind(), o.detail());
    }
}
