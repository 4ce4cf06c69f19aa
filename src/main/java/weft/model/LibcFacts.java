package weft.model;

import java.util.List;

/**
 * What the C library table ({@code libc.tsv}, {@link LibcTable}) says about a function beyond its
 * {@link Event}: where a pointer result may point, which pointers the call stores through its
 * arguments or into its hidden state, whether POSIX requires it to be thread-safe, and which hidden
 * library state it reads and writes.
 *
 * @param result alternatives for a pointer result (empty: not a pointer result)
 * @param stores pointers the call stores
 * @param posixThreadSafe false for the functions of POSIX XSH 2.9.1's list
 * @param state hidden-state groups the call reads and writes (functions of a group share one
 *     pseudo-object, {@link #stateObjectName})
 */
public record LibcFacts(List<Target> result, List<Store> stores, boolean posixThreadSafe, List<String> state) {
    public LibcFacts {
        result = List.copyOf(result);
        stores = List.copyOf(stores);
        state = List.copyOf(state);
    }

    /** No facts: a function of the hand-written tables (pthreads, atomics, allocation...). */
    public static final LibcFacts NONE = new LibcFacts(List.of(), List.of(), true, List.of());

    /** What a stored or returned pointer may point to. */
    public enum Kind {
        /** memory the call allocates */
        FRESH,
        /** the pointer argument {@code arg} itself (a copying function's destination) */
        ARG,
        /** into the object argument {@code arg} points to, at any offset */
        INTO_ARG,
        /** anywhere into what the pointer stored where argument {@code arg} points points to */
        DEREF_ARG,
        /** the static buffer of the first state group */
        STATIC,
        /** read-only library data */
        CONST,
        /** the per-thread library object {@code name} */
        TLS,
        /** anything external code may reach */
        UNKNOWN
    }

    /** One alternative target; {@code arg} for ARG, INTO_ARG and DEREF_ARG, {@code name} for TLS. */
    public record Target(Kind kind, int arg, String name) {}

    /** The call stores through argument {@code throughArg} (-1: into its hidden state) a pointer to one of {@code value}. */
    public record Store(int throughArg, List<Target> value) {
        public Store {
            value = List.copyOf(value);
        }
    }

    /** The pseudo-object of hidden-state group {@code group}, e.g. {@code <libc:rand state>}. */
    public static String stateObjectName(String group) {
        return "<libc:" + group + " state>";
    }

    /** The per-thread pseudo-object {@code name} (TLS targets), e.g. {@code <libc:errno>}. */
    public static String threadObjectName(String name) {
        return "<libc:" + name + ">";
    }

    /** The read-only library data pseudo-object. */
    public static final String CONST_OBJECT = "<libc:const data>";

    /** Whether a pointer result or stored pointer may point into library-owned memory of group {@code group}'s buffer. */
    public boolean hasStaticBuffer() {
        for (Target t : result) if (t.kind() == Kind.STATIC) return true;
        for (Store s : stores) for (Target t : s.value()) if (t.kind() == Kind.STATIC) return true;
        return false;
    }
}
