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

/** The precise layers in rounds of growing effort: easy answers in the first round, hard ones later, no answer from time. */
class PreciseLayersTest {
    @TempDir
    Path dir;

    private Program load(String name, String source) throws Exception {
        Path file = dir.resolve(name + ".c");
        Files.writeString(file, "#include <pthread.h>\nextern int __VERIFIER_nondet_int(void);\n" + source);
        return new Frontend(FrontendOptions.defaults(DataModel.ILP32)).load(List.of(file));
    }

    private static PreciseLayers.Result run(Program p, long millis) {
        return new PreciseLayers(AnalysisOptions.defaults()).run(p, Budget.cpuMillis(millis), Progress.NONE);
    }

    /** Spin lock from an atomic flag around a counter: race-free, with a state space of some thousand states. */
    private static final String SPIN = """
            int lock, counter;
            void *f(void *x) {
                for (int i = 0; i < 3; i++) {
                    while (__atomic_exchange_n(&lock, 1, 5)) {}
                    counter++;
                    __atomic_store_n(&lock, 0, 5);
                }
                return 0;
            }
            int main(void) {
                pthread_t a, b, c;
                pthread_create(&a, 0, f, 0); pthread_create(&b, 0, f, 0); pthread_create(&c, 0, f, 0);
                pthread_join(a, 0); pthread_join(b, 0); pthread_join(c, 0);
                return counter;
            }
            """;

    @Test
    void aSmallClosedProgramIsProvedInTheFirstRound() throws Exception {
        PreciseLayers.Result r = run(load("spin", SPIN), 30_000);
        assertEquals(PreciseLayers.Kind.RACE_FREE, r.kind());
        assertEquals(1, r.rounds());
    }

    @Test
    void itsRacyTwinGetsAWitness() throws Exception {
        PreciseLayers.Result r = run(load("spinracy", SPIN.replace("counter++;\n", "counter++;\n__atomic_store_n(&lock, 0, 5); counter++;\n")), 30_000);
        assertEquals(PreciseLayers.Kind.RACE, r.kind());
        assertTrue(r.witness().isPresent());
    }

    @Test
    void aRaceTheExplorationCannotReachIsFoundByTheWitnessSearchInTheFirstRound() throws Exception {
        // a nondet input stops the exhaustive exploration at once; the witness search finds the race
        PreciseLayers.Result r = run(load("nondet", """
                int g;
                void *f(void *x) { g = 1; return 0; }
                int main(void) { pthread_t t; int n = __VERIFIER_nondet_int(); pthread_create(&t, 0, f, 0); g = n; return 0; }
                """), 30_000);
        assertEquals(PreciseLayers.Kind.RACE, r.kind());
        assertEquals(1, r.rounds());
    }

    @Test
    void anOpenQuestionStaysOpenWhenTheBudgetRunsOutAndNeverBecomesRaceFree() throws Exception {
        // race-free, but a nondet input keeps the exploration from proving it: unknown, whatever the budget
        PreciseLayers.Result r = run(load("open", """
                int g; pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
                void *f(void *x) { pthread_mutex_lock(&m); g = 1; pthread_mutex_unlock(&m); return 0; }
                int main(void) {
                    pthread_t t; int n = __VERIFIER_nondet_int(); pthread_create(&t, 0, f, 0);
                    pthread_mutex_lock(&m); g = n; pthread_mutex_unlock(&m); return 0;
                }
                """), 1_500);
        assertEquals(PreciseLayers.Kind.OPEN, r.kind());
        assertTrue(r.rounds() >= 2, "rounds: " + r.rounds());
        assertTrue(r.proofIncomplete() != null && r.proofIncomplete().contains("nondet"), r.proofIncomplete());
    }

    /** Race-free, but a nondet input keeps the exploration from proving it and the witness search has always more to try. */
    private static final String OPEN = """
            int g; pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
            void *f(void *x) { pthread_mutex_lock(&m); g = 1; pthread_mutex_unlock(&m); return 0; }
            int main(void) {
                pthread_t t; int n = __VERIFIER_nondet_int(); pthread_create(&t, 0, f, 0);
                pthread_mutex_lock(&m); g = n; pthread_mutex_unlock(&m); return 0;
            }
            """;

    /**
     * The rounds count deterministic work: two runs with the same options end after the same rounds and states, however
     * long each took; and where the CPU time given ends them before their work, the one outcome that depends on the
     * machine, the open notes say so.
     */
    @Test
    void theRoundsEndAtTheirWorkAndATimeLimitThatComesFirstIsSaid() throws Exception {
        Program p = load("open", OPEN);
        AnalysisOptions small = AnalysisOptions.defaults().withWorkMillis(1_000);
        PreciseLayers.Result one = new PreciseLayers(small).run(p, Budget.cpuMillis(60_000), Progress.NONE);
        PreciseLayers.Result two = new PreciseLayers(small).run(p, Budget.cpuMillis(60_000), Progress.NONE);
        assertEquals(PreciseLayers.Kind.OPEN, one.kind());
        assertEquals(List.of(one.rounds(), one.states(), one.openNotes()), List.of(two.rounds(), two.states(), two.openNotes()));
        assertTrue(one.openNotes().stream().noneMatch(n -> n.contains("time limit")), one.openNotes().toString());
        PreciseLayers.Result capped = new PreciseLayers(AnalysisOptions.defaults().withWorkMillis(600_000))
                .run(p, Budget.cpuMillis(400), Progress.NONE);
        assertEquals(PreciseLayers.Kind.OPEN, capped.kind());
        assertTrue(capped.openNotes().stream().anyMatch(n -> n.contains("stopped by the time limit before their budget of work")),
                capped.openNotes().toString());
    }
}
