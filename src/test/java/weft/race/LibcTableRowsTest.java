package weft.race;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import weft.frontend.Frontend;
import weft.frontend.FrontendOptions;
import weft.ir.DataModel;
import weft.ir.Program;
import weft.model.Event;
import weft.model.LibcFacts;
import weft.model.LibcTable;
import weft.model.LibraryModel;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Every row of the C library table, by what the analysis derives from it: a generated program in which two
 * unordered threads call the function with every pointer argument pointing to the shared global {@code g}
 * (size arguments 8). The thread-modular layer must report a race on {@code g} exactly when the row writes an
 * argument (a write on both sides, or a write against the other thread's read), and one on each of the row's
 * hidden-state objects {@code <libc:GROUP state>} (a {@code printf} format {@code g} is not a literal, so it may
 * hold {@code %n} and its variadic pointers are written; for rows with callbacks the comparator and handlers are
 * program functions, given a lock-free body that touches nothing).
 */
class LibcTableRowsTest {
    @TempDir
    static Path dir;

    @TestFactory
    Stream<DynamicTest> everyRowHasTheAccessesItStates() {
        return LibcTable.load().stream().filter(m -> !m.name().startsWith("__builtin_"))
                .map(m -> DynamicTest.dynamicTest(m.name(), () -> check(m)));
    }

    private static void check(LibraryModel m) throws Exception {
        boolean writes = false;
        if (m.event() instanceof Event.MemAccess a) {
            for (Event.MemArg x : a.args()) writes |= x.write();
            // g holds no pointer: a va_list argument g stands for no variadic pointer; a format g may hold %n
            if (a.vaList() < 0) writes |= a.varargsWrite() || a.format() >= 0;
        }
        String args = arguments(m);
        String src = "int " + m.name() + "();\nint pthread_create();\nint pthread_join();\n"
                + "char g[64];\nint cb() { return 0; }\n"
                + "void *t(void *a) { " + m.name() + "(" + args + "); return 0; }\n"
                + "int main(void) { unsigned long a, b; pthread_create(&a, 0, t, 0); pthread_create(&b, 0, t, 0);"
                + " pthread_join(a, 0); pthread_join(b, 0); return 0; }\n";
        Path f = dir.resolve(m.name() + ".c");
        Files.writeString(f, src);
        Program p = new Frontend(FrontendOptions.defaults(DataModel.LP64)).load(java.util.List.of(f));
        AnalysisResult r = new RaceAnalysis(new AnalysisOptions(200, 100000, false, 0).withLibcStateRaces(true)).run(p);
        Set<String> racy = new TreeSet<>();
        for (RacePair pair : r.races()) for (weft.pointer.MemObject o : pair.objects()) racy.add(o.toString());
        boolean sigStruct = !m.facts().callbacks().isEmpty() && m.facts().callbacks().get(0).stored();
        if (!sigStruct) assertEquals(writes, racy.contains("g"), m.name() + ": races on " + racy + "\n" + src);
        for (String group : m.facts().state()) {
            assertEquals(true, racy.contains(LibcFacts.stateObjectName(group)), m.name() + ": races on " + racy);
        }
    }

    /**
     * A call's arguments for a row: {@code cb} (a program function) for each callback, {@code 8} for each byte count,
     * {@code g} for the others, as many as the row's highest argument needs.
     */
    static String arguments(LibraryModel m) {
        int n = 1;
        Set<Integer> sizes = new TreeSet<>();
        Set<Integer> fns = new TreeSet<>();
        if (m.event() instanceof Event.MemAccess a) {
            for (Event.MemArg x : a.args()) {
                n = Math.max(n, x.ptrArg() + 1);
                if (x.sizeArg() >= 0) {
                    sizes.add(x.sizeArg());
                    n = Math.max(n, x.sizeArg() + 1);
                }
            }
            if (a.varargsFrom() >= 0) n = Math.max(n, a.varargsFrom() + 1);
            n = Math.max(n, Math.max(a.vaList(), a.format()) + 1);
        }
        for (LibcFacts.Callback cb : m.facts().callbacks()) {
            fns.add(cb.fnArg());
            n = Math.max(n, cb.fnArg() + 1);
        }
        StringBuilder args = new StringBuilder();
        for (int i = 0; i < n; i++) {
            if (i > 0) args.append(", ");
            args.append(fns.contains(i) ? "cb" : sizes.contains(i) ? "8" : "g");
        }
        return args.toString();
    }
}
