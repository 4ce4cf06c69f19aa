package weft.race;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import weft.frontend.Frontend;
import weft.frontend.FrontendOptions;
import weft.ir.DataModel;
import weft.ir.Program;
import weft.config.Config;
import weft.config.ConfigException;
import weft.config.LibraryMode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Library mode ({@link weft.config.LibraryMode}) on annotated libraries without main ({@code src/test/resources/library}): racy
 * ones answer false or unknown with every {@code // RACE!} line reported, their race-free twins true; the entry points
 * are every function of external linkage, or the ones named.
 */
class LibraryModeTest {
    static final Path ROOT = Path.of("src/test/resources/library");

    @TestFactory
    Stream<DynamicTest> annotatedLibraries() throws Exception {
        return AnnotatedProgramsTest.programs(ROOT, LibraryModeTest::check);
    }

    private static void check(Path file) throws Exception {
        AnnotatedProgramsTest.Expectation x = AnnotatedProgramsTest.Expectation.of(file);
        boolean racy = x.racy();
        Set<Integer> mustRace = x.mustRace();
        Set<Integer> noRace = x.noRace();
        Program p = load(file);
        var lib = LibraryMode.ifLibrary(p, Config.NONE);
        assertTrue(lib.isPresent(), "a program without main is a library");
        AnalysisResult r = new RaceAnalysis(new AnalysisOptions(200, 1000, true, 3000)).run(lib.get().program());
        Set<Integer> reported = AnnotatedProgramsTest.reportedLines(r, file);
        String detail = " (verdict " + r.verdict() + ": " + r.reason() + "; reported lines " + reported + ")";
        for (int line : mustRace) assertTrue(reported.contains(line), "line " + line + " must be reported" + detail);
        if (racy) {
            assertTrue(r.verdict() != Verdict.TRUE, "a racy library is never race-free" + detail);
        } else {
            assertEquals(Verdict.TRUE, r.verdict(), "verdict" + detail);
            for (int line : noRace) assertFalse(reported.contains(line), "line " + line + " must not be reported" + detail);
        }
    }

    @Test
    void entryPointsAreTheExternalFunctionsOrTheNamedOnes() throws Exception {
        Program p = load(ROOT.resolve("01-counter-racy.c"));
        assertEquals(List.of("counter_inc", "counter_get"), LibraryMode.ifLibrary(p, Config.NONE).orElseThrow().entryPoints());
        Config only = Config.NONE.withLibraryEntryPoints(List.of("counter_get"));
        var lib = LibraryMode.ifLibrary(p, only).orElseThrow();
        assertEquals(List.of("counter_get"), lib.entryPoints());
        // counter_get alone only reads: no race among its clients
        AnalysisResult r = new RaceAnalysis(new AnalysisOptions(200, 1000, true, 3000)).run(lib.program());
        assertEquals(Verdict.TRUE, r.verdict(), r.reason());
    }

    @Test
    void anUndefinedEntryPointIsAnError() throws Exception {
        Program p = load(ROOT.resolve("01-counter-racy.c"));
        ConfigException e = org.junit.jupiter.api.Assertions.assertThrows(ConfigException.class,
                () -> LibraryMode.ifLibrary(p, Config.NONE.withLibraryEntryPoints(List.of("nope"))));
        assertTrue(e.diagnostic().toString().contains("entry point 'nope' is not defined"), e.diagnostic().toString());
    }

    @Test
    void aProgramWithMainIsNotALibraryUnlessAsked() throws Exception {
        Path dir = Files.createTempDirectory("weft-lib");
        Path f = dir.resolve("m.c");
        Files.writeString(f, "int g;\nvoid set(int v) { g = v; }\nint main(void) { set(1); return g; }\n");
        Program p = load(f);
        assertTrue(LibraryMode.ifLibrary(p, Config.NONE).isEmpty());
        var lib = LibraryMode.ifLibrary(p, Config.NONE.withLibraryEntryPoints(List.of("set"))).orElseThrow();
        AnalysisResult r = new RaceAnalysis(new AnalysisOptions(200, 1000, true, 3000)).run(lib.program());
        assertTrue(r.verdict() != Verdict.TRUE, "two clients of set write g at once: " + r.reason());
    }

    private static Program load(Path file) throws Exception {
        return new Frontend(FrontendOptions.defaults(DataModel.LP64)).load(List.of(file));
    }
}
