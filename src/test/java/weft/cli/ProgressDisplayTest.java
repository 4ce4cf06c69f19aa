package weft.cli;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The stderr progress line: shown after the delay with the current phase, erased at the end, silent when disabled. */
class ProgressDisplayTest {
    static String run(boolean enabled, long delay, long runMillis) throws InterruptedException {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try (ProgressDisplay p = new ProgressDisplay(new PrintStream(err, true, StandardCharsets.UTF_8), enabled, delay)) {
            p.phase("pairing 12 shared accesses");
            Thread.sleep(runMillis);
        }
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void showsThePhaseOnceSlowAndErasesIt() throws InterruptedException {
        String err = run(true, 0, 700);
        assertTrue(err.contains("\rweft: pairing 12 shared accesses (0 s)") || err.contains("weft: pairing 12 shared accesses"), err);
        assertTrue(err.endsWith("\r\u001b[K"), "the line is erased at the end");
    }

    @Test
    void silentForFastRunsAndWhenDisabled() throws InterruptedException {
        assertEquals("", run(true, 60_000, 300));
        assertEquals("", run(false, 0, 300));
    }
}
