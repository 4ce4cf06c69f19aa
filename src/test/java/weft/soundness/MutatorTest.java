package weft.soundness;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The mutation operators ({@link Mutator}) and a small fixed sample of the mutation mode ({@link MutationBench}). */
class MutatorTest {
    private static final String SRC = """
            #include <pthread.h>
            #include <stdatomic.h>
            int g = 0;
            atomic_int n;
            pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
            pthread_once_t once = PTHREAD_ONCE_INIT;
            pthread_barrier_t b;
            void init(void) { g = 0; }
            void *w(void *a) {
                pthread_once(&once, init);
                pthread_mutex_lock(&m);
                g++;
                pthread_mutex_unlock(&m);
                atomic_fetch_add(&n, 1);
                pthread_barrier_wait(&b);
                return a;
            }
            int main(void) {
                pthread_t t;
                pthread_create(&t, 0, w, 0);
                int x = 1;
                pthread_join(t, 0);
                g = x;
                return 0;
            }""";

    @Test
    void everyOperatorApplies() {
        List<Mutator.Mutant> all = Mutator.all(SRC);
        Set<Mutator.Op> ops = all.stream().map(Mutator.Mutant::op).collect(Collectors.toSet());
        assertEquals(Set.of(Mutator.Op.values()), ops, all.stream().map(Mutator.Mutant::label).toList().toString());
        for (Mutator.Mutant m : all) assertEquals(SRC.split("\n", -1).length, m.text().split("\n", -1).length, m.label() + " keeps the lines");
        String plain = all.stream().filter(m -> m.op() == Mutator.Op.PLAIN_ATOMIC).findFirst().orElseThrow().text();
        assertTrue(plain.contains("((n) += 1);"), plain);
        String early = all.stream().filter(m -> m.op() == Mutator.Op.UNLOCK_EARLY).findFirst().orElseThrow().text();
        assertTrue(early.contains("pthread_mutex_lock(&m); pthread_mutex_unlock(&m);"), early);
        String once = all.stream().filter(m -> m.op() == Mutator.Op.DROP_ONCE_BARRIER).findFirst().orElseThrow().text();
        assertTrue(once.contains("(init(), 0);"), once);
        assertTrue(all.stream().anyMatch(m -> m.op() == Mutator.Op.DROP_ONCE_BARRIER && m.text().contains("\n    0;\n")), "barrier dropped");
    }

    @Test
    void samplingIsSeededAndDeterministic() {
        assertEquals(Mutator.sample(SRC, 3, 42), Mutator.sample(SRC, 3, 42));
        assertEquals(3, Mutator.sample(SRC, 3, 42).size());
    }

    /** A fixed sample of the mutation mode: unlocking early in a race-free corpus program must not be proved race-free. */
    @Test
    void fixedSampleHasNoSoundnessFailure() throws Exception {
        Path src = Path.of("src/test/resources/races/02-locks/01-lock-in-struct.c");
        List<Mutator.Mutant> ms = Mutator.all(Files.readString(src)).stream()
                .filter(m -> m.op() == Mutator.Op.DROP_LOCK_PAIR || m.op() == Mutator.Op.UNLOCK_EARLY).limit(2).toList();
        assertTrue(!ms.isEmpty());
        MutationBench.Stats s = MutationBench.run(List.of(src), 100, ms.size(), 7, null, 1, false);
        MutationBench.print(s);
        assertTrue(s.mutants > 0);
        assertTrue(s.found.isEmpty(), String.join("\n", s.found));
    }
}
