package weft.soundness;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import weft.ir.DataModel;
import weft.race.AnalysisOptions;
import weft.reproduce.ReproducerRuns;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The generator's library truths ({@link LibraryForms#GLIBC_TRUTHS}, {@link LibraryForms#STRING_TRUTHS}, each with its
 * helper) guard a racing access in the harness's programs, so each must be what its name says on both sides: it holds
 * in the real run (built as the TSan oracle builds, the standard input empty), and Weft's precise layers go behind it
 * (a confirmed race on the access it guards). A truth that fails in the real run would make the oracle miss races the
 * generator meant; one Weft cannot go behind tests nothing of the model it was written for. Skipped cleanly without
 * gcc and ThreadSanitizer.
 */
class LibraryTruthsTest {
    /** The generator's prelude's includes ({@link GenProgram#WEFT_PRELUDE}), and headers its truths use. */
    private static final List<String> BASE = List.of("#include <pthread.h>", "#include <semaphore.h>", "#include <signal.h>",
            "#include <stdatomic.h>", "#include <threads.h>", "#include <stdarg.h>", "#include <ftw.h>", "#include <search.h>",
            "#include <syslog.h>", "#include <sys/stat.h>", "#include <stdio.h>", "#include <stdlib.h>", "#include <string.h>",
            "#include <strings.h>", "#include <ctype.h>", "#include <arpa/inet.h>", "#include <wchar.h>", "#include <time.h>", "#include <errno.h>",
            "#include <unistd.h>", "#include <math.h>", "#include <limits.h>");

    /**
     * Truths of the oracle's optimising build only: gcc answers {@code __builtin_constant_p} of a const local 1 at -O1
     * and 0 at -O0, the reproducer's build, which the witness search follows (weft.exec.ComputedCalls' compiler
     * answers); the truth is there to make proofs stop, not to be gone behind.
     */
    private static final Set<String> BUILD_DEPENDENT = Set.of("wy_cp_ok()");

    @Test
    void everyTruthHoldsInTheRealRunAndTheExplorerGoesBehindIt(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(TsanOracle.available(), "gcc with ThreadSanitizer is not installed");
        List<String> truths = new ArrayList<>(List.of(LibraryForms.GLIBC_TRUTHS));
        truths.addAll(List.of(LibraryForms.STRING_TRUTHS));
        List<String> problems = new ArrayList<>();
        int n = 0;
        for (String truth : truths) {
            Path d = Files.createDirectories(dir.resolve(Integer.toString(++n)));
            Path c = d.resolve("prog.c");
            Files.writeString(c, program(truth));
            String real = realRun(c, d);
            if (real != null) problems.add(truth + ": " + real);
            if (!BUILD_DEPENDENT.contains(truth) && ReproducerRuns.witness(c, DataModel.LP64, new AnalysisOptions(200, 1000, true, 3000), 120).isEmpty()) {
                problems.add(truth + ": no confirmed race behind it");
            }
        }
        System.out.println("library truths: " + truths.size() + " checked, " + problems.size() + " problems");
        assertEquals(List.of(), problems);
    }

    /** A thread writes behind the truth while main reads; main answers 0 when the write happened. */
    static String program(String truth) {
        Set<String> decls = new LinkedHashSet<>(BASE);
        String helper = null;
        int open = truth.indexOf('(');
        LibraryForms.Helper h = open > 0 ? LibraryForms.HELPERS.get(truth.substring(0, open)) : null;
        if (h != null) {
            decls.addAll(h.includes());
            helper = h.text();
        }
        StringBuilder s = new StringBuilder("#define _GNU_SOURCE\n");
        for (String x : decls) s.append(x).append('\n');
        if (helper != null) s.append(helper).append('\n');
        s.append("static int wy_argc;\nint wy_x;\n");
        s.append("static void *wy_t(void *a) {\n    if (").append(truth).append(") { wy_x = 1; } // RACE!\n    return a;\n}\n");
        s.append("int main(void) {\n    pthread_t h;\n    pthread_create(&h, 0, wy_t, 0);\n    int r = wy_x; // RACE!\n");
        s.append("    pthread_join(h, 0);\n    return wy_x == 1 ? 0 : 3 + r * 0;\n}\n");
        return s.toString();
    }

    /** Null when the truth held in the oracle's build; else what went wrong. */
    private static String realRun(Path c, Path d) throws Exception {
        Process cc = new ProcessBuilder(TsanOracle.build(c, d.resolve("prog"))).directory(d.toFile()).redirectErrorStream(true).start();
        String out = new String(cc.getInputStream().readAllBytes());
        if (!cc.waitFor(120, TimeUnit.SECONDS) || cc.exitValue() != 0) return "gcc: " + out.lines().findFirst().orElse("");
        Process p = new ProcessBuilder(d.resolve("prog").toString()).directory(d.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return "the real run did not end";
        }
        return p.exitValue() == 0 ? null : "false in the real run (exit " + p.exitValue() + ")";
    }
}
