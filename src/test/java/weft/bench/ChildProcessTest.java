package weft.bench;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Running, measuring and stopping a child process (POSIX shell tools). */
class ChildProcessTest {
    static final Path TMP = Path.of(System.getProperty("java.io.tmpdir"));

    static void assumeShell() {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/bin/sh")), "needs /bin/sh");
    }

    @Test
    void capturesOutputAndExitCode() throws Exception {
        assumeShell();
        ChildProcess.Measurement m = ChildProcess.run(List.of("/bin/sh", "-c", "echo out; echo err >&2; exit 3"),
                new ChildProcess.Limits(Duration.ofSeconds(20), 0), TMP);
        assertEquals(3, m.exitCode());
        assertEquals("out\n", m.stdout());
        assertEquals("err\n", m.stderr());
        assertEquals(ChildProcess.Stop.NONE, m.stoppedBy());
    }

    @Test
    void measuresCpuTime() throws Exception {
        assumeShell();
        ChildProcess.Measurement m = ChildProcess.run(List.of("/bin/sh", "-c", "i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done"),
                new ChildProcess.Limits(Duration.ofSeconds(60), 0), TMP);
        assertEquals(0, m.exitCode());
        assertTrue(m.cpuSeconds() > 0.1 && m.cpuSeconds() <= m.wallSeconds() + 0.5, m.cpuSeconds() + " / " + m.wallSeconds());
        assertTrue(m.peakRssBytes() > 0, "no memory measured");
    }

    @Test
    void killsTheWholeTreeAtTheWallLimit() throws Exception {
        assumeShell();
        long t0 = System.nanoTime();
        ChildProcess.Measurement m = ChildProcess.run(List.of("/bin/sh", "-c", "sleep 30; echo late"),
                new ChildProcess.Limits(Duration.ofSeconds(1), 0), TMP);
        assertEquals(ChildProcess.Stop.TIME, m.stoppedBy());
        assertTrue((System.nanoTime() - t0) / 1e9 < 15, "not killed in time");
        assertEquals("", m.stdout());
    }

    @Test
    void withACpuLimitTheWallLimitCatchesOnlyAStalledTree() throws Exception {
        assumeShell();
        Assumptions.assumeTrue(Files.isDirectory(Path.of("/proc/self")), "needs /proc");
        // a stalled child (sleeping, using no CPU) is killed once it has used no CPU time for the wall limit
        long t0 = System.nanoTime();
        ChildProcess.Measurement stalled = ChildProcess.run(List.of("/bin/sh", "-c", "sleep 30; echo late"),
                new ChildProcess.Limits(Duration.ofSeconds(1), Duration.ofSeconds(60), 0), TMP);
        assertEquals(ChildProcess.Stop.TIME, stalled.stoppedBy());
        assertTrue((System.nanoTime() - t0) / 1e9 < 15, "not killed in time");
        // a busy child runs past the wall limit while it keeps using CPU time, and ends by itself
        t0 = System.nanoTime();
        ChildProcess.Measurement busy = ChildProcess.run(List.of("/bin/sh", "-c",
                        "i=0; while [ $i -lt 3000000 ]; do i=$((i+1)); done; echo done"),
                new ChildProcess.Limits(Duration.ofSeconds(2), Duration.ofSeconds(120), 0), TMP);
        assertEquals(ChildProcess.Stop.NONE, busy.stoppedBy());
        assertEquals("done", busy.stdout().strip());
        assertTrue(busy.wallSeconds() > 2, "the child ended within the wall limit: the test shows nothing (" + busy.wallSeconds() + " s)");
    }

    @Test
    void killsAtTheMemoryLimit() throws Exception {
        assumeShell();
        Assumptions.assumeTrue(Files.isDirectory(Path.of("/proc/self")), "needs /proc");
        // tail keeps the current line in memory, and /dev/zero has no newline.
        ChildProcess.Measurement m = ChildProcess.run(List.of("/bin/sh", "-c", "tail /dev/zero"),
                new ChildProcess.Limits(Duration.ofSeconds(60), 64L << 20), TMP);
        assertEquals(ChildProcess.Stop.MEMORY, m.stoppedBy());
        assertTrue(m.peakRssBytes() > (64L << 20), Long.toString(m.peakRssBytes()));
    }

    @Test
    void parsesGnuTimeOutput() {
        assertEquals(4, ChildProcess.parseTime("Command exited with non-zero status 3\nWEFT-TIME 1.50 1.20 0.10 20480\n").orElseThrow().length);
        assertEquals(20480.0, ChildProcess.parseTime("WEFT-TIME 1.50 1.20 0.10 20480").orElseThrow()[3]);
        assertTrue(ChildProcess.parseTime("Command terminated by signal 9\n").isEmpty());
    }
}
