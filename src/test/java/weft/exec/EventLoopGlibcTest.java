package weft.exec;

import weft.exec.state.*;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The other half of corpus program {@code 41-library-inputs/46-event-loop-answers-are-linuxs.c}: built with gcc and
 * run on this machine, every check of {@link EventLoop}'s and {@link Addresses}' answers holds (it prints 0), while
 * {@code AnnotatedProgramsTest} requires Weft to confirm its race, which runs only when Weft's models gave the same
 * answers. Skipped without gcc.
 */
class EventLoopGlibcTest {
    static final Path PROGRAM = Path.of("src/test/resources/races/41-library-inputs/46-event-loop-answers-are-linuxs.c");

    @Test
    void everyCheckedAnswerIsLinuxs(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(run(List.of("gcc", "--version"), dir) != null, "gcc not available");
        Path exe = dir.resolve("checks");
        String built = run(List.of("gcc", "-O0", "-w", "-o", exe.toString(), PROGRAM.toAbsolutePath().toString(), "-lpthread"), dir);
        assertEquals("", built, "gcc");
        String out = run(List.of(exe.toString()), dir);
        assertEquals("0", out == null ? null : out.lines().findFirst().orElse(""), "the first check that failed on this machine");
    }

    private static String run(List<String> cmd, Path dir) throws Exception {
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) return null;
        return out;
    }
}
