package weft.race;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import weft.budget.Budget;
import weft.frontend.Frontend;
import weft.frontend.FrontendOptions;
import weft.ir.DataModel;
import weft.ir.Program;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The bounded layer hooked into the precise layers: a race behind one exact input value is found with the solver's
 * input (and replayed by the explorer, whose witness it is), and a candidate guarded by a contradiction is refuted
 * within complete bounds; without the layer both stay open.
 */
class BoundedLayerTest {
    @TempDir
    Path dir;

    private Program load(String name, String source) throws Exception {
        Path file = dir.resolve(name + ".c");
        Files.writeString(file, "#include <pthread.h>\nextern int __VERIFIER_nondet_int(void);\n"
                + "extern unsigned __VERIFIER_nondet_uint(void);\n" + source);
        return new Frontend(FrontendOptions.defaults(DataModel.ILP32)).load(List.of(file));
    }

    private static final String EXACT_INPUT = """
            int g;
            void *worker(void *arg) { g = 1; return 0; }
            int main(void) {
                int x = __VERIFIER_nondet_int();
                pthread_t t;
                pthread_create(&t, 0, worker, 0);
                if (x * 7 == 864192)
                    g = 2;
                pthread_join(t, 0);
                return 0;
            }
            """;

    private static final String CONTRADICTION = """
            int g;
            void *worker(void *arg) {
                unsigned a = __VERIFIER_nondet_uint();
                unsigned b = a * 2u;
                if (b % 2u == 1u)
                    g = 1;
                return 0;
            }
            int main(void) {
                pthread_t t;
                pthread_create(&t, 0, worker, 0);
                g = 2;
                pthread_join(t, 0);
                return 0;
            }
            """;

    private static AnalysisResult analyse(Program p) {
        return new RaceAnalysis(AnalysisOptions.defaults().withBudgetMillis(20_000)).run(p);
    }

    @Test
    void aRaceBehindOneExactInputValueIsFoundWithTheSolversInput() throws Exception {
        AnalysisResult r = analyse(load("exact", EXACT_INPUT));
        assertEquals(Verdict.FALSE, r.verdict(), r.reason());
        assertTrue(r.witness().orElseThrow().nondetValues().containsValue("123456"), r.witness().toString());
    }

    @Test
    void withoutTheBoundedLayerTheExplorerMissesIt() throws Exception {
        PreciseLayers.Result r = new PreciseLayers(AnalysisOptions.defaults()).run(load("exact0", EXACT_INPUT),
                Budget.cpuMillis(3_000), Progress.NONE);
        assertEquals(PreciseLayers.Kind.OPEN, r.kind());
    }

    @Test
    void aCandidateGuardedByAContradictionIsRefutedWithinCompleteBounds() throws Exception {
        AnalysisResult r = analyse(load("contra", CONTRADICTION));
        assertEquals(Verdict.TRUE, r.verdict(), r.reason());
        assertTrue(r.reason().startsWith("bounded proof"), r.reason());
        assertTrue(r.reason().contains("unwinding up to 64 back edges"), r.reason());
    }

    @Test
    void itsRacyTwinIsNotRefuted() throws Exception {
        AnalysisResult r = analyse(load("contraRacy", CONTRADICTION.replace("b % 2u == 1u", "b % 4u == 2u")));
        assertEquals(Verdict.FALSE, r.verdict(), r.reason());
    }

    @Test
    void anOpenAnswerSaysWhereTheLayersStoppedWithTheBoundsGiven() throws Exception {
        AnalysisOptions o = AnalysisOptions.defaults().withBudgetMillis(8_000)
                .withBounded(weft.bounded.bmc.RaceBmc.Options.defaults().withBounds(null, 2, 3, null));
        // the corpus program whose loop runs an input number of times: no unwinding is complete
        Program p = new Frontend(FrontendOptions.defaults(DataModel.ILP32)).load(List.of(Path.of("src/test/resources/races/29-bounded/07-unbounded-loop.c")));
        AnalysisResult r = new RaceAnalysis(o).run(p);
        assertEquals(Verdict.UNKNOWN, r.verdict(), r.reason());
        String notes = String.join("; ", r.openNotes());
        assertTrue(notes.contains("exhaustive exploration incomplete: worker#1: nondeterministic input"), notes);
        assertTrue(notes.contains("bounded layer: no race within the bounds, but executions exceed them (bounds: rounds "), notes);
        assertTrue(notes.contains("unwind 2, threads 3, recursion 2)"), notes);
    }
}
