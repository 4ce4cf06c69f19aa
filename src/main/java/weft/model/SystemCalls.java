package weft.model;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Linux's system call numbers that {@code syscall(number, ...)} runs as a C library function ({@link Semantics.SystemCall}),
 * by data model: read from {@code system-calls.tsv}.
 */
public final class SystemCalls {
    private static final String RESOURCE = "/weft/model/system-calls.tsv";
    private static final Map<Long, String> LP64 = new HashMap<>();
    private static final Map<Long, String> ILP32 = new HashMap<>();

    static {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(SystemCalls.class.getResourceAsStream(RESOURCE), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                if (line.isBlank() || line.startsWith("#")) continue;
                String[] c = line.split("\t");
                if (!c[1].equals("-")) LP64.put(Long.parseLong(c[1]), c[0]);
                if (!c[2].equals("-")) ILP32.put(Long.parseLong(c[2]), c[0]);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private SystemCalls() {
    }

    /** The function system call {@code number} runs as, on x86-64 ({@code lp64}) or i386; empty for one not in the table. */
    public static Optional<String> function(long number, boolean lp64) {
        return Optional.ofNullable((lp64 ? LP64 : ILP32).get(number));
    }

    /** Every function the table names. */
    public static java.util.Set<String> functions() {
        java.util.Set<String> all = new java.util.TreeSet<>(LP64.values());
        all.addAll(ILP32.values());
        return all;
    }
}
