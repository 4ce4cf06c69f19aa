package weft.race;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import weft.frontend.Frontend;
import weft.frontend.FrontendOptions;
import weft.ir.DataModel;
import weft.ir.Program;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Stopping early ({@link RaceAnalysis}): an interrupt (what {@code weft check} sends as its time limit nears) ends the
 * phase it reaches with what was found; the answer is unknown with the reason, never a proof, and keeps the races found.
 * The interrupt is sent by the progress sink as the named phase begins, so the test does not depend on timing.
 */
class StopEarlyTest {
    private static final Path RACE_FREE = AnnotatedProgramsTest.ROOT.resolve("02-locks/01-lock-in-struct.c");

    @AfterEach
    void clearInterrupt() {
        Thread.interrupted();
    }

    private static AnalysisResult runStoppingAt(Path file, String phasePrefix) throws Exception {
        Program p = new Frontend(FrontendOptions.defaults(DataModel.LP64)).load(List.of(file));
        Progress interruptAt = phase -> {
            if (phase.startsWith(phasePrefix)) Thread.currentThread().interrupt();
        };
        AnalysisResult r = new RaceAnalysis(AnalysisOptions.defaults().withBudgetMillis(6000)).run(p, interruptAt);
        Thread.interrupted();
        return r;
    }

    @Test
    void aStopNeverGivesAProof() throws Exception {
        assertEquals(Verdict.TRUE, runStoppingAt(RACE_FREE, "no such phase").verdict());
        for (String phase : List.of("pointer analysis", "call and thread graphs", "walker set-up", "walking", "pairing")) {
            AnalysisResult r = runStoppingAt(RACE_FREE, phase);
            assertEquals(Verdict.UNKNOWN, r.verdict(), phase);
            assertTrue(r.reason().contains("time limit"), phase + ": " + r.reason());
        }
    }

    @Test
    void aStopWhileListingKeepsTheRacesFound(@TempDir Path dir) throws Exception {
        // more racy site pairs than the verdict's pairing lists, so that the report's complete pairing runs
        StringBuilder c = new StringBuilder("#include <pthread.h>\n");
        int n = RaceAnalysis.VERDICT_RACES + 20;
        for (int i = 0; i < n; i++) c.append("int g").append(i).append(";\n");
        c.append("void *w(void *a) {\n");
        for (int i = 0; i < n; i++) c.append("  g").append(i).append("++;\n");
        c.append("  return a;\n}\nint main(void) {\n  pthread_t t1, t2;\n  pthread_create(&t1, 0, w, 0);\n"
                + "  pthread_create(&t2, 0, w, 0);\n  pthread_join(t1, 0);\n  pthread_join(t2, 0);\n  return 0;\n}\n");
        Path file = dir.resolve("many.c");
        Files.writeString(file, c);
        AnalysisResult full = runStoppingAt(file, "no such phase");
        assertTrue(full.races().size() >= n, "races " + full.races().size());
        AnalysisResult stopped = runStoppingAt(file, "pairing all");
        assertNotEquals(Verdict.TRUE, stopped.verdict());
        assertTrue(stopped.races().size() >= RaceAnalysis.VERDICT_RACES, "races " + stopped.races().size());
        assertTrue(stopped.truncated());
        assertTrue(stopped.reason().contains("time limit"), stopped.reason());
    }
}
