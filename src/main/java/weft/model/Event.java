package weft.model;

import java.util.List;

/**
 * What a library function does, as far as race analysis cares. Argument positions are 0-based
 * indices into the call's argument list; -1 means "none".
 */
public sealed interface Event {

    /**
     * The argument holding a pointer to an object this call deallocates ({@code free}, the old object of
     * {@code realloc}), or -1. For race purposes a deallocation writes the whole object, as ThreadSanitizer
     * treats it: freeing an object while another thread may still touch it is a race.
     */
    default int freedArg() {
        return -1;
    }

    /**
     * {@code SEMAPHORE}: a POSIX semaphore's wait and post, read as acquiring and releasing it; the
     * analyses may rely on that only for semaphores used as mutexes (see {@code weft.modular.SemaphoreUse}).
     * {@code LIBRARY}: a C library's own lock that a function holds around the callbacks it calls (glibc's loader lock
     * around {@code dl_iterate_phdr}'s: {@link LibraryModels#LIBRARY_LOCK}), a mutex for the thread-modular layer and
     * the explorer; the library releases it also when the thread ends inside a callback (glibc's cleanup handler), which
     * the bounded layer's threads do not model, so that layer takes neither its lock nor its unlock (more interleavings,
     * never a thread kept waiting for a lock no thread holds).
     */
    enum LockKind { MUTEX, RWLOCK, SPIN, C11_MUTEX, SEMAPHORE, LIBRARY }

    enum Mode { READ, WRITE }

    /**
     * Arguments pointing to the synchronisation objects an operation uses atomically (lock, trylock,
     * unlock, semaphore wait and post, the condition and mutex of a wait, signal, barrier wait, once
     * flag); empty for other events and for initialisation and destruction.
     */
    static List<Integer> syncObjectArgs(Event ev) {
        if (ev instanceof Lock l) return List.of(l.lockArg());
        if (ev instanceof Unlock u) return List.of(u.lockArg());
        if (ev instanceof CondWait w) return List.of(w.condArg(), w.mutexArg());
        if (ev instanceof CondSignal s) return List.of(s.condArg());
        if (ev instanceof BarrierWait b) return List.of(b.barrierArg());
        if (ev instanceof Once o) return List.of(o.onceArg());
        return List.of();
    }

    /**
     * The synchronisation objects {@code ev} initialises or destroys (mutex, rwlock, spin lock, semaphore,
     * barrier): a plain write of the whole object, which races with any operation on it not ordered before.
     */
    static List<Integer> syncInitArgs(Event ev) {
        if (ev instanceof LockInit i) return List.of(i.lockArg());
        if (ev instanceof LockDestroy d) return List.of(d.lockArg());
        if (ev instanceof SemInit s) return List.of(s.semArg());
        if (ev instanceof BarrierInit b) return List.of(b.barrierArg());
        if (ev instanceof BarrierDestroy b) return List.of(b.barrierArg());
        return List.of();
    }

    enum AtomicOp { LOAD, STORE, EXCHANGE, RMW, CAS, TEST_AND_SET, CLEAR, FENCE }

    /** The arithmetic of a read-modify-write ({@link AtomicOp#RMW}): {@code NAND} is {@code ~(old & v)}. */
    enum Arith { ADD, SUB, AND, OR, XOR, NAND }

    enum AllocKind { MALLOC, CALLOC, REALLOC, ALLOCA }

    /**
     * Starts a thread running {@code routineArg(argArg)}; stores its id through pointer {@code idArg}; the thread's
     * attributes at {@code attrArg} (-1: none).
     */
    record ThreadCreate(int idArg, int routineArg, int argArg, int attrArg) implements Event {
        public ThreadCreate(int idArg, int routineArg, int argArg) {
            this(idArg, routineArg, argArg, -1);
        }
    }

    /**
     * Joins the thread whose id value is {@code idArg}; stores its result through {@code resultArg}. {@code waits}: the
     * call blocks until that thread ends ({@code pthread_join}); otherwise it fails when the thread still runs
     * ({@code pthread_tryjoin_np}, {@code pthread_timedjoin_np}).
     */
    record ThreadJoin(int idArg, int resultArg, boolean waits) implements Event {
        public ThreadJoin(int idArg, int resultArg) {
            this(idArg, resultArg, true);
        }
    }

    /** Ends the calling thread. */
    record ThreadExit() implements Event {}

    record ThreadDetach(int idArg) implements Event {}

    /**
     * Requests cancellation of the thread whose id value is {@code idArg}: it may end at any cancellation
     * point, so what it would have done later (joins included) need not happen before it ends.
     */
    record ThreadCancel(int idArg) implements Event {}

    /**
     * {@code longjmp}/{@code siglongjmp}: control returns to a {@code setjmp} point, possibly in a caller,
     * outside the control-flow graph; no analysis models that, so a program that executes one is not
     * proved race-free.
     */
    record NonLocalJump() implements Event {}

    /** Returns the calling thread's id. */
    record ThreadSelf() implements Event {}

    /**
     * Acquires the lock pointed to by {@code lockArg} in {@code mode}. If {@code trying}, it may fail and
     * returns {@code successValue} exactly when it succeeded.
     */
    /**
     * Acquires the lock {@code lockArg} points to in {@code mode}; {@code trying}: returns at once (or, {@code timed}, after
     * a time limit) with a failure value instead of blocking, {@code successValue} when it got the lock.
     */
    record Lock(int lockArg, LockKind kind, Mode mode, boolean trying, int successValue, boolean timed) implements Event {
        public Lock(int lockArg, LockKind kind, Mode mode, boolean trying, int successValue) {
            this(lockArg, kind, mode, trying, successValue, false);
        }
    }

    record Unlock(int lockArg, LockKind kind) implements Event {}

    /**
     * Initialises the lock {@code lockArg} points to; {@code attrArg}: the argument pointing to the attributes whose
     * mutex kind the lock takes ({@code pthread_mutex_init}; see {@link LibcFacts.MutexAttr}), or -1.
     */
    record LockInit(int lockArg, LockKind kind, int attrArg) implements Event {
        public LockInit(int lockArg, LockKind kind) {
            this(lockArg, kind, -1);
        }
    }

    /** Initialises the semaphore {@code semArg} points to with the count {@code valueArg}. */
    record SemInit(int semArg, int valueArg) implements Event {}

    record LockDestroy(int lockArg, LockKind kind) implements Event {}

    /** Releases the mutex, waits, and re-acquires it before returning. */
    record CondWait(int condArg, int mutexArg, boolean timed) implements Event {}

    record CondSignal(int condArg, boolean broadcast) implements Event {}

    record BarrierWait(int barrierArg) implements Event {}

    /** Initialises the barrier {@code barrierArg} points to for {@code countArg} threads. */
    record BarrierInit(int barrierArg, int countArg) implements Event {}

    record BarrierDestroy(int barrierArg) implements Event {}

    /** Runs {@code routineArg()} once, guarded by the once-flag {@code onceArg}. */
    record Once(int onceArg, int routineArg) implements Event {}

    /** Begin/end of an atomic section ({@code __VERIFIER_atomic_begin/end}). */
    record AtomicBegin() implements Event {}

    record AtomicEnd() implements Event {}

    /** Returns an arbitrary value of the call's result type. */
    record Nondet() implements Event {}

    /** Execution continues only if argument {@code condArg} is non-zero. */
    record Assume(int condArg) implements Event {}

    /** Execution stops (error reached, {@code abort}, {@code exit}): the whole program ends. */
    record ProgramEnd(boolean error) implements Event {}

    /**
     * An atomic memory operation on the object {@code ptrArg} points to (none for fences);
     * {@code valueArg} is the stored or combined value, {@code expectedArg} the compare operand of a CAS
     * (a pointer for the {@code __atomic}/C11 forms, read and possibly written non-atomically).
     *
     * <p>GCC's generic forms ({@code __atomic_load}, {@code __atomic_store}, {@code __atomic_exchange},
     * {@code __atomic_compare_exchange}, what {@code <stdatomic.h>}'s macros expand to) move values through
     * memory the caller passes, of any type (structs too): with {@code valueByPointer} argument {@code valueArg}
     * points to the value to store (read plainly by the calling thread), and {@code resultArg} (-1: none, the
     * old value is the call's result) points to where the old value is written plainly. {@code casReturnsOld}:
     * a compare-and-swap returns the old value ({@code __sync_val_compare_and_swap}), not whether it succeeded.
     * {@code arith}: the operation of a read-modify-write (null for the others), which returns the new value when
     * {@code returnsNew} ({@code __atomic_add_fetch}, {@code __sync_add_and_fetch}), else the old one.
     * {@code flagByte}: a test-and-set or clear acts on one byte ({@code __atomic_test_and_set}, {@code atomic_flag}),
     * not on an object of the pointer's type ({@code __sync_lock_release}).
     */
    record Atomic(AtomicOp op, int ptrArg, int valueArg, int expectedArg, boolean expectedIsPointer,
                  boolean valueByPointer, int resultArg, boolean casReturnsOld, Arith arith, boolean returnsNew,
                  boolean flagByte) implements Event {
        /** What a call returns: a value of the object's type, a truth value, or nothing (void, or through a pointer). */
        public enum Result { OBJECT_VALUE, TRUTH, NONE }

        /**
         * What this operation's call returns ({@code __atomic_sub_fetch(&i, ..)} an {@code int} for an {@code int i}):
         * GCC's type-generic builtins are declared with placeholder types, so the front end types their calls by this.
         */
        public Result result() {
            return switch (op) {
                case LOAD, EXCHANGE -> resultArg < 0 && !valueByPointer ? Result.OBJECT_VALUE : Result.NONE;
                case RMW -> Result.OBJECT_VALUE;
                case CAS -> casReturnsOld ? Result.OBJECT_VALUE : Result.TRUTH;
                case TEST_AND_SET -> Result.TRUTH;
                default -> Result.NONE;
            };
        }

        /** A value form: the value is passed, and the old value returned, by value. */
        public Atomic(AtomicOp op, int ptrArg, int valueArg, int expectedArg, boolean expectedIsPointer) {
            this(op, ptrArg, valueArg, expectedArg, expectedIsPointer, false, -1, false);
        }

        /** A form that is not a read-modify-write, a test-and-set or a clear. */
        public Atomic(AtomicOp op, int ptrArg, int valueArg, int expectedArg, boolean expectedIsPointer,
                      boolean valueByPointer, int resultArg, boolean casReturnsOld) {
            this(op, ptrArg, valueArg, expectedArg, expectedIsPointer, valueByPointer, resultArg, casReturnsOld, null, false, false);
        }

        /** A read-modify-write of the object argument 0 points to with the value argument 1. */
        public static Atomic rmw(Arith arith, boolean returnsNew) {
            return new Atomic(AtomicOp.RMW, 0, 1, -1, false, false, -1, false, arith, returnsNew, false);
        }

        /** A test-and-set ({@code op} TEST_AND_SET) or a clear (CLEAR) of the object argument 0 points to. */
        public static Atomic flag(AtomicOp op, boolean flagByte) {
            return new Atomic(op, 0, -1, -1, false, false, -1, false, null, false, flagByte);
        }

        /** Whether values move through caller memory (a generic form): the object may be of any type. */
        public boolean generic() {
            return valueByPointer || resultArg >= 0;
        }
    }

    /** Returns fresh memory; {@code sizeArgs} multiply to its size; REALLOC also frees {@code oldArg}. */
    record Alloc(AllocKind kind, List<Integer> sizeArgs, int oldArg) implements Event {
        @Override public int freedArg() { return oldArg; }
    }

    record Free(int ptrArg) implements Event {
        @Override public int freedArg() { return ptrArg; }
    }

    /**
     * Plain (non-atomic) reads and writes through pointer arguments. Each {@link MemArg} names the pointer
     * argument, whether it is written, and the argument giving the byte count (-1: unknown extent, such
     * as a C string; the whole object may be touched). A {@code deep} argument ({@code rw**N} in the table:
     * a library working on a structure it is handed, zlib's {@code z_stream}) is read or written whole
     * together with every object reachable from it through stored pointers, and the library may store any
     * pointer to those objects into them (advancing {@code next_in} within its buffer, say).
     *
     * <p>The variadic pointers are read ({@code varargsRead}) or written ({@code varargsWrite}) from the pointer
     * on: the pointer arguments from {@code varargsFrom} on ({@code r*N}, {@code printf}'s), or, when
     * {@code vaList} is not -1, the pointers among the variadic arguments the {@code va_list} argument
     * {@code vaList} stands for ({@code rvN}, {@code vprintf}'s). When {@code format} is not -1 that argument is
     * a {@code printf} format, and the variadic pointers are also written whenever it may hold a {@code %n}
     * conversion ({@link PrintfFormat}).
     */
    record MemAccess(List<MemArg> args, boolean varargsRead, boolean varargsWrite, int varargsFrom, int vaList, int format)
            implements Event {
        public MemAccess {
            args = List.copyOf(args);
        }

        public MemAccess(List<MemArg> args, boolean varargsRead, boolean varargsWrite, int varargsFrom) {
            this(args, varargsRead, varargsWrite, varargsFrom, -1, -1);
        }

        /** Whether the call touches memory through its variadic pointers (directly or through a {@code va_list}). */
        public boolean touchesVarargs() {
            return varargsRead || varargsWrite || format >= 0;
        }
    }

    record MemArg(int ptrArg, boolean write, int sizeArg, boolean deep) {
        public MemArg(int ptrArg, boolean write, int sizeArg) {
            this(ptrArg, write, sizeArg, false);
        }
    }

    /** Whether some argument of {@code ev} is {@linkplain MemArg#deep deep}. */
    static boolean deep(Event ev) {
        if (ev instanceof MemAccess m) for (MemArg a : m.args()) if (a.deep()) return true;
        return false;
    }

    /** Thread-specific data: {@code pthread_key_create}, {@code pthread_setspecific} etc. */
    record ThreadSpecific(SpecificOp op) implements Event {}

    /** Which thread-specific data operation: create or delete a key, set or get this thread's value. */
    enum SpecificOp { CREATE, DELETE, SET, GET }

    /** No effect on shared memory or synchronisation (math, attributes, sleeping, time...). */
    record Pure() implements Event {}
}
