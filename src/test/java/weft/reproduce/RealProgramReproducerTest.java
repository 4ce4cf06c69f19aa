package weft.reproduce;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import weft.frontend.Frontend;
import weft.frontend.FrontendOptions;
import weft.ir.DataModel;
import weft.race.AnalysisOptions;
import weft.race.AnalysisResult;
import weft.race.RaceAnalysis;
import weft.race.Verdict;
import weft.trace.RaceWitness;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 35 on real programs ({@code ../shared/benchmarks/realworld}, skipped when absent or when gcc cannot link a
 * ThreadSanitizer program): each is answered {@code false} with the default options and a budget of 60 s, its witness needs the environment
 * the test names, and the reproducer of the confirmed race makes ThreadSanitizer report the race at the witness's two
 * lines. qsort_mt: the witness search starts it with a command line of its own and runs its option parsing, timing and
 * pool of threads. knot, a web server merged by CIL for 32 bits (checked with ILP32, replayed as a 64-bit build with
 * the reproducer's heap below 2 GiB): the command line and the socket calls' answers. ctrace, a tracing library merged
 * the same way, whose threads call {@code localtime} unlocked while tracing: the environment's time zone taken to be
 * UTC, {@code strftime} and {@code sprintf} with {@code %n} computed on the way. smtprc, an open-relay checker merged
 * the same way, that insists on an address range and an e-mail address before it starts its threads: the command line
 * the feedback search builds ({@code -s 127.0.0.1 -b a@b.c ...}), its string and address functions computed, empty
 * configuration files, a 'y' from the standard input, the socket calls' answers, its fd_set assembly rewritten as C
 * for the 64-bit build.
 */
class RealProgramReproducerTest {
    @TempDir
    Path dir;

    /**
     * The analysis budget of the single-file programs (CPU time, like {@code --timeout 60}): well past where each
     * confirmation is found on this machine (qsort_mt's at about 1,500 executions of its witness search, 12 to 20 s of
     * CPU; the others within the default 10 s), so that a loaded machine, which makes the same work cost more CPU,
     * does not move it past the end. With the default budget qsort_mt's and smtprc's confirmations sit at its edge.
     */
    private static final long BUDGET_MILLIS = 60_000;

    private void confirmedAndReplayed(String path, DataModel model, String input) throws Exception {
        Path file = Path.of("../shared/benchmarks/realworld").resolve(path);
        Assumptions.assumeTrue(Files.isRegularFile(file), "benchmark not present: " + file);
        String unavailable = ReproducerRuns.unavailable();
        Assumptions.assumeTrue(unavailable == null, () -> "reproducers not run: " + unavailable);
        var program = new Frontend(FrontendOptions.defaults(model)).load(List.of(file));
        AnalysisResult r = new RaceAnalysis(AnalysisOptions.defaults().withBudgetMillis(BUDGET_MILLIS)).run(program);
        assertEquals(Verdict.FALSE, r.verdict(), r.reason());
        RaceWitness w = r.witness().orElseThrow();
        assertTrue(w.nondetValues().keySet().stream().anyMatch(k -> k.startsWith(input + "@")),
                "the race needs " + input + ": " + w.nondetValues().keySet());
        ReproducerRuns.Outcome o = ReproducerRuns.run(w, file, Files.createDirectories(dir.resolve(file.getFileName().toString())), model);
        assertEquals(ReproducerRuns.Kind.REPRODUCED, o.kind(), o.detail());
    }

    /**
     * sol, an MQTT broker of 14 translation units (its compilation database): before its first thread it fills a
     * memory pool of 131,072 blocks (the witness search shares that start between its runs) and binds its listening
     * socket; its event loops then race on the allocator's memory count. {@code weft reproduce --compile-commands}
     * (in a JVM of its own: the analysis of sol needs more heap than the tests') confirms it and writes a reproducer
     * of all the units; ThreadSanitizer reports the race at the witness's lines.
     */
    @Test
    void solRaceIsConfirmedAndReplaysFromItsCompilationDatabase() throws Exception {
        Assumptions.assumeTrue(Files.isRegularFile(Path.of("/usr/include/openssl/ssl.h")), "sol needs OpenSSL's headers (libssl-dev)");
        confirmedAndReplayedFromDatabase("sol", "8g", 300, 15);
    }

    /**
     * pigz, a parallel gzip of 3 translation units (its compilation database): the witness search runs zlib's
     * compressor itself (the installed libz), gives open, read, write and lstat their answers as the world's, and
     * follows pigz's try/throw (setjmp/longjmp); the certain race it confirms is on strerror's hidden state, reached by
     * the main thread after a failed read and by the writing thread after a failed write. The reproducer (linked with
     * {@code -lz}, the answers given back by its wrappers) makes each thread access a byte standing for that state at its
     * race point, and ThreadSanitizer reports the race there, at the witness's two lines.
     */
    @Test
    void pigzRaceIsConfirmedAndReplaysFromItsCompilationDatabase() throws Exception {
        Assumptions.assumeTrue(Files.isRegularFile(Path.of("/usr/include/zlib.h")), "pigz needs zlib's header (zlib1g-dev)");
        Assumptions.assumeTrue(weft.installed.Zlib.installed().isPresent(), "no installed zlib to run");
        confirmedAndReplayedFromDatabase("pigz", "4g", 60, 10);
    }

    /**
     * {@code weft reproduce --compile-commands} of the real program {@code name} (its {@code compile_commands.sh} writes
     * the database), in a JVM of its own with heap {@code heap} and {@code --timeout seconds}: a confirmed race (exit 1)
     * whose reproducer makes ThreadSanitizer report it at the witness's lines.
     */
    private void confirmedAndReplayedFromDatabase(String name, String heap, int seconds, int minutes) throws Exception {
        Path script = Path.of("../shared/benchmarks/realworld").resolve(name).resolve("compile_commands.sh");
        Assumptions.assumeTrue(Files.isRegularFile(script), "benchmark not present: " + script);
        String unavailable = ReproducerRuns.unavailable();
        Assumptions.assumeTrue(unavailable == null, () -> "reproducers not run: " + unavailable);
        Path db = Files.createDirectories(dir.resolve("db"));
        assertEquals(0, new ProcessBuilder("bash", script.toString(), db.toString()).inheritIO().start().waitFor());
        Path out = dir.resolve(name + "-reproducer");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        // the collector bin/weft gives a long run: the default one (G1) spends about a third more CPU on sol, which
        // the --timeout's process CPU time counts
        Process weft = new ProcessBuilder(java.toString(), "-Xmx" + heap, "-Xss16m", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"), "weft.cli.Main",
                "reproduce", "-q", "--timeout", Integer.toString(seconds), "-o", out.toString(), "--compile-commands",
                db.resolve("compile_commands.json").toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("weft.log").toFile()).start();
        assertTrue(weft.waitFor(minutes, TimeUnit.MINUTES), "weft reproduce ran over " + minutes + " minutes");
        String log = Files.readString(dir.resolve("weft.log"));
        assertEquals(1, weft.exitValue(), "a confirmed race: " + log.lines().filter(l -> l.startsWith("weft:")).toList());
        ReproducerRuns.Outcome o = ReproducerRuns.buildAndRun(out);
        assertEquals(ReproducerRuns.Kind.REPRODUCED, o.kind(), o.detail());
    }

    @Test
    void qsortMtRaceIsConfirmedAndReplays() throws Exception {
        confirmedAndReplayed("qsort_mt/qsort_mt.c", DataModel.LP64, RaceWitness.COMMAND_LINE);
    }

    /**
     * pfscan, a parallel file scanner whose options are parsed by hand (the feedback search takes the letters main
     * compares with for flags and puts them before the positional arguments: {@code -v} makes it report failures):
     * main walks the directory with ftw (the walk's entries the world's, weft.exec.Walks) and then fails with an
     * errno while a worker reports a failed open, both through strerror's hidden state; the reproducer's ftw wrapper
     * hands the callback the same entries. Its {@code -n} takes a count the hand parser reads with sscanf: the
     * feedback search must not prefer {@code -n 8080} (8,080 workers, every run abandoned at the thread limit) for
     * its many threads ({@code CommandLines.Progress}).
     */
    @Test
    void pfscanRaceIsConfirmedAndReplays() throws Exception {
        confirmedAndReplayed("pfscan/pfscan-1.0.c", DataModel.LP64, "__weft_walk_next");
    }

    @Test
    void knotRaceIsConfirmedAndReplaysAsA64BitBuild() throws Exception {
        confirmedAndReplayed("cil-merged/knot_comb.c", DataModel.ILP32, "accept");
    }

    @Test
    void smtprcRaceIsConfirmedAndReplaysAsA64BitBuild() throws Exception {
        confirmedAndReplayed("cil-merged/smtprc_comb.c", DataModel.ILP32, RaceWitness.COMMAND_LINE);
    }

    @Test
    void ctraceLocaltimeRaceIsConfirmedAndReplays() throws Exception {
        confirmedAndReplayed("cil-merged/ctrace_comb.c", DataModel.ILP32, RaceWitness.TIME_ZONE);
    }
}
