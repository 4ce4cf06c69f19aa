package weft.race;

import weft.frontend.Frontend;
import weft.frontend.FrontendOptions;
import weft.ir.DataModel;
import weft.ir.Program;
import weft.race.pair.Access;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The main regression suite: every C program under {@code src/test/resources/races} declares its
 * ground truth ({@code expect: racy} or {@code race-free}) and marks lines: {@code // RACE!} must be
 * reported as part of a race, {@code // NORACE} must not be.
 *
 * <p>A program whose header says {@code weft: imprecise: REASON} needs an analysis Weft does not have
 * yet. For it only soundness is checked: the verdict is the right one or {@code UNKNOWN} (never the
 * wrong one), and every {@code RACE!} line is still reported as a possible race. Removing the marker
 * once the analysis handles the program is the way to tighten the test.
 */
class AnnotatedProgramsTest {
    static final Path ROOT = Path.of("src/test/resources/races");

    @TestFactory
    Stream<DynamicTest> annotatedPrograms() throws IOException {
        return programs(ROOT, AnnotatedProgramsTest::check);
    }

    /** What an annotated program's comments say: racy or race-free, imprecise, the lines that must (not) race. */
    record Expectation(boolean racy, boolean imprecise, Set<Integer> mustRace, Set<Integer> noRace) {
        static Expectation of(Path file) throws IOException {
            List<String> lines = Files.readAllLines(file);
            boolean racy = lines.get(0).contains("expect: racy");
            boolean imprecise = lines.size() > 1 && lines.get(1).contains("weft: imprecise:");
            assertTrue(racy || lines.get(0).contains("expect: race-free"), "first line must declare the expectation");
            Set<Integer> mustRace = new TreeSet<>();
            Set<Integer> noRace = new TreeSet<>();
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).contains("// RACE!")) mustRace.add(i + 1);
                if (lines.get(i).contains("// NORACE")) noRace.add(i + 1);
            }
            return new Expectation(racy, imprecise, mustRace, noRace);
        }
    }

    /** The annotated C programs under {@code root}, sorted, one dynamic test each running {@code check}. */
    static Stream<DynamicTest> programs(Path root, org.junit.jupiter.api.function.ThrowingConsumer<Path> check) throws IOException {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Files.walk(root)) {
            s.filter(p -> p.toString().endsWith(".c")).sorted().forEach(files::add);
        }
        assertFalse(files.isEmpty(), "no annotated programs found under " + root);
        return files.stream().map(f -> DynamicTest.dynamicTest(root.relativize(f).toString(), () -> check.accept(f)));
    }

    private static void check(Path file) throws Exception {
        Expectation x = Expectation.of(file);
        boolean racy = x.racy();
        boolean imprecise = x.imprecise();
        Set<Integer> mustRace = x.mustRace();
        Set<Integer> noRace = x.noRace();
        Program p = new Frontend(FrontendOptions.defaults(DataModel.LP64)).load(List.of(file));
        AnalysisResult r = new RaceAnalysis(new AnalysisOptions(200, 1000, true, 3000)).run(p);
        Set<Integer> reported = reportedLines(r, file);
        String detail = " (verdict " + r.verdict() + ": " + r.reason() + "; reported lines " + reported + ")";
        for (int line : mustRace) assertTrue(reported.contains(line), "line " + line + " must be reported" + detail);
        if (imprecise) {
            assertTrue(r.verdict() != (racy ? Verdict.TRUE : Verdict.FALSE), "wrong verdict" + detail);
            return;
        }
        assertEquals(racy ? Verdict.FALSE : Verdict.TRUE, r.verdict(), "verdict" + detail);
        for (int line : noRace) assertFalse(reported.contains(line), "line " + line + " must not be reported" + detail);
    }

    static Set<Integer> reportedLines(AnalysisResult r, Path file) {
        Set<Integer> out = new TreeSet<>();
        String name = file.getFileName().toString();
        for (RacePair pair : r.races()) {
            for (Access a : List.of(pair.first(), pair.second())) {
                if (a.loc().file().endsWith(name)) out.add(a.loc().line());
            }
        }
        r.witness().ifPresent(w -> {
            if (w.first().loc().file().endsWith(name)) out.add(w.first().loc().line());
            if (w.second().loc().file().endsWith(name)) out.add(w.second().loc().line());
        });
        return out;
    }
}
