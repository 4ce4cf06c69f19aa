package weft.frontend;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The compiler probe's answer is read back from its cache file only under the same key. */
class ProbeCacheTest {
    @TempDir
    Path dir;

    @Test
    void roundTripUnderTheSameKeyOnly() {
        Map<String, String> macros = new LinkedHashMap<>();
        macros.put("__x86_64__", "1");
        macros.put("__VERSION__", "\"12.2.0\"");
        macros.put("__EMPTY__", "");
        CompilerProbe p = new CompilerProbe(macros, List.of("/usr/include", "/usr/lib/gcc/x86_64-linux-gnu/12/include"));
        ProbeCache.write(dir, "key one", p);
        assertEquals(p, ProbeCache.read(dir, "key one"));
        assertNull(ProbeCache.read(dir, "key two"), "another compiler or environment is not served from the cache");
    }

    @Test
    void damagedFileIsIgnored() throws Exception {
        ProbeCache.write(dir, "k", new CompilerProbe(Map.of("A", "1"), List.of("/usr/include")));
        try (Stream<Path> s = Files.list(dir)) {
            Path f = s.findFirst().orElseThrow();
            Files.writeString(f, "k\nno tab here\n");
        }
        assertNull(ProbeCache.read(dir, "k"));
    }

    @Test
    void secondRunIsServedFromTheCache() throws Exception {
        CompilerProbe first = CompilerProbe.run(dir);
        CompilerProbe second = CompilerProbe.run(dir);
        assertEquals(first, second);
        if (ProbeCache.key("gcc") != null && !first.macros().isEmpty()) {
            try (Stream<Path> s = Files.list(dir)) {
                assertTrue(s.anyMatch(f -> f.getFileName().toString().startsWith("cc-probe-")), "answer kept");
            }
            assertTrue(first.macros().containsKey("__GNUC__"));
        }
    }
}
