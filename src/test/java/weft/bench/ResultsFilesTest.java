package weft.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Results files: TSV and JSON round trips, and errors with their position. */
class ResultsFilesTest {
    @TempDir
    Path dir;

    @Test
    void tsvRoundTripKeepsTheText() throws Exception {
        String text = Files.readString(ScoringTest.OLD);
        List<TaskResult> rs = ResultsTsv.read(ScoringTest.OLD);
        assertEquals(text, ResultsTsv.format(rs));
        TaskResult h = rs.get(7);
        assertEquals("h.yml", h.task());
        assertEquals(Outcome.FALSE, h.expected());
        assertEquals(Outcome.OUT_OF_MEMORY, h.outcome());
        assertEquals("killed above 3072 MB resident", h.reason());
        assertNull(rs.get(9).expected());
    }

    @Test
    void jsonRoundTripGivesTheSameResults() throws Exception {
        List<TaskResult> rs = ResultsTsv.read(ScoringTest.OLD);
        Path json = dir.resolve("r.json");
        ResultsJson.write(json, new RunInfo("0.1.0", "2025-01-01T00:00:00Z", Map.of("jobs", "2")), rs);
        assertEquals(rs, ResultsJson.read(json));
        assertEquals(rs, ResultsJson.readAny(json));
        String text = Files.readString(json);
        assertTrue(text.contains("\"score\" : -43"), text);
        assertTrue(text.contains("\"jobs\" : \"2\""), text);
    }

    @Test
    void reasonsLoseTabsAndNewlines() {
        TaskResult r = new TaskResult("t.yml", Outcome.TRUE, Outcome.ERROR, 0, 0, 0, "a\tb\nc");
        assertEquals("a b c", r.reason());
    }

    @Test
    void badFilesAreReportedWithTheirPosition() throws Exception {
        Path tsv = dir.resolve("bad.tsv");
        Files.writeString(tsv, "task\texpected\tverdict\tcpu_s\twall_s\tmemory_mb\treason\na.yml\ttrue\tmaybe\t1\t1\t1\t\n");
        BenchInputException e = assertThrows(BenchInputException.class, () -> ResultsTsv.read(tsv));
        assertEquals(tsv + ":2:1: error: unknown outcome 'maybe'", e.diagnostic().toString());

        Files.writeString(tsv, "task\tverdict\n");
        e = assertThrows(BenchInputException.class, () -> ResultsTsv.read(tsv));
        assertTrue(e.diagnostic().toString().startsWith(tsv + ":1:1: error: missing column 'expected'"), e.getMessage());

        Path json = dir.resolve("bad.json");
        Files.writeString(json, "{\n  \"results\": [\n    {\"task\": }\n  ]\n}\n");
        e = assertThrows(BenchInputException.class, () -> ResultsJson.read(json));
        assertTrue(e.diagnostic().toString().startsWith(json + ":3:"), e.getMessage());
    }
}
