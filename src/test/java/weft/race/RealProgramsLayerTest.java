package weft.race;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import weft.frontend.Frontend;
import weft.frontend.FrontendOptions;
import weft.ir.DataModel;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The thread-modular layer on the single-file real programs of {@code ../shared/benchmarks/realworld} (skipped when
 * absent): it finds their threads and shared accesses and does not stop with an internal error. A real program's
 * functions have shapes generated and kernel programs rarely have (knot's threads never return, so their ends are
 * unreachable nodes: the must dataflows of issue 34 stopped there, and knot had no answer at all).
 */
class RealProgramsLayerTest {
    @ParameterizedTest
    @CsvSource({"pfscan/pfscan-1.0.c, LP64", "cil-merged/ctrace_comb.c, ILP32", "cil-merged/knot_comb.c, ILP32",
            "cil-merged/smtprc_comb.c, ILP32", "qsort_mt/qsort_mt.c, LP64"})
    void threadModularLayerAnswers(String relative, String dataModel) throws Exception {
        Path file = SvcompBenchmarkTest.DIR.resolve("../realworld").resolve(relative).normalize();
        Assumptions.assumeTrue(Files.isRegularFile(file), "benchmark not present: " + file);
        var program = new Frontend(FrontendOptions.defaults(DataModel.valueOf(dataModel))).load(List.of(file));
        AnalysisResult r = new RaceAnalysis(AnalysisOptions.defaults().threadModularOnly()).run(program);
        assertTrue(r.stats().threads() >= 2 && r.stats().accesses() > 0, relative + ": " + r.stats() + " " + r.gaps());
        assertTrue(r.gaps().stream().noneMatch(g -> g.contains("internal error")), relative + ": " + r.gaps());
    }
}
