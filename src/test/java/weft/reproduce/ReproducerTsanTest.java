package weft.reproduce;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import weft.ir.DataModel;
import weft.race.AnalysisOptions;
import weft.trace.RaceWitness;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The reproducers of a sample of the annotated corpus's confirmed races (every 4th racy program) are built with gcc and
 * ThreadSanitizer and run, and TSan reports a race whose two accesses are at the witness's two lines. Skipped cleanly
 * when gcc cannot link a {@code -fsanitize=thread} program. Races on the hidden state of the C library
 * ({@code <libc:...>} objects) are left out: TSan does not instrument the C library. A program gcc itself rejects is
 * left out (printed), and so is a program that relocks a recursive or error-checking mutex (its text names the kind):
 * the reproducer's schedule harness waits for a held lock before the real call, so a relock by its holder never gets
 * its turn (to be taught by the work on reproducers; the explorer's witness itself is checked by the corpus tests), and
 * so is a race whose witness reads an indeterminate value (the harness cannot set the stack's or heap's content).
 */
class ReproducerTsanTest {
    static final int STRIDE = 4;
    /** The sample has 29 confirmed races (all reproduced on 2026-11-24); far fewer means witnesses or reproducers went missing. */
    static final int MIN_REPRODUCED = 20;

    @Test
    void tsanReportsTheWitnessedRaceOfSampledCorpusPrograms(@TempDir Path dir) throws Exception {
        String unavailable = ReproducerRuns.unavailable();
        Assumptions.assumeTrue(unavailable == null, () -> "reproducers not run: " + unavailable);
        List<String> failures = new ArrayList<>();
        int reproduced = 0;
        int n = 0;
        for (Path p : ReproducerBench.corpusPrograms(STRIDE)) {
            Optional<RaceWitness> w = ReproducerRuns.witness(p, DataModel.LP64, new AnalysisOptions(200, 1000, true, 3000), 120);
            if (w.isEmpty() || w.get().first().object().startsWith("<libc:")) continue;
            if (w.get().nondetValues().keySet().stream().anyMatch(k -> k.startsWith(RaceWitness.INDETERMINATE))) {
                // the harness feeds the inputs that calls return; an indeterminate value is the stack's or the heap's
                // content in the real run, which it cannot set, so the run may take another path
                System.out.println("reproducer: left out (the witness reads an indeterminate value): " + p);
                continue;
            }
            ReproducerRuns.Outcome o = ReproducerRuns.run(w.get(), p, Files.createDirectories(dir.resolve(Integer.toString(++n))));
            switch (o.kind()) {
                case REPRODUCED -> reproduced++;
                case BUILD_FAILED -> System.out.println("reproducer: gcc rejects " + p + ": " + o.detail());
                default -> failures.add(o.kind() + " " + p + ": " + o.detail());
            }
        }
        System.out.println("reproducers: " + reproduced + " of " + n + " sampled corpus races reproduced by TSan");
        assertEquals(List.of(), failures);
        assertTrue(reproduced >= MIN_REPRODUCED, "reproduced: " + reproduced);
    }

    /**
     * Issue 35: every racy program of {@code 41-library-inputs} (races behind C library calls the explorer runs:
     * formatting, ...) is confirmed, and its reproducer makes ThreadSanitizer report the race; none left out.
     */
    @Test
    void everyRaceBehindLibraryCallsIsConfirmedAndReplays(@TempDir Path dir) throws Exception {
        Replays r = replayDirectory(dir, "41-library-inputs", true);
        assertEquals(List.of(), r.failures());
        assertTrue(r.replayed() >= 3, "racy programs in 41-library-inputs: " + r.replayed());
    }

    /**
     * Every confirmed race of the soundness harness's regression programs ({@code 26-harness}: the defects it found,
     * several in the reproducer itself: a race point the patcher could not place before an access on the line of a
     * closing brace) replays under ThreadSanitizer; only witnesses that read an indeterminate value are left out.
     */
    @Test
    void theHarnessRegressionsReplay(@TempDir Path dir) throws Exception {
        Replays r = replayDirectory(dir, "26-harness", false);
        assertEquals(List.of(), r.failures());
        assertTrue(r.replayed() >= 5, "confirmed races of the harness's regressions: " + r.replayed());
    }

    private record Replays(List<String> failures, int replayed) {}

    /**
     * The reproducers of the racy corpus programs of {@code directory}, built and run; a program without a confirmed
     * race is a failure when {@code confirmAll}, else left out, as is a witness that reads an indeterminate value.
     */
    private static Replays replayDirectory(Path dir, String directory, boolean confirmAll) throws Exception {
        String unavailable = ReproducerRuns.unavailable();
        Assumptions.assumeTrue(unavailable == null, () -> "reproducers not run: " + unavailable);
        List<String> failures = new ArrayList<>();
        int n = 0;
        for (Path p : ReproducerBench.corpusPrograms(1)) {
            if (!p.getParent().getFileName().toString().equals(directory)) continue;
            Optional<RaceWitness> w = ReproducerRuns.witness(p, DataModel.LP64, new AnalysisOptions(200, 1000, true, 3000), 120);
            if (w.isEmpty()) {
                if (confirmAll) failures.add("not confirmed: " + p);
                continue;
            }
            if (!confirmAll && w.get().nondetValues().keySet().stream().anyMatch(k -> k.startsWith(RaceWitness.INDETERMINATE))) continue;
            ReproducerRuns.Outcome o = ReproducerRuns.run(w.get(), p, Files.createDirectories(dir.resolve(Integer.toString(++n))));
            if (o.kind() != ReproducerRuns.Kind.REPRODUCED) failures.add(o.kind() + " " + p + ": " + o.detail());
        }
        return new Replays(failures, n);
    }

    /**
     * Every confirmed race of a racy corpus program that locks a recursive or error-checking mutex (by a static
     * initialiser, {@code pthread_mutexattr_settype} or {@code mtx_recursive}) replays: the runtime keeps a statically
     * kinded mutex's rules itself (its shadow is a default mutex).
     */
    @Test
    void racesAroundRecursiveAndErrorCheckingMutexesReplay(@TempDir Path dir) throws Exception {
        String unavailable = ReproducerRuns.unavailable();
        Assumptions.assumeTrue(unavailable == null, () -> "reproducers not run: " + unavailable);
        List<String> failures = new ArrayList<>();
        int n = 0;
        for (Path p : ReproducerBench.corpusPrograms(1)) {
            if (!relocksByKind(p)) continue;
            Optional<RaceWitness> w = ReproducerRuns.witness(p, DataModel.LP64, new AnalysisOptions(200, 1000, true, 3000), 120);
            if (w.isEmpty() || w.get().first().object().startsWith("<libc:")) continue;
            ReproducerRuns.Outcome o = ReproducerRuns.run(w.get(), p, Files.createDirectories(dir.resolve(Integer.toString(++n))));
            if (o.kind() != ReproducerRuns.Kind.REPRODUCED) failures.add(o.kind() + " " + p + ": " + o.detail());
        }
        assertEquals(List.of(), failures);
        assertTrue(n >= 5, "confirmed races around kinded mutexes: " + n);
    }

    private static boolean relocksByKind(Path p) throws java.io.IOException {
        String text = Files.readString(p);
        return text.contains("RECURSIVE") || text.contains("ERRORCHECK") || text.contains("mtx_recursive");
    }
}
