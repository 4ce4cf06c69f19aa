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
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 34: the synchronisation idioms of real programs, proved by the thread-modular layer alone ({@code weft check
 * --fast}, {@link AnalysisOptions#threadModularOnly}). The race-challenge kernels of the dev set whose idiom the layer
 * knows must be proved race-free without any precise layer; every racy kernel must be a reported race (never
 * race-free). The list of kernels proved grows with each idiom; it is checked exactly, so that a kernel proved by
 * accident (or one lost) shows.
 */
class ThreadModularIdiomsTest {
    private static final Path KERNELS = SvcompBenchmarkTest.DIR.resolve("c/pthread-race-challenges");

    /** The race-free kernels the thread-modular layer proves (the other race-free ones are unknown to it). */
    private static final Set<String> PROVED = new TreeSet<>(List.of(
            "atomic-gcc", "per-thread-array-index", "per-thread-array-init", "per-thread-struct-in-array", "per-thread-struct",
            "semaphore-posix", "thread-join-array-const", "thread-local-value-cond", "thread-local-value-dynamic",
            "thread-join-counter-outer", "value-barrier", "per-thread-struct-tid", "thread-join-counter-inner-3",
            "per-thread-index-bitmask", "thread-join-binomial"));

    private static AnalysisResult fast(Path file, DataModel dm) throws Exception {
        return new RaceAnalysis(AnalysisOptions.defaults().threadModularOnly()).run(new Frontend(FrontendOptions.defaults(dm)).load(List.of(file)));
    }

    @Test
    void raceChallengeKernels() throws Exception {
        Assumptions.assumeTrue(Files.isDirectory(KERNELS), "benchmark not present");
        Set<String> proved = new TreeSet<>();
        List<String> wrong = new ArrayList<>();
        for (String row : Files.readAllLines(SvcompBenchmarkTest.DIR.resolve("tasks.tsv"))) {
            String[] c = row.split("\t");
            if (!c[1].startsWith("c/pthread-race-challenges/")) continue;
            String name = Path.of(c[1]).getFileName().toString().replace(".i", "");
            AnalysisResult r = fast(SvcompBenchmarkTest.DIR.resolve(c[1]), DataModel.ILP32);
            if (c[2].equals("true") && r.verdict() == Verdict.TRUE) proved.add(name);
            if (c[2].equals("false") && (r.verdict() == Verdict.TRUE || r.races().isEmpty())) wrong.add(name + ": " + r.verdict() + ", no race reported");
        }
        assertTrue(wrong.isEmpty(), String.join("\n", wrong));
        assertEquals(PROVED, proved);
    }

    /**
     * The annotated counter joins, ready flags, per-thread records, join trees, tickets, slot masks and pool objects
     * (the idioms' state as members of one object): race-free ones
     * proved by the layer alone, racy ones reported.
     */
    @Test
    void annotatedIdioms() throws Exception {
        for (String d : List.of("34-counter-joins", "35-ready-flags", "36-per-thread-records", "37-join-trees", "38-tickets", "39-slot-masks", "40-pool-objects")) {
            List<Path> files = new ArrayList<>();
            try (var s = Files.list(AnnotatedProgramsTest.ROOT.resolve(d))) {
                s.filter(p -> p.toString().endsWith(".c")).sorted().forEach(files::add);
            }
            assertTrue(files.size() >= 4, d);
            for (Path f : files) {
                List<String> head = Files.readAllLines(f);
                boolean racy = head.get(0).contains("expect: racy");
                AnalysisResult r = fast(f, DataModel.LP64);
                if (head.get(1).contains("weft: imprecise:")) assertTrue(r.verdict() != (racy ? Verdict.TRUE : Verdict.FALSE), f.toString());
                else if (racy) assertTrue(r.verdict() != Verdict.TRUE && !r.races().isEmpty(), f.toString());
                else assertEquals(Verdict.TRUE, r.verdict(), f.toString());
            }
        }
    }
}
