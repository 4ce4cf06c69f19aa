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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * Table-driven test of the ranking ({@link MustRace}): each program under
 * {@code src/test/resources/report/ranks} has races whose rank its first line states
 * ({@code rank: certain} or {@code rank: possible}); certain programs have possible twins that break one
 * must-fact (creation in a loop, a lock held on one path, a pointer with two targets, an unknown index).
 * The analysis runs without confirmation, so ranks come from the must-facts alone.
 */
class RankTest {
    static final Path ROOT = Path.of("src/test/resources/report/ranks");

    @TestFactory
    Stream<DynamicTest> ranks() throws IOException {
        return ProgramDirectory.each(ROOT, RankTest::check);
    }

    private static void check(Path file) throws Exception {
        String first = Files.readAllLines(file).get(0);
        Rank expected = first.contains("rank: certain") ? Rank.CERTAIN : Rank.POSSIBLE;
        Program p = new Frontend(FrontendOptions.defaults(DataModel.LP64)).load(List.of(file));
        AnalysisResult r = new RaceAnalysis(new AnalysisOptions(200, 0, false, 0)).run(p);
        assertFalse(r.races().isEmpty(), "the program has a race: " + r.reason());
        Rank best = Rank.POSSIBLE;
        for (RacePair x : r.races()) if (x.rank().compareTo(best) < 0) best = x.rank();
        assertEquals(expected, best, "best rank among " + r.races());
    }
}
