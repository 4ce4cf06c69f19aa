package weft.race;

import weft.frontend.Frontend;
import weft.frontend.FrontendOptions;
import weft.ir.DataModel;
import weft.ir.Program;
import weft.race.pair.Access;
import weft.race.pair.ExclusionRule;
import weft.race.pair.RaceContext;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link RaceDetector} asks a rule that reads only threads, states and locations once per pair of
 * (thread, state) classes at a pair of sites, the rules at the head of the list that read only the memory
 * accesses once per pair of distinct memory accesses there, and skips a rule for a pair with an access it
 * says it cannot exclude ({@link ExclusionRule#mayExclude}): on programs of the annotated corpus with locks, thread
 * creation and joins, heap and fields, the thread-modular layer gives exactly the races (representative
 * pairs, ranks, counts), the exclusion reasons per object and the number of pairs checked that it gives
 * when every rule is asked for every pair.
 */
class PairingMemoTest {
    private static final List<String> DIRS = List.of("01-basic", "02-locks", "03-rwlock", "07-create-join", "08-heap",
            "10-fields-arrays", "11-atomics", "12-thread-local", "16-svcomp-style", "18-once-barrier", "19-unpublished",
            "31-calling-contexts", "33-real-c");

    /** A rule asked per pair: the same answers, without the claims that only threads and states, or accesses, matter. */
    private record PerPair(ExclusionRule rule) implements ExclusionRule {
        @Override
        public String exclude(Access a, Access b, RaceContext ctx) {
            return rule.exclude(a, b, ctx);
        }

        @Override
        public String name() {
            return rule.name();
        }
    }

    private static List<ExclusionRule> perPair() {
        return RaceDetector.standardRules().stream().<ExclusionRule>map(PerPair::new).toList();
    }

    @Test
    void someStandardRulesAreAskedPerClass() {
        assertTrue(RaceDetector.standardRules().stream().anyMatch(ExclusionRule::threadStateOnly));
        assertTrue(RaceDetector.standardRules().get(0).accessOnly());
        assertTrue(perPair().stream().noneMatch(ExclusionRule::threadStateOnly));
        assertTrue(perPair().stream().noneMatch(ExclusionRule::accessOnly));
    }

    @TestFactory
    Stream<DynamicTest> sameResultAsAskingEveryPair() throws IOException {
        List<Path> files = new ArrayList<>();
        for (String d : DIRS) {
            try (Stream<Path> s = Files.list(Path.of("src/test/resources/races", d))) {
                s.filter(p -> p.toString().endsWith(".c")).sorted().forEach(files::add);
            }
        }
        return files.stream().map(f -> DynamicTest.dynamicTest(f.toString(), () -> {
            Program p = new Frontend(FrontendOptions.defaults(DataModel.LP64)).load(List.of(f));
            // thread-modular layer only, every race listed and every exclusion kept
            AnalysisOptions o = new AnalysisOptions(200, 0, false, 0).withExplain(true);
            AnalysisResult memo = new RaceAnalysis(o).run(p);
            AnalysisResult plain = new RaceAnalysis(o, PairingMemoTest::perPair).run(p);
            assertEquals(plain.verdict(), memo.verdict());
            assertEquals(plain.races(), memo.races());
            assertEquals(plain.exclusions(), memo.exclusions());
            assertEquals(plain.excluded(), memo.excluded());
            assertEquals(plain.stats().pairsChecked(), memo.stats().pairsChecked());
        }));
    }
}
