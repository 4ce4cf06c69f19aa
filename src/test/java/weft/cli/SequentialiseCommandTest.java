package weft.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static weft.cli.MainTest.weft;

/** {@code weft sequentialise}: the program on stdout or in {@code -o}, the bounds in its header, errors without traces. */
class SequentialiseCommandTest {
    @TempDir
    Path dir;

    private Path racy() throws Exception {
        Path f = dir.resolve("racy.c");
        Files.writeString(f, """
                #include <pthread.h>
                int g;
                void *worker(void *arg) { for (int i = 0; i < 5; i++) g++; return 0; }
                int main(void) {
                    pthread_t t;
                    pthread_create(&t, 0, worker, 0);
                    g = 2;
                    pthread_join(t, 0);
                    return 0;
                }
                """);
        return f;
    }

    @Test
    void printsTheInstrumentedProgramWithItsBounds() throws Exception {
        MainTest.Result r = weft("sequentialise", racy().toString(), "--rounds", "4", "--unwind", "1", "--threads", "3");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("bounds: rounds 4, unwind 1, threads 3, recursion 2"), r.out());
        assertTrue(r.out().contains("has cut-offs"), "the loop runs 5 times, beyond unwind 1");
        assertTrue(r.out().contains("static void w_thread_1(void)"));
        assertTrue(r.out().contains("w_check("));
        assertTrue(r.out().contains("int main(void)"));
    }

    @Test
    void writesTheOutputFile() throws Exception {
        Path out = dir.resolve("seq.c");
        MainTest.Result r = weft("sequentialise", racy().toString(), "-o", out.toString(), "--unwind", "5");
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.out());
        String text = Files.readString(out);
        assertTrue(text.contains("bounds: rounds 3, unwind 5, threads 4, recursion 2"), text.substring(0, 400));
    }

    @Test
    void badInputAndBoundsAreErrors() throws Exception {
        Path bad = dir.resolve("bad.c");
        Files.writeString(bad, "int main(void) { return x; }\n");
        MainTest.Result r = weft("sequentialise", bad.toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains("bad.c:1:"), r.err());
        Path nomain = dir.resolve("nomain.c");
        Files.writeString(nomain, "int f(void) { return 0; }\n");
        MainTest.Result n = weft("sequentialise", nomain.toString());
        assertEquals(2, n.code());
        assertTrue(n.err().contains("nomain.c") && n.err().contains("error: the program defines no main function"), n.err());
        assertEquals(2, weft("sequentialise", racy().toString(), "--rounds", "0").code());
        assertEquals(2, weft("sequentialise").code());
        assertFalse(weft("sequentialise", dir.resolve("missing.c").toString()).err().isEmpty());
    }

    @Test
    void checkTakesTheSameBoundsForItsBoundedLayer() throws Exception {
        MainTest.Result bad = weft("check", racy().toString(), "--unwind", "-1");
        assertEquals(2, bad.code(), bad.err());
        assertTrue(bad.err().contains("--unwind at least 0"), bad.err());
        assertEquals(2, weft("check", racy().toString(), "--threads", "0").code());
        MainTest.Result ok = weft("check", racy().toString(), "--rounds", "2", "--unwind", "1", "--threads", "2", "--recursion", "1");
        assertEquals(1, ok.code(), ok.out() + ok.err());
    }
}
