package weft.soundness;

/** Holes; the comment names the area of the soundness issue a hole probes, where it has one. */
enum Hole {
    NO_LOCK, WRONG_LOCK, TRYLOCK_ELSE, NONDET_CONDITIONAL_LOCK,
    /** (a) release through a pointer that may denote several locks. */
    RELEASE_SOME_LOCK,
    /** (b) a callee releases the lock before the access (or before the assignment of its result). */
    CALLEE_RELEASE,
    /** (d) a VLA size expression reads the object outside the lock. */
    VLA_OUTSIDE,
    /** (e) main frees a heap object while threads may still use it. */
    FREE_EARLY,
    WRITE_UNDER_READ_LOCK, PLAIN_AMONG_ATOMICS, EARLY_MAIN_ACCESS, PARTIAL_JOIN, SHARED_INDEX, WRITE_READ_ONLY,
    /** (f) an {@code atexit} handler writes the object after main returns while a worker was never joined. */
    EXIT_HANDLER,
    /**
     * (f) the worker of an ordered object is started and joined by a relay thread, which main cancels: cancelled
     * at its {@code pthread_testcancel} before its {@code pthread_join}, the relay ends before its child, so main's
     * join of the relay no longer orders the child's accesses before main's later ones.
     */
    CANCEL_RELAY,
    /**
     * (g) instance 0 of a loop worker calls the worker's routine directly with instance 1's argument, so it touches
     * instance 1's element of an object each instance indexes by its own argument (soundness defect D11).
     */
    SELF_CALL,
    /** (31.1) a worker accesses through {@code atomic_load(&holder)}, main publishes again and accesses directly ({@link AtomicForms}). */
    ATOMIC_PUBLISH,
    /** (31.1) an {@code _Atomic struct} the others store and load whole, accessed member-wise through a plain pointer. */
    ATOMIC_STRUCT_PLAIN,
    /** (31.3) a recursive mutex locked twice (one function, or caller and callee), unlocked twice, then the access ({@link MutexForms}). */
    RECURSIVE_UNLOCK,
    /** (31.2) unprotected, under a branch on an uninitialised local ({@link IndeterminateForms}). */
    UNINIT_BRANCH,
    /**
     * (D46) unprotected, a write the stream library makes into the object once the program handed it to a stream as its
     * memory or buffer ({@code fmemopen}, {@code setvbuf}: {@link AccessForms#writtenByStream}); a model that did not see
     * the stream's later calls write it answered race-free.
     */
    STREAM_WRITE,
    /** (31.2) unprotected, through a pointer an uninitialised local aims at the object or at a local. */
    UNINIT_POINTER,
    /** (31.2) unprotected, under a branch on a {@code malloc}'d cell read before it is written. */
    UNINIT_HEAP,
    /** (31.2) unprotected, at the element an uninitialised local indexes. */
    UNINIT_INDEX,
    /** (31.2) unprotected, under a branch on a {@code memcpy} copy of an uninitialised local. */
    UNINIT_COPY,
    /** (31.2) unprotected, under a branch on the cell a {@code realloc} added to a block. */
    UNINIT_REALLOC,
    /**
     * (D24) unprotected, where a {@code malloc} failed (its result null): the oracles' renderings make it fail by an
     * input; Weft's must take the failure into account itself (the exploration took allocation to succeed).
     */
    UNINIT_ALLOC,
    /**
     * (D25) unprotected, where a {@code pthread_create} whose result the program checks failed: the oracles'
     * renderings make it fail by an input; Weft's must take the failure into account itself.
     */
    UNINIT_CREATE,
    /**
     * (D24) unprotected, where {@code pthread_getspecific} does not give back the value just set: the oracles'
     * renderings make the {@code pthread_setspecific} fail (ENOMEM) by an input; Weft's must take it into account.
     */
    UNINIT_SPECIFIC,
    /**
     * (31.1) unprotected, gated by the result of an atomic read-modify-write on a counter ({@link AtomicForms#counterGate}):
     * fetch-and-op returns the old value, op-and-fetch the new one (soundness defect D18: the bounded layer took both
     * as the old value).
     */
    ATOMIC_COUNTER_GATE,
    /** (31.2) {@code pthread_once} through a pointer an uninitialised local aims at a second once control: the initialiser runs twice. */
    ONCE_POINTER,
    /**
     * (D21) main's join of a worker is a {@code pthread_tryjoin_np}, which fails while the worker still runs: the
     * worker's accesses race with main's after it (the thread-modular layer took it for a join that waits).
     */
    TRY_JOIN,
    /**
     * (34) main waits for a counter of live workers instead of joining the hole's worker ({@link CounterJoinForms}),
     * but the count is broken: the worker counts itself out before its accesses, main waits only until one is left,
     * or a worker is created without being counted in.
     */
    COUNTER_JOIN,
    /**
     * (34) an object published by a ready flag ({@link ReadyFlagForms}) whose publication is broken: main writes it
     * again after setting the flag, sets the flag without the mutex, or a worker reads it without waiting.
     */
    READY_FLAG,
    /**
     * (34) a loop worker's instances are given one record allocated once, before the loop, instead of one allocated
     * in each iteration ({@code ProgramGenerator.Role.records}): both write it through their argument.
     */
    SHARED_RECORD,
    /**
     * (34) a loop worker's records hold their thread's id and main joins through them ({@link RecordJoinForms}), but
     * the join is broken: main reads a record before joining its owner, skips a join, or a second create overwrites
     * the id member.
     */
    RECORD_JOIN,
    /**
     * (34) a join tree of recursive divide and conquer ({@link JoinTreeForms}) whose joins are broken: a parent reads
     * a half before joining its thread, frees it before, joins one id for two threads, hands one half to both, moves
     * the half's pointer, or skips a join.
     */
    JOIN_TREE,
    /**
     * (34) an array whose users select their element by a ticket from a counter under a mutex ({@link TicketForms}),
     * one user's ticket broken: read and incremented in two sections, read outside the lock, halved, given back, or
     * taken from another counter, or its element selected in a view of slots (a struct member) shifted by one.
     */
    TICKET,
    /**
     * (34) slots handed to workers through a bitmask of free slots under a mutex ({@link SlotMaskForms}), broken: a
     * worker gives its slot back before using it or gives back another, main never clears the bit, hands one slot to
     * two workers, or looks for a free slot outside the lock.
     */
    SLOT_MASK,
    /**
     * (34) a join tree over an array of thread ids ({@link IndexTreeForms}: binomial or heap-shaped) whose joins are
     * broken: main reads the results before joining the root, the last index is taken as out of range, workers return
     * before joining their children, or the tree skips children.
     */
    INDEX_TREE
}
