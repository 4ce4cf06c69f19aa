package weft.race;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import weft.frontend.Frontend;
import weft.frontend.FrontendOptions;
import weft.ir.DataModel;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The SV-COMP NoDataRace dev benchmark ({@code ../shared/benchmarks/svcomp-nodatarace-dev}, skipped when
 * absent): no wrong verdict on any task, and at least the number of correct answers Weft reached when
 * this floor was last raised (a regression guard, not a target). Tasks listed in
 * {@code svcomp-disputed-labels.tsv} with the evidence that their label is wrong count as disputed, not
 * wrong, but only while Weft gives exactly the disputed verdict there.
 */
class SvcompBenchmarkTest {
    static final Path DIR = Path.of("../shared/benchmarks/svcomp-nodatarace-dev");
    static final int MIN_CORRECT_TRUE = 442;
    static final int MIN_CORRECT_FALSE = 135;
    static final long TASK_SECONDS = 20;

    @Test
    void noWrongVerdictsOnTheDevBenchmark() throws Exception {
        Assumptions.assumeTrue(Files.isRegularFile(DIR.resolve("tasks.tsv")), "benchmark not present");
        List<String> rows = Files.readAllLines(DIR.resolve("tasks.tsv"));
        ExecutorService pool = Executors.newFixedThreadPool(2, r -> {
            Thread t = new Thread(null, r, "svcomp-task", 512L << 20);
            t.setDaemon(true);
            return t;
        });
        ScheduledExecutorService watchdog = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "svcomp-watchdog");
            t.setDaemon(true);
            return t;
        });
        java.util.Map<String, String> disputed = new java.util.HashMap<>();
        for (String line : Files.readAllLines(Path.of("src/test/resources/svcomp-disputed-labels.tsv"))) {
            if (line.isBlank() || line.startsWith("#")) continue;
            String[] d = line.split("\t");
            disputed.put(d[0], d[1]);
        }
        List<String> wrong = new ArrayList<>();
        List<String> disputes = new ArrayList<>();
        int correctTrue = 0;
        int correctFalse = 0;
        List<Future<Verdict>> futures = new ArrayList<>();
        List<String[]> tasks = new ArrayList<>();
        for (String row : rows.subList(1, rows.size())) {
            String[] c = row.split("\t");
            tasks.add(c);
            Path file = DIR.resolve(c[1]);
            futures.add(pool.submit(() -> analyse(file, watchdog)));
        }
        for (int i = 0; i < tasks.size(); i++) {
            String[] c = tasks.get(i);
            Verdict v = futures.get(i).get();
            boolean expectTrue = c[2].equals("true");
            if (v == Verdict.TRUE && expectTrue) correctTrue++;
            else if (v == Verdict.FALSE && !expectTrue) correctFalse++;
            else if (v != Verdict.UNKNOWN && v.svcomp().equals(disputed.get(c[0]))) disputes.add(c[0]);
            else if (v != Verdict.UNKNOWN) wrong.add(c[0] + ": expected " + c[2] + ", got " + v.svcomp());
        }
        pool.shutdownNow();
        watchdog.shutdownNow();
        System.out.printf("svcomp dev: %d correct true, %d correct false, %d wrong, %d disputed label(s) %s%n", correctTrue,
                correctFalse, wrong.size(), disputes.size(), disputes);
        assertEquals(List.of(), wrong, "wrong verdicts");
        assertTrue(correctTrue >= MIN_CORRECT_TRUE, "correct true: " + correctTrue);
        assertTrue(correctFalse >= MIN_CORRECT_FALSE, "correct false: " + correctFalse);
    }

    /** One task within {@link #TASK_SECONDS}; a timeout (the analysis is interrupted) counts as unknown. */
    private static Verdict analyse(Path file, ScheduledExecutorService watchdog) {
        Thread self = Thread.currentThread();
        java.util.concurrent.atomic.AtomicBoolean fired = new java.util.concurrent.atomic.AtomicBoolean();
        ScheduledFuture<?> alarm = watchdog.schedule(() -> {
            fired.set(true);
            self.interrupt();
        }, TASK_SECONDS, TimeUnit.SECONDS);
        try {
            return new RaceAnalysis(AnalysisOptions.defaults().withLibcStateRaces(false).withClosedCommandLine(true).withMaxRaces(AnalysisOptions.SVCOMP_MAX_RACES))
                    .run(new Frontend(FrontendOptions.defaults(DataModel.ILP32)).load(List.of(file))).verdict();
        } catch (Exception e) {
            if (!fired.get()) throw new AssertionError(file + ": " + e, e);
            return Verdict.UNKNOWN;
        } finally {
            alarm.cancel(false);
            Thread.interrupted();
        }
    }
}
