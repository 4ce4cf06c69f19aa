package weft.race;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import weft.frontend.Frontend;
import weft.frontend.FrontendOptions;
import weft.ir.DataModel;
import weft.ir.Program;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The thread-modular layer alone (no exhaustive exploration, no witness search) on the corpora of
 * library calls through function pointers, objects defined outside the program and plain writes over
 * synchronisation objects, of function pointers in globals, fields, tables, arguments and thread pools, and of
 * helpers given per-thread buffers (calling contexts) of recursive functions that synchronise (their effect is a
 * fixpoint) and of locks (wrappers included); each race-free twin must be proved by the layer itself unless marked imprecise): a racy program is never proved race-free by it, and every {@code // RACE!}
 * line is among its possible races. (The full pipeline is checked by {@code AnnotatedProgramsTest}; the
 * exploration could otherwise hide a wrong exclusion.)
 */
class ThreadModularLayerTest {
    private static final List<Path> ROOTS = List.of(Path.of("src/test/resources/races/25-indirect-extern-sync"),
            Path.of("src/test/resources/races/28-function-pointers"), Path.of("src/test/resources/races/31-calling-contexts"),
            Path.of("src/test/resources/races/32-recursion"), Path.of("src/test/resources/races/02-locks"));

    @TempDir
    Path dir;

    private static AnalysisResult layerOnly(Path file) throws Exception {
        Program p = new Frontend(FrontendOptions.defaults(DataModel.LP64)).load(List.of(file));
        return new RaceAnalysis(new AnalysisOptions(200, 1000, false, 0)).run(p);
    }

    @TestFactory
    Stream<DynamicTest> racyProgramsAreNotProvedByTheLayer() throws IOException {
        List<Path> files = new ArrayList<>();
        for (Path root : ROOTS) {
            try (Stream<Path> s = Files.list(root)) {
                s.filter(p -> p.toString().endsWith(".c")).sorted().forEach(files::add);
            }
        }
        assertFalse(files.isEmpty());
        return files.stream().map(f -> DynamicTest.dynamicTest(f.getFileName().toString(), () -> {
            List<String> lines = Files.readAllLines(f);
            AnalysisResult r = layerOnly(f);
            if (!lines.get(0).contains("expect: racy")) {
                // a program marked imprecise needs an analysis Weft does not have yet: only never a wrong verdict
                if (lines.get(1).contains("weft: imprecise:")) assertNotEquals(Verdict.FALSE, r.verdict(), r.reason());
                else assertEquals(Verdict.TRUE, r.verdict(), "race-free twin: " + r.reason());
                return;
            }
            assertNotEquals(Verdict.TRUE, r.verdict(), r.reason());
            var reported = AnnotatedProgramsTest.reportedLines(r, f);
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).contains("// RACE!")) assertTrue(reported.contains(i + 1), "line " + (i + 1) + " in " + reported);
            }
        }));
    }

    @Test
    void threadCreationThroughAPointerCreatesTheThread() throws Exception {
        Path f = dir.resolve("create.c");
        Files.writeString(f, """
                #include <pthread.h>
                int g;
                int (*start)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *) = pthread_create;
                void *t(void *a) { g = 1; return 0; }
                int main(void) { pthread_t x; start(&x, 0, t, 0); pthread_join(x, 0); return g; }
                """);
        AnalysisResult r = layerOnly(f);
        assertEquals(Verdict.TRUE, r.verdict(), r.reason());
        assertEquals(2, r.stats().threads(), "the thread created through the pointer is analysed");
        assertTrue(unresolved(r).isEmpty(), unresolved(r).toString());
    }

    @Test
    void threadCreatedThroughAPointerRacesBeforeItsJoin() throws Exception {
        Path f = dir.resolve("create-racy.c");
        Files.writeString(f, """
                #include <pthread.h>
                int g;
                int (*start)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *) = pthread_create;
                void *t(void *a) { g = 1; return 0; }
                int main(void) { pthread_t x; start(&x, 0, t, 0); int r = g; pthread_join(x, 0); return r; }
                """);
        AnalysisResult r = layerOnly(f);
        assertNotEquals(Verdict.TRUE, r.verdict(), r.reason());
        assertTrue(AnnotatedProgramsTest.reportedLines(r, f).contains(5), "main's read races with t's write");
    }

    @Test
    void onceThroughAPointerIsAGap() throws Exception {
        Path f = dir.resolve("once.c");
        Files.writeString(f, """
                #include <pthread.h>
                int g;
                pthread_once_t o = PTHREAD_ONCE_INIT;
                int (*once)(pthread_once_t *, void (*)(void)) = pthread_once;
                void init(void) { g = 1; }
                void *t(void *a) { once(&o, init); return 0; }
                int main(void) { pthread_t x; pthread_create(&x, 0, t, 0); pthread_join(x, 0); return g; }
                """);
        AnalysisResult r = layerOnly(f);
        assertEquals(Verdict.UNKNOWN, r.verdict(), r.reason());
        assertTrue(r.reason().contains("pthread_once called through a function pointer"), r.reason());
        assertEquals(1, unresolved(r).size(), unresolved(r).toString());
        assertEquals(6, unresolved(r).get(0).site().line());
    }

    @Test
    void pthreadExitThroughAPointerEndsTheThreadBeforeItsJoin() throws Exception {
        Path f = dir.resolve("exit.c");
        Files.writeString(f, """
                #include <pthread.h>
                int g;
                void (*leave)(void *) = pthread_exit;
                void *inner(void *a) { g = 1; return 0; }
                void *outer(void *a) { pthread_t i; pthread_create(&i, 0, inner, 0); if (a) leave(0); pthread_join(i, 0); return 0; }
                int main(void) { pthread_t o; pthread_create(&o, 0, outer, &o); pthread_join(o, 0); return g; }
                """);
        AnalysisResult r = layerOnly(f);
        assertNotEquals(Verdict.TRUE, r.verdict(), r.reason());
    }

    /** The calls the analyses could not follow, as the report lists them. */
    private static java.util.List<CallGap> unresolved(AnalysisResult r) {
        return r.callGaps().stream().filter(g -> g.kind() == CallGap.Kind.UNRESOLVED_CALL).toList();
    }
}
