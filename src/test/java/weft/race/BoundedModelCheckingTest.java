package weft.race;

import org.junit.jupiter.api.Test;
import weft.frontend.Frontend;
import weft.frontend.FrontendOptions;
import weft.ir.DataModel;
import weft.ir.Program;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The bounded model checker of the sequentialised program in {@code weft check} (through {@link PreciseLayers}), on the
 * annotated programs of {@code src/test/resources/races/29-bounded} that need it, with a budget the annotated suite
 * does not give them: races are answered {@code false} with the explorer's replay of the solver's run as witness, and
 * a candidate pair guarded by a condition on another thread's writes is refuted within complete bounds.
 */
class BoundedModelCheckingTest {
    private static final Path DIR = Path.of("src/test/resources/races/29-bounded");

    private static AnalysisResult analyse(String name) throws Exception {
        Program p = new Frontend(FrontendOptions.defaults(DataModel.LP64)).load(List.of(DIR.resolve(name)));
        return new RaceAnalysis(AnalysisOptions.defaults().withBudgetMillis(30_000)).run(p);
    }

    private static void racy(String name, int... lines) throws Exception {
        AnalysisResult r = analyse(name);
        assertEquals(Verdict.FALSE, r.verdict(), name + ": " + r.reason());
        assertTrue(r.witness().isPresent(), name);
        Set<Integer> got = new TreeSet<>();
        for (RacePair p : r.races()) {
            got.add(p.first().loc().line());
            got.add(p.second().loc().line());
        }
        for (int l : lines) assertTrue(got.contains(l), name + ": line " + l + " not reported: " + got);
    }

    @Test
    void aRaceBehindOneExactInputInTheThread() throws Exception {
        racy("08-exact-input-thread.c", 9, 15);
    }

    @Test
    void aRaceNeedingThreeContextSwitches() throws Exception {
        racy("09-three-switches.c", 10, 19);
    }

    @Test
    void aByteOverlapThroughACharAndAnIntPointer() throws Exception {
        racy("10-byte-overlap-char-int.c", 10, 17);
    }

    @Test
    void aGuardOnAnotherThreadsWriteThatNeverHoldsIsRefuted() throws Exception {
        AnalysisResult r = analyse("11-cross-thread-contradiction.c");
        assertEquals(Verdict.TRUE, r.verdict(), r.reason());
        assertTrue(r.reason().contains("bounded model checking"), r.reason());
    }
}
