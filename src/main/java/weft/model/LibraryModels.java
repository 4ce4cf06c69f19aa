package weft.model;

import weft.model.Event.AllocKind;
import weft.model.Event.AtomicOp;
import weft.model.Event.LockKind;
import weft.model.Event.Mode;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The one table of library models: pthreads, C11 threads, SV-COMP intrinsics, GCC atomic builtins,
 * C11 atomics, allocation, and the C library and POSIX functions of the data table {@code libc.tsv}
 * ({@link LibcTable}, with their {@link LibcFacts}). Every analysis looks calls up here and reacts to the
 * typed {@link Event} and facts; nothing else in Weft compares function names.
 */
public final class LibraryModels {
    /** Prefix of SV-COMP functions whose whole body runs atomically. */
    public static final String ATOMIC_FUNCTION_PREFIX = "__VERIFIER_atomic_";
    /**
     * The pseudo-functions that take and release a library lock's object ({@link LibcFacts#lockObjectName}) around the
     * callbacks of a function that holds it ({@code weft.frontend.CallbackLowering}): a mutex's lock and unlock.
     */
    public static final String LIBRARY_LOCK = "__weft_library_lock", LIBRARY_UNLOCK = "__weft_library_unlock";

    private final Map<String, LibraryModel> byName;

    private LibraryModels(Map<String, LibraryModel> byName) {
        this.byName = Map.copyOf(byName);
    }

    /** The standard table. */
    public static LibraryModels standard() {
        Builder b = new Builder();
        for (LibraryModel m : LibcTable.load()) b.map.put(m.name(), m);
        pthreads(b);
        c11Threads(b);
        svcomp(b);
        gccAtomics(b);
        c11Atomics(b);
        memory(b);
        pure(b);
        return new LibraryModels(b.map);
    }

    /** GCC's type-generic atomic builtins ({@code __atomic_*}, {@code __sync_*}) by name. */
    private static final Map<String, Event.Atomic> GCC_ATOMICS = gccAtomicBuiltins();

    private static Map<String, Event.Atomic> gccAtomicBuiltins() {
        Builder b = new Builder();
        gccAtomics(b);
        Map<String, Event.Atomic> out = new HashMap<>();
        b.map.forEach((n, m) -> {
            if (m.event() instanceof Event.Atomic a) out.put(n, a);
        });
        return Map.copyOf(out);
    }

    /**
     * What a call of GCC's type-generic atomic builtin {@code name} returns ({@link Event.Atomic#result}), or null when
     * {@code name} is none of them: their declarations carry placeholder types, so the front end types the call by this.
     */
    public static Event.Atomic.Result gccAtomicResult(String name) {
        Event.Atomic a = GCC_ATOMICS.get(name);
        return a == null ? null : a.result();
    }

    /** This table extended with {@code extra} models (e.g. from user configuration); extra ones win. */
    public LibraryModels with(List<LibraryModel> extra) {
        Map<String, LibraryModel> m = new HashMap<>(byName);
        for (LibraryModel lm : extra) m.put(lm.name(), lm);
        return new LibraryModels(m);
    }

    public Optional<LibraryModel> lookup(String name) {
        LibraryModel m = byName.get(name);
        if (m == null && name.startsWith("__VERIFIER_nondet_")) m = new LibraryModel(name, new Event.Nondet());
        return Optional.ofNullable(m);
    }

    /** Every model of the table. */
    public java.util.Collection<LibraryModel> all() {
        return byName.values();
    }

    /**
     * The hidden-state groups some function of the table keeps its static buffer in (its first group, with a
     * {@code static} result or store: {@code localtime}'s {@code tm}); another function of the group may write a buffer's
     * contents there too ({@code ctime}'s {@code localtime}), so the group's object has a buffer's size.
     */
    public java.util.Set<String> bufferGroups() {
        java.util.Set<String> out = bufferGroups;
        if (out == null) {
            out = new java.util.HashSet<>();
            for (LibraryModel m : byName.values()) {
                if (m.facts().hasStaticBuffer() && !m.facts().state().isEmpty()) out.add(m.facts().state().get(0));
            }
            bufferGroups = out = java.util.Set.copyOf(out);
        }
        return out;
    }

    private java.util.Set<String> bufferGroups;

    /** This table without the models of {@code names} (calls of them become unknown external code). */
    public LibraryModels without(java.util.Set<String> names) {
        if (names.isEmpty()) return this;
        Map<String, LibraryModel> m = new HashMap<>(byName);
        m.keySet().removeAll(names);
        return new LibraryModels(m);
    }

    public boolean isModelled(String name) {
        return lookup(name).isPresent();
    }

    /** SV-COMP convention: a defined function named {@code __VERIFIER_atomic_*} executes atomically. */
    public static boolean isAtomicFunction(String name) {
        return name.startsWith(ATOMIC_FUNCTION_PREFIX) && !name.equals("__VERIFIER_atomic_begin")
                && !name.equals("__VERIFIER_atomic_end");
    }

    public int size() {
        return byName.size();
    }

    private static final class Builder {
        final Map<String, LibraryModel> map = new HashMap<>();

        void add(Event e, String... names) {
            for (String n : names) map.put(n, new LibraryModel(n, e));
        }

        /** Adds {@code names} with event {@code e} and the plain accesses {@code args} says, in the table's syntax ({@code "r1"}). */
        void add(Event e, Alongside args, String... names) {
            LibraryModel row = LibcTable.row(names[0], args.table(), "int", "safe", args.state(), "-");
            List<Event.MemArg> plain = row.event() instanceof Event.MemAccess m ? m.args() : List.of();
            LibcFacts facts = args.state().equals("-") ? LibcFacts.NONE : row.facts();
            for (String n : names) map.put(n, new LibraryModel(n, e, facts, plain, args.maybe()));
        }
    }

    /**
     * The plain accesses of a typed event's call, as a table row's {@code args} column writes them, whether the call
     * may skip them ({@link LibraryModel#alongside}), and the row's {@code state} column.
     */
    private record Alongside(String table, boolean maybe, String state) {}

    /** Accesses every such call makes. */
    private static Alongside also(String table) {
        return new Alongside(table, false, "-");
    }

    /**
     * A program end that writes out a stream's buffer first (an assertion's failure writes its message to
     * {@code stderr}, locked): what the stream library's state holds (the buffers handed to
     * streams, {@code libc.tsv}'s {@code streambuf} group), read and written (audit D46).
     */
    private static Alongside flushesStreams() {
        return new Alongside("rw*s", false, LibcFacts.STREAM_BUFFERS + ":p");
    }

    /** {@link #flushesStreams}, without the streams' locks: glibc's {@code exit} flushes every stream unlocked. */
    private static Alongside flushesStreamsUnlocked() {
        return new Alongside("rw*s", false, LibcFacts.STREAM_BUFFERS + ":u");
    }

    /**
     * A timed wait's read of its timeout, which glibc makes only when it has to wait (a free mutex is taken without
     * looking at it): counted by proofs, not by confirmations.
     */
    private static Alongside timeout(String table) {
        return new Alongside(table, true, "-");
    }

    private static void pthreads(Builder b) {
        b.add(new Event.ThreadCreate(0, 2, 3, 1), also("r1"), "pthread_create");
        b.add(new Event.ThreadJoin(0, 1), "pthread_join");
        b.add(new Event.ThreadJoin(0, 1, false), "pthread_tryjoin_np");
        b.add(new Event.ThreadJoin(0, 1, false), timeout("r2"), "pthread_timedjoin_np");
        b.add(new Event.ThreadExit(), "pthread_exit");
        // glibc's pthread_cleanup_push/pop macros: registering the cleanup buffer only links it into the
        // calling thread's own unwinding chain (used by cancellation and pthread_exit); unwinding to the
        // next handler never returns and ends the thread when the chain is done
        b.add(new Event.Pure(), "__pthread_register_cancel", "__pthread_unregister_cancel",
                "__pthread_register_cancel_defer", "__pthread_unregister_cancel_restore");
        b.add(new Event.ThreadExit(), "__pthread_unwind_next");
        b.add(new Event.ThreadDetach(0), "pthread_detach");
        b.add(new Event.ThreadSelf(), "pthread_self");
        b.add(new Event.ThreadCancel(0), "pthread_cancel");
        // attributes, names, signal masks, affinity, scheduling: in the C library table (libc.tsv)
        b.add(new Event.Pure(), "pthread_equal", "pthread_yield", "sched_yield", "pthread_testcancel");
        b.add(new Event.LockInit(0, LockKind.MUTEX, 1), also("r1"), "pthread_mutex_init");
        b.add(new Event.LockDestroy(0, LockKind.MUTEX), "pthread_mutex_destroy");
        b.add(new Event.Lock(0, LockKind.MUTEX, Mode.WRITE, false, 0), "pthread_mutex_lock");
        b.add(new Event.Lock(0, LockKind.MUTEX, Mode.WRITE, true, 0), "pthread_mutex_trylock");
        b.add(new Event.Lock(0, LockKind.MUTEX, Mode.WRITE, true, 0, true), timeout("r1"), "pthread_mutex_timedlock");
        b.add(new Event.Lock(0, LockKind.MUTEX, Mode.WRITE, true, 0, true), timeout("r2"), "pthread_mutex_clocklock");
        b.add(new Event.Unlock(0, LockKind.MUTEX), "pthread_mutex_unlock");
        // the library's own lock around a function's callbacks (libc.tsv's CALLBACK@GROUP), taken by the lowered call
        b.add(new Event.Lock(0, LockKind.LIBRARY, Mode.WRITE, false, 0), LIBRARY_LOCK);
        b.add(new Event.Unlock(0, LockKind.LIBRARY), LIBRARY_UNLOCK);
        b.add(new Event.LockInit(0, LockKind.RWLOCK), also("r1"), "pthread_rwlock_init");
        b.add(new Event.LockDestroy(0, LockKind.RWLOCK), "pthread_rwlock_destroy");
        b.add(new Event.Lock(0, LockKind.RWLOCK, Mode.READ, false, 0), "pthread_rwlock_rdlock");
        b.add(new Event.Lock(0, LockKind.RWLOCK, Mode.WRITE, false, 0), "pthread_rwlock_wrlock");
        b.add(new Event.Lock(0, LockKind.RWLOCK, Mode.READ, true, 0), "pthread_rwlock_tryrdlock");
        b.add(new Event.Lock(0, LockKind.RWLOCK, Mode.READ, true, 0, true), timeout("r1"), "pthread_rwlock_timedrdlock");
        b.add(new Event.Lock(0, LockKind.RWLOCK, Mode.WRITE, true, 0), "pthread_rwlock_trywrlock");
        b.add(new Event.Lock(0, LockKind.RWLOCK, Mode.WRITE, true, 0, true), timeout("r1"), "pthread_rwlock_timedwrlock");
        b.add(new Event.Unlock(0, LockKind.RWLOCK), "pthread_rwlock_unlock");
        b.add(new Event.LockInit(0, LockKind.SPIN), "pthread_spin_init");
        b.add(new Event.LockDestroy(0, LockKind.SPIN), "pthread_spin_destroy");
        b.add(new Event.Lock(0, LockKind.SPIN, Mode.WRITE, false, 0), "pthread_spin_lock");
        b.add(new Event.Lock(0, LockKind.SPIN, Mode.WRITE, true, 0), "pthread_spin_trylock");
        b.add(new Event.Unlock(0, LockKind.SPIN), "pthread_spin_unlock");
        b.add(new Event.SemInit(0, 2), "sem_init");
        b.add(new Event.LockDestroy(0, LockKind.SEMAPHORE), "sem_destroy");
        b.add(new Event.Lock(0, LockKind.SEMAPHORE, Mode.WRITE, false, 0), "sem_wait");
        b.add(new Event.Lock(0, LockKind.SEMAPHORE, Mode.WRITE, true, 0), "sem_trywait");
        b.add(new Event.Lock(0, LockKind.SEMAPHORE, Mode.WRITE, true, 0, true), timeout("r1"), "sem_timedwait");
        b.add(new Event.Lock(0, LockKind.SEMAPHORE, Mode.WRITE, true, 0, true), timeout("r2"), "sem_clockwait");
        b.add(new Event.Unlock(0, LockKind.SEMAPHORE), "sem_post");
        // a condition variable's initialisation and destruction write it plainly, as a mutex's do (weft.access.SyncAccesses)
        b.add(new Event.Pure(), also("w0 r1"), "pthread_cond_init");
        b.add(new Event.Pure(), also("w0"), "pthread_cond_destroy");
        b.add(new Event.BarrierInit(0, 2), also("r1"), "pthread_barrier_init");
        b.add(new Event.BarrierDestroy(0), "pthread_barrier_destroy");
        b.add(new Event.CondWait(0, 1, false), "pthread_cond_wait");
        b.add(new Event.CondWait(0, 1, true), timeout("r2"), "pthread_cond_timedwait");
        b.add(new Event.CondWait(0, 1, true), timeout("r3"), "pthread_cond_clockwait");
        b.add(new Event.CondSignal(0, false), "pthread_cond_signal");
        b.add(new Event.CondSignal(0, true), "pthread_cond_broadcast");
        b.add(new Event.BarrierWait(0), "pthread_barrier_wait");
        b.add(new Event.Once(0, 1), "pthread_once");
        b.add(new Event.ThreadSpecific(Event.SpecificOp.CREATE), also("w0"), "pthread_key_create");
        b.add(new Event.ThreadSpecific(Event.SpecificOp.DELETE), "pthread_key_delete");
        b.add(new Event.ThreadSpecific(Event.SpecificOp.SET), "pthread_setspecific");
        b.add(new Event.ThreadSpecific(Event.SpecificOp.GET), "pthread_getspecific");
    }

    private static void c11Threads(Builder b) {
        b.add(new Event.ThreadCreate(0, 1, 2), "thrd_create");
        b.add(new Event.ThreadJoin(0, 1), "thrd_join");
        b.add(new Event.ThreadExit(), "thrd_exit");
        b.add(new Event.ThreadDetach(0), "thrd_detach");
        b.add(new Event.ThreadSelf(), "thrd_current");
        b.add(new Event.Pure(), "thrd_equal", "thrd_yield");
        b.add(new Event.Pure(), also("w0"), "cnd_init", "cnd_destroy");
        b.add(new Event.LockInit(0, LockKind.C11_MUTEX), "mtx_init");
        b.add(new Event.LockDestroy(0, LockKind.C11_MUTEX), "mtx_destroy");
        b.add(new Event.Lock(0, LockKind.C11_MUTEX, Mode.WRITE, false, 0), "mtx_lock");
        b.add(new Event.Lock(0, LockKind.C11_MUTEX, Mode.WRITE, true, 0), "mtx_trylock");
        b.add(new Event.Lock(0, LockKind.C11_MUTEX, Mode.WRITE, true, 0, true), timeout("r1"), "mtx_timedlock");
        b.add(new Event.Unlock(0, LockKind.C11_MUTEX), "mtx_unlock");
        b.add(new Event.CondWait(0, 1, false), "cnd_wait");
        b.add(new Event.CondWait(0, 1, true), timeout("r2"), "cnd_timedwait");
        b.add(new Event.CondSignal(0, false), "cnd_signal");
        b.add(new Event.CondSignal(0, true), "cnd_broadcast");
        b.add(new Event.Once(0, 1), "call_once");
        b.add(new Event.ThreadSpecific(Event.SpecificOp.CREATE), also("w0"), "tss_create");
        b.add(new Event.ThreadSpecific(Event.SpecificOp.DELETE), "tss_delete");
        b.add(new Event.ThreadSpecific(Event.SpecificOp.GET), "tss_get");
        b.add(new Event.ThreadSpecific(Event.SpecificOp.SET), "tss_set");
    }

    private static void svcomp(Builder b) {
        b.add(new Event.AtomicBegin(), "__VERIFIER_atomic_begin");
        b.add(new Event.AtomicEnd(), "__VERIFIER_atomic_end");
        b.add(new Event.Assume(0), "__VERIFIER_assume", "assume_abort_if_not");
        b.add(new Event.ProgramEnd(true), "reach_error", "__VERIFIER_error", "abort",
                "__builtin_trap", "__builtin_unreachable");
        b.add(new Event.ProgramEnd(true), flushesStreams(), "__assert_fail", "__assert_perror_fail", "__assert");
        b.add(new Event.ProgramEnd(false), flushesStreamsUnlocked(), "exit");
        // the ends that leave the streams' buffers as they are
        b.add(new Event.ProgramEnd(false), "_exit", "_Exit", "quick_exit");
        b.add(new Event.Assume(0), "assert", "__VERIFIER_assert");
        // the jmp_buf a long jump reads, which setjmp wrote (libc.tsv: w0)
        b.add(new Event.NonLocalJump(), also("r0"), "longjmp", "_longjmp", "siglongjmp", "__longjmp_chk", "__builtin_longjmp");
    }

    private static void gccAtomics(Builder b) {
        // the _n and __sync forms pass values; the generic forms pass them (and get the old value) by pointer
        b.add(new Event.Atomic(AtomicOp.LOAD, 0, -1, -1, false), "__atomic_load_n");
        b.add(new Event.Atomic(AtomicOp.LOAD, 0, -1, -1, false, false, 1, false), "__atomic_load");
        b.add(new Event.Atomic(AtomicOp.STORE, 0, 1, -1, false), "__atomic_store_n");
        b.add(new Event.Atomic(AtomicOp.STORE, 0, 1, -1, false, true, -1, false), "__atomic_store");
        b.add(new Event.Atomic(AtomicOp.EXCHANGE, 0, 1, -1, false), "__atomic_exchange_n", "__sync_lock_test_and_set");
        b.add(new Event.Atomic(AtomicOp.EXCHANGE, 0, 1, -1, false, true, 2, false), "__atomic_exchange");
        b.add(new Event.Atomic(AtomicOp.CAS, 0, 2, 1, true), "__atomic_compare_exchange_n");
        b.add(new Event.Atomic(AtomicOp.CAS, 0, 2, 1, true, true, -1, false), "__atomic_compare_exchange");
        b.add(new Event.Atomic(AtomicOp.CAS, 0, 2, 1, false), "__sync_bool_compare_and_swap");
        b.add(new Event.Atomic(AtomicOp.CAS, 0, 2, 1, false, false, -1, true), "__sync_val_compare_and_swap");
        for (Event.Arith op : Event.Arith.values()) {
            String n = op.name().toLowerCase(java.util.Locale.ROOT);
            b.add(Event.Atomic.rmw(op, false), "__atomic_fetch_" + n, "__sync_fetch_and_" + n);
            b.add(Event.Atomic.rmw(op, true), "__atomic_" + n + "_fetch", "__sync_" + n + "_and_fetch");
        }
        b.add(Event.Atomic.flag(AtomicOp.TEST_AND_SET, true), "__atomic_test_and_set");
        b.add(Event.Atomic.flag(AtomicOp.CLEAR, true), "__atomic_clear");
        b.add(Event.Atomic.flag(AtomicOp.CLEAR, false), "__sync_lock_release");
        b.add(new Event.Atomic(AtomicOp.FENCE, -1, -1, -1, false), "__atomic_thread_fence", "__atomic_signal_fence",
                "__sync_synchronize");
    }

    private static void c11Atomics(Builder b) {
        b.add(new Event.Atomic(AtomicOp.LOAD, 0, -1, -1, false), "atomic_load", "atomic_load_explicit");
        b.add(new Event.Atomic(AtomicOp.STORE, 0, 1, -1, false), "atomic_store", "atomic_store_explicit",
                "atomic_init");
        b.add(new Event.Atomic(AtomicOp.EXCHANGE, 0, 1, -1, false), "atomic_exchange", "atomic_exchange_explicit");
        b.add(new Event.Atomic(AtomicOp.CAS, 0, 2, 1, true), "atomic_compare_exchange_strong",
                "atomic_compare_exchange_weak", "atomic_compare_exchange_strong_explicit",
                "atomic_compare_exchange_weak_explicit");
        for (Event.Arith op : List.of(Event.Arith.ADD, Event.Arith.SUB, Event.Arith.AND, Event.Arith.OR, Event.Arith.XOR)) {
            String n = op.name().toLowerCase(java.util.Locale.ROOT);
            b.add(Event.Atomic.rmw(op, false), "atomic_fetch_" + n, "atomic_fetch_" + n + "_explicit");
        }
        b.add(Event.Atomic.flag(AtomicOp.TEST_AND_SET, true), "atomic_flag_test_and_set",
                "atomic_flag_test_and_set_explicit");
        b.add(Event.Atomic.flag(AtomicOp.CLEAR, true), "atomic_flag_clear", "atomic_flag_clear_explicit");
        b.add(new Event.Atomic(AtomicOp.FENCE, -1, -1, -1, false), "atomic_thread_fence", "atomic_signal_fence");
    }

    private static void memory(Builder b) {
        b.add(new Event.Alloc(AllocKind.MALLOC, List.of(0), -1), "malloc", "__builtin_malloc", "valloc");
        b.add(new Event.Alloc(AllocKind.CALLOC, List.of(0, 1), -1), "calloc");
        b.add(new Event.Alloc(AllocKind.REALLOC, List.of(1), 0), "realloc", "__builtin_realloc");
        b.add(new Event.Alloc(AllocKind.ALLOCA, List.of(0), -1), "alloca", "__builtin_alloca");
        b.add(new Event.Alloc(AllocKind.MALLOC, List.of(1), -1), "aligned_alloc", "memalign");
        b.add(new Event.Free(0), "free", "__builtin_free");
    }

    /** SV-COMP helpers without effect; the C library's functions come from {@code libc.tsv}. */
    private static void pure(Builder b) {
        b.add(new Event.Pure(), "assume_cycle_if_not");
        // the loop condition of lowered library callbacks (weft.frontend.CallbackLowering): any integer
        b.add(new Event.Pure(), "__weft_callback_more");
        b.add(new Event.Pure(), "__weft_constant_p", "__weft_object_size");
        b.add(new Event.Nondet(), "__VERIFIER_nondet_int", "__VERIFIER_nondet_uint", "__VERIFIER_nondet_bool",
                "__VERIFIER_nondet_char", "__VERIFIER_nondet_pointer", "__VERIFIER_nondet_long",
                "__VERIFIER_nondet_ulong", "__VERIFIER_nondet_short", "__VERIFIER_nondet_uchar");
    }

    /**
     * Data objects of the C library its headers declare {@code extern} (streams, time zone, error
     * lists, environment, getopt state): the library's own, pointing to library memory, not objects
     * outside code sets to program addresses.
     */
    private static final java.util.Set<String> LIBRARY_OBJECTS = java.util.Set.of("stdin", "stdout", "stderr",
            "_IO_2_1_stdin_", "_IO_2_1_stdout_", "_IO_2_1_stderr_", "tzname", "__tzname", "timezone", "__timezone",
            "daylight", "__daylight", "sys_nerr", "sys_errlist", "environ", "__environ", "optarg", "optind", "opterr",
            "optopt", "signgam", "program_invocation_name", "program_invocation_short_name", "errno", "getdate_err");

    /** Whether {@code name} is one of the C library's own data objects. */
    public static boolean isLibraryObject(String name) {
        return LIBRARY_OBJECTS.contains(name);
    }
}
