package weft.reproduce;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The functions the reproducer's harness runtime handles, and how (the table {@code weft/reproduce/sync-calls.tsv},
 * whose comment describes the roles). Immutable.
 */
public record SyncCalls(Map<String, Role> roles) {
    static final String RESOURCE = "/weft/reproduce/sync-calls.tsv";

    /** What the runtime does with a function. */
    public enum Role {
        /** a schedule point, wrapped: turn taken before the call, passed on after it */
        EVENT,
        /** a schedule point that may block, wrapped: turn passed on before the call; "(resumes)" steps after */
        BLOCKING,
        /** wrapped only to replace the program's object by a real one */
        SHADOW,
        /** defined by the runtime, a schedule point */
        RUNTIME,
        /** defined by the runtime: a nondeterministic input */
        INPUT,
        /** a function that gives or takes a thread handle, wrapped: the program sees the witness's handles */
        HANDLE,
        /** a C library function, wrapped: its result is the witness's value for the call when there is one */
        LIBINPUT,
        /** a C library function on descriptors, wrapped: libinput's answers, the real call on a pipe, and a schedule point */
        CHANNEL,
        /** wrapped: ends the process after letting the racing threads reach their accesses (bounded) */
        ENDING,
        /** a C library function whose read of its argument TSan does not see, wrapped: the runtime reads it where TSan does */
        LIBACCESS;

        /** Whether a witness step calling such a function is an event of the schedule. */
        public boolean scheduled() {
            return this == EVENT || this == BLOCKING || this == RUNTIME || this == CHANNEL;
        }

        /** Whether the linker redirects the program's calls to the runtime ({@code -Wl,--wrap=NAME}). */
        public boolean wrapped() {
            return this == EVENT || this == BLOCKING || this == SHADOW || this == HANDLE || this == LIBINPUT || this == CHANNEL || this == ENDING || this == LIBACCESS;
        }
    }

    public SyncCalls {
        roles = Collections.unmodifiableMap(new LinkedHashMap<>(roles));
    }

    private static SyncCalls standard;

    /** The table shipped with Weft. */
    public static synchronized SyncCalls standard() {
        if (standard == null) standard = load();
        return standard;
    }

    private static SyncCalls load() {
        Map<String, Role> roles = new LinkedHashMap<>();
        try (InputStream in = SyncCalls.class.getResourceAsStream(RESOURCE);
             BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                if (line.isBlank() || line.startsWith("#")) continue;
                String[] c = line.split("\t");
                roles.put(c[0].trim(), Role.valueOf(c[1].trim().toUpperCase(java.util.Locale.ROOT)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new SyncCalls(roles);
    }

    /** The role of {@code function}, or null when the runtime leaves it alone. */
    public Role role(String function) {
        return roles.get(function);
    }

    /** The functions the linker wraps, in table order. */
    public List<String> wrapped() {
        return roles.entrySet().stream().filter(e -> e.getValue().wrapped()).map(Map.Entry::getKey).toList();
    }
}
