package weft.explore;

import weft.trace.RaceWitness;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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

    // ------------------------------------------------------------------ reductions

    private static final String PUBLISH = """
            struct node { int a, b, c, d, e, f, g, h; };
            struct node *pub;
            void *producer(void *x) {
                struct node *n = malloc(sizeof(struct node));
                INIT
                __atomic_store_n(&pub, n, 5);
                AFTER
                return 0;
            }
            int main(void) {
                pthread_t t;
                pthread_create(&t, 0, producer, 0);
                struct node *p;
                while (!(p = __atomic_load_n(&pub, 5))) {}
                int sum = p->a + p->h;
                pthread_join(t, 0);
                return sum;
            }
            """;

    @Test
    void privateHeapObjectsAreInitialisedWithoutInterleaving() throws Exception {
        // the node is private to the producer until published: its initialisation is fused with the allocation
        var one = explore("one", PUBLISH.replace("INIT", "n->a = 1; n->h = 8;").replace("AFTER", ""));
        var eight = explore("eight", PUBLISH.replace("INIT", "n->a = 1; n->b = 2; n->c = 3; n->d = 4; n->e = 5; n->f = 6; n->g = 7; n->h = 8;")
                .replace("AFTER", ""));
        assertEquals(StateSpace.Kind.RACE_FREE, one.kind(), describe(one));
        assertEquals(StateSpace.Kind.RACE_FREE, eight.kind(), describe(eight));
        assertEquals(one.states(), eight.states(), "writes to a private object must not be interleaved: " + describe(eight));
    }

    @Test
    void writesAfterPublishingAreShared() throws Exception {
        var o = explore("late", PUBLISH.replace("INIT", "n->a = 1; n->h = 0;").replace("AFTER", "n->h = 8;"));
        assertEquals(StateSpace.Kind.RACE, o.kind(), describe(o));
        assertEquals("heap", o.witness().orElseThrow().first().object().substring(0, 4), o.witness().toString());
    }

    private static final String STALE = """
            int g, done;
            void *reader(void *x) {
                int r = __atomic_load_n(&g, 5);
                if (r > 100) return 0;
                while (!__atomic_load_n(&done, 5)) {}
                USE
                return 0;
            }
            int main(void) {
                pthread_t t;
                pthread_create(&t, 0, reader, 0);
                for (int i = 0; i < 6; i++) __atomic_store_n(&g, i, 5);
                __atomic_store_n(&done, 1, 5);
                pthread_join(t, 0);
                return 0;
            }
            """;

    @Test
    void deadVariablesDoNotSplitStates() throws Exception {
        // while the reader spins, the value it read before is dead unless read after the loop
        var dead = explore("dead", STALE.replace("USE", ""));
        var live = explore("live", STALE.replace("USE", "return (void *) (long) r;"));
        assertEquals(StateSpace.Kind.RACE_FREE, dead.kind(), describe(dead));
        assertEquals(StateSpace.Kind.RACE_FREE, live.kind(), describe(live));
        assertTrue(dead.states() < live.states(), "dead " + describe(dead) + " / live " + describe(live));
        // a dead variable's value still decides nothing: a race after the loop is found
        var racy = explore("racy", STALE.replace("USE", "g = r;").replace("__atomic_store_n(&done, 1, 5);", "__atomic_store_n(&done, 1, 5); g = 9;"));
        assertEquals(StateSpace.Kind.RACE, racy.kind(), describe(racy));
    }

    @Test
    void resumingAfterALimitVisitsWhatOneExplorationDoes() throws Exception {
        // the escalation rounds resume one exploration with higher limits: that must reach the same verdict
        // over the same states as a single exploration with the final limits
        var p = ExploreTestSupport.load(dir, "resume", """
                int a, b; pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
                void *f(void *x) { for (int i = 0; i < 4; i++) { pthread_mutex_lock(&m); a++; pthread_mutex_unlock(&m); } return 0; }
                int main(void) {
                    pthread_t t1, t2, t3;
                    pthread_create(&t1, 0, f, 0); pthread_create(&t2, 0, f, 0); pthread_create(&t3, 0, f, 0);
                    pthread_join(t1, 0); pthread_join(t2, 0); pthread_join(t3, 0);
                    return a;
                }
                """);
        var once = StateSpace.explore(p, new StateSpace.Limits(1_000_000, 1L << 28, 60_000), true);
        assertEquals(StateSpace.Kind.RACE_FREE, once.kind(), describe(once));
        StateSpace space = StateSpace.of(p, true, true);
        var first = space.resume(new StateSpace.Limits(100, 1L << 28, 60_000));
        assertEquals(StateSpace.Kind.INCOMPLETE, first.kind(), describe(first));
        assertTrue(first.resumable(), describe(first));
        var second = space.resume(new StateSpace.Limits(400, 1L << 28, 60_000));
        assertTrue(second.states() > first.states(), describe(second));
        var last = space.resume(new StateSpace.Limits(1_000_000, 1L << 28, 60_000));
        assertEquals(StateSpace.Kind.RACE_FREE, last.kind(), describe(last));
        assertEquals(once.states(), last.states(), "a resumed exploration visits the states of one exploration");
        assertEquals(once.transitions(), last.transitions());
        // a final outcome stays final
        assertEquals(last, space.resume(new StateSpace.Limits(1, 1L << 28, 1)));
    }

    @Test
    void aStopThatMoreEffortCannotLiftIsNotResumable() throws Exception {
        var p = ExploreTestSupport.load(dir, "nondet", """
                extern int __VERIFIER_nondet_int(void);
                int g;
                void *f(void *x) { g = 1; return 0; }
                int main(void) { pthread_t t; int n = __VERIFIER_nondet_int(); pthread_create(&t, 0, f, 0); return n; }
                """);
        var o = StateSpace.of(p, true, true).resume(new StateSpace.Limits(1_000_000, 1L << 28, 60_000));
        assertEquals(StateSpace.Kind.INCOMPLETE, o.kind(), describe(o));
        assertTrue(!o.resumable(), describe(o));
    }

    private StateSpace.Outcome[] withAndWithoutSleepSets(String name, String source) throws Exception {
        var p = ExploreTestSupport.load(dir, name, source);
        var limits = new StateSpace.Limits(200_000, 1L << 28, 20_000);
        return new StateSpace.Outcome[] {StateSpace.explore(p, limits, true, true), StateSpace.explore(p, limits, true, false)};
    }

    @Test
    void sleepSetsSkipTransitionsButNoState() throws Exception {
        // three threads on their own counters, then a shared one under a lock built from an atomic flag
        var o = withAndWithoutSleepSets("independent", """
                int c1, c2, c3, shared, lock;
                void *f(void *x) {
                    int *mine = x;
                    for (int i = 0; i < 3; i++) __atomic_fetch_add(mine, 1, 5);
                    while (__atomic_exchange_n(&lock, 1, 5)) {}
                    shared++;
                    __atomic_store_n(&lock, 0, 5);
                    return 0;
                }
                int main(void) {
                    pthread_t a, b, c;
                    pthread_create(&a, 0, f, &c1); pthread_create(&b, 0, f, &c2); pthread_create(&c, 0, f, &c3);
                    pthread_join(a, 0); pthread_join(b, 0); pthread_join(c, 0);
                    return shared;
                }
                """);
        assertEquals(StateSpace.Kind.RACE_FREE, o[0].kind(), describe(o[0]));
        assertEquals(StateSpace.Kind.RACE_FREE, o[1].kind(), describe(o[1]));
        assertEquals(o[1].states(), o[0].states(), "sleep sets must visit every state");
        assertTrue(o[0].transitions() < o[1].transitions(), o[0].transitions() + " transitions with sleep sets, " + o[1].transitions() + " without");
    }

    @Test
    void sleepSetsStillFindRaces() throws Exception {
        // the race needs both threads past their independent steps
        var o = withAndWithoutSleepSets("late-race", """
                int c1, c2, x;
                void *f(void *arg) {
                    for (int i = 0; i < 3; i++) __atomic_fetch_add(&c2, 1, 5);
                    x = 1;
                    return 0;
                }
                int main(void) {
                    pthread_t t;
                    pthread_create(&t, 0, f, 0);
                    for (int i = 0; i < 3; i++) __atomic_fetch_add(&c1, 1, 5);
                    int y = x;
                    pthread_join(t, 0);
                    return y;
                }
                """);
        assertEquals(StateSpace.Kind.RACE, o[0].kind(), describe(o[0]));
        assertEquals(StateSpace.Kind.RACE, o[1].kind(), describe(o[1]));
        assertEquals("x", o[0].witness().orElseThrow().first().object());
    }

    @Test
    void aFailedTrylockDependsOnTheHolder() throws Exception {
        // main writes y only when its trylock fails, which needs the worker inside its critical section
        var o = withAndWithoutSleepSets("trylock", """
                pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER; int other, y;
                void *f(void *arg) {
                    if (pthread_mutex_trylock(&m) == 0) pthread_mutex_unlock(&m);
                    else y = 1;
                    return 0;
                }
                int main(void) {
                    pthread_t t;
                    pthread_create(&t, 0, f, 0);
                    pthread_mutex_lock(&m);
                    __atomic_store_n(&other, 1, 5);
                    pthread_mutex_unlock(&m);
                    y = 2;
                    pthread_join(t, 0);
                    return 0;
                }
                """);
        assertEquals(StateSpace.Kind.RACE, o[1].kind(), describe(o[1]));
        assertEquals(StateSpace.Kind.RACE, o[0].kind(), describe(o[0]));
    }

    @Test
    void theResultOfAnUnlockIsStoredAfterTheUnlock() throws Exception {
        // status is written after m was released: another thread's own unlock may be about to store it too
        var racy = explore("unlockResult", """
                pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER; int status;
                void *w(void *a) { pthread_mutex_lock(&m); status = pthread_mutex_unlock(&m); return 0; }
                int main(void) { pthread_t a, b; pthread_create(&a, 0, w, 0); pthread_create(&b, 0, w, 0); pthread_join(a, 0); pthread_join(b, 0); return 0; }
                """);
        assertEquals(StateSpace.Kind.RACE, racy.kind(), describe(racy));
        // the result of a lock is stored holding the lock: no two threads can be about to store it
        var safe = explore("lockResult", """
                pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER; int status;
                void *w(void *a) { status = pthread_mutex_lock(&m); status++; pthread_mutex_unlock(&m); return 0; }
                int main(void) { pthread_t a, b; pthread_create(&a, 0, w, 0); pthread_create(&b, 0, w, 0); pthread_join(a, 0); pthread_join(b, 0); return status; }
                """);
        assertEquals(StateSpace.Kind.RACE_FREE, safe.kind(), describe(safe));
        // a thread created before the creator stores the create's result may read it first
        var created = explore("createResult", """
                int ret;
                void *w(void *a) { return (void *)(long)ret; }
                int main(void) { pthread_t a; ret = pthread_create(&a, 0, w, 0); pthread_join(a, 0); return 0; }
                """);
        assertEquals(StateSpace.Kind.RACE, created.kind(), describe(created));
    }

    @Test
    void aClosedVariantFindsARaceBehindAnInputButNeverProvesRaceFreedom() throws Exception {
        String src = """
                int g;
                void *w(void *a) { g = 1; return 0; }
                int main(void) {
                    int n = __VERIFIER_nondet_int();
                    pthread_t t;
                    pthread_create(&t, 0, w, 0);
                    if (n == 1) g = 2;
                    pthread_join(t, 0);
                    return g;
                }
                """;
        var program = ExploreTestSupport.load(dir, "closed", src);
        StateSpace proof = StateSpace.of(program, true, true);
        var limits = new StateSpace.Limits(200_000, 1L << 28, 20_000);
        var o = proof.resume(limits);
        assertEquals(StateSpace.Kind.INCOMPLETE, o.kind(), describe(o));
        assertTrue(proof.metInput(), describe(o));
        // every input one: main's write races with the worker's
        var one = StateSpace.closedVariant(program, true, true, 1).resume(limits);
        assertEquals(StateSpace.Kind.RACE, one.kind(), describe(one));
        // every input zero: no race in this variant, which is no proof for the program
        var zero = StateSpace.closedVariant(program, true, true, 0).resume(limits);
        assertEquals(StateSpace.Kind.INCOMPLETE, zero.kind(), describe(zero));
        assertFalse(zero.resumable(), describe(zero));
        assertTrue(zero.detail().contains("closed variant"), describe(zero));
    }
}
