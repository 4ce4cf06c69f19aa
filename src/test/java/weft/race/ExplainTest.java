package weft.race;

import weft.frontend.Frontend;
import weft.frontend.FrontendOptions;
import weft.ir.DataModel;
import weft.ir.Program;
import weft.race.pair.ExclusionRule;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Excluded pairs are kept only when asked for, each with the name of the first rule that excluded it. */
class ExplainTest {
    static Program load(String file) throws Exception {
        return new Frontend(FrontendOptions.defaults(DataModel.LP64)).load(List.of(Path.of(file)));
    }

    @Test
    void excludedPairsOnlyWithExplain() throws Exception {
        Program p = load("src/test/resources/report/racefree.c");
        AnalysisResult plain = new RaceAnalysis(AnalysisOptions.defaults()).run(p);
        assertEquals(Verdict.TRUE, plain.verdict());
        assertTrue(plain.excluded().isEmpty(), "no pairs stored by default");
        AnalysisResult explained = new RaceAnalysis(AnalysisOptions.defaults().withExplain(true)).run(p);
        assertEquals(Verdict.TRUE, explained.verdict());
        assertEquals(plain.stats().pairsChecked(), explained.excluded().size(), "every checked pair is explained");
        Set<String> names = RaceDetector.standardRules().stream().map(ExclusionRule::name).collect(Collectors.toSet());
        for (ExcludedPair x : explained.excluded()) {
            assertTrue(names.contains(x.rule()), x.rule());
            assertFalse(x.reason().isBlank());
        }
        assertTrue(explained.excluded().stream().anyMatch(x -> x.rule().equals("common-lock") && x.reason().equals("common lock m")));
        assertEquals("common-lock", new weft.race.rules.CommonLock().name());
        assertEquals("joined-before-created", new weft.race.rules.JoinedBeforeCreated().name());
    }
}
