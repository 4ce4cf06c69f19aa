package weft.race;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import weft.frontend.Frontend;
import weft.frontend.FrontendOptions;
import weft.ir.DataModel;
import weft.ir.Program;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every call through a function pointer the analyses could not follow completely is listed in
 * {@link AnalysisResult#unresolvedCalls()} with its site and reason (for the report's gaps), once per call,
 * only for code some thread runs; resolved calls are not listed, and each listed call keeps the verdict
 * away from race-free.
 */
class UnresolvedCallsTest {
    @TempDir
    Path dir;

    private AnalysisResult run(String source) throws Exception {
        Path f = dir.resolve("p.c");
        Files.writeString(f, source);
        Program p = new Frontend(FrontendOptions.defaults(DataModel.LP64)).load(List.of(f));
        return new RaceAnalysis(new AnalysisOptions(200, 1000, false, 0)).run(p);
    }

    @Test
    void aPointerThatIsNeverSetHasNoKnownTarget() throws Exception {
        AnalysisResult r = run("""
                #include <pthread.h>
                void (*hook)(int *);
                int g;
                void *t(void *a) { hook(&g); return 0; }
                int main(void) { pthread_t x; pthread_create(&x, 0, t, 0); pthread_join(x, 0); return g; }
                """);
        assertNotEquals(Verdict.TRUE, r.verdict(), r.reason());
        assertEquals(1, unresolved(r).size(), unresolved(r).toString());
        CallGap u = unresolved(r).get(0);
        assertEquals("t", u.function());
        assertEquals(4, u.site().line());
        assertTrue(u.name().contains("hook"), u.name());
    }

    @Test
    void aPointerFromUnknownCodeMayDenoteUnseenCode() throws Exception {
        AnalysisResult r = run("""
                #include <pthread.h>
                extern void (*lookup(const char *name))(int *);
                int g;
                void own(int *p) { *p = 1; }
                void *t(void *a) { void (*f)(int *) = lookup("x"); if (!f) f = own; f(&g); return 0; }
                int main(void) { pthread_t x; pthread_create(&x, 0, t, 0); pthread_join(x, 0); return g; }
                """);
        assertNotEquals(Verdict.TRUE, r.verdict(), r.reason());
        assertEquals(1, unresolved(r).size(), unresolved(r).toString());
        assertEquals(5, unresolved(r).get(0).site().line());
        assertTrue(unresolved(r).get(0).name().contains("cannot name"), unresolved(r).get(0).name());
    }

    @Test
    void aThreadRoutineWithNoKnownTargetIsListed() throws Exception {
        AnalysisResult r = run("""
                #include <pthread.h>
                void *(*routine)(void *);
                int main(void) { pthread_t x; pthread_create(&x, 0, routine, 0); pthread_join(x, 0); return 0; }
                """);
        assertNotEquals(Verdict.TRUE, r.verdict(), r.reason());
        assertEquals(1, unresolved(r).size(), unresolved(r).toString());
        assertTrue(unresolved(r).get(0).name().contains("routine"), unresolved(r).get(0).name());
    }

    @Test
    void resolvedCallsAndCodeNoThreadRunsAreNotListed() throws Exception {
        AnalysisResult r = run("""
                #include <pthread.h>
                #include <stdlib.h>
                static void *(*my_malloc_f)(size_t) = malloc;
                void (*never)(void);
                void unused(void) { never(); }
                struct ops { void (*run)(int *); } table[] = { { 0 } };
                int g;
                pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
                void inc(int *p) { pthread_mutex_lock(&m); *p += 1; pthread_mutex_unlock(&m); }
                void *t(void *a) { int *q = my_malloc_f(sizeof *q); *q = 1; free(q); table[0].run(&g); return 0; }
                int main(void) { table[0].run = inc; pthread_t x; pthread_create(&x, 0, t, 0); inc(&g); pthread_join(x, 0); return g; }
                """);
        assertTrue(unresolved(r).isEmpty(), unresolved(r).toString());
        assertEquals(Verdict.TRUE, r.verdict(), r.reason());
    }

    private static final String HOOK = """
            #include <pthread.h>
            extern void log_event(const char *what);
            static int g;
            static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
            static void add(int *p) { pthread_mutex_lock(&m); *p += 1; pthread_mutex_unlock(&m); }
            %s void (*hook)(int *) = add;
            void *t(void *a) { log_event("t"); hook(&g); return 0; }
            int main(void) { pthread_t x; pthread_create(&x, 0, t, 0); hook(&g); pthread_join(x, 0); return g; }
            """;

    @Test
    void externalCodeCannotNameAStaticFunctionPointer() throws Exception {
        AnalysisResult r = run(HOOK.formatted("static"));
        assertTrue(unresolved(r).isEmpty(), unresolved(r).toString());
        assertEquals(Verdict.TRUE, r.verdict(), r.reason());
    }

    @Test
    void externalCodeMayOverwriteAFunctionPointerWithExternalLinkage() throws Exception {
        AnalysisResult r = run(HOOK.formatted(""));
        assertNotEquals(Verdict.TRUE, r.verdict(), r.reason());
        assertEquals(2, unresolved(r).size(), unresolved(r).toString());
        for (CallGap u : unresolved(r)) assertTrue(u.name().contains("cannot name"), u.name());
    }

    /** The calls the analyses could not follow, as the report lists them. */
    private static java.util.List<CallGap> unresolved(AnalysisResult r) {
        return r.callGaps().stream().filter(g -> g.kind() == CallGap.Kind.UNRESOLVED_CALL).toList();
    }
}
