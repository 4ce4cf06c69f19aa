package weft.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code weft.yml}'s {@code libc} entries add C library functions or override the table's, and change verdicts. */
class LibcOverrideTest {
    @TempDir
    Path dir;

    private static final String PROGRAM = """
            #include <pthread.h>
            void log_line(const char *s);
            char line[32];
            void *t(void *a) { log_line(line); return 0; }
            int main(void) {
                pthread_t a, b;
                pthread_create(&a, 0, t, 0);
                pthread_create(&b, 0, t, 0);
                pthread_join(a, 0);
                pthread_join(b, 0);
                return 0;
            }
            """;

    private MainTest.Result check(String yml) throws IOException {
        Path c = dir.resolve("p.c");
        Files.writeString(c, PROGRAM);
        Path y = dir.resolve("weft.yml");
        Files.writeString(y, yml);
        return MainTest.weft("check", "-q", "--config", y.toString(), c.toString());
    }

    @Test
    void anAddedEntryMakesAnUnknownFunctionKnown() throws IOException {
        // unknown: log_line is external code that may write everything
        MainTest.Result unknown = check("version: 1\n");
        assertEquals(3, unknown.code(), unknown.out());
        // declared read-only: both threads only read line
        MainTest.Result ro = check("version: 1\nlibc:\n  - { name: log_line, args: r0 }\n");
        assertEquals(0, ro.code(), ro.out());
        // declared as writing its argument: the two calls race on line
        MainTest.Result rw = check("version: 1\nlibc:\n  - { name: log_line, args: rw0 }\n");
        assertEquals(3, rw.code(), rw.out());
        assertTrue(rw.out().contains("'line'"), rw.out());
    }

    @Test
    void anEntryOverridesTheStandardTable() throws IOException {
        Path c = dir.resolve("s.c");
        Files.writeString(c, """
                #include <pthread.h>
                #include <string.h>
                char line[32];
                void *t(void *a) { return (void *)strlen(line); }
                int main(void) {
                    pthread_t a, b;
                    pthread_create(&a, 0, t, 0);
                    pthread_create(&b, 0, t, 0);
                    pthread_join(a, 0);
                    pthread_join(b, 0);
                    return 0;
                }
                """);
        Path y = dir.resolve("o.yml");
        Files.writeString(y, "version: 1\n");
        assertEquals(0, MainTest.weft("check", "-q", "--config", y.toString(), c.toString()).code());
        Files.writeString(y, "version: 1\nlibc:\n  - { name: strlen, args: w0, posix: unsafe, state: mine }\n");
        MainTest.Result r = MainTest.weft("check", "-q", "--config", y.toString(), c.toString());
        assertEquals(1, r.code(), r.out());
        assertTrue(r.out().contains("<libc:mine state>"), r.out());
    }

    @Test
    void malformedEntriesAreLocatedErrors() throws IOException {
        MainTest.Result r = check("version: 1\nlibc:\n  - { name: log_line, args: x9 }\n");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("weft.yml:3:5: error: invalid libc entry for 'log_line'"), r.err());
        MainTest.Result k = check("version: 1\nlibc:\n  - { name: log_line, reads: r0 }\n");
        assertEquals(2, k.code());
        assertTrue(k.err().contains("unknown key 'reads' in libc entry"), k.err());
    }
}
