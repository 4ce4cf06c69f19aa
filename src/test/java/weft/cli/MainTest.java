package weft.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Command-line behaviour that does not need the C front end to lower anything. */
class MainTest {
    @TempDir
    Path dir;

    /** Exit code and captured output of one run. */
    record Result(int code, String out, String err) {}

    static Result weft(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        Result r = new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        assertFalse(r.err().contains("Exception") || r.err().contains("\tat "), "stack trace: " + r.err());
        return r;
    }

    @Test
    void versionPrintsNameAndVersion() {
        Result r = weft("--version");
        assertEquals(0, r.code());
        assertEquals("weft 0.1.0", r.out().strip());
        assertEquals("weft 0.1.0", weft("check", "--version").out().strip());
    }

    /** A relative {@code -I} is a directory of the working directory, as for gcc (issue 32). */
    @Test
    void relativeIncludeDirectoriesResolveAgainstTheWorkingDirectory() throws Exception {
        Path base = Path.of("target", "relative-include-test");
        java.nio.file.Files.createDirectories(base.resolve("inc"));
        java.nio.file.Files.createDirectories(base.resolve("src"));
        java.nio.file.Files.writeString(base.resolve("inc/h.h"), "int shared_value;\n");
        java.nio.file.Files.writeString(base.resolve("src/a.c"), "#include \"h.h\"\nint main(void) { return shared_value; }\n");
        Result r = weft("parse", "-I", base.resolve("inc").toString(), base.resolve("src/a.c").toString());
        assertEquals(0, r.code(), r.err() + r.out());
    }

    @Test
    void helpExitsZero() {
        Result r = weft("--help");
        assertEquals(0, r.code());
        assertTrue(r.out().contains("parse") && r.out().contains("check"), r.out());
        assertEquals(0, weft("parse", "--help").code());
    }

    /** Short options' values written as gcc's manual writes them, long ones with '=' (issue 33); both forms parse. */
    @Test
    void helpWritesOptionValuesAsCProgrammersDo() {
        for (String cmd : new String[] {"check", "parse"}) {
            String help = weft(cmd, "--help").out().replaceAll("\\s+", " "); // the synopsis may wrap inside [-I DIR]
            assertTrue(help.contains("-I DIR") && help.contains("-D NAME[=VAL]"), help);
            assertFalse(help.contains("-I=") || help.contains("-D="), help);
        }
        assertTrue(weft("check", "--help").out().contains("--timeout=SECONDS"));
        assertEquals(2, weft("check", "--timeout=0", "a.c").code()); // parsed, then refused as a value
        assertEquals(2, weft("check", "--timeout", "0", "a.c").code());
    }

    @Test
    void usageErrorsExitTwo() {
        assertEquals(2, weft().code());
        Result unknown = weft("--no-such-option");
        assertEquals(2, unknown.code());
        assertTrue(unknown.err().contains("Unknown option"), unknown.err());
        assertEquals(2, weft("parse", "--bogus", "a.c").code());
        assertEquals(2, weft("parse", "--dump", "xml", "a.c").code());
        assertEquals(2, weft("parse", "--data-model", "LP128", "a.c").code());
        assertEquals(2, weft("check", "-D", "1bad", "a.c").code());
        assertEquals(2, weft("check", "--timeout", "0", "a.c").code());
        assertEquals(2, weft("check").code());
        assertEquals(2, weft("frobnicate").code());
    }

    @Test
    void filesAndCompileCommandsAreExclusive() {
        Result r = weft("check", "--compile-commands", "cc.json", "a.c");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("not both"), r.err());
    }

    @Test
    void checkMissingFileIsOneLineDiagnostic() {
        Path missing = dir.resolve("missing.c");
        Result r = weft("check", "--svcomp", missing.toString());
        assertEquals(2, r.code());
        assertEquals(missing + ":0:0: error: no such file\n", r.err());
        assertEquals("", r.out());
    }

    @Test
    void parseMissingFileReportsAndSummarises() {
        Path missing = dir.resolve("missing.c");
        Result r = weft("parse", missing.toString());
        assertEquals(2, r.code());
        assertEquals(missing + ":0:0: error: no such file\n", r.err());
        assertEquals("parsed 1 files: 0 clean, 1 with errors\n", r.out());
    }

    @Test
    void rejectsNonCInputs() throws IOException {
        Path text = Files.writeString(dir.resolve("notes.txt"), "hello\n");
        Path binary = Files.write(dir.resolve("blob.c"), new byte[] {'i', 'n', 't', 0, 1});
        Result r = weft("parse", text.toString(), binary.toString(), dir.toString());
        assertEquals(2, r.code());
        assertEquals(text + ":0:0: error: not a C source file (expected .c, .i or .h)\n"
                + binary + ":0:0: error: not a C source file (binary content)\n"
                + dir + ":0:0: error: is a directory\n", r.err());
        assertEquals("parsed 3 files: 0 clean, 3 with errors\n", r.out());
    }

    @Test
    void badCompileCommands() throws IOException {
        assertEquals(2, weft("check", "--compile-commands", dir.resolve("none.json").toString()).code());
        Path json = Files.writeString(dir.resolve("cc.json"), "{\n");
        Result r = weft("parse", "--compile-commands", json.toString());
        assertEquals(2, r.code());
        assertTrue(r.err().startsWith(json + ":2:1: error: invalid JSON"), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
    }

    @Test
    void propertyFile() throws IOException {
        Path src = Files.writeString(dir.resolve("a.c"), "int main(void) { return 0; }\n");
        Result missing = weft("check", "--property", dir.resolve("none.prp").toString(), src.toString());
        assertEquals(2, missing.code());
        Path prp = Files.writeString(dir.resolve("mem.prp"), "CHECK( init(main()), LTL(G valid-free) )\n");
        Result r = weft("check", "--svcomp", "--property", prp.toString(), src.toString());
        assertEquals(3, r.code());
        assertEquals("RESULT: unknown\n", r.out());
        assertTrue(r.err().contains("unsupported property"), r.err());
    }

    @Test
    void libcStateRacesCountOutsideSvcompModeOnly() throws Exception {
        Path f = dir.resolve("rand.c");
        java.nio.file.Files.writeString(f, """
                #include <pthread.h>
                #include <stdlib.h>
                void *t(void *a) { return (void *)(long)rand(); }
                int main(void) { pthread_t a; pthread_create(&a, 0, t, 0); int r = rand(); pthread_join(a, 0); return r; }
                """);
        Result plain = weft("check", "-q", f.toString());
        assertTrue(plain.out().contains("<libc:rand state>"), plain.out() + plain.err());
        assertTrue(weft("check", "--svcomp", "-q", f.toString()).out().contains("RESULT: true"));
        assertFalse(weft("check", "--no-libc-state-races", "-q", f.toString()).out().contains("<libc:rand state>"));
        assertTrue(weft("check", "--help").out().contains("--[no-]libc-state-races"));
    }

    @Test
    void memoryAndStatsOptions() throws Exception {
        Path f = dir.resolve("racy.c");
        Files.writeString(f, """
                #include <pthread.h>
                int x;
                void *t(void *a) { x = 1; return 0; }
                int main(void) { pthread_t a; pthread_create(&a, 0, t, 0); x = 2; pthread_join(a, 0); return 0; }
                """);
        Result bad = weft("check", "--memory", "12x", f.toString());
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("--memory: expected a size such as 3g or 2048m, not '12x'"), bad.err());
        assertEquals(2, weft("check", "--memory", "1m", f.toString()).code());
        Result stats = weft("check", "-q", "--stats", "--memory", "64m", f.toString());
        assertEquals(1, stats.code(), stats.out() + stats.err());
        assertTrue(stats.err().contains("weft: stats:   walking") && stats.err().contains("shared accesses")
                && stats.err().contains("calling contexts") && stats.err().contains("process CPU"), stats.err());
        assertFalse(weft("check", "-q", f.toString()).err().contains("weft: stats:"));
    }
}
