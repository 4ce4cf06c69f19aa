package weft.soundness;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * Audit D54 through the harness: a worker writes an array element while main hands the element's address to
 * {@code mbrtowc} as its conversion state, which glibc leaves alone in the C locale (the explorer records the state's
 * accesses for proofs only). No oracle sees a race, so only the replay of a witness can contradict a {@code false}: on
 * the build before the fix every prover's {@code false} rested on the proof-only access, and {@link DifferentialCheck}
 * failed it as {@code FALSE_NOT_REPLAYED} (ThreadSanitizer reported nothing at the witness's lines). Skipped where
 * gcc with ThreadSanitizer is missing. Nor may any layer prove the program race-free: the call may touch the element.
 */
class WitnessReplayCheckTest {
    @Test
    void aRaceOnlyProofsCountIsNeverConfirmed() throws Exception {
        Assumptions.assumeTrue(TsanOracle.available(), "gcc -fsanitize=thread is not available");
        List<GenProgram.Fn> fns = List.of(
                new GenProgram.Fn("void *worker1(void *arg)", List.of(GenProgram.Node.stmt(-1, "int r = 0;", false),
                        GenProgram.Node.stmt(-1, "o1[0] = 1;", true)), "return (void *) (long) r;", false),
                new GenProgram.Fn("int main(void)", List.of(GenProgram.Node.stmt(-1, "int r = 0;", false),
                        GenProgram.Node.stmt(-1, "pthread_create(&t1, 0, worker1, 0);", false),
                        GenProgram.Node.stmt(-1, "{ wchar_t w5; r += (int) mbrtowc(&w5, \"a\", 1, (mbstate_t *) &(o1[0])); }", true),
                        GenProgram.Node.stmt(-1, "pthread_join(t1, 0);", false)), "return r == 12345;", false));
        GenProgram g = new GenProgram(1, "audit D54", List.of("int o1[4];", "pthread_t t1;"), fns, List.of());
        DifferentialCheck check = new DifferentialCheck(DifferentialCheck.TsanMode.WHEN_TRUE, 3, 1, true, false, new PhaseTimes());
        Path dir = Files.createTempDirectory("weft-replay-check");
        DifferentialCheck.Outcome o = check.check(g, Set.of(), dir);
        assertEquals("-", o.failure().map(f -> f.kind() + " " + f.detail()).orElse("-"));
        assertNotEquals(weft.race.Verdict.FALSE, o.verdict());
        assertNotEquals(weft.race.Verdict.FALSE, o.exploration());
        // and no proof: the call may touch the element
        assertNotEquals(weft.race.Verdict.TRUE, o.verdict());
        assertNotEquals(weft.race.Verdict.TRUE, o.exploration());
    }
}
