package weft.report;

import org.junit.jupiter.api.Test;
import weft.bench.ChildProcess;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The report is the same in every run: two fresh JVMs check {@code variadic-order.c} and print the same JSON. Within
 * one JVM this cannot fail for the usual cause: the iteration order of {@code Set.of}/{@code Set.copyOf} changes from
 * JVM to JVM (a random salt), as does the identity hash; a set of those that orders the accesses made the merged
 * objects of a race (and, on large programs, which pair of accesses represents a race) differ between runs.
 */
class ReportDeterminismTest {
    @Test
    void twoProcessesPrintTheSameReport() throws Exception {
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xss16m",
                "-cp", System.getProperty("java.class.path"), "weft.cli.Main", "check", "--quiet", "--format", "json",
                ReportTestSupport.example("variadic-order.c"));
        ChildProcess.Limits limits = new ChildProcess.Limits(Duration.ofSeconds(120), 0);
        ChildProcess.Measurement first = ChildProcess.run(cmd, limits, Path.of("."));
        ChildProcess.Measurement second = ChildProcess.run(cmd, limits, Path.of("."));
        // a race or unknown (not confirmed); never race-free
        assertTrue(first.exitCode() == 1 || first.exitCode() == 3, first.exitCode() + ": " + first.stderr());
        assertTrue(first.stdout().contains("\"objects\""), first.stdout());
        for (String buffer : List.of("\"a\"", "\"b\"", "\"c\"", "\"d\"", "\"e\"", "\"f\"")) {
            assertTrue(first.stdout().contains(buffer), "race on " + buffer + " missing: " + first.stdout());
        }
        assertEquals(first.stdout(), second.stdout());
    }
}
