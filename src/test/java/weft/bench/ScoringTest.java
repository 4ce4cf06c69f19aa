package weft.bench;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Score arithmetic on the hand-made results file {@code bench/results-old.tsv}. */
class ScoringTest {
    static final Path OLD = Path.of("src/test/resources/bench/results-old.tsv");

    @Test
    void categoriesFollowExpectedAndAnswer() {
        assertEquals(Category.CORRECT_TRUE, Category.of(Outcome.TRUE, Outcome.TRUE));
        assertEquals(Category.CORRECT_FALSE, Category.of(Outcome.FALSE, Outcome.FALSE));
        assertEquals(Category.INCORRECT_TRUE, Category.of(Outcome.FALSE, Outcome.TRUE));
        assertEquals(Category.INCORRECT_FALSE, Category.of(Outcome.TRUE, Outcome.FALSE));
        assertEquals(Category.UNKNOWN, Category.of(Outcome.FALSE, Outcome.UNKNOWN));
        assertEquals(Category.ERROR, Category.of(Outcome.TRUE, Outcome.TIMEOUT));
        assertEquals(Category.ERROR, Category.of(Outcome.TRUE, Outcome.OUT_OF_MEMORY));
        assertEquals(Category.UNLABELLED, Category.of(null, Outcome.TRUE));
        assertEquals(2, Category.CORRECT_TRUE.score());
        assertEquals(1, Category.CORRECT_FALSE.score());
        assertEquals(-32, Category.INCORRECT_TRUE.score());
        assertEquals(-16, Category.INCORRECT_FALSE.score());
    }

    @Test
    void summaryOfTheFixture() throws Exception {
        List<TaskResult> rs = ResultsTsv.read(OLD);
        Summary s = Summary.of(rs);
        // a, b correct true; c correct false; d unknown; e incorrect true; f incorrect false;
        // g timeout, h out of memory, i error; j answered without a label.
        assertEquals(10, s.tasks());
        assertEquals(2, s.count(Category.CORRECT_TRUE));
        assertEquals(1, s.count(Category.CORRECT_FALSE));
        assertEquals(1, s.count(Category.INCORRECT_TRUE));
        assertEquals(1, s.count(Category.INCORRECT_FALSE));
        assertEquals(1, s.count(Category.UNKNOWN));
        assertEquals(3, s.count(Category.ERROR));
        assertEquals(1, s.count(Category.UNLABELLED));
        assertEquals(1, s.timeouts());
        assertEquals(1, s.outOfMemory());
        assertEquals(2 * 2 + 1 - 32 - 16, s.score());
        assertEquals(6 * 2 + 3, s.maxScore());
        assertEquals(79.2, s.cpuSeconds(), 1e-9);
        assertEquals((1.5 + 1.7) / 2, s.medianWall(), 1e-9);
        assertEquals(70.0, s.maxWall(), 1e-9);
        assertEquals(3072.0, s.peakMemoryMb(), 1e-9);

        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        s.print(new PrintStream(buf, true, StandardCharsets.UTF_8));
        String text = buf.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("correct:          3 (true 2, false 1)"), text);
        assertTrue(text.contains("incorrect:        2 (true 1, false 1)"), text);
        assertTrue(text.contains("errors:           3 (timeout 1, out of memory 1, other 1)"), text);
        assertTrue(text.contains("score:            -43 (of 15 possible)"), text);
        assertTrue(text.contains("median 1.60 s, max 70.00 s"), text);
    }

    @Test
    void medianOfOddAndEvenCounts() {
        assertEquals(0, Summary.median(new double[0]));
        assertEquals(2, Summary.median(new double[] {1, 2, 9}));
        assertEquals(1.5, Summary.median(new double[] {1, 2}));
    }
}
