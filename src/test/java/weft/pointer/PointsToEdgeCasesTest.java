package weft.pointer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import weft.ir.Program;

import java.nio.file.Path;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CancellationException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Variadic functions, wrapper objects passed to calls, interruption, thread-specific data. */
class PointsToEdgeCasesTest {
    @TempDir
    Path dir;

    @Test
    void variadicArgumentsReachVaArg() throws Exception {
        PointerFixture f = PointerFixture.of(dir, """
                #include <stdarg.h>
                int g; int *got;
                void take(int n, ...) { va_list ap; va_start(ap, n); got = va_arg(ap, int *); va_end(ap); }
                int main() { take(1, &g); return 0; }
                """);
        assertTrue(f.pts("got").contains("g"), f.pts("got").toString());
    }

    /**
     * Each variadic function has its own argument object: a formatting helper's {@code va_arg} sees only what its own
     * calls pass, not what a logger is given; an unknown external function (the globals escape) does not reach them,
     * but a {@code va_list} handed to it does.
     */
    @Test
    void eachVariadicFunctionSeesItsOwnArguments() throws Exception {
        PointerFixture f = PointerFixture.of(dir, """
                #include <stdarg.h>
                int a, b;
                void ext(int *p);
                void ext_list(va_list ap);
                void fa(int n, ...) { va_list ap; va_start(ap, n); int *p = va_arg(ap, int *); *p = 1; va_end(ap); }
                void fb(int n, ...) { va_list ap; va_start(ap, n); int *p = va_arg(ap, int *); *p = 1; va_end(ap); }
                void fc(int n, ...) { va_list ap; va_start(ap, n); ext_list(ap); int *p = va_arg(ap, int *); *p = 1; va_end(ap); }
                int main() { fa(1, &a); fb(1, &b); fc(1, &b); ext(&a); return 0; }
                """);
        assertEquals(Set.of("a"), f.pts("fa.p"));
        assertEquals(Set.of("b"), f.pts("fb.p"));
        // the list handed to external code: what external code may store there comes back
        assertTrue(f.pts("fc.p").contains("b") && f.pts("fc.p").size() > 1, f.pts("fc.p").toString());
    }

    @Test
    void wrapperObjectPassedToAnotherFunctionStaysSplit() throws Exception {
        PointerFixture f = PointerFixture.of(dir, """
                #include <stdlib.h>
                struct N { struct N *next; } *list;
                void link(struct N *n) { n->next = list; list = n; }
                struct N *mk(void) { struct N *n = malloc(sizeof *n); link(n); return n; }
                struct N *a, *b;
                int main() { a = mk(); b = mk(); return 0; }
                """);
        Set<Loc> pa = f.pt.contents(f.loc("a", 0));
        Set<Loc> pb = f.pt.contents(f.loc("b", 0));
        assertEquals(1, pa.size(), pa.toString());
        assertEquals(1, pb.size(), pb.toString());
        assertNotEquals(pa, pb);
        // link() is shared: its parameter, the list and every next field see both blocks
        Set<Loc> both = new java.util.HashSet<>(pa);
        both.addAll(pb);
        assertEquals(both, f.pt.contents(f.loc("list", 0)));
        assertEquals(both, f.pt.contents(f.loc("link.n", 0)));
        assertEquals(both, f.pt.contents(pa.iterator().next()));
        assertEquals(both, f.pt.contents(pb.iterator().next()));
    }

    @Test
    void nestedWrappersAndStructReturns() throws Exception {
        PointerFixture f = PointerFixture.of(dir, """
                #include <stdlib.h>
                struct Box { int *p; };
                void *xmalloc(int n) { void *p = malloc(n); if (!p) abort(); return p; }
                struct Box boxed(void) { struct Box b; b.p = malloc(4); return b; }
                int *a, *b; struct Box c, d;
                int main() { a = xmalloc(4); b = xmalloc(4); c = boxed(); d = boxed(); return 0; }
                """);
        assertTrue(!f.pt.contents(f.loc("a", 0)).equals(f.pt.contents(f.loc("b", 0))));
        // returned inside a struct: split as well
        assertNotEquals(f.pt.contents(f.loc("c", 0)), f.pt.contents(f.loc("d", 0)));
        assertEquals(1, f.pt.contents(f.loc("c", 0)).size());
        assertEquals(1, f.pt.contents(f.loc("d", 0)).size());
    }

    @Test
    void threadSpecificValuesFlowThrough() throws Exception {
        PointerFixture f = PointerFixture.of(dir, """
                #include <pthread.h>
                pthread_key_t key; int x; int *got;
                int main() { pthread_key_create(&key, 0); pthread_setspecific(key, &x); got = pthread_getspecific(key); return 0; }
                """);
        assertTrue(f.pts("got").contains("x"));
        assertTrue(f.pt.isComplete(), f.pt.incompleteReasons().toString());
    }

    @Test
    void interruptCancelsTheAnalysis() throws Exception {
        Program p = PointerFixture.load(dir, PointsToScaleTest.generate(20, 3, new Random(1)));
        Thread.currentThread().interrupt();
        try {
            assertThrows(CancellationException.class, () -> PointsTo.analyze(p));
            assertTrue(Thread.currentThread().isInterrupted(), "interrupt status is kept");
        } finally {
            Thread.interrupted();
        }
        assertTrue(PointsTo.analyze(p).toString().startsWith("PointsTo["));
    }

    @Test
    void aLibraryAdvancesStreamPointersWithinTheirTargetsOnly() throws Exception {
        // zlib's rows (rw**0): inflate may move next_in within the buffer it points into, but it does not copy
        // the pointers of the object holding that buffer from one field to another (pigz's g)
        PointerFixture f = PointerFixture.of(dir, """
                #include <zlib.h>
                int a, b;
                struct { int *first; unsigned char in[64]; int *second; } g;
                int main(void) {
                    z_stream strm;
                    g.first = &a; g.second = &b;
                    strm.next_in = g.in;
                    inflate(&strm, Z_NO_FLUSH);
                    return 0;
                }
                """);
        // the library may advance each pointer within its own target (a+?), not put b's into a's field
        assertEquals(Set.of("a", "a+?"), f.pts("g", 0));
        assertEquals(Set.of("b", "b+?"), f.pts("g", 68));
        Set<String> next = f.pts("main.strm", 0);
        // next_in moves within g's array member in, not anywhere in g
        assertTrue(next.contains("g+[4..68)") && !next.contains("g+?"), next.toString());
    }

    /**
     * A start routine read back from a pipe has an empty points-to set (read's bytes are not taken for addresses), as
     * SIG_IGN read from a struct sigaction has: it must stay a gap, since the routine may be any function (a rule that
     * took an empty set for "no code runs" answered race-free for such a program, whose routine races with main, found in review).
     */
    @Test
    void startRoutineReadFromAPipeIsAGap() throws Exception {
        PointerFixture f = PointerFixture.of(dir, """
                #include <pthread.h>
                #include <unistd.h>
                static void *racer(void *a) { return a; }
                int main(void) {
                    int p[2]; pipe(p);
                    void *(*fn)(void *) = racer; write(p[1], &fn, sizeof fn);
                    void *(*got)(void *) = 0; read(p[0], &got, sizeof got);
                    pthread_t t; pthread_create(&t, 0, got, 0); pthread_join(t, 0);
                    return 0;
                }
                """);
        assertTrue(f.pt.incompleteReasons().stream().anyMatch(r -> r.contains("start routine with no known target")),
                f.pt.incompleteReasons().toString());
    }
}
