package weft.explore;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The exhaustive state-space search: proofs on closed programs, races, and everything that must stop a proof. */
class StateSpaceTest {
    @TempDir
    Path dir;

    private StateSpace.Outcome explore(String name, String source) throws Exception {
        return StateSpace.explore(ExploreTestSupport.load(dir, name, source), new StateSpace.Limits(200_000, 1L << 28, 20_000), true);
    }

    private static String describe(StateSpace.Outcome o) {
        return o.kind() + " after " + o.states() + " states: " + o.detail();
    }

    @Test
    void petersonWithPlainFlagsRacesOnTheFlags() throws Exception {
        // volatile is no synchronisation in C: the flags themselves are raced on
        var o = explore("peterson", """
                volatile int flag0, flag1, turn; int counter;
                void *t1(void *a) {
                    flag1 = 1; turn = 0;
                    while (flag0 && turn == 0) {}
                    counter++;
                    flag1 = 0;
                    return 0;
                }
                int main(void) {
                    pthread_t t;
                    pthread_create(&t, 0, t1, 0);
                    flag0 = 1; turn = 1;
                    while (flag1 && turn == 1) {}
                    counter++;
                    flag0 = 0;
                    pthread_join(t, 0);
                    return counter;
                }
                """);
        assertEquals(StateSpace.Kind.RACE, o.kind(), describe(o));
        String object = o.witness().orElseThrow().first().object();
        assertTrue(object.startsWith("flag") || object.equals("turn"), o.witness().toString());
    }

    @Test
    void petersonWithAtomicFlagsIsProvedRaceFree() throws Exception {
        // a lock built from atomic flags: no lockset argument applies, only the reachable states show exclusion
        var o = explore("dekker", """
                int flag0, flag1, turn; int counter;
                void *t1(void *a) {
                    __atomic_store_n(&flag1, 1, 5); __atomic_store_n(&turn, 0, 5);
                    while (__atomic_load_n(&flag0, 5) && __atomic_load_n(&turn, 5) == 0) {}
                    counter++;
                    __atomic_store_n(&flag1, 0, 5);
                    return 0;
                }
                int main(void) {
                    pthread_t t;
                    pthread_create(&t, 0, t1, 0);
                    __atomic_store_n(&flag0, 1, 5); __atomic_store_n(&turn, 1, 5);
                    while (__atomic_load_n(&flag1, 5) && __atomic_load_n(&turn, 5) == 1) {}
                    counter++;
                    __atomic_store_n(&flag0, 0, 5);
                    pthread_join(t, 0);
                    return counter;
                }
                """);
        assertEquals(StateSpace.Kind.RACE_FREE, o.kind(), describe(o));
        assertTrue(o.states() > 10, describe(o));
    }

    @Test
    void brokenMutualExclusionIsARaceWithWitness() throws Exception {
        // the same protocol without the turn variable's second check: both may enter
        var o = explore("broken", """
                int flag0, flag1; int counter;
                void *t1(void *a) {
                    while (__atomic_load_n(&flag0, 5)) {}
                    __atomic_store_n(&flag1, 1, 5);
                    counter++;
                    __atomic_store_n(&flag1, 0, 5);
                    return 0;
                }
                int main(void) {
                    pthread_t t;
                    pthread_create(&t, 0, t1, 0);
                    while (__atomic_load_n(&flag1, 5)) {}
                    __atomic_store_n(&flag0, 1, 5);
                    counter++;
                    __atomic_store_n(&flag0, 0, 5);
                    pthread_join(t, 0);
                    return 0;
                }
                """);
        assertEquals(StateSpace.Kind.RACE, o.kind(), describe(o));
        RaceWitness w = o.witness().orElseThrow();
        assertTrue(w.first().object().equals("counter") && w.second().object().equals("counter"), w.toString());
        assertTrue(w.first().write() || w.second().write(), w.toString());
    }

    @Test
    void longLocalLoopsBeforeARaceAreFused() throws Exception {
        var o = explore("locals", """
                int x;
                void *t1(void *a) {
                    int s = 0;
                    for (int i = 0; i < 5000; i++) s += i;
                    x = s;
                    return 0;
                }
                int main(void) {
                    pthread_t t;
                    pthread_create(&t, 0, t1, 0);
                    int s = 0;
                    for (int i = 0; i < 5000; i++) s -= i;
                    x = s;
                    pthread_join(t, 0);
                    return 0;
                }
                """);
        assertEquals(StateSpace.Kind.RACE, o.kind(), describe(o));
        assertTrue(o.states() < 100, "local steps must not be interleaved: " + describe(o));
    }

    @Test
    void nondeterministicInputsStopTheProof() throws Exception {
        var o = explore("nondet", """
                int x;
                void *t1(void *a) { if (__VERIFIER_nondet_int() == 7) x = 1; return 0; }
                int main(void) {
                    pthread_t t;
                    pthread_create(&t, 0, t1, 0);
                    pthread_join(t, 0);
                    x = 2;
                    return 0;
                }
                """);
        assertEquals(StateSpace.Kind.INCOMPLETE, o.kind(), describe(o));
        assertTrue(o.detail().contains("nondeterministic"), describe(o));
    }

    @Test
    void spuriousWakeupsAreExplored() throws Exception {
        // race-free only if a condition wait never returns without a signal, which POSIX does not promise
        var o = explore("spurious", """
                int ready, data; pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER; pthread_cond_t c = PTHREAD_COND_INITIALIZER;
                void *consumer(void *a) {
                    pthread_mutex_lock(&m);
                    if (!ready) pthread_cond_wait(&c, &m);
                    pthread_mutex_unlock(&m);
                    return (void *) (long) data;
                }
                int main(void) {
                    pthread_t t;
                    pthread_create(&t, 0, consumer, 0);
                    data = 42;
                    pthread_mutex_lock(&m);
                    ready = 1;
                    pthread_cond_signal(&c);
                    pthread_mutex_unlock(&m);
                    pthread_join(t, 0);
                    return 0;
                }
                """);
        assertNotEquals(StateSpace.Kind.RACE_FREE, o.kind(), describe(o));
        assertEquals(StateSpace.Kind.INCOMPLETE, o.kind(), "a race only a spurious wakeup reaches is no certain race: " + describe(o));
    }

    @Test
    void threadIdWrittenByCreateCountsInProofs() throws Exception {
        var o = explore("tid", """
                pthread_t t;
                void *f(void *a) { return (void *) t; }
                int main(void) {
                    pthread_create(&t, 0, f, 0);
                    pthread_create(&t, 0, f, 0);
                    return 0;
                }
                """);
        assertNotEquals(StateSpace.Kind.RACE_FREE, o.kind(), describe(o));
    }

    @Test
    void spinLoopsWithDeclarationsReachAFixpoint() throws Exception {
        var o = explore("spin", """
                int flag, x;
                void *t1(void *a) {
                    while (!__atomic_load_n(&flag, 5)) { int tmp = 0; tmp++; }
                    x = 1;
                    return 0;
                }
                int main(void) {
                    pthread_t t;
                    pthread_create(&t, 0, t1, 0);
                    x = 2;
                    __atomic_store_n(&flag, 1, 5);
                    pthread_join(t, 0);
                    return x;
                }
                """);
        assertEquals(StateSpace.Kind.RACE_FREE, o.kind(), describe(o));
    }

    @Test
    void limitsGiveIncomplete() throws Exception {
        var p = ExploreTestSupport.load(dir, "big", """
                int a, b; pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
                void *f(void *x) { for (int i = 0; i < 50; i++) { pthread_mutex_lock(&m); a++; pthread_mutex_unlock(&m); } return 0; }
                int main(void) {
                    pthread_t t1, t2, t3;
                    pthread_create(&t1, 0, f, 0); pthread_create(&t2, 0, f, 0); pthread_create(&t3, 0, f, 0);
                    return 0;
                }
                """);
        var o = StateSpace.explore(p, new StateSpace.Limits(100, 1L << 28, 20_000), true);
        assertEquals(StateSpace.Kind.INCOMPLETE, o.kind(), describe(o));
        assertTrue(o.detail().contains("states"), describe(o));
    }
}
