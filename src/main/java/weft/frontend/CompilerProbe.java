package weft.frontend;

import weft.ir.DataModel;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The installed C compiler's predefined macros ({@code -dM -E}) and system include directories
 * ({@code -E -v}), so that headers depending on e.g. {@code __x86_64__} parse as the compiler would
 * see them. Absent compiler: empty results.
 */
public record CompilerProbe(Map<String, String> macros, List<String> includeDirs) {

    /**
     * Probes the first compiler found. The host's macros are used whatever the data model: the installed
     * headers are the host's, and type layout follows the data model separately.
     */
    public static CompilerProbe run(DataModel dm) {
        String dir = System.getProperty(CACHE_DIR_PROPERTY);
        return run(dir == null || dir.isEmpty() ? null : java.nio.file.Path.of(dir));
    }

    /**
     * The JVM property naming the directory where the probe's answer is kept per compiler (set by
     * {@code bin/weft} to where it keeps the class-data archive); unset: the compiler is asked every run.
     */
    public static final String CACHE_DIR_PROPERTY = "weft.cacheDir";

    /** Probes the first compiler found, through the cache in {@code cacheDir} when not null (see {@link ProbeCache}). */
    static CompilerProbe run(java.nio.file.Path cacheDir) {
        for (String cc : List.of("gcc", "cc", "clang")) {
            String key = cacheDir == null ? null : ProbeCache.key(cc);
            if (key != null) {
                CompilerProbe cached = ProbeCache.read(cacheDir, key);
                if (cached != null) return cached;
            }
            CompilerProbe p = tryCompiler(cc);
            if (p != null) {
                if (key != null) ProbeCache.write(cacheDir, key, p);
                return p;
            }
        }
        return new CompilerProbe(Map.of(), List.of());
    }

    private static CompilerProbe tryCompiler(String cc) {
        try {
            List<String> flags = new ArrayList<>(List.of(cc, "-dM", "-E", "-x", "c", "-"));
            // The host's own macros: the system headers installed are the host's. Type layout follows
            // the data model separately, so ILP32 analysis of host-preprocessed code is still 32-bit.
            String macrosOut = run(flags);
            if (macrosOut == null) return null;
            Map<String, String> macros = new LinkedHashMap<>();
            for (String line : macrosOut.split("\n")) {
                if (!line.startsWith("#define ")) continue;
                String rest = line.substring(8);
                int sp = rest.indexOf(' ');
                String name = sp < 0 ? rest : rest.substring(0, sp);
                if (name.contains("(")) continue;
                macros.put(name, sp < 0 ? "" : rest.substring(sp + 1));
            }
            String verbose = run(List.of(cc, "-E", "-v", "-x", "c", "/dev/null"));
            List<String> dirs = new ArrayList<>();
            if (verbose != null) {
                boolean in = false;
                for (String line : verbose.split("\n")) {
                    if (line.startsWith("#include <...> search starts here")) { in = true; continue; }
                    if (line.startsWith("End of search list")) break;
                    if (in && line.startsWith(" ")) dirs.add(line.trim());
                }
            }
            return new CompilerProbe(macros, dirs);
        } catch (IOException | InterruptedException e) {
            if (e instanceof InterruptedException) Thread.currentThread().interrupt();
            return null;
        }
    }

    private static String run(List<String> cmd) throws IOException, InterruptedException {
        Process p;
        try {
            p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        } catch (IOException e) {
            return null;
        }
        p.getOutputStream().close();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) return null;
        return new String(out, StandardCharsets.UTF_8);
    }
}
