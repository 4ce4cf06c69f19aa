package weft.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import weft.bench.Category;
import weft.bench.Outcome;
import weft.bench.ResultsJson;
import weft.bench.ResultsTsv;
import weft.bench.TaskResult;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code weft bench} end to end on the four fixture tasks (each a real {@code weft check} process). */
class BenchCommandTest {
    static final Path BENCH = Path.of("src/test/resources/bench");

    @TempDir
    Path dir;

    @Test
    void runsScoresWritesComparesAndPlots() throws Exception {
        Path base = dir.resolve("run");
        Path old = dir.resolve("old.tsv");
        Files.writeString(old, "task\texpected\tverdict\tcpu_s\twall_s\tmemory_mb\treason\n"
                + "racy.yml\tfalse\tunknown\t1.0\t1.0\t100.0\tsome reason\n"
                + "racefree.yml\ttrue\ttrue\t1.0\t1.0\t100.0\t\n");
        Path plot = dir.resolve("q.svg");
        MainTest.Result r = MainTest.weft("bench", "--jobs", "2", "--timeout", "60", "--memory", "1g", "-o", base.toString(),
                "--compare", old.toString(), "--plot", plot.toString(), BENCH.resolve("tasks").toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().contains("4 tasks (1 definitions without no-data-race skipped), 2 at a time"), r.err());

        List<TaskResult> rs = ResultsTsv.read(Path.of(base + ".tsv"));
        assertEquals(rs, ResultsJson.read(Path.of(base + ".json")));
        Map<String, TaskResult> byTask = rs.stream().collect(Collectors.toMap(TaskResult::task, Function.identity()));
        assertEquals(Category.CORRECT_FALSE, byTask.get("racy.yml").category());
        assertEquals(Category.CORRECT_TRUE, byTask.get("racefree.yml").category());
        assertEquals(Category.INCORRECT_TRUE, byTask.get("mislabelled.yml").category());
        assertEquals(Outcome.UNKNOWN, byTask.get("nomain.yml").outcome());
        assertEquals("the program has no main function", byTask.get("nomain.yml").reason());
        for (TaskResult t : rs) {
            assertTrue(t.wallSeconds() > 0 && t.cpuSeconds() > 0 && t.memoryMb() > 10, t.toString());
        }

        assertTrue(r.out().contains("correct:          2 (true 1, false 1)"), r.out());
        assertTrue(r.out().contains("incorrect:        1 (true 1, false 0)"), r.out());
        assertTrue(r.out().contains("unknown:          1"), r.out());
        assertTrue(r.out().contains("score:            -29 (of 6 possible)"), r.out());
        assertTrue(r.out().contains("compared with " + old + ": 1 changed, score on common tasks 2 -> 3 (+1)"), r.out());
        assertTrue(r.out().contains("better   +1  racy.yml: unknown -> false [correct false]"), r.out());
        assertTrue(Files.readString(plot).contains("<polyline"), "plot");

        MainTest.Result shown = MainTest.weft("bench", "--show", base + ".json");
        assertEquals(0, shown.code(), shown.err());
        assertTrue(shown.out().contains("score:            -29"), shown.out());
    }

    @Test
    void badInputIsOneLineWithItsPosition() {
        MainTest.Result missing = MainTest.weft("bench", BENCH.resolve("tasks/no-such.yml").toString());
        assertEquals(2, missing.code());
        assertEquals(BENCH.resolve("tasks/no-such.yml") + ":0:0: error: no such file or directory", missing.err().strip());

        MainTest.Result malformed = MainTest.weft("bench", BENCH.resolve("bad/malformed.yml").toString());
        assertEquals(2, malformed.code());
        assertTrue(malformed.err().startsWith(BENCH.resolve("bad/malformed.yml") + ":6:1: error: invalid YAML"), malformed.err());

        MainTest.Result badList = MainTest.weft("bench", BENCH.resolve("bad/missing-entry.set").toString());
        assertEquals(2, badList.code());
        assertTrue(badList.err().contains("missing-entry.set:2:1: error: no such file: ../tasks/nope.yml"), badList.err());

        MainTest.Result unwritable = MainTest.weft("bench", "--show", "src/test/resources/bench/results-old.tsv", "--plot",
                "/proc/no-such-dir/q.svg");
        assertEquals(2, unwritable.code());
        assertTrue(unwritable.err().startsWith("weft: cannot write"), unwritable.err());
        assertEquals(2, MainTest.weft("bench").code());
        assertEquals(2, MainTest.weft("bench", "--memory", "lots", "x.yml").code());
        assertEquals(2, MainTest.weft("bench", "--jobs", "0", "x.yml").code());
        MainTest.Result badOld = MainTest.weft("bench", "--compare", BENCH.resolve("tasks.set").toString(), BENCH.resolve("tasks").toString());
        assertEquals(2, badOld.code());
        assertTrue(badOld.err().contains("tasks.set:1:1: error: missing column 'task'"), badOld.err());
    }
}
