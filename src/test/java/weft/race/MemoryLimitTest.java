package weft.race;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import weft.frontend.Frontend;
import weft.frontend.FrontendOptions;
import weft.ir.DataModel;
import weft.ir.Program;
import weft.modular.MemoryBudget;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The thread-modular layer under a memory limit it always exceeds (one joined context per thread and
 * function, see {@code ThreadWalker}) on every annotated program: it still reports every {@code RACE!}
 * line, proves race-freedom only where the precise walk does, and reports every line pair the precise
 * walk reports (joined contexts only lose precision).
 */
class MemoryLimitTest {
    private static final AnalysisOptions TM = new AnalysisOptions(200, 1_000_000, false, 0);

    @TestFactory
    Stream<DynamicTest> degradedWalkLosesNoRace() throws IOException {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Files.walk(AnnotatedProgramsTest.ROOT)) {
            s.filter(p -> p.toString().endsWith(".c")).sorted().forEach(files::add);
        }
        assertFalse(files.isEmpty());
        return files.stream().map(f -> DynamicTest.dynamicTest(AnnotatedProgramsTest.ROOT.relativize(f).toString(), () -> check(f)));
    }

    private static void check(Path file) throws Exception {
        List<String> lines = Files.readAllLines(file);
        Program p = new Frontend(FrontendOptions.defaults(DataModel.LP64)).load(List.of(file));
        AnalysisResult precise = new RaceAnalysis(TM).run(p);
        Map<String, Long> counts = new HashMap<>();
        AnalysisResult degraded = new RaceAnalysis(TM.withMemoryBytes(1)).run(p, counter(counts));
        Set<Integer> reported = AnnotatedProgramsTest.reportedLines(degraded, file);
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains("// RACE!")) assertTrue(reported.contains(i + 1), "line " + (i + 1) + " must be reported");
        }
        if (degraded.verdict() == Verdict.TRUE) assertEquals(Verdict.TRUE, precise.verdict(), "degraded proves more than precise");
        assertTrue(pairs(degraded).containsAll(pairs(precise)), "degraded lost pairs: " + pairs(precise) + " vs " + pairs(degraded));
    }

    @Test
    void theLimitTripsAndJoinsContexts() throws Exception {
        Path file = AnnotatedProgramsTest.ROOT.resolve("26-harness");
        Path any;
        try (Stream<Path> s = Files.list(file)) {
            any = s.filter(x -> x.toString().endsWith(".c")).sorted().findFirst().orElseThrow();
        }
        Program p = new Frontend(FrontendOptions.defaults(DataModel.LP64)).load(List.of(any));
        Map<String, Long> counts = new HashMap<>();
        new RaceAnalysis(TM.withMemoryBytes(1)).run(p, counter(counts));
        assertTrue(counts.getOrDefault("functions with one joined context (memory limit)", 0L) > 0, counts.toString());
        counts.clear();
        new RaceAnalysis(TM).run(p, counter(counts));
        assertEquals(0L, counts.get("functions with one joined context (memory limit)"), "no limit by default on a small program");
    }

    @Test
    void defaultLimitIsThreeQuartersOfTheMaximumHeap() {
        assertEquals(Runtime.getRuntime().maxMemory() / 4 * 3, MemoryBudget.of(0).limitBytes());
        assertEquals(1L << 30, MemoryBudget.of(1L << 30).limitBytes());
        assertFalse(MemoryBudget.NONE.exceeded());
        assertTrue(new MemoryBudget(1).exceeded());
    }

    private static Progress counter(Map<String, Long> counts) {
        return new Progress() {
            @Override
            public void phase(String phase) {
            }

            @Override
            public void count(String name, long value) {
                counts.put(name, value);
            }
        };
    }

    private static Set<String> pairs(AnalysisResult r) {
        Set<String> out = new TreeSet<>();
        for (RacePair pair : r.races()) {
            String a = pair.first().loc().line() + ":" + pair.first().isWrite();
            String b = pair.second().loc().line() + ":" + pair.second().isWrite();
            out.add(a.compareTo(b) <= 0 ? a + "-" + b : b + "-" + a);
        }
        return out;
    }
}
