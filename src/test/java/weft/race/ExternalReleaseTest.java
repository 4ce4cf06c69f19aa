package weft.race;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import weft.frontend.Frontend;
import weft.frontend.FrontendOptions;
import weft.ir.DataModel;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Calls of external functions (no definition, no model) inside critical sections: such code may unlock
 * any lock it can reach (weft.lock.ExternalReach). Not in the annotated corpus, whose programs are
 * closed: the ground truth here depends on code that is not there.
 */
class ExternalReleaseTest {
    @TempDir
    Path dir;

    private AnalysisResult run(String source) throws Exception {
        Path file = dir.resolve("external.c");
        Files.writeString(file, source);
        return new RaceAnalysis(AnalysisOptions.defaults()).run(new Frontend(FrontendOptions.defaults(DataModel.LP64)).load(List.of(file)));
    }

    private static boolean reportsLine(AnalysisResult r, int line) {
        return AnnotatedProgramsTest.reportedLines(r, Path.of("external.c")).contains(line);
    }

    @Test
    void aLockPassedToExternalCodeMayBeReleasedByIt() throws Exception {
        AnalysisResult r = run("""
                #include <pthread.h>
                extern void finish(pthread_mutex_t *p);
                pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
                int g;
                void *worker(void *arg) { pthread_mutex_lock(&m); finish(&m); g++; return arg; }
                int main(void) { pthread_t a, b; pthread_create(&a, 0, worker, 0); pthread_create(&b, 0, worker, 0); return 0; }
                """);
        assertNotEquals(Verdict.TRUE, r.verdict());
        assertTrue(reportsLine(r, 5), r.reason());
    }

    @Test
    void aGlobalLockMayBeReleasedByExternalCodeThatNamesIt() throws Exception {
        AnalysisResult r = run("""
                #include <pthread.h>
                extern void step(void);
                pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
                int g;
                void *worker(void *arg) { pthread_mutex_lock(&m); step(); g++; pthread_mutex_unlock(&m); return arg; }
                int main(void) { pthread_t a, b; pthread_create(&a, 0, worker, 0); pthread_create(&b, 0, worker, 0); return 0; }
                """);
        assertNotEquals(Verdict.TRUE, r.verdict());
        assertTrue(reportsLine(r, 5), r.reason());
    }

    @Test
    void aLockExternalCodeCannotReachStaysHeld() throws Exception {
        AnalysisResult r = run("""
                #include <pthread.h>
                extern void step(void);
                struct shared { pthread_mutex_t m; int g; };
                void *worker(void *arg) {
                    struct shared *s = arg;
                    pthread_mutex_lock(&s->m); step(); s->g++; pthread_mutex_unlock(&s->m);
                    return 0;
                }
                int main(void) {
                    struct shared s = { PTHREAD_MUTEX_INITIALIZER, 0 };
                    pthread_t a, b;
                    pthread_create(&a, 0, worker, &s); pthread_create(&b, 0, worker, &s);
                    pthread_join(a, 0); pthread_join(b, 0);
                    return 0;
                }
                """);
        assertEquals(Verdict.TRUE, r.verdict(), r.reason());
    }
}
