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
        assertEquals(LibcFacts.Kind.TLS_INT, table.get("__errno_location").facts().result().get(0).kind());
        assertEquals(List.of(new LibcFacts.Store(1, List.of(new LibcFacts.Target(LibcFacts.Kind.INTO_ARG, 0, null)))),
                table.get("strtol").facts().stores());
        // a store into a named member of the struct the argument points to (zlib's strm->state, strm->msg)
        List<LibcFacts.Store> member = LibcTable.row("f", "rw**0 p0.state=fresh p0.msg=const p1=arg0", "int", "safe", "-", "-")
                .facts().stores();
        assertEquals(List.of("state", "msg"), List.of(member.get(0).field(), member.get(1).field()));
        assertEquals(0, member.get(0).throughArg());
        assertEquals(null, member.get(2).field());
        assertThrows(IllegalArgumentException.class, () -> LibcTable.row("f", "p0.=fresh", "int", "safe", "-", "-"));
        assertTrue(table.get("strlen").facts().result().isEmpty());
        assertTrue(table.get("rand").event() instanceof Event.Pure);
        assertTrue(table.get("strcpy").event() instanceof Event.MemAccess);
    }

    @Test
    void standardModelsIncludeTheTableAndKeepTypedEvents() {
        LibraryModels m = LibraryModels.standard();
        assertTrue(m.lookup("strtok").isPresent());
        assertTrue(m.lookup("pthread_mutex_lock").orElseThrow().event() instanceof Event.Lock);
        assertFalse(m.lookup("qsort").orElseThrow().facts().callbacks().isEmpty(), "qsort calls its comparator");
        assertTrue(m.lookup("pthread_attr_setdetachstate").orElseThrow().event() instanceof Event.MemAccess);
    }

    @Test
    void callbacksAndLibraryGlobals() {
        LibcFacts q = table.get("qsort").facts();
        assertEquals(List.of(new LibcFacts.Callback(LibcFacts.When.SYNC, 3, false, List.of(
                new LibcFacts.Param(LibcFacts.ParamKind.INTO_ARG, 0), new LibcFacts.Param(LibcFacts.ParamKind.INTO_ARG, 0)))), q.callbacks());
        assertEquals(LibcFacts.When.ASYNC, table.get("signal").facts().callbacks().get(0).when());
        assertTrue(table.get("sigaction").facts().callbacks().get(0).stored());
        assertEquals(LibcFacts.When.EXIT, table.get("atexit").facts().callbacks().get(0).when());
        assertEquals(List.of("fork"), table.get("fork").facts().runs());
        assertTrue(table.get("getopt").facts().globals().contains(new LibcFacts.GlobalAccess("optind", true)));
        assertEquals("optarg", table.get("getopt").facts().stores().get(0).global());
        assertTrue(table.size() >= 400, "at least 400 functions: " + table.size());
    }

    /**
     * Audit D35: strtok's continuation reads and writes the string its saved position points into, and its token may
     * point there; getenv reads the strings putenv put into the environment. Both need a state group to name.
     */
    @Test
    void whatTheHiddenStatePointsTo() {
        LibcFacts strtok = table.get("strtok").facts();
        assertEquals(new LibcFacts.Reach(true, true), strtok.stateTargets());
        assertTrue(strtok.result().contains(new LibcFacts.Target(LibcFacts.Kind.DEREF_STATE, -1, null)));
        assertEquals(new LibcFacts.Reach(true, false), table.get("getenv").facts().stateTargets());
        assertEquals(LibcFacts.Reach.NONE, table.get("strtok_r").facts().stateTargets());
        assertThrows(IllegalArgumentException.class, () -> LibcTable.parse(List.of("f	rw*s	int	safe	-	-")));
        assertThrows(IllegalArgumentException.class, () -> LibcTable.parse(List.of("f	r0	*state	safe	-	-")));
        assertEquals(new LibcFacts.Reach(true, false), LibcTable.parse(List.of("f	r*s	*state	safe	g:r	-")).get(0).facts().stateTargets());
    }

    /**
     * Audit D46: a group that only holds pointers ({@code GROUP:p}): the buffers handed to streams. setvbuf stores its
     * buffer there, every stream call follows what it holds, and neither reads nor writes the group's own object
     * (no race on the library's bookkeeping); a store into the state needs a group it writes or one of these.
     */
    @Test
    void groupsThatOnlyHoldPointers() {
        LibcFacts setvbuf = table.get("setvbuf").facts();
        assertEquals(List.of("streambuf"), setvbuf.pointerState());
        assertEquals(List.of(), setvbuf.state());
        assertEquals(List.of(), setvbuf.readState());
        assertTrue(setvbuf.storesIntoState());
        assertEquals(List.of("streambuf"), setvbuf.storeGroups());
        LibcFacts fputc = table.get("fputc").facts();
        assertEquals(new LibcFacts.Reach(true, true), fputc.stateTargets());
        assertTrue(fputc.allGroups().contains("streambuf"));
        assertTrue(!fputc.storesIntoState());
        LibcFacts printf = table.get("printf").facts();
        assertEquals(List.of("locale"), printf.readState());
        assertEquals(List.of("streambuf"), printf.pointerState());
        assertThrows(IllegalArgumentException.class, () -> LibcTable.parse(List.of("f\tps=arg0\tint\tsafe\tg:r\t-")));
        assertEquals(List.of("g"), LibcTable.parse(List.of("f\tps=arg0\tint\tsafe\tg:p\t-")).get(0).facts().storeGroups());
    }

    @Test
    void malformedRowsAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> LibcTable.parse(List.of("f\tr0\tint\tunsafe\t-\t-")));
        assertThrows(IllegalArgumentException.class, () -> LibcTable.parse(List.of("f\tr0\tstatic\tsafe\t-\t-")));
        assertThrows(IllegalArgumentException.class, () -> LibcTable.parse(List.of("f\tr0\tint")));
        assertThrows(IllegalArgumentException.class, () -> LibcTable.parse(List.of("f\t-\tint\tsafe\t-\tlater0()")));
        assertThrows(IllegalArgumentException.class, () -> LibcTable.parse(List.of("f\t-\tint\tsafe\t-\tsync0(argX)")));
        assertThrows(IllegalArgumentException.class, () -> LibcTable.parse(List.of("f\t-\tint\tsafe\t-\tsync0(static)")));
        assertEquals(1, LibcTable.parse(List.of("# comment", "name\targs\tresult\tposix\tstate\tcallbacks",
                "f\trw0:1 p1=arg0+\targ0|fresh\tsafe\t-\t-")).size());
    }
}
