package weft.explore;

import weft.trace.RaceWitness;
import weft.trace.Step;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static weft.explore.ExploreTestSupport.explore;

/** Races the explorer must find, and race-free programs where it must not report one. */
class ExplorerTest {
    @TempDir
    Path dir;

    private RaceWitness mustFind(String name, String src) throws Exception {
        Optional<RaceWitness> w = explore(dir, name, src);
        assertTrue(w.isPresent(), "expected a race in " + name);
        RaceWitness r = w.get();
        assertNotEquals(r.first().thread(), r.second().thread());
        assertTrue(r.first().write() || r.second().write());
        assertTrue(r.first().offset() < r.second().offset() + r.second().size()
                && r.second().offset() < r.first().offset() + r.first().size(), "accesses overlap");
        assertEquals(r.first().object(), r.second().object());
        assertFalse(r.schedule().isEmpty());
        return r;
    }

    private void mustNotFind(String name, String src) throws Exception {
        Optional<RaceWitness> w = explore(dir, name, src);
        assertTrue(w.isEmpty(), () -> "unexpected race in " + name + ": " + w.get().first() + " / " + w.get().second());
    }

    // ------------------------------------------------------------------ must find

    @Test
    void unprotectedCounter() throws Exception {
        RaceWitness r = mustFind("counter", """
                int counter;
                void *worker(void *arg) { counter++; return 0; }
                int main(void) {
                  pthread_t a, b;
                  pthread_create(&a, 0, worker, 0);
                  pthread_create(&b, 0, worker, 0);
                  pthread_join(a, 0);
                  pthread_join(b, 0);
                  return counter;
                }
                """);
        assertEquals("counter", r.first().object());
        assertEquals(4, r.first().size());
        // both accesses are at the increment, line 2 of the program after the prelude
        int line = (int) ExploreTestSupport.PRELUDE.lines().count() + 2;
        assertEquals(line, r.first().loc().line());
        assertEquals(line, r.second().loc().line());
        assertTrue(r.first().threadName().startsWith("worker#"));
        assertTrue(r.second().threadName().startsWith("worker#"));
        assertTrue(r.schedule().stream().anyMatch(s -> s.statement().startsWith("pthread_create")));
        assertEquals("main", r.schedule().get(0).threadName());
    }

    @Test
    void raceThroughThreadArgument() throws Exception {
        RaceWitness r = mustFind("argument", """
                void *worker(void *arg) { int *p = arg; *p = 1; return 0; }
                int main(void) {
                  int x = 0;
                  pthread_t t;
                  pthread_create(&t, 0, worker, &x);
                  int y = x;
                  pthread_join(t, 0);
                  return y;
                }
                """);
        assertEquals("x", r.first().object());
    }

    @Test
    void raceOnHeapObject() throws Exception {
        RaceWitness r = mustFind("heap", """
                int *shared;
                void *worker(void *arg) { shared[1] = 5; return 0; }
                int main(void) {
                  shared = malloc(4 * sizeof(int));
                  pthread_t t;
                  pthread_create(&t, 0, worker, 0);
                  shared[1] = 7;
                  pthread_join(t, 0);
                  return 0;
                }
                """);
        assertTrue(r.first().object().startsWith("heap#"), r.first().object());
        assertEquals(4, r.first().offset());
        assertTrue(r.first().write() && r.second().write());
    }

    @Test
    void raceBetweenMainAfterCreateAndThread() throws Exception {
        RaceWitness r = mustFind("mainAfterCreate", """
                int g;
                void *worker(void *arg) { g = 1; return 0; }
                int main(void) {
                  pthread_t t;
                  pthread_create(&t, 0, worker, 0);
                  g = 2;
                  pthread_join(t, 0);
                  return 0;
                }
                """);
        assertTrue(r.first().threadName().equals("main") || r.second().threadName().equals("main"));
    }

    @Test
    void raceOnlyOnOneNondetBranch() throws Exception {
        RaceWitness r = mustFind("nondetBranch", """
                int g;
                void *worker(void *arg) {
                  if (__VERIFIER_nondet_int() == 1) g = 1;
                  return 0;
                }
                int main(void) {
                  pthread_t t;
                  pthread_create(&t, 0, worker, 0);
                  int v = g;
                  pthread_join(t, 0);
                  return v;
                }
                """);
        assertTrue(r.nondetValues().containsValue("1"), r.nondetValues().toString());
    }

    @Test
    void arrayElementRaceWithSameIndex() throws Exception {
        RaceWitness r = mustFind("arraySame", """
                int a[8];
                void *worker(void *arg) { int i = (int) arg; a[i] = i; return 0; }
                int main(void) {
                  pthread_t t1, t2;
                  pthread_create(&t1, 0, worker, (void *) 3);
                  pthread_create(&t2, 0, worker, (void *) 3);
                  pthread_join(t1, 0);
                  pthread_join(t2, 0);
                  return 0;
                }
                """);
        assertEquals(12, r.first().offset());
    }

    // ------------------------------------------------------------------ must not find

    @Test
    void lockedCounter() throws Exception {
        mustNotFind("locked", """
                int counter;
                pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
                void *worker(void *arg) {
                  pthread_mutex_lock(&m); counter++; pthread_mutex_unlock(&m);
                  return 0;
                }
                int main(void) {
                  pthread_t a, b;
                  pthread_create(&a, 0, worker, 0);
                  pthread_create(&b, 0, worker, 0);
                  pthread_mutex_lock(&m); int v = counter; pthread_mutex_unlock(&m);
                  pthread_join(a, 0);
                  pthread_join(b, 0);
                  return counter + v;
                }
                """);
    }

    @Test
    void accessesOrderedByJoin() throws Exception {
        mustNotFind("join", """
                int g;
                void *worker(void *arg) { g = 1; return 0; }
                int main(void) {
                  pthread_t t;
                  pthread_create(&t, 0, worker, 0);
                  pthread_join(t, 0);
                  g = 2;
                  return g;
                }
                """);
    }

    @Test
    void mainAccessesBeforeCreate() throws Exception {
        mustNotFind("beforeCreate", """
                int g;
                void *worker(void *arg) { g++; return 0; }
                int main(void) {
                  g = 5;
                  g = g * 2;
                  pthread_t t;
                  pthread_create(&t, 0, worker, 0);
                  pthread_join(t, 0);
                  return g;
                }
                """);
    }

    @Test
    void differentArrayCells() throws Exception {
        mustNotFind("cells", """
                int a[8];
                void *worker(void *arg) { int i = (int) arg; a[i] = i; a[i]++; return 0; }
                int main(void) {
                  pthread_t t1, t2;
                  pthread_create(&t1, 0, worker, (void *) 1);
                  pthread_create(&t2, 0, worker, (void *) 2);
                  a[0] = 7;
                  pthread_join(t1, 0);
                  pthread_join(t2, 0);
                  return a[1] + a[2];
                }
                """);
    }

    @Test
    void differentStructFields() throws Exception {
        mustNotFind("fields", """
                struct pair { int x; char c; short s; } p;
                void *worker(void *arg) { p.x++; p.s = 3; return 0; }
                int main(void) {
                  pthread_t t;
                  pthread_create(&t, 0, worker, 0);
                  p.c = 'a';
                  p.c++;
                  pthread_join(t, 0);
                  return p.x;
                }
                """);
    }

    @Test
    void atomicBuiltinsOnBothSides() throws Exception {
        mustNotFind("atomicBuiltins", """
                int g;
                void *worker(void *arg) { __atomic_fetch_add(&g, 1, __ATOMIC_SEQ_CST); return 0; }
                int main(void) {
                  pthread_t t;
                  pthread_create(&t, 0, worker, 0);
                  __atomic_fetch_add(&g, 2, __ATOMIC_SEQ_CST);
                  int v = __atomic_load_n(&g, __ATOMIC_SEQ_CST);
                  pthread_join(t, 0);
                  return v;
                }
                """);
    }

    @Test
    void atomicSectionsOnBothSides() throws Exception {
        mustNotFind("atomicSections", """
                int g;
                void *worker(void *arg) {
                  __VERIFIER_atomic_begin(); g = g + 1; __VERIFIER_atomic_end();
                  return 0;
                }
                int main(void) {
                  pthread_t t;
                  pthread_create(&t, 0, worker, 0);
                  __VERIFIER_atomic_begin(); int v = g; g = v * 2; __VERIFIER_atomic_end();
                  pthread_join(t, 0);
                  return 0;
                }
                """);
    }

    @Test
    void atomicFunctionsOnBothSides() throws Exception {
        mustNotFind("atomicFunctions", """
                int g;
                void __VERIFIER_atomic_inc(void) { g = g + 1; }
                void *worker(void *arg) { __VERIFIER_atomic_inc(); return 0; }
                int main(void) {
                  pthread_t t;
                  pthread_create(&t, 0, worker, 0);
                  __VERIFIER_atomic_inc();
                  pthread_join(t, 0);
                  return 0;
                }
                """);
    }

    @Test
    void readersOnlyUnderRwlock() throws Exception {
        mustNotFind("readers", """
                int data = 42;
                pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
                void *reader(void *arg) {
                  pthread_rwlock_rdlock(&rw); int v = data; pthread_rwlock_unlock(&rw);
                  return (void *) v;
                }
                int main(void) {
                  pthread_t a, b;
                  pthread_create(&a, 0, reader, 0);
                  pthread_create(&b, 0, reader, 0);
                  pthread_rwlock_wrlock(&rw); data = 1; pthread_rwlock_unlock(&rw);
                  pthread_join(a, 0);
                  pthread_join(b, 0);
                  return 0;
                }
                """);
    }

    @Test
    void rwlockReaderAgainstUnlockedWriterIsARace() throws Exception {
        mustFind("rwWriter", """
                int data = 42;
                pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
                void *reader(void *arg) {
                  pthread_rwlock_rdlock(&rw); int v = data; pthread_rwlock_unlock(&rw);
                  return (void *) v;
                }
                int main(void) {
                  pthread_t a;
                  pthread_create(&a, 0, reader, 0);
                  data = 1;
                  pthread_join(a, 0);
                  return 0;
                }
                """);
    }

    @Test
    void honoursInterruption() throws Exception {
        weft.ir.Program p = ExploreTestSupport.load(dir, "interrupted", """
                int g;
                void *worker(void *arg) { while (1) g++; return 0; }
                int main(void) { pthread_t t; pthread_create(&t, 0, worker, 0); while (1) { g--; } }
                """);
        Thread.currentThread().interrupt();
        try {
            long start = System.nanoTime();
            Optional<RaceWitness> w = new Explorer(p, new ExploreOptions(1_000_000, 1_000_000, 60_000, 1)).findRace();
            assertTrue(w.isEmpty());
            assertTrue(System.nanoTime() - start < 5_000_000_000L, "stops promptly when interrupted");
        } finally {
            assertTrue(Thread.interrupted(), "the interrupt flag is left set for the caller");
        }
    }

    @Test
    void witnessScheduleReplaysToTheRacingState() throws Exception {
        RaceWitness r = mustFind("scheduleEnd", """
                int g;
                void *worker(void *arg) { int local = 3; local++; g = local; return 0; }
                int main(void) { pthread_t t; pthread_create(&t, 0, worker, 0); int v = g; pthread_join(t, 0); return v; }
                """);
        // the last steps lead each racing thread up to (not past) its racing statement
        Step last = r.schedule().get(r.schedule().size() - 1);
        assertTrue(last.thread() == r.first().thread() || last.thread() == r.second().thread()
                || r.schedule().stream().anyMatch(s -> s.statement().startsWith("pthread_create")));
        assertTrue(r.schedule().stream().noneMatch(s -> s.statement().startsWith("g = ")), "the racing write is not yet executed");
    }
}
