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
 * @param mutexAttr the mutex kind the call stores in an attribute object, or null
 * @param readState hidden-state groups the call only reads (table {@code GROUP:r}: the locale, which
 *     {@code setlocale} writes and every locale-dependent function consults); reads race only with writes
 * @param stateTargets what the call does to the objects the pointers stored in its hidden state point to (table
 *     {@code r*s} / {@code rw*s}: {@code strtok(NULL, ...)} goes on in the string its first call was given, through
 *     the position it saved there, and writes a terminator into it)
 * @param pointerState hidden-state groups that only hold pointers for the call (table {@code GROUP:p}): it stores
 *     pointers there ({@code ps=T}) or follows those stored ({@code *s}), but its own pseudo-object is no state the
 *     call reads or writes (the buffers handed to streams: {@code setvbuf} stores its buffer, every stream call
 *     follows it; two stream calls do not race on the stream library's bookkeeping); the call follows them under the
 *     lock of the object they belong to (the stream's: C11 7.21.2p8), unless the group is among {@code unlockedState}
 * @param unlockedState the groups of {@code pointerState} the call follows without that lock (table {@code GROUP:u}:
 *     {@code putc_unlocked}, and {@code exit}, whose flush of every stream takes no lock in glibc)
 */
public record LibcFacts(List<Target> result, List<Store> stores, boolean posixThreadSafe, List<String> state,
                        List<Callback> callbacks, List<String> runs, List<GlobalAccess> globals, MutexAttr mutexAttr,
                        List<String> readState, Reach stateTargets, List<String> pointerState, List<String> unlockedState) {
    public LibcFacts {
        java.util.Objects.requireNonNull(stateTargets);
        pointerState = List.copyOf(pointerState);
        unlockedState = List.copyOf(unlockedState);
        if (!pointerState.containsAll(unlockedState)) throw new IllegalArgumentException("unlocked groups must hold pointers only");
        readState = List.copyOf(readState);
        globals = List.copyOf(globals);
        result = List.copyOf(result);
        stores = List.copyOf(stores);
        state = List.copyOf(state);
        callbacks = List.copyOf(callbacks);
        runs = List.copyOf(runs);
    }

    public LibcFacts(List<Target> result, List<Store> stores, boolean posixThreadSafe, List<String> state) {
        this(result, stores, posixThreadSafe, state, List.of(), List.of(), List.of(), null);
    }

    public LibcFacts(List<Target> result, List<Store> stores, boolean posixThreadSafe, List<String> state,
                     List<Callback> callbacks, List<String> runs, List<GlobalAccess> globals, MutexAttr mutexAttr,
                     List<String> readState) {
        this(result, stores, posixThreadSafe, state, callbacks, runs, globals, mutexAttr, readState, Reach.NONE, List.of(), List.of());
    }

    /**
     * Whether a call reads and whether it writes a set of objects (whole). {@link #NONE}: it touches none of them.
     */
    public record Reach(boolean read, boolean write) {
        public static final Reach NONE = new Reach(false, false);

        public boolean any() {
            return read || write;
        }
    }

    public LibcFacts(List<Target> result, List<Store> stores, boolean posixThreadSafe, List<String> state,
                     List<Callback> callbacks, List<String> runs, List<GlobalAccess> globals, MutexAttr mutexAttr) {
        this(result, stores, posixThreadSafe, state, callbacks, runs, globals, mutexAttr, List.of());
    }

    public LibcFacts(List<Target> result, List<Store> stores, boolean posixThreadSafe, List<String> state,
                     List<Callback> callbacks, List<String> runs, List<GlobalAccess> globals) {
        this(result, stores, posixThreadSafe, state, callbacks, runs, globals, null);
    }

    /**
     * The call sets the mutex kind a {@code pthread_mutexattr_t} holds (table effect {@code kN} / {@code kN=M}): the
     * attribute object argument {@code attrArg} points to gets the default kind ({@code kindArg} -1,
     * {@code pthread_mutexattr_init}) or the kind the integer argument {@code kindArg} gives
     * ({@code pthread_mutexattr_settype}); {@code pthread_mutex_init} reads it ({@link Event.LockInit#attrArg}).
     */
    public record MutexAttr(int attrArg, int kindArg) {}

    /** The call reads or writes the C library's own global object {@code name} ({@code optind}, {@code environ}). */
    public record GlobalAccess(String name, boolean write) {}

    /** No facts: a function of the hand-written tables (pthreads, atomics, allocation...). */
    public static final LibcFacts NONE = new LibcFacts(List.of(), List.of(), true, List.of());

    /**
     * When the library calls a callback it was handed: {@code SYNC} during the call, in the calling thread, any
     * number of times ({@code qsort}, {@code ftw}); {@code ASYNC} at any later time, in any thread, any number of
     * times (signal handlers); {@code EXIT} when the process exits ({@code atexit}); {@code FORK} when the process
     * forks ({@code pthread_atfork}: run by the functions whose {@link #runs} names {@code fork}).
     */
    public enum When { SYNC, ASYNC, EXIT, FORK }

    /**
     * What the library passes to a callback: {@code INT} an integer, {@code NULL} a null pointer, {@code FRESH}
     * memory of the library private to the call (a path, a {@code struct stat}), {@code STATIC} into the buffer of
     * the function's first state group, {@code LOADED_STATIC} a pointer stored in that buffer, {@code ARG} the
     * call's argument {@code arg}, {@code INTO_ARG} into the object it points to, at any offset, {@code LOADED_ARG}
     * a pointer stored in that object, {@code MEMBER_ARG} the address of its member {@code field} (into the object
     * at any offset when the argument's type does not show that member).
     */
    /**
     * What a callback parameter is. {@code ENTRY_PATH} and {@code ENTRY_STAT}: library memory like {@code FRESH}, holding
     * the path and the {@code struct stat} of the entry a file-tree walk ({@code ftw}) hands the callback.
     */
    public enum ParamKind { INT, NULL, FRESH, STATIC, LOADED_STATIC, ARG, INTO_ARG, LOADED_ARG, MEMBER_ARG, ENTRY_PATH, ENTRY_STAT }

    public record Param(ParamKind kind, int arg, String field) {
        public Param(ParamKind kind, int arg) {
            this(kind, arg, null);
        }
    }

    /**
     * The function pointer argument {@code fnArg} (with {@code stored}: the function pointer stored in the object
     * argument {@code fnArg} points to, as in {@code sigaction}'s {@code struct sigaction}: in its member {@code member}
     * when not null, a function pointer or a union of them, else anywhere in it) is called {@code when}, with
     * {@code params}; {@code lock}: the library lock group the function holds while it calls it (its object
     * {@link #lockObjectName}), or null.
     */
    public record Callback(When when, int fnArg, boolean stored, String member, List<Param> params, String lock) {
        public Callback {
            params = List.copyOf(params);
        }

        public Callback(When when, int fnArg, boolean stored, String member, List<Param> params) {
            this(when, fnArg, stored, member, params, null);
        }

        public Callback(When when, int fnArg, boolean stored, List<Param> params) {
            this(when, fnArg, stored, null, params, null);
        }
    }

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
        /**
         * anywhere into what a pointer stored in the call's hidden-state objects points to (table {@code *state}:
         * {@code strtok(NULL, ...)}'s token, in the string a previous call saved its position in)
         */
        DEREF_STATE,
        /** the static buffer of the first state group */
        STATIC,
        /** read-only library data */
        CONST,
        /** the per-thread library object {@code name} */
        TLS,
        /** a per-thread int of the library ({@code errno}): like TLS, but it holds no pointer */
        TLS_INT,
        /** anything external code may reach */
        UNKNOWN
    }

    /** One alternative target; {@code arg} for ARG, INTO_ARG and DEREF_ARG, {@code name} for TLS and TLS_INT. */
    public record Target(Kind kind, int arg, String name) {}

    /**
     * The call stores through argument {@code throughArg} (-1: into its hidden state; -2: into the library's global
     * object {@code global}) a pointer to one of {@code value}: into the member {@code field} of the struct the argument
     * points to ({@code p0.state=fresh}: zlib's {@code strm->state}), or where it points when {@code field} is null.
     */
    public record Store(int throughArg, List<Target> value, String global, String field) {
        public Store {
            value = List.copyOf(value);
        }

        public Store(int throughArg, List<Target> value, String global) {
            this(throughArg, value, global, null);
        }

        public Store(int throughArg, List<Target> value) {
            this(throughArg, value, null, null);
        }
    }

    /** The hidden-state groups the call reads and writes, then those it only reads, then those that only hold its pointers. */
    public List<String> allGroups() {
        if (readState.isEmpty() && pointerState.isEmpty()) return state;
        List<String> all = new java.util.ArrayList<>(state);
        all.addAll(readState);
        all.addAll(pointerState);
        return all;
    }

    /**
     * The groups whose pseudo-objects the call's {@code ps=T} effects store into: those it reads and writes, and those
     * that only hold pointers ({@link #pointerState}).
     */
    public List<String> storeGroups() {
        if (pointerState.isEmpty()) return state;
        List<String> all = new java.util.ArrayList<>(state);
        all.addAll(pointerState);
        return all;
    }

    /**
     * Whether the call follows the pointers group {@code group} holds under the lock of the object they belong to (a
     * group that only holds pointers, not among {@link #unlockedState}).
     */
    public boolean followsLocked(String group) {
        return pointerState.contains(group) && !unlockedState.contains(group);
    }

    /** Whether the call stores a pointer into its hidden state ({@code ps=T}). */
    public boolean storesIntoState() {
        for (Store s : stores) if (s.throughArg() < 0 && s.global() == null) return true;
        return false;
    }

    /** The pseudo-object of hidden-state group {@code group}, e.g. {@code <libc:rand state>}. */
    public static String stateObjectName(String group) {
        return "<libc:" + group + " state>";
    }

    /** The per-thread pseudo-object {@code name} (TLS targets), e.g. {@code <libc:errno>}. */
    /**
     * The object of the library's lock {@code group} (a callback's {@code @GROUP} in {@code libc.tsv}: glibc's loader
     * lock around dl_iterate_phdr's callbacks), a mutex the lowered calls take ({@link LibraryModels#LIBRARY_LOCK}).
     */
    public static String lockObjectName(String group) {
        return "<libc:" + group + " lock>";
    }

    public static String threadObjectName(String name) {
        return "<libc:" + name + ">";
    }

    /** The read-only library data pseudo-object. */
    public static final String CONST_OBJECT = "<libc:const data>";

    /**
     * The table's group of the buffers handed to streams ({@code libc.tsv}'s {@code streambuf}), which every call on a
     * stream follows under the stream's lock ({@link #followsLocked}) unless it is an {@code _unlocked} form.
     */
    public static final String STREAM_BUFFERS = "streambuf";

    /** Whether a pointer result or stored pointer may point into library-owned memory of group {@code group}'s buffer. */
    public boolean hasStaticBuffer() {
        for (Target t : result) if (t.kind() == Kind.STATIC) return true;
        for (Store s : stores) for (Target t : s.value()) if (t.kind() == Kind.STATIC) return true;
        return false;
    }
}
