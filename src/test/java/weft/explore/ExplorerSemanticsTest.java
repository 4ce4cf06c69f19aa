package weft.explore;

import weft.trace.RaceWitness;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static weft.explore.ExploreTestSupport.explore;

/**
 * Must-soundness of the interpreter: C semantics that decide whether racy code is reached, undefined or unknown
 * behaviour that must abandon the execution, and synchronisation that must be respected.
 */
class ExplorerSemanticsTest {
    @TempDir
    Path dir;

    /** A program whose worker writes {@code g} only if {@code cond} holds, while main reads it concurrently. */
    private static String guarded(String decls, String cond) {
        return "int g;\n" + decls + "\n"
                + "void *worker(void *arg) { if (" + cond + ") g = 1; return 0; }\n"
                + "int main(void) { pthread_t t; pthread_create(&t, 0, worker, 0); int v = g; pthread_join(t, 0); return v; }\n";
    }

    private void none(String name, String src) throws Exception {
        Optional<RaceWitness> w = explore(dir, name, src);
        assertTrue(w.isEmpty(), () -> "unexpected race in " + name + ": " + w.get().first() + " / " + w.get().second());
    }

    private RaceWitness race(String name, String src) throws Exception {
        Optional<RaceWitness> w = explore(dir, name, src);
        assertTrue(w.isPresent(), "expected a race in " + name);
        return w.get();
    }

    @Test
    void usualArithmeticConversions() throws Exception {
        none("unsignedCompare", guarded("", "-1 < 1u"));
        race("signedCompare", guarded("", "-1 < 1"));
        none("charWrap", guarded("unsigned char c = 255;", "(unsigned char)(c + 1) != 0"));
        race("promotion", guarded("unsigned char c = 255;", "c + 1 == 256"));
        none("unsignedDivision", guarded("unsigned char u = 200;", "(u /= -1) != 56"));
        race("longLongShift", guarded("long long x = 1;", "(x << 40) == 1099511627776LL"));
    }

    @Test
    void undefinedBehaviourAbandons() throws Exception {
        none("overflow", guarded("int big = 2147483647;", "big + 1 < 0 || 1"));
        none("divZero", guarded("int zero;", "1 / zero || 1"));
        none("nullDeref", guarded("int *np;", "*np == 0 || 1"));
        none("outOfBounds", guarded("int arr[4]; int idx = 4;", "arr[idx] == 0 || 1"));
        none("badShift", guarded("int sh = 40;", "(1 << sh) || 1"));
    }

    @Test
    void unknownCodeAbandons() throws Exception {
        none("external", guarded("extern int mystery(void);", "mystery() || 1"));
        none("asm", """
                int g;
                void *worker(void *arg) { __asm__ volatile("incl %0" : "+m"(g)); g = 1; return 0; }
                int main(void) { pthread_t t; pthread_create(&t, 0, worker, 0); int v = g; pthread_join(t, 0); return v; }
                """);
        race("fenceAsm", """
                int g;
                void *worker(void *arg) { __asm__ __volatile__("mfence" ::: "memory"); g = 1; return 0; }
                int main(void) { pthread_t t; pthread_create(&t, 0, worker, 0); int v = g; pthread_join(t, 0); return v; }
                """);
    }

    @Test
    void floatArithmeticAbandonsButComparisonsWork() throws Exception {
        none("floatArith", guarded("double d = 0.1;", "d * 3 > 0"));
        race("floatCompare", guarded("double d = 0.5;", "d < 1"));
    }

    @Test
    void stringLiteralContent() throws Exception {
        race("shortLiteral", guarded("char *s = \"ab\";", "s[1] == 'b' && strlen(s) == 2"));
        none("shortLiteralFalse", guarded("char *s = \"ab\";", "s[1] == 'c'"));
        // a literal longer than the IR name's 22-character prefix is known whole (its source text)
        race("longLiteralTail", guarded("char *s = \"a rather long string literal text\";", "s[30] == 'e' && strlen(s) == 33"));
        none("longLiteralTailFalse", guarded("char *s = \"a rather long string literal text\";", "s[30] == 'x'"));
        // a character array of static storage initialised by a literal holds the literal's bytes (audit D33)
        race("charArrayFromLiteral", guarded("char s[] = \"xy\";", "s[0] == 'x' && s[1] == 'y' && s[2] == 0"));
        none("charArrayFromLiteralFalse", guarded("char s[] = \"xy\";", "s[0] == 0"));
        race("charArrayMemberFromLiteral", guarded("struct { char k[4]; int n; } s = { \"ab\", 2 };", "s.k[1] == 'b' && s.k[3] == 0 && s.n == 2"));
    }

    @Test
    void atomicIncrementWithValueIsIndivisible() throws Exception {
        none("ticket", """
                _Atomic int ticket;
                int slot[4];
                void *worker(void *arg) { int mine = ticket++; slot[mine] = 1; return 0; }
                int main(void) {
                  pthread_t a, b;
                  pthread_create(&a, 0, worker, 0);
                  pthread_create(&b, 0, worker, 0);
                  pthread_join(a, 0);
                  pthread_join(b, 0);
                  return 0;
                }
                """);
        none("atomicVar", """
                _Atomic int a;
                void *worker(void *arg) { a++; a += 2; return 0; }
                int main(void) { pthread_t t; pthread_create(&t, 0, worker, 0); a = 5; int v = a; pthread_join(t, 0); return v; }
                """);
    }

    @Test
    void trylockAndConditionVariables() throws Exception {
        none("trylock", """
                int g;
                pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
                void *worker(void *arg) {
                  if (pthread_mutex_trylock(&m) == 0) { g++; pthread_mutex_unlock(&m); }
                  return 0;
                }
                int main(void) {
                  pthread_t a, b;
                  pthread_create(&a, 0, worker, 0);
                  pthread_create(&b, 0, worker, 0);
                  pthread_mutex_lock(&m); g = 3; pthread_mutex_unlock(&m);
                  pthread_join(a, 0);
                  pthread_join(b, 0);
                  return g;
                }
                """);
        none("condvar", """
                int data, ready;
                pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
                pthread_cond_t c = PTHREAD_COND_INITIALIZER;
                void *producer(void *arg) {
                  pthread_mutex_lock(&m); data = 42; ready = 1; pthread_cond_signal(&c); pthread_mutex_unlock(&m);
                  return 0;
                }
                int main(void) {
                  pthread_t t;
                  pthread_create(&t, 0, producer, 0);
                  pthread_mutex_lock(&m);
                  while (!ready) pthread_cond_wait(&c, &m);
                  int v = data;
                  pthread_mutex_unlock(&m);
                  pthread_join(t, 0);
                  return v;
                }
                """);
    }

    @Test
    void barrierOrdersAccesses() throws Exception {
        none("barrier", """
                int x;
                pthread_barrier_t b;
                void *worker(void *arg) { x = 1; pthread_barrier_wait(&b); return 0; }
                int main(void) {
                  pthread_barrier_init(&b, 0, 2);
                  pthread_t t;
                  pthread_create(&t, 0, worker, 0);
                  pthread_barrier_wait(&b);
                  int v = x;
                  pthread_join(t, 0);
                  return v;
                }
                """);
    }

    @Test
    void onceRunsTheRoutineOnce() throws Exception {
        none("once", """
                int inits;
                pthread_once_t once = PTHREAD_ONCE_INIT;
                void init(void) { inits++; }
                void *worker(void *arg) { pthread_once(&once, init); return 0; }
                int main(void) {
                  pthread_t a, b;
                  pthread_create(&a, 0, worker, 0);
                  pthread_create(&b, 0, worker, 0);
                  pthread_join(a, 0);
                  pthread_join(b, 0);
                  return inits;
                }
                """);
    }

    @Test
    void bitFieldsInDifferentBytesDoNotRace() throws Exception {
        none("bitsApart", """
                struct flags { unsigned a : 4; unsigned pad : 4; unsigned b : 8; } f;
                void *worker(void *arg) { f.b = 3; return 0; }
                int main(void) { pthread_t t; pthread_create(&t, 0, worker, 0); f.a = 1; pthread_join(t, 0); return f.a; }
                """);
        RaceWitness w = race("bitsShared", """
                struct flags { unsigned a : 4; unsigned b : 4; } f;
                void *worker(void *arg) { f.b = 3; return 0; }
                int main(void) { pthread_t t; pthread_create(&t, 0, worker, 0); f.a = 1; pthread_join(t, 0); return f.a; }
                """);
        assertEquals(1, w.first().size());
    }

    @Test
    void functionPointersAndContainerOf() throws Exception {
        race("funptr", """
                struct node { int key; int val; };
                struct node n;
                void bump(int *p) { (*p)++; }
                void (*op)(int *) = bump;
                void *worker(void *arg) {
                  int *vp = &n.val;
                  struct node *back = (struct node *)((char *)vp - (unsigned long)&((struct node *)0)->val);
                  op(&back->key);
                  return 0;
                }
                int main(void) { pthread_t t; pthread_create(&t, 0, worker, 0); n.key = 9; pthread_join(t, 0); return 0; }
                """);
    }

    @Test
    void threadLocalsAreDistinct() throws Exception {
        none("tls", """
                __thread int mine;
                void *worker(void *arg) { mine++; return 0; }
                int main(void) { pthread_t t; pthread_create(&t, 0, worker, 0); mine = 4; pthread_join(t, 0); return mine; }
                """);
    }

    @Test
    void nothingAfterExit() throws Exception {
        none("exit", """
                int g;
                void *worker(void *arg) { g = 1; return 0; }
                int main(void) { exit(0); pthread_t t; pthread_create(&t, 0, worker, 0); return g; }
                """);
    }

    private static final String PLAIN_VS_SECTION = """
            int x;
            void *worker(void *arg) { __VERIFIER_atomic_begin(); x = 1; __VERIFIER_atomic_end(); return 0; }
            int main(void) { pthread_t t; pthread_create(&t, 0, worker, 0); int v = x; pthread_join(t, 0); return v; }
            """;

    @Test
    void plainAccessAgainstAtomicSectionIsARace() throws Exception {
        RaceWitness w = race("plainVsSection", PLAIN_VS_SECTION);
        assertTrue(w.first().what().startsWith("atomic ") != w.second().what().startsWith("atomic "), w.first() + " / " + w.second());
    }

    @Test
    void plainAccessAgainstAtomicSectionIsNoRaceInTheStrictReading() throws Exception {
        var p = ExploreTestSupport.load(dir, "plainVsSection2", PLAIN_VS_SECTION);
        Optional<RaceWitness> w = new Explorer(p, ExploreTestSupport.quick().withAtomicSectionsRace(false)).findRace();
        assertTrue(w.isEmpty(), () -> "unexpected race " + w.get().first() + " / " + w.get().second());
    }

    @Test
    void awaitStyleAtomicFunctionsExcludeEachOther() throws Exception {
        none("await", """
                int m;
                int counter;
                void __VERIFIER_atomic_acquire(int *p) { __VERIFIER_assume(*p == 0); *p = 1; }
                void __VERIFIER_atomic_release(int *p) { *p = 0; }
                void *worker(void *arg) {
                  for (int i = 0; i < 3; i++) {
                    int tmp = i * 2;
                    __VERIFIER_atomic_acquire(&m);
                    counter = counter + tmp;
                    __VERIFIER_atomic_release(&m);
                  }
                  return 0;
                }
                int main(void) {
                  pthread_t a, b, c;
                  pthread_create(&a, 0, worker, 0);
                  pthread_create(&b, 0, worker, 0);
                  pthread_create(&c, 0, worker, 0);
                  __VERIFIER_atomic_acquire(&m); int v = counter; __VERIFIER_atomic_release(&m);
                  pthread_join(a, 0); pthread_join(b, 0); pthread_join(c, 0);
                  return v;
                }
                """);
        none("awaitAbort", """
                int m;
                int counter;
                void assume_abort_if_not(int c) { if (!c) abort(); }
                void __VERIFIER_atomic_acquire(void) { assume_abort_if_not(m == 0); m = 1; }
                void __VERIFIER_atomic_release(void) { m = 0; }
                void *worker(void *arg) { __VERIFIER_atomic_acquire(); counter++; __VERIFIER_atomic_release(); return 0; }
                int main(void) {
                  pthread_t a, b;
                  pthread_create(&a, 0, worker, 0);
                  pthread_create(&b, 0, worker, 0);
                  __VERIFIER_atomic_acquire(); counter--; __VERIFIER_atomic_release();
                  return 0;
                }
                """);
    }

    @Test
    void knownLibcFunctions() throws Exception {
        race("ffs", guarded("int mask = 12;", "ffs(mask) == 3"));
        none("ffsFalse", guarded("int mask = 12;", "ffs(mask) == 2"));
    }

    @Test
    void conditionWaitsWakeOnlyWhenSignalled() throws Exception {
        none("noSpuriousWakeup", """
                int data;
                pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
                pthread_cond_t c = PTHREAD_COND_INITIALIZER;
                void *waiter(void *arg) {
                  pthread_mutex_lock(&m); pthread_cond_wait(&c, &m); pthread_mutex_unlock(&m);
                  data = 1;
                  return 0;
                }
                int main(void) {
                  pthread_t t;
                  pthread_create(&t, 0, waiter, 0);
                  data = 5;
                  pthread_mutex_lock(&m); pthread_cond_signal(&c); pthread_mutex_unlock(&m);
                  pthread_join(t, 0);
                  return data;
                }
                """);
        race("afterSignal", """
                int data;
                pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
                pthread_cond_t c = PTHREAD_COND_INITIALIZER;
                int waiting;
                void *waiter(void *arg) {
                  pthread_mutex_lock(&m); waiting = 1; pthread_cond_wait(&c, &m); pthread_mutex_unlock(&m);
                  data = 1;
                  return 0;
                }
                int main(void) {
                  pthread_t t;
                  pthread_create(&t, 0, waiter, 0);
                  pthread_mutex_lock(&m);
                  int w = waiting;
                  if (w) pthread_cond_broadcast(&c);
                  pthread_mutex_unlock(&m);
                  data = 5;
                  pthread_join(t, 0);
                  return data;
                }
                """);
    }
}
