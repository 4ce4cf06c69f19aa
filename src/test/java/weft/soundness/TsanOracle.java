package weft.soundness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Oracle 2: ThreadSanitizer. The program is built in {@link GenProgram.Mode#TSAN} mode with Debian's
 * {@code gcc -fsanitize=thread -O1 -g} (inputs drawn at random within their ranges, a seeded {@code sched_yield} or
 * {@code usleep} before each shared access, {@code __VERIFIER_atomic_*} functions serialised by one mutex) and run
 * with its standard output on {@code /dev/full} (every flush of it fails: the world's answer D29's guards need) and its
 * standard input empty ({@code /dev/null}: a character read meets its end, the answer the stdin guards need)
 * {@code runs} times with different yield seeds. TSan reports only races that happened in the run (a free counts as
 * a write), so a report is a real race; no report proves nothing. Reports of lock misuse mean the generator broke
 * its promise of well-defined programs.
 */
final class TsanOracle {
    private static final Pattern LINE = Pattern.compile("prog\\.c:(\\d+)");
    private static volatile Boolean available;

    /** Whether gcc with a working libtsan is installed (checked once). */
    static boolean available() {
        if (available == null) {
            synchronized (TsanOracle.class) {
                if (available == null) available = probe();
            }
        }
        return available;
    }

    private static boolean probe() {
        try {
            Path dir = Files.createTempDirectory("weft-tsan-probe");
            Path c = dir.resolve("prog.c");
            Files.writeString(c, "#include <pthread.h>\nint g;\nvoid *w(void *a) { g = 1; return a; }\n"
                    + "int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); pthread_join(t, 0); return g - 1; }\n");
            Path bin = dir.resolve("prog");
            if (run(List.of("gcc", "-fsanitize=thread", "-O1", "-g", "-pthread", c.toString(), "-o", bin.toString()), dir, 60).exit != 0) return false;
            return run(List.of(bin.toString()), dir, 20).exit == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    /** The oracle's build of the program file {@code c} into {@code bin}: gcc with ThreadSanitizer, at -O1. */
    static List<String> build(Path c, Path bin) throws IOException {
        List<String> gcc = new java.util.ArrayList<>(List.of("gcc", "-fsanitize=thread", "-O1", "-g", "-w", "-pthread", c.toString(), "-o", bin.toString()));
        String text = Files.readString(c);
        // a program that uses zlib (LibraryForms' wy_zlib_ok) links the installed one, as the reproducer does
        if (text.contains("#include <zlib.h>")) gcc.add("-lz");
        // and one that uses the math library (wy_math_ok) links libm
        if (text.contains("#include <math.h>")) gcc.add("-lm");
        // and one that uses OpenSSL (wy_tls_ok) the installed OpenSSL
        if (text.contains("#include <openssl/ssl.h>")) gcc.addAll(List.of("-lssl", "-lcrypto"));
        return gcc;
    }

    private final int runs;
    private final long seed;

    TsanOracle(int runs, long seed) {
        this.runs = runs;
        this.seed = seed;
    }

    OracleResult check(GenProgram g, Set<Integer> removed, Path dir) throws IOException, InterruptedException {
        Path c = dir.resolve("prog.c");
        Files.writeString(c, g.render(GenProgram.Mode.TSAN, "", "", removed, null));
        Path bin = dir.resolve("prog");
        Files.deleteIfExists(bin);
        Proc cc = run(build(c, bin), dir, 120);
        if (cc.exit != 0) return new OracleResult(OracleResult.Kind.GENERATOR_ERROR, Set.of(), "gcc: " + firstLines(cc.err));
        for (int i = 0; i < runs; i++) {
            Proc p = runEnv(List.of(bin.toString()), dir, 20, String.valueOf(seed * 1000 + i + 1));
            if (p.err.contains("WARNING: ThreadSanitizer: data race") || p.err.contains("ThreadSanitizer: heap-use-after-free")) {
                Set<Integer> lines = new TreeSet<>();
                // the innermost frame in the program of each of the two accesses
                boolean want = false;
                for (String l : p.err.split("\n")) {
                    if (l.startsWith("  ") && !l.startsWith("   ") && l.contains(" of size ")) want = true;
                    Matcher m = LINE.matcher(l);
                    if (want && m.find()) {
                        lines.add(Integer.parseInt(m.group(1)));
                        want = false;
                    }
                }
                return new OracleResult(OracleResult.Kind.RACE, lines, "ThreadSanitizer (run " + (i + 1) + "): " + firstLines(p.err));
            }
            if (p.err.contains("WARNING: ThreadSanitizer")) {
                return new OracleResult(OracleResult.Kind.GENERATOR_ERROR, Set.of(), "ThreadSanitizer: " + firstLines(p.err));
            }
            if (p.exit != 0) return new OracleResult(OracleResult.Kind.GENERATOR_ERROR, Set.of(), "exit " + p.exit + ": " + firstLines(p.err));
        }
        return OracleResult.inconclusive("no report in " + runs + " runs");
    }

    private static String firstLines(String s) {
        return s.lines().filter(l -> !l.isBlank() && !l.startsWith("====")).limit(4).reduce((a, b) -> a + " | " + b).orElse("");
    }

    private record Proc(int exit, String err) {}

    private static Proc run(List<String> cmd, Path dir, int seconds) throws IOException, InterruptedException {
        return runEnv(cmd, dir, seconds, null);
    }

    private static Proc runEnv(List<String> cmd, Path dir, int seconds, String wySeed) throws IOException, InterruptedException {
        // the program's output goes to a full device (D29): output is the world's, and there every flush fails; its
        // standard input is empty (issue 35: a read from it meets the end at once)
        java.io.File full = new java.io.File("/dev/full");
        ProcessBuilder pb = new ProcessBuilder(new ArrayList<>(cmd)).directory(dir.toFile())
                .redirectOutput(full.exists() ? ProcessBuilder.Redirect.to(full) : ProcessBuilder.Redirect.DISCARD)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        pb.environment().put("TSAN_OPTIONS", "halt_on_error=1 report_thread_leaks=0 detect_deadlocks=0 exitcode=66");
        if (wySeed != null) pb.environment().put("WY_SEED", wySeed);
        Path err = dir.resolve("stderr.txt");
        pb.redirectError(err.toFile());
        Process p = pb.start();
        if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
            return new Proc(-1, "timeout after " + seconds + " s");
        }
        return new Proc(p.exitValue(), Files.readString(err));
    }
}
