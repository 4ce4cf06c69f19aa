package weft.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static weft.report.ReportTestSupport.weft;

/**
 * The report lists every race by default (the former limit of 50 is gone), and {@code --max-races N}
 * stops after N distinct races with the report saying it is truncated; a bad limit is a usage error.
 */
class RaceLimitTest {
    static final int N = 60;

    /** N globals, each written by two instances of a worker without a lock: N distinct races. */
    private static Path program(Path dir) throws IOException {
        StringBuilder c = new StringBuilder("#include <pthread.h>\n");
        for (int i = 0; i < N; i++) c.append("int g").append(i).append(";\n");
        c.append("static void *worker(void *arg) {\n");
        for (int i = 0; i < N; i++) c.append("    g").append(i).append(" = 1;\n");
        c.append("    return arg;\n}\nint main(int argc, char **argv) {\n    pthread_t t[2];\n")
                .append("    for (int i = 0; i < argc + 1; i++) pthread_create(&t[i], 0, worker, 0);\n    return 0;\n}\n");
        Path f = dir.resolve("many.c");
        Files.writeString(f, c);
        return f;
    }

    @Test
    void everyRaceByDefault(@TempDir Path dir) throws Exception {
        Path f = program(dir);
        ReportTestSupport.Run r = weft("check", "--format", "json", "--timeout", "60", f.toString());
        var json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(r.out());
        assertEquals(N, json.get("races").size(), r.out());
        assertFalse(json.get("summary").get("truncated").asBoolean());
        assertEquals(N, json.get("objects").size(), "one group per global");
    }

    @Test
    void maxRacesLimitsAndSaysSo(@TempDir Path dir) throws Exception {
        Path f = program(dir);
        ReportTestSupport.Run r = weft("check", "--max-races", "5", "--timeout", "60", f.toString());
        long warnings = r.out().lines().filter(l -> l.contains(": warning: ")).count();
        assertTrue(warnings <= 6, "at most the 5 races and a confirmed one: " + r.out());
        assertTrue(r.out().contains("more races may exist"), r.out());
        ReportTestSupport.Run j = weft("check", "--format", "json", "--max-races", "5", "--timeout", "60", f.toString());
        assertTrue(new com.fasterxml.jackson.databind.ObjectMapper().readTree(j.out()).get("summary").get("truncated").asBoolean(), j.out());
    }

    @Test
    void badLimitIsAUsageError(@TempDir Path dir) throws Exception {
        Path f = program(dir);
        ReportTestSupport.Run r = weft("check", "--max-races", "0", f.toString());
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("--max-races must be a positive number"), r.err());
    }
}
