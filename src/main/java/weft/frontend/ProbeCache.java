package weft.frontend;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The answer of {@link CompilerProbe} kept in a file per compiler, so that a short check does not start
 * the compiler twice. The key names the compiler binary found on {@code PATH} (its real path, size and
 * modification time: an upgrade or another compiler gives another key) and the environment variables
 * that change its answer; a file whose first line is not the key is ignored and rewritten. Any I/O
 * problem means "not cached": the compiler is then asked as without a cache.
 */
final class ProbeCache {
    /** Environment variables that change the compiler's predefined macros or include directories. */
    private static final List<String> ENV = List.of("CPATH", "C_INCLUDE_PATH", "GCC_EXEC_PREFIX", "COMPILER_PATH",
            "SYSROOT", "PATH");
    private static final String DIRS = "#dirs";

    private ProbeCache() {}

    /** The cache key of compiler {@code cc}, or null if it is not found on {@code PATH}. */
    static String key(String cc) {
        String path = System.getenv("PATH");
        if (path == null) return null;
        for (String d : path.split(java.io.File.pathSeparator)) {
            if (d.isEmpty()) continue;
            Path p = Path.of(d, cc);
            try {
                if (!Files.isRegularFile(p) || !Files.isExecutable(p)) continue;
                Path real = p.toRealPath();
                StringBuilder k = new StringBuilder("weft-cc-probe 1 ").append(p).append(" -> ").append(real)
                        .append(' ').append(Files.size(real)).append(' ').append(Files.getLastModifiedTime(real).toMillis());
                for (String v : ENV) k.append(' ').append(v).append('=').append(System.getenv(v));
                return k.toString().replace('\n', ' ');
            } catch (IOException | RuntimeException e) {
                return null;
            }
        }
        return null;
    }

    static CompilerProbe read(Path dir, String key) {
        try {
            Path f = file(dir, key);
            if (!Files.isRegularFile(f)) return null;
            List<String> lines = Files.readAllLines(f, StandardCharsets.UTF_8);
            if (lines.isEmpty() || !lines.get(0).equals(key)) return null;
            Map<String, String> macros = new LinkedHashMap<>();
            List<String> dirs = new ArrayList<>();
            boolean inDirs = false;
            for (String line : lines.subList(1, lines.size())) {
                if (line.equals(DIRS)) {
                    inDirs = true;
                } else if (inDirs) {
                    dirs.add(line);
                } else {
                    int tab = line.indexOf('\t');
                    if (tab < 0) return null;
                    macros.put(line.substring(0, tab), line.substring(tab + 1));
                }
            }
            return inDirs ? new CompilerProbe(macros, dirs) : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    static void write(Path dir, String key, CompilerProbe p) {
        StringBuilder out = new StringBuilder(key).append('\n');
        for (Map.Entry<String, String> m : p.macros().entrySet()) {
            if (m.getKey().contains("\t") || m.getKey().contains("\n") || m.getValue().contains("\n")) return;
            out.append(m.getKey()).append('\t').append(m.getValue()).append('\n');
        }
        out.append(DIRS).append('\n');
        for (String d : p.includeDirs()) {
            if (d.contains("\n")) return;
            out.append(d).append('\n');
        }
        try {
            Files.createDirectories(dir);
            Path f = file(dir, key);
            Path tmp = Files.createTempFile(dir, "cc-probe", ".tmp");
            try {
                Files.writeString(tmp, out, StandardCharsets.UTF_8);
                Files.move(tmp, f, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException | RuntimeException e) {
            // not cached: the next run asks the compiler again
        }
    }

    private static Path file(Path dir, String key) {
        return dir.resolve("cc-probe-" + Integer.toHexString(key.hashCode()) + ".txt");
    }
}
