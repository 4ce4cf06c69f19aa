package weft.race;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import weft.frontend.Frontend;
import weft.frontend.FrontendOptions;
import weft.ir.DataModel;
import weft.ir.Program;
import weft.model.Event;
import weft.model.LibraryModel;
import weft.model.LibraryModels;
import weft.model.Semantics;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * Every library function the explorer executes, against the accesses its table row states: main calls it with every
 * pointer argument pointing to the shared global {@code g} (size arguments 8), while a worker writes {@code g[0]}. When
 * the row reads or writes an argument, the exhaustive exploration alone ({@code --prover=exploration}) must not prove
 * the program race-free: it may confirm the race, or stop at the call (arguments it cannot run with are a gap), but a
 * proof means its model made the call without recording the access the row states (audits D42, D45: {@code nanosleep}'s
 * request and {@code pthread_sigmask}'s set were read by the library and by no explorer model). The accesses the
 * explorer records start at the pointer (strings, buffers, objects), so {@code g[0]} is always among them.
 */
class ExplorerRowsTest {
    @TempDir
    static Path dir;

    @TestFactory
    Stream<DynamicTest> everyExecutedRowRecordsItsAccesses() {
        return LibraryModels.standard().all().stream()
                .filter(m -> m.event() instanceof Event.MemAccess a && !a.args().isEmpty())
                .filter(m -> Semantics.of(m.name()) != null && !(Semantics.of(m.name()) instanceof Semantics.Unsupported))
                .sorted(java.util.Comparator.comparing(LibraryModel::name))
                .map(m -> DynamicTest.dynamicTest(m.name(), () -> check(m)));
    }

    private static void check(LibraryModel m) throws Exception {
        Event.MemAccess a = (Event.MemAccess) m.event();
        String args = LibcTableRowsTest.arguments(m);
        String src = "int " + m.name() + "();\nint pthread_create();\nint pthread_join();\n"
                + "char g[64];\nint cb() { return 0; }\n"
                + "void *t(void *a) { g[0] = 1; return 0; }\n"
                + "int main(void) { unsigned long a; pthread_create(&a, 0, t, 0); " + m.name() + "(" + args + "); pthread_join(a, 0); return 0; }\n";
        Path f = dir.resolve(m.name() + ".c");
        Files.writeString(f, src);
        Program p = new Frontend(FrontendOptions.defaults(DataModel.LP64)).load(java.util.List.of(f));
        AnalysisResult r = new RaceAnalysis(new AnalysisOptions(200, 100, true, 3000).withProvers(Set.of(Prover.EXPLORATION))).run(p);
        assertNotEquals(Verdict.TRUE, r.verdict(), m.name() + ": the exploration proved a call that " + a.args() + " race-free\n" + src);
    }
}
