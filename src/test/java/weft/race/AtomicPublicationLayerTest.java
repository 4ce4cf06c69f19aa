package weft.race;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
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
 * The thread-modular layer alone (no exploration) on the programs that publish pointers through atomic operations
 * ({@code 33-real-c/atomics-*}: {@code <stdatomic.h>} macros, GCC's generic and {@code _n} builtins, {@code __sync}
 * builtins, whole {@code _Atomic} structs): the pointer analysis must follow the value through the atomic object,
 * so a racy program is never proved race-free by the layer and its {@code // RACE!} lines are among its possible
 * races, and each race-free twin (ordered by create and join) is proved by the layer.
 */
class AtomicPublicationLayerTest {
    private static final Path ROOT = Path.of("src/test/resources/races/33-real-c");

    @TestFactory
    Stream<DynamicTest> atomicPublicationIsFollowedByTheLayer() throws IOException {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Files.list(ROOT)) {
            s.filter(p -> p.getFileName().toString().startsWith("atomics-") && p.toString().endsWith(".c")).sorted()
                    .forEach(files::add);
        }
        assertFalse(files.isEmpty());
        return files.stream().map(f -> DynamicTest.dynamicTest(f.getFileName().toString(), () -> {
            List<String> lines = Files.readAllLines(f);
            Program p = new Frontend(FrontendOptions.defaults(DataModel.LP64)).load(List.of(f));
            AnalysisResult r = new RaceAnalysis(new AnalysisOptions(200, 1000, false, 0)).run(p);
            if (!lines.get(0).contains("expect: racy")) {
                assertEquals(Verdict.TRUE, r.verdict(), "race-free twin: " + r.reason());
                return;
            }
            assertNotEquals(Verdict.TRUE, r.verdict(), r.reason());
            var reported = AnnotatedProgramsTest.reportedLines(r, f);
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).contains("// RACE!")) assertTrue(reported.contains(i + 1), "line " + (i + 1) + " in " + reported);
            }
        }));
    }
}
