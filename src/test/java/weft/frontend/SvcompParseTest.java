package weft.frontend;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import weft.ir.DataModel;
import weft.ir.Function;
import weft.ir.Program;
import weft.ir.Stmt;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The whole SV-COMP no-data-race dev set and the real-world programs parse and lower without error
 * diagnostics. Skipped when {@code ../shared/benchmarks} (next to the project directory) is absent.
 */
class SvcompParseTest {
    static Path benchmarks() {
        Path project = Path.of(System.getProperty("basedir", System.getProperty("user.dir"))).toAbsolutePath();
        return project.resolve("../shared/benchmarks").normalize();
    }

    @Test
    void allDevTasksParseAndLowerCleanly() throws IOException {
        Path dev = benchmarks().resolve("svcomp-nodatarace-dev");
        Path tsv = dev.resolve("tasks.tsv");
        Assumptions.assumeTrue(Files.isRegularFile(tsv), "no benchmark set at " + dev);
        List<String> lines = Files.readAllLines(tsv);
        assertTrue(lines.get(0).startsWith("yml_path\tinput_file"), lines.get(0));
        Frontend frontend = FrontendTestSupport.frontend(DataModel.ILP32);
        List<String> failures = new ArrayList<>();
        int files = 0;
        for (String line : lines.subList(1, lines.size())) {
            if (line.isBlank()) continue;
            String[] cols = line.split("\t");
            assertEquals("ILP32", cols[6].trim(), "data model of " + cols[1]);
            Path input = dev.resolve(cols[1]);
            files++;
            List<Diagnostic> errors;
            try {
                errors = frontend.check(input).stream().filter(Diagnostic::isError).toList();
            } catch (RuntimeException | StackOverflowError e) {
                failures.add(cols[1] + ": " + e);
                continue;
            }
            if (!errors.isEmpty()) failures.add(cols[1] + ": " + errors.size() + " errors, first " + errors.get(0));
        }
        assertEquals(631, files, "tasks in " + tsv);
        assertEquals(List.of(), failures.subList(0, Math.min(20, failures.size())), failures.size() + " files with errors");
    }

    private static Program loadRealWorld(String relative, DataModel dm) {
        Path file = benchmarks().resolve("realworld").resolve(relative);
        Assumptions.assumeTrue(Files.isRegularFile(file), "missing " + file);
        List<Diagnostic> errors = FrontendTestSupport.frontend(dm).check(file).stream().filter(Diagnostic::isError).toList();
        assertEquals(List.of(), errors.stream().map(Diagnostic::toString).toList());
        return FrontendTestSupport.load(file, dm);
    }

    private static List<String> calledNames(Program p) {
        List<String> out = new ArrayList<>();
        for (Function f : p.functions().values()) {
            for (Stmt.Call c : FrontendTestSupport.stmtsOf(f, Stmt.Call.class)) if (c.directName() != null) out.add(c.directName());
        }
        return out;
    }

    @Test
    void pfscanWithSystemHeaders() {
        Program p = loadRealWorld("pfscan/pfscan-1.0.c", DataModel.LP64);
        assertEquals(DataModel.LP64, p.dataModel());
        assertTrue(p.functions().containsKey("main"), p.functions().keySet().toString());
        List<String> called = calledNames(p);
        assertTrue(called.contains("pthread_create"), "pthread_create called");
        assertTrue(called.contains("pthread_mutex_lock"), "pthread_mutex_lock called");
        assertFalse(p.globals().isEmpty());
    }

    @Test
    void pfscanCombined() {
        Program p = loadRealWorld("pfscan/pfscan.comb.c", DataModel.LP64);
        assertTrue(p.functions().containsKey("main"), p.functions().keySet().toString());
        assertTrue(calledNames(p).contains("pthread_create"));
    }

    @Test
    void qsortMt() {
        Program p = loadRealWorld("qsort_mt/qsort_mt.c", DataModel.LP64);
        assertTrue(calledNames(p).contains("pthread_create"), "pthread_create called");
        assertTrue(p.functions().size() > 3, p.functions().keySet().toString());
    }
}
