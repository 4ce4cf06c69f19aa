package weft.model;

import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 35's measure of the C library as an input: every function of the library tables ({@code libc.tsv},
 * {@code zlib.tsv}, {@code openssl.tsv}) has an execution model for the layers that run calls (a row of
 * {@code semantics.tsv} other than {@code descriptor-argument} and {@code unsupported}, a typed event they execute: locks, thread
 * creation..., or the address of a per-thread int of the library: {@code __errno_location}), or is listed in {@code without-execution-model.txt}, where an execution through it stops. The list
 * must be exact both ways: a function that gets a model leaves it, a row added without one joins it, so the count
 * below is the one the issue's notes quote.
 */
class LibraryExecutionCoverageTest {
    @Test
    void everyTableFunctionIsExecutedOrListedAsAGap() throws Exception {
        Map<String, LibraryModel> models = new java.util.HashMap<>();
        for (LibraryModel m : LibraryModels.standard().all()) models.put(m.name(), m);
        Set<String> gaps = new TreeSet<>();
        int tables = 0;
        for (LibraryModel row : LibcTable.load()) {
            tables++;
            LibraryModel m = models.get(row.name());
            boolean typed = !(m.event() instanceof Event.MemAccess || m.event() instanceof Event.Pure);
            // a per-thread int's address (__errno_location): the explorer gives the thread's own instance
            boolean threadInt = m.facts().result().size() == 1 && m.facts().result().get(0).kind() == LibcFacts.Kind.TLS_INT;
            // a row that only says the execution stops ('unsupported') is no model either
            Semantics sem = Semantics.of(row.name());
            if (!typed && !threadInt && (sem instanceof Semantics.Unknown || sem instanceof Semantics.Unsupported)) gaps.add(row.name());
        }
        Set<String> listed = listed();
        List<String> problems = new ArrayList<>();
        for (String g : gaps) if (!listed.contains(g)) problems.add(g + ": no execution model and not listed");
        for (String l : listed) if (!gaps.contains(l)) problems.add(l + ": listed, but executed (or not in the tables): take it off the list");
        assertTrue(problems.isEmpty(), String.join("\n", problems));
        System.out.printf("library tables: %d functions, %d without an execution model%n", tables, gaps.size());
    }

    private static Set<String> listed() throws Exception {
        Set<String> out = new TreeSet<>();
        try (InputStream in = LibraryExecutionCoverageTest.class.getResourceAsStream("/weft/model/without-execution-model.txt")) {
            assertNotNull(in, "without-execution-model.txt");
            for (String line : new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).lines().toList()) {
                String l = line.strip();
                if (l.isEmpty() || l.startsWith("#")) continue;
                for (String name : l.split("\\s+")) assertTrue(out.add(name), "listed twice: " + name);
            }
        }
        return out;
    }
}
