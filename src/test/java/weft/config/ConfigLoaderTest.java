package weft.config;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import weft.model.Event;
import weft.model.LibraryModel;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Reading {@code weft.yml}: every kind of entry, and errors that point at the offending line. */
class ConfigLoaderTest {
    @TempDir
    Path dir;

    static final String FULL = """
            version: 1
            functions:
              thread-create:
                - { name: os_task_create, id: 0, routine: 1, arg: 2 }
              thread-join:
                - { name: os_task_join, id: 0 }
              lock:
                - os_mutex_lock
                - { name: os_rw_read, arg: 1, mode: read }
                - { name: os_mutex_trylock, try: true, success: 1 }
              unlock:
                - os_mutex_unlock
                - { name: os_rw_unlock, arg: 1, kind: rwlock }
              atomic-begin: [irq_disable]
              atomic-end: [irq_enable]
            entry-points:
              - on_timer
              - { function: on_rx }
            suppress:
              - location: src/stats.c:42
              - variable: debug_counter
            """;

    static Config parse(String text) throws ConfigException {
        return ConfigLoader.parse(Path.of("weft.yml"), text);
    }

    static String error(String text) {
        return assertThrows(ConfigException.class, () -> parse(text)).diagnostic().toString();
    }

    @Test
    void readsEveryKindOfEntry() throws ConfigException {
        Config c = parse(FULL);
        Map<String, Event> m = c.models().stream().collect(Collectors.toMap(LibraryModel::name, LibraryModel::event));
        assertEquals(new Event.ThreadCreate(0, 1, 2), m.get("os_task_create"));
        assertEquals(new Event.ThreadJoin(0, -1), m.get("os_task_join"));
        assertEquals(new Event.Lock(0, Event.LockKind.MUTEX, Event.Mode.WRITE, false, 0), m.get("os_mutex_lock"));
        assertEquals(new Event.Lock(1, Event.LockKind.RWLOCK, Event.Mode.READ, false, 0), m.get("os_rw_read"));
        assertEquals(new Event.Lock(0, Event.LockKind.MUTEX, Event.Mode.WRITE, true, 1), m.get("os_mutex_trylock"));
        assertEquals(new Event.Unlock(0, Event.LockKind.MUTEX), m.get("os_mutex_unlock"));
        assertEquals(new Event.Unlock(1, Event.LockKind.RWLOCK), m.get("os_rw_unlock"));
        assertEquals(new Event.AtomicBegin(), m.get("irq_disable"));
        assertEquals(new Event.AtomicEnd(), m.get("irq_enable"));
        assertEquals(2, c.entryPoints().size());
        assertEquals("on_timer", c.entryPoints().get(0).function());
        assertEquals("weft.yml:17:5", c.entryPoints().get(0).loc().toString());
        assertEquals("on_rx", c.entryPoints().get(1).function());
        assertEquals(1, c.suppressions().lines().size());
        assertEquals("src/stats.c", c.suppressions().lines().get(0).file());
        assertEquals(42, c.suppressions().lines().get(0).line());
        assertEquals("debug_counter", c.suppressions().variables().get(0).name());
        assertEquals("weft.yml:21", c.suppressions().variables().get(0).origin());
    }

    @Test
    void emptyFileIsEmptyConfiguration() throws ConfigException {
        Config c = parse("# nothing yet\n");
        assertTrue(c.models().isEmpty() && c.entryPoints().isEmpty() && c.suppressions().lines().isEmpty());
    }

    @Test
    void errorsNameFileLineAndColumn() {
        assertEquals("weft.yml:3:3: error: unknown key 'lokc' in functions (expected one of atomic-begin, atomic-end, lock, "
                + "thread-create, thread-join, unlock)", error("version: 1\nfunctions:\n  lokc: [f]\n"));
        assertTrue(error("functions:\n  lock: [f\n").startsWith("weft.yml:3:1: error: invalid YAML"), error("functions:\n  lock: [f\n"));
        assertEquals("weft.yml:3:7: error: missing 'routine' (0-based argument position)",
                error("functions:\n  thread-create:\n    - { name: spawn, id: 0, arg: 2 }\n"));
        assertTrue(error("functions:\n  thread-join: [join]\n").startsWith("weft.yml:2:17: error: thread-join needs a mapping"));
        assertEquals("weft.yml:4:7: error: function 'f' is configured twice (first at line 3)",
                error("functions:\n  lock:\n    - f\n    - f\n"));
        assertEquals("weft.yml:2:15: error: location must be FILE:LINE, e.g. src/main.c:42",
                error("suppress:\n  - location: main.c\n"));
        assertEquals("weft.yml:1:10: error: unsupported version (only 1 is known)", error("version: 2\n"));
        assertEquals("weft.yml:2:10: error: '1abc' is not a C function name", error("functions:\n  lock: [1abc]\n"));
        assertEquals("weft.yml:3:24: error: arg must be an argument position from 0 to 31",
                error("functions:\n  lock:\n    - { name: lk, arg: -1 }\n"));
        assertEquals("weft.yml:1:1: error: the configuration must be a mapping", error("- a\n- b\n"));
        assertEquals("weft.yml:2:5: error: a suppression has exactly one of 'location: FILE:LINE' or 'variable: NAME'",
                error("suppress:\n  - { location: a.c:1, variable: x }\n"));
    }

    @Test
    void findsWeftYmlInTheDirectoryOrTheGivenFile() throws IOException, ConfigException {
        assertSame(Config.NONE, ConfigLoader.find(null, dir));
        Files.writeString(dir.resolve("weft.yml"), "entry-points: [implicit]\n");
        assertEquals("implicit", ConfigLoader.find(null, dir).entryPoints().get(0).function());
        Files.writeString(dir.resolve("custom.yml"), "entry-points: [cb]\n");
        assertEquals("cb", ConfigLoader.find(dir.resolve("custom.yml"), dir).entryPoints().get(0).function());
        ConfigException missing = assertThrows(ConfigException.class, () -> ConfigLoader.find(dir.resolve("nope.yml"), dir));
        assertEquals(dir.resolve("nope.yml") + ":0:0: error: no such file", missing.diagnostic().toString());
    }
}
