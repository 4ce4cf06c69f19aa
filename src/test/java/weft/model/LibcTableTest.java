package weft.model;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The C library table: its syntax, and facts the analyses rely on. */
class LibcTableTest {
    private final Map<String, LibraryModel> table = LibcTable.load().stream()
            .collect(Collectors.toMap(LibraryModel::name, Function.identity()));

    @Test
    void posixNonThreadSafeFunctionsHaveHiddenState() {
        for (String f : List.of("rand", "srand", "strtok", "localtime", "gmtime", "asctime", "ctime", "getenv", "setenv",
                "getpwnam", "getpwuid", "readdir", "inet_ntoa", "strerror", "setlocale", "getopt", "drand48", "system")) {
            LibcFacts facts = table.get(f).facts();
            assertFalse(facts.posixThreadSafe(), f);
            assertFalse(facts.state().isEmpty(), f);
        }
        assertEquals(table.get("rand").facts().state(), table.get("srand").facts().state());
        assertEquals(table.get("getpwnam").facts().state(), table.get("getpwuid").facts().state());
        for (String f : List.of("rand_r", "strtok_r", "localtime_r", "strlen", "memcpy")) {
            assertTrue(table.get(f).facts().posixThreadSafe(), f);
            assertTrue(table.get(f).facts().state().isEmpty(), f);
        }
    }

    @Test
    void resultsAndStores() {
        assertEquals(List.of(new LibcFacts.Target(LibcFacts.Kind.ARG, 0, null)), table.get("memcpy").facts().result());
        assertEquals(List.of(new LibcFacts.Target(LibcFacts.Kind.INTO_ARG, 0, null)), table.get("strchr").facts().result());
        assertEquals(LibcFacts.Kind.STATIC, table.get("localtime").facts().result().get(0).kind());
        assertEquals(LibcFacts.Kind.TLS, table.get("__errno_location").facts().result().get(0).kind());
        assertEquals(List.of(new LibcFacts.Store(1, List.of(new LibcFacts.Target(LibcFacts.Kind.INTO_ARG, 0, null)))),
                table.get("strtol").facts().stores());
        assertTrue(table.get("strlen").facts().result().isEmpty());
        assertTrue(table.get("rand").event() instanceof Event.Pure);
        assertTrue(table.get("strcpy").event() instanceof Event.MemAccess);
    }

    @Test
    void standardModelsIncludeTheTableAndKeepTypedEvents() {
        LibraryModels m = LibraryModels.standard();
        assertTrue(m.lookup("strtok").isPresent());
        assertTrue(m.lookup("pthread_mutex_lock").orElseThrow().event() instanceof Event.Lock);
        assertFalse(m.lookup("qsort").isPresent(), "callback-taking functions stay external");
    }

    @Test
    void malformedRowsAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> LibcTable.parse(List.of("f\tr0\tint\tunsafe\t-")));
        assertThrows(IllegalArgumentException.class, () -> LibcTable.parse(List.of("f\tr0\tstatic\tsafe\t-")));
        assertThrows(IllegalArgumentException.class, () -> LibcTable.parse(List.of("f\tr0\tint")));
        assertEquals(1, LibcTable.parse(List.of("# comment", "name\targs\tresult\tposix\tstate", "f\trw0:1 p1=arg0+\targ0|fresh\tsafe\t-")).size());
    }
}
