package weft.witness;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A sample (every {@link #STRIDE}-th) of the SV-COMP dev set's tasks labelled {@code false}: each {@code false}
 * answer's witnesses pass {@link WitnessChecks} and WitnessLint (skipped without {@code ../shared} or python3-lxml).
 * All of them: {@link DevSetWitnesses#main}.
 */
class DevSetWitnessLintTest {
    static final int STRIDE = 6;

    @Test
    void sampleOfDevSetFalseAnswersHasLintCleanWitnesses(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(Files.isRegularFile(DevSetWitnesses.DIR.resolve("tasks.tsv")), "benchmark not present");
        String unavailable = WitnessTestSupport.lintUnavailable();
        Assumptions.assumeTrue(unavailable == null, unavailable);
        List<Path> tasks = DevSetWitnesses.tasks(STRIDE);
        DevSetWitnesses.Figures f = DevSetWitnesses.run(tasks, dir, WitnessTestSupport.pythonWithLxml());
        System.out.printf("dev-set witness sample: %d tasks, %d false answers, %d clean%n", f.tasks(), f.falseAnswers(), f.clean());
        assertEquals(List.of(), f.problems());
        // most sampled racy tasks are answered false today (146 of 147 on the whole set)
        assertTrue(f.falseAnswers() * 10 >= tasks.size() * 7, "false answers: " + f.falseAnswers() + " of " + tasks.size());
    }
}
