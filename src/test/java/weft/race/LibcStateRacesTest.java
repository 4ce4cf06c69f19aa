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
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Races on the hidden state of non-thread-safe C library functions count only with
 * {@link AnalysisOptions#libcStateRaces()} (off in SV-COMP mode); races on the program's own memory
 * through library results count either way.
 */
class LibcStateRacesTest {
    @TempDir
    Path dir;

    private static final String RAND = """
            #include <pthread.h>
            #include <stdlib.h>
            void *t(void *a) { return (void *)(long)rand(); }
            int main(void) { pthread_t a; pthread_create(&a, 0, t, 0); int r = rand(); pthread_join(a, 0); return r; }
            """;

    private static final String LOCALTIME_WRITE = """
            #include <pthread.h>
            #include <time.h>
            time_t now;
            void *t(void *a) { struct tm *tm = localtime(&now); tm->tm_year = 1; return 0; }
            int main(void) { pthread_t a; pthread_create(&a, 0, t, 0); struct tm *tm = gmtime(&now); tm->tm_year = 2; pthread_join(a, 0); return 0; }
            """;

    private AnalysisResult run(String src, boolean libcState) throws Exception {
        Path f = dir.resolve("p.c");
        Files.writeString(f, src);
        Program p = new Frontend(FrontendOptions.defaults(DataModel.LP64)).load(List.of(f));
        return new RaceAnalysis(new AnalysisOptions(200, 100, true, 3000).withLibcStateRaces(libcState)).run(p);
    }

    @Test
    void parallelRandRacesOnItsStateUnlessTurnedOff() throws Exception {
        AnalysisResult on = run(RAND, true);
        assertEquals(Verdict.FALSE, on.verdict(), on.reason());
        assertTrue(on.witness().orElseThrow().first().object().contains("<libc:rand state>"), on.witness().toString());
        AnalysisResult off = run(RAND, false);
        assertEquals(Verdict.TRUE, off.verdict(), off.reason());
    }

    @Test
    void writesThroughAStaticBufferRaceEvenInSvcompMode() throws Exception {
        AnalysisResult off = run(LOCALTIME_WRITE, false);
        assertTrue(off.verdict() != Verdict.TRUE, off.reason());
        assertTrue(off.races().stream().anyMatch(r -> r.first().region().object().toString().contains("<libc:tm state>")), off.races().toString());
    }
}
