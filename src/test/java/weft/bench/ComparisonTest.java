package weft.bench;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code --compare}: the changes between the two hand-made results files. */
class ComparisonTest {
    static final Path NEW = Path.of("src/test/resources/bench/results-new.tsv");

    @Test
    void listsEveryChangedTask() throws Exception {
        Comparison c = Comparison.of(ResultsTsv.read(ScoringTest.OLD), ResultsTsv.read(NEW));
        assertEquals(List.of("b.yml", "d.yml", "e.yml", "g.yml"), c.changed().stream().map(Comparison.Change::task).toList());
        assertEquals(List.of(-2, 2, 32, 0), c.changed().stream().map(Comparison.Change::scoreDelta).toList());
        assertEquals(List.of("i.yml"), c.onlyOld());
        assertEquals(List.of("k.yml"), c.onlyNew());
        assertEquals(2 + 2 + 1 - 32 - 16, c.oldScore());
        assertEquals(2 + 1 + 2 - 16, c.newScore());

        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        c.print(new PrintStream(buf, true, StandardCharsets.UTF_8), "old.tsv");
        List<String> lines = buf.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals("compared with old.tsv: 4 changed, score on common tasks -43 -> -11 (+32)", lines.get(0));
        assertTrue(lines.get(1).startsWith("  worse    -2  b.yml: true [correct true] -> unknown"), lines.get(1));
        assertTrue(lines.get(4).startsWith("  change   +0  g.yml: timeout -> unknown"), lines.get(4));
        assertTrue(lines.get(5).contains("1 task(s) only in old.tsv"), lines.get(5));
    }

    @Test
    void identicalRunsHaveNoChanges() throws Exception {
        List<TaskResult> rs = ResultsTsv.read(NEW);
        Comparison c = Comparison.of(rs, rs);
        assertTrue(c.changed().isEmpty());
        assertEquals(c.oldScore(), c.newScore());
    }
}
