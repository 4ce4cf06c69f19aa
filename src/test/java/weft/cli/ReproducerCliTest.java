package weft.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static weft.cli.MainTest.weft;

/**
 * {@code weft reproduce FILE -o DIR} and {@code check --reproducer DIR}: the reproducer's files are written for a
 * confirmed race and every report format names the directory; nothing is written (and the reports name nothing) for a
 * race-free program; a directory that cannot be written is a one-line error with exit code 2; usage errors are exit 2.
 */
class ReproducerCliTest {
    @TempDir
    Path dir;

    @Test
    void reproduceWritesTheHarnessAndTheReportsNameIt() throws Exception {
        Path src = Files.writeString(dir.resolve("racy.c"), WitnessCliTest.RACY);
        Path out = dir.resolve("repro");
        MainTest.Result r = weft("reproduce", "-q", src.toString(), "-o", out.toString());
        assertEquals(1, r.code(), r.err());
        for (String f : new String[] {"program.c", "weft_plan.c", "weft_runtime.c", "weft_wrappers.c", "weft_libaccess.c", "weft_inputs.c", "build.sh", "README.txt"}) {
            assertTrue(Files.isRegularFile(out.resolve(f)), f);
        }
        assertTrue(r.out().contains("weft: reproducer written to " + out + " (run it with: sh " + out + "/build.sh && " + out + "/reproducer"), r.out());
        String plan = Files.readString(out.resolve("weft_plan.c"));
        assertTrue(plan.contains("{0, \"pthread_create\", 0, 6}"), plan);
        assertTrue(plan.contains("const int weft_race_line[2] = {"), plan);
        assertTrue(Files.readString(out.resolve("program.c")).startsWith("void __weft_race_point(int); void __weft_race_after(int); void __weft_atomic_enter(const char *); void __weft_atomic_exit(int *);\n#line 1 \""));
        assertTrue(Files.readString(out.resolve("build.sh")).contains("-fsanitize=thread"));

        MainTest.Result json = weft("check", "-q", "--format", "json", "--reproducer", out.toString(), src.toString());
        assertTrue(json.out().contains("\"reproducer\": \"" + out + "\""), json.out());
        MainTest.Result sarif = weft("check", "-q", "--format", "sarif", "--reproducer", out.toString(), src.toString());
        assertTrue(sarif.out().contains("\"reproducer\": \"" + out + "\""), sarif.out());
        Path html = dir.resolve("html");
        assertEquals(1, weft("check", "-q", "--html", html.toString(), "--reproducer", out.toString(), src.toString()).code());
        assertTrue(Files.readString(html.resolve("index.html")).contains("<p class=\"reproducer\">Reproducer: <code>" + out + "</code>"));
    }

    @Test
    void nothingForARaceFreeProgramAndErrorsAreOneLine() throws Exception {
        Path free = Files.writeString(dir.resolve("free.c"), "int main(void) { return 0; }\n");
        Path out = dir.resolve("none");
        MainTest.Result r = weft("reproduce", "-q", free.toString(), "-o", out.toString());
        assertEquals(0, r.code(), r.err());
        assertFalse(Files.exists(out));
        assertTrue(r.err().contains("weft: no reproducer written: no confirmed race"), r.err());
        assertFalse(r.out().contains("reproducer written"), r.out());

        Path src = Files.writeString(dir.resolve("racy.c"), WitnessCliTest.RACY);
        Path blocked = Files.writeString(dir.resolve("a-file"), "x");
        MainTest.Result bad = weft("check", "-q", "--reproducer", blocked.toString(), src.toString());
        assertEquals(2, bad.code());
        assertTrue(bad.err().startsWith(blocked + ":0:0: error: cannot write the reproducer: "), bad.err());
        assertFalse(bad.err().contains("\tat "), bad.err());

        assertEquals(2, weft("reproduce", src.toString()).code());
        assertEquals(2, weft("reproduce", "-o", out.toString(), src.toString(), free.toString()).code());
    }
}
