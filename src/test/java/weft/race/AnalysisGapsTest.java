package weft.race;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import weft.frontend.Frontend;
import weft.frontend.FrontendOptions;
import weft.ir.DataModel;
import weft.ir.Program;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Racy programs that use something no analysis models (e.g. {@code longjmp}): neither the exclusion
 * rules nor the exploration can say anything about them, so the verdict must not be {@code TRUE}, and
 * the reason must name the gap given on the file's second line ({@code gap: TEXT}). Unlike the annotated
 * corpus, no line is required to be reported: the thread-modular accesses are meaningless there.
 */
class AnalysisGapsTest {
    static final Path ROOT = Path.of("src/test/resources/audit-gaps");

    @TestFactory
    Stream<DynamicTest> gaps() throws IOException {
        return ProgramDirectory.each(ROOT, AnalysisGapsTest::check);
    }

    private static void check(Path file) throws Exception {
        List<String> lines = Files.readAllLines(file);
        assertTrue(lines.get(0).contains("expect: racy"), "every program here is racy");
        String gap = lines.get(1).replaceFirst("^/\\* gap: ", "").replaceFirst(" \\*/$", "");
        Program p = new Frontend(FrontendOptions.defaults(DataModel.LP64)).load(List.of(file));
        AnalysisResult r = new RaceAnalysis(new AnalysisOptions(200, 1000, true, 3000)).run(p);
        assertNotEquals(Verdict.TRUE, r.verdict(), "a racy program must not be proved race-free: " + r.reason());
        if (r.verdict() == Verdict.UNKNOWN) assertTrue(r.reason().contains(gap), "reason names the gap: " + r.reason());
    }
}
