package weft.exec;

import weft.exec.state.*;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A thread of one execution: call stack, termination, atomic-section depth, and a pending blocking phase. */
public final class ThreadState {
    /**
     * A library call that takes two steps: the call edge started (arguments evaluated, mutex released or barrier
     * reached) and completes later, when the thread can re-acquire the mutex or the barrier opened.
     * {@code RESULT_STORE}: a synchronisation call (lock, unlock, create, signal) has taken effect and stores its
     * result (zero) in the result lvalue as a step of its own, so other threads may run in between.
     */
    public enum Phase { NONE, COND_WAIT, COND_REACQUIRE, BARRIER_WAIT, BARRIER_RELEASED, RESULT_STORE }

    public final int index;
    public final String name;
    /** Where the thread was created ({@link weft.ir.SourceLoc#NONE} for main). */
    public final weft.ir.SourceLoc createdAt;
    public final ArrayList<Frame> stack = new ArrayList<>();
    public boolean finished;
    public Value retval = Value.ZERO;
    public boolean joined;
    public boolean detached;
    /**
     * Cancelability ({@code pthread_setcancelstate}, {@code pthread_setcanceltype}): bit 0 set when disabled, bit 1
     * when asynchronous; 0 (enabled, deferred) in every new thread (POSIX XSH 2.9.5). Part of the state.
     */
    public int cancelBits;
    /**
     * The thread's OpenSSL error queue as far as the run knows it ({@link OpenSsl}): {@link OpenSsl#QUEUE_EMPTY} at
     * first (OpenSSL's queue is per thread), {@link OpenSsl#QUEUE_UNKNOWN} after a failure, else the code at its front.
     */
    public long tlsErrors;
    /**
     * The thread's name ({@code pthread_setname_np}; a new thread gets its creator's, as Linux's clone copies it); null:
     * the process's own name, the world's ({@link Resources#threadName}).
     */
    public String threadName;
    /**
     * The thread's scheduling policy and priority ({@link Resources#schedule}): the main thread's {@code SCHED_OTHER}
     * and 0 (the world's: the process was started so), a new thread's its creator's or its explicit attributes'.
     */
    public long schedPolicy, schedPriority;
    /**
     * What the thread's creation left in glibc's descriptor of it ({@link Attributes#creation}): the main thread's
     * {@link Attributes.Created#MAIN}; null when its attributes were not known. Immutable, shared by copies.
     */
    Attributes.Created created = Attributes.Created.MAIN;
    /** The thread's locale object ({@code uselocale}, {@link CLocale#objects}); null: the global locale. */
    public weft.exec.state.Value locale;
    /** Nesting of {@code __VERIFIER_atomic_begin}. */
    public int atomicDepth;
    public int atomicFrames;

    public Phase phase = Phase.NONE;
    /** The mutex to re-acquire (condition waits); arguments are not evaluated, hence not read, again. */
    public Sync.Key phaseKey;
    /** The condition variable waited on. */
    public Sync.Key phaseCond;

    /** The last plan of this thread's next step and what it depends on (see {@link Interpreter#plan}). */
    public Interpreter.Plan cachedPlan;
    Memory.ReadLog cachedReads;
    long cachedEpoch;
    long cachedSync;

    /** Thread-local variables: variable id to this thread's object. */
    public final Map<Integer, Integer> tls = new HashMap<>();
    /**
     * The object this thread's handle points to in a proof ({@link ExecState#exhaustive}: see
     * {@link ExecState#threadHandle}), -1 in a witness search.
     */
    public int handleObj = -1;
    /**
     * A {@code qsort} or {@code bsearch} ({@link Sorts}) or a {@code tsearch}-family call ({@link Trees}) in progress in this thread (an immutable record, replaced at each
     * of its steps), or null.
     */
    public Object sort;
    /**
     * The {@code dl_iterate_phdr} this thread is in ({@link LoadedObjects.Iteration}, immutable), or null (the loader
     * lock it holds meanwhile is a mutex of the lowered program's).
     */
    public Object loaderWalk;
    /**
     * Holds of C library locks around callbacks ({@code Event.LockKind#LIBRARY}): a thread that ends holding one stops
     * the run ({@link Interpreter#finishThread}: the library's cleanup would release it, which the run does not model).
     */
    int libraryLocks;
    /** pthread_getspecific/tss_get values by key. */
    public final Map<Long, Value> specific = new HashMap<>();

    public ThreadState(int index, String name) {
        this(index, name, weft.ir.SourceLoc.NONE);
    }

    ThreadState(int index, String name, weft.ir.SourceLoc createdAt) {
        this.index = index;
        this.name = name;
        this.createdAt = createdAt;
    }

    /**
     * Frames whose {@link Frame#token} is this one belong to this thread state alone and may change in place; the
     * others are shared with copies of it (see {@link #ownTop}).
     */
    private Object token = new Object();

    /**
     * A copy of the execution state of this thread, for {@link #restore} or a copied execution state: frames are
     * shared copy-on-write, the plan cache is kept (it stays valid for a copy of the whole execution state, whose
     * memory keeps the change counts).
     */
    ThreadState snapshot() {
        ThreadState c = new ThreadState(index, name, createdAt);
        c.copyFrom(this);
        return c;
    }

    void restore(ThreadState s) {
        copyFrom(s);
    }

    /**
     * Makes the frames a step may change — the top one and its caller, which a return writes — this thread state's
     * own. Called before every step is planned or performed, before its context takes the top frame.
     */
    void ownTop() {
        own(stack.size() - 1);
        own(stack.size() - 2);
    }

    private void own(int i) {
        if (i < 0) return;
        Frame f = stack.get(i);
        if (f.token == token) return;
        Frame c = f.copy();
        c.token = token;
        stack.set(i, c);
    }

    /** Pushes a new activation (owned by this thread state). */
    void push(Frame f) {
        f.token = token;
        stack.add(f);
    }

    private void copyFrom(ThreadState o) {
        // from now on neither side changes the shared frames in place
        token = new Object();
        o.token = new Object();
        stack.clear();
        stack.addAll(o.stack);
        cachedPlan = o.cachedPlan;
        cachedReads = o.cachedReads;
        cachedEpoch = o.cachedEpoch;
        cachedSync = o.cachedSync;
        finished = o.finished;
          retval = o.retval;
          joined = o.joined;
          detached = o.detached;
          cancelBits = o.cancelBits;
          tlsErrors = o.tlsErrors;
          locale = o.locale;
          threadName = o.threadName;
          schedPolicy = o.schedPolicy;
          schedPriority = o.schedPriority;
          created = o.created;
          atomicDepth = o.atomicDepth;
          atomicFrames = o.atomicFrames;
          phase = o.phase;
          phaseKey = o.phaseKey;
          phaseCond = o.phaseCond;
          handleObj = o.handleObj;
          sort = o.sort;
          loaderWalk = o.loaderWalk;
          libraryLocks = o.libraryLocks;
        tls.clear();
        tls.putAll(o.tls);
        specific.clear();
        specific.putAll(o.specific);
    }

    public Frame top() {
        return stack.get(stack.size() - 1);
    }

    public boolean inAtomic() {
        return atomicDepth > 0 || atomicFrames > 0;
    }

    /** The handle a witness search gives this thread: never 0 (see {@link ExecState#threadHandle}). */
    long idValue() {
        return index + 1L;
    }
}
