package weft.exec;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import weft.frontend.Frontend;
import weft.frontend.FrontendOptions;
import weft.ir.DataModel;
import weft.ir.Program;
import weft.race.AnalysisOptions;
import weft.race.AnalysisResult;
import weft.race.RaceAnalysis;
import weft.race.Verdict;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link MemoryStreams} against glibc on this machine: random scripts of calls on an {@code open_memstream} stream, an
 * {@code fmemopen} stream written (modes {@code w} and {@code a}, buffers of 1 to 24 bytes, so that flushes are cut)
 * and one read ({@code fgetc}, {@code fgets}, {@code fread}, the indicators, {@code fflush}), each mixing every result,
 * length and the buffers' bytes after each flush into a digest. gcc's build prints the digest glibc gives; the same
 * script then guards a write racing with a reader thread by that digest, and Weft must confirm the race: its run of
 * the script reaches the write only when every result and byte is glibc's. Skipped without gcc.
 */
class MemoryStreamsGlibcTest {
    private static final int SCRIPTS = 36;

    @Test
    void randomScriptsGiveGlibcsResultsAndBytes(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(run(List.of("gcc", "--version"), dir) != null, "gcc not available");
        Random rnd = new Random(20261206L);
        List<String> scripts = new ArrayList<>();
        for (int s = 0; s < SCRIPTS; s++) scripts.add(script(rnd, s % 3, s));
        // glibc's digests, one program printing them all
        StringBuilder all = new StringBuilder(PRELUDE);
        for (int s = 0; s < SCRIPTS; s++) all.append("static void s").append(s).append("(void) {\n").append(scripts.get(s)).append("}\n");
        all.append("int main(void) {\n");
        for (int s = 0; s < SCRIPTS; s++) all.append("    h = 7; s").append(s).append("(); printf(\"%lu\\n\", h);\n");
        all.append("    return 0;\n}\n");
        Path src = dir.resolve("glibc.c");
        Files.writeString(src, all);
        assertTrue(run(List.of("gcc", "-O0", "-o", dir.resolve("glibc").toString(), src.toString()), dir) != null, "gcc failed");
        String out = run(List.of(dir.resolve("glibc").toString()), dir);
        assertTrue(out != null, "the program failed");
        List<String> digests = out.lines().toList();
        assertEquals(SCRIPTS, digests.size(), out);
        int calls = 0;
        for (int s = 0; s < SCRIPTS; s++) {
            String program = PRELUDE + "static int flag;\nstatic void *reader(void *a) { int x = flag; return (void *) (long) x; }\n"
                    + "static void script(void) {\n" + scripts.get(s) + "}\n"
                    + "int main(void) {\n    pthread_t t;\n    pthread_create(&t, NULL, reader, NULL);\n    script();\n"
                    + "    if (h == " + digests.get(s) + "UL) flag = 1;\n    pthread_join(t, NULL);\n    return 0;\n}\n";
            Path f = dir.resolve("s" + s + ".c");
            Files.writeString(f, program);
            Program p = new Frontend(FrontendOptions.defaults(DataModel.LP64)).load(List.of(f));
            AnalysisResult r = new RaceAnalysis(new AnalysisOptions(200, 1000, true, 20000)).run(p);
            assertEquals(Verdict.FALSE, r.verdict(), "script " + s + ": " + r.reason() + "\n" + program);
            calls += scripts.get(s).split("\n").length;
        }
        System.out.printf("memory stream scripts: %d (%d lines of calls), every digest glibc's%n", SCRIPTS, calls);
    }

    private static final String PRELUDE = """
            #include <pthread.h>
            #include <stdio.h>
            #include <stdlib.h>
            #include <string.h>
            static unsigned long h = 7;
            static void mix(long v) { h = h * 1000003UL ^ (unsigned long) v; }
            static long sum(const char *p, size_t n) { unsigned long s = 0; for (size_t i = 0; i < n; i++) s = s * 31 + (unsigned char) p[i]; return (long) (s & 0x7fffffffffffffffUL); }
            """;

    private static final String[] WORDS = {"", "a", "xyz", "hello", "0123456789", "a\\nb"};

    /** One script of {@code kind}: 0 open_memstream, 1 fmemopen written, 2 fmemopen read. */
    private static String script(Random rnd, int kind, int s) {
        StringBuilder c = new StringBuilder();
        int steps = 4 + rnd.nextInt(14);
        if (kind == 0) {
            c.append("    char *t = NULL; size_t n = 0; FILE *m = open_memstream(&t, &n);\n    if (m == NULL) return;\n");
            for (int i = 0; i < steps; i++) c.append(output(rnd, "m", true)).append(rnd.nextInt(4) == 0 ? "    mix(fflush(m)); mix((long) n); mix(sum(t, n + 1));\n" : "");
            c.append("    mix(fclose(m)); mix((long) n); mix(sum(t, n + 1)); free(t);\n");
        } else if (kind == 1) {
            int size = 1 + rnd.nextInt(24);
            String mode = rnd.nextBoolean() ? "w" : "a";
            StringBuilder init = new StringBuilder();
            for (int i = 0; i < size; i++) init.append(rnd.nextInt(6) == 0 ? "0" : Integer.toString('a' + rnd.nextInt(26))).append(i + 1 < size ? ", " : "");
            c.append("    char b[").append(size).append("] = {").append(init).append("};\n");
            c.append("    FILE *f = fmemopen(b, sizeof b, \"").append(mode).append("\");\n    if (f == NULL) return;\n");
            for (int i = 0; i < steps; i++) {
                c.append(output(rnd, "f", false));
                int r = rnd.nextInt(6);
                if (r == 0) c.append("    mix(fflush(f)); mix(ferror(f)); mix(sum(b, sizeof b));\n");
                else if (r == 1) c.append("    clearerr(f);\n");
            }
            c.append("    mix(fclose(f)); mix(sum(b, sizeof b));\n");
        } else {
            int size = 1 + rnd.nextInt(40);
            StringBuilder init = new StringBuilder();
            for (int i = 0; i < size; i++) init.append(rnd.nextInt(5) == 0 ? "10" : Integer.toString('a' + rnd.nextInt(26))).append(i + 1 < size ? ", " : "");
            c.append("    char b[").append(size).append("] = {").append(init).append("};\n");
            c.append("    FILE *f = fmemopen(b, ").append(1 + rnd.nextInt(size)).append(", \"r\");\n    if (f == NULL) return;\n");
            for (int i = 0; i < steps; i++) {
                switch (rnd.nextInt(7)) {
                    case 0, 1 -> c.append("    mix(fgetc(f));\n");
                    case 2 -> {
                        int k = 1 + rnd.nextInt(12);
                        c.append("    { char l[").append(k).append("] = {0}; char *r = fgets(l, ").append(k).append(", f); mix(r == NULL ? -1 : sum(l, strlen(l) + 1)); }\n");
                    }
                    case 3 -> {
                        int size1 = 1 + rnd.nextInt(3), count = rnd.nextInt(5);
                        c.append("    { char l[16] = {0}; size_t got = fread(l, ").append(size1).append(", ").append(count)
                                .append(", f); mix((long) got); mix(sum(l, sizeof l)); }\n");
                    }
                    case 4 -> c.append("    mix(feof(f)); mix(ferror(f));\n");
                    case 5 -> c.append("    clearerr(f);\n");
                    default -> c.append("    mix(fflush(f));\n");
                }
            }
            c.append("    mix(fclose(f));\n");
        }
        return c.toString();
    }

    /** One output call on stream {@code f}, its result mixed (some wide ones on a growing stream). */
    private static String output(Random rnd, String f, boolean big) {
        String w = WORDS[rnd.nextInt(WORDS.length)];
        return switch (rnd.nextInt(4)) {
            case 0 -> "    mix(fprintf(" + f + ", \"%" + (big && rnd.nextInt(3) == 0 ? 1000 + rnd.nextInt(1500) : rnd.nextInt(5)) + "d|%s;\", "
                    + (rnd.nextInt(2000) - 1000) + ", \"" + w + "\"));\n";
            case 1 -> "    mix(fputs(\"" + w + "\", " + f + "));\n";
            case 2 -> "    mix(fputc(" + (rnd.nextInt(5) == 0 ? 0 : 'a' + rnd.nextInt(26)) + ", " + f + "));\n";
            default -> "    mix((long) fwrite(\"" + w + "\", 1, " + (w.replace("\\n", "n").length() + 1) + ", " + f + "));\n";
        };
    }

    private static String run(List<String> cmd, Path dir) throws Exception {
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        return p.waitFor() == 0 ? out : null;
    }
}
