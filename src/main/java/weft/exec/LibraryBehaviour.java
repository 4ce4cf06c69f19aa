package weft.exec;

import static weft.exec.Errno.*;

import weft.exec.state.*;

import weft.ir.CType;
import weft.ir.Edge;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.Stmt;
import weft.model.Event;
import weft.model.LibcFacts;
import weft.model.LibraryModel;

import java.util.List;

/**
 * Executes library calls by their {@link Event} model: threads, locks, condition variables, barriers, semaphores
 * ({@link Semaphores}),
 * {@code pthread_once}, atomic sections, nondeterministic inputs, assumptions, program end, allocation. Memory and
 * string functions, atomic operations and the remaining models are in {@link LibraryFunctions} and
 * {@link AtomicOps}. The thread's own plain accesses (arguments, result) are recorded as accesses, and each
 * synchronisation operation as an atomic write of its object (audit D5): two operations never race, a plain write of
 * the object (memset, assignment) racing with one does.
 *
 * <p>Must-soundness: each behaviour chosen is one the POSIX/C11 specification allows for the call (thread creation
 * and allocation succeed; a condition wait releases the mutex, blocks until a signal or broadcast wakes it (the
 * oldest waiter first) and re-acquires the mutex, never waking spuriously, which is allowed but not required (the
 * proof mode of {@code explore.StateSpace} does let waits wake spuriously, to cover every behaviour);
 * trylock fails exactly when the lock is held). Mutex types ({@link MutexTypes}): a recursive mutex counts its holds,
 * an error-checking one fails a relock with EDEADLK; both fail an unlock by a non-holder with EPERM. Abandoned:
 * relocking a held mutex of another or unknown type (deadlock or undefined), unlocking a mutex not held (other types), timed operations that would have to time out, joining an unknown, detached or
 * already joined thread, waiting on uninitialised barriers, cancellation, and everything that the models do not
 * say precisely enough.
 */
public final class LibraryBehaviour {
    public static final int MAX_THREADS = 64;

    private final Interpreter in;
    private final ExecState st;
    private final Evaluator ev;
    private final LibraryFunctions functions;
    private final AtomicOps atomics;
    private final Semaphores semaphores;

    LibraryBehaviour(Interpreter in) {
        this.in = in;
        this.st = in.st;
        this.ev = in.ev;
        this.functions = new LibraryFunctions(in);
        this.atomics = new AtomicOps(in);
        this.semaphores = new Semaphores(in, this);
    }

    static Value arg(List<Value> args, int i) {
        if (i < 0 || i >= args.size()) throw Abandon.unsupported("missing argument " + i);
        return args.get(i);
    }

    Sync.Key key(Value v, String what) {
        if (!(v instanceof Value.Ptr p)) throw Abandon.unsupported(what + " at " + v);
        Block o = st.mem.get(p.obj());
        if (!o.alive || p.off() < 0 || p.off() >= Math.max(o.size, 1)) throw Abandon.unsupported(what + " in a dead or too small object");
        return new Sync.Key(p.obj(), p.off());
    }

    /** Executes (or plans) a library call; returns false when the thread is blocked. */
    boolean call(ThreadState t, Ctx c, Edge e, Stmt.Call call, LibraryModel model, List<Value> args) {
        String name = model.name();
        Event event = model.event();
        // a call on a stream whose lock another thread holds (flockfile) waits for it (weft.exec.StreamLocks)
        if (StreamLocks.waits(st, t, model, args)) return false;
        if (!c.dry && changesSync(event)) {
            // a lock operation depends only on operations of the same lock: a write of the lock in the footprint
            if (event instanceof Event.Lock || event instanceof Event.Unlock) st.beforeLockChange();
            else st.beforeSyncChange();
        }
        // a function on library globals runs only when its execution model keeps them (getopt: weft.exec.Getopt;
        // getdate's getdate_err: weft.exec.Environment) or
        // the program cannot see them (localtime's tzname: weft.exec.BrokenDownTime; setenv's environ: weft.exec.Environment)
        weft.model.Semantics keeps = weft.model.Semantics.of(name);
        boolean keptGlobals = keeps instanceof weft.model.Semantics.Getopt || keeps instanceof weft.model.Semantics.DateParse
                || (keeps instanceof weft.model.Semantics.BrokenDownTime || keeps instanceof weft.model.Semantics.AsciiTime
                    || keeps instanceof weft.model.Semantics.MakeTime || keeps instanceof weft.model.Semantics.EnvironmentChange
                    || keeps instanceof weft.model.Semantics.TimeZone)
                    && BrokenDownTime.globalsUnnamed(st.program, model.facts().globals());
        // and one that runs handlers only when its model orders them (fork: weft.exec.Processes stops where there are any)
        if (!model.facts().globals().isEmpty() && !keptGlobals || !model.facts().runs().isEmpty() && !(keeps instanceof weft.model.Semantics.ForkProcess)) {
            throw Abandon.unsupported(name + " (library globals or handlers it runs)");
        }
        if (st.libcStateRaces) hiddenState(c, call, model);
        syncAccesses(c, call, event, args);
        // a typed event's plain accesses besides it (weft.model.LibraryModel#alongside: attributes, timeouts, D41)
        if (!model.alongside().isEmpty()) functions.alongside(c, call, model, args);
        if (Semaphores.handles(event)) return semaphores.call(t, c, e, name, event, args);
        if (event instanceof Event.ThreadCreate tc) {
            // it may fail (EAGAIN), which this search does not enumerate: a program that looks at the result may then go
            // another way, so a proof stops there (D25); one that ignores it has only fewer threads when it fails
            if (st.exhaustive && call.result() != null) st.chooser.proofGap(name + " may fail (EAGAIN): its result is an input");
            return create(t, c, e, call, tc, args);
        }
        if (event instanceof Event.ThreadJoin j) return join(t, c, e, call, name, j, args);
        if (event instanceof Event.ThreadExit) {
            c.visible = true;
            if (!c.dry) in.finishThread(t, args.isEmpty() ? Value.ZERO : args.get(0));
            return true;
        }
        if (event instanceof Event.ThreadDetach d) {
            ThreadState target = st.threadOf(arg(args, d.idArg()));
            if (target.joined || target.detached) throw Abandon.unsupported("detach of a joined or detached thread");
            if (st.speculating && target != t) throw Abandon.unsupported("detach inside an atomic section");
            if (!c.dry) target.detached = true;
            return in.finishCall(t, c, e, Value.ZERO, null);
        }
        if (event instanceof Event.ThreadSelf) return in.finishCall(t, c, e, st.threadHandle(t), null);
        if (event instanceof Event.Lock l) return lock(t, c, e, name, l, args);
        if (event instanceof Event.Unlock u) return unlock(t, c, e, u, args);
        if (event instanceof Event.LockInit li) {
            Sync.Key k = key(arg(args, li.lockArg()), "lock");
            Sync.Lock old = st.sync.locks.get(k);
            if (old != null && !old.free()) throw Abandon.unsupported("initialising a held lock");
            if (!c.dry) {
                Sync.Lock fresh = new Sync.Lock();
                fresh.type = li.attrArg() >= 0 ? MutexTypes.ofAttr(st, arg(args, li.attrArg())) : MutexTypes.ofInit(li, args);
                st.sync.locks.put(k, fresh);
            }
            return in.finishCall(t, c, e, Value.ZERO, null);
        }
        if (event instanceof Event.LockDestroy ld) {
            Sync.Lock old = st.sync.locks.get(key(arg(args, ld.lockArg()), "lock"));
            if (old != null && !old.free()) throw Abandon.unsupported("destroying a held lock");
            return in.finishCall(t, c, e, Value.ZERO, null);
        }
        if (event instanceof Event.CondWait w) {
            Sync.Key m = key(arg(args, w.mutexArg()), "mutex");
            Sync.Key cv = key(arg(args, w.condArg()), "condition variable");
            Sync.Lock l = st.sync.locks.get(m);
            if (l == null || l.writer != t.index) throw Abandon.unsupported("condition wait without holding the mutex");
            if (l.depth > 0) throw Abandon.unsupported("condition wait on a recursive mutex held more than once");
            c.visible = true;
            if (c.dry) return true;
            l.writer = -1;
            t.phase = ThreadState.Phase.COND_WAIT;
            t.phaseKey = m;
            t.phaseCond = cv;
            st.sync.condWaiters.computeIfAbsent(cv, x -> new java.util.ArrayList<>()).add(t.index);
            return true;
        }
        if (event instanceof Event.CondSignal s) {
            Sync.Key cv = key(arg(args, s.condArg()), "condition variable");
            c.visible = true;
            List<Integer> waiters = st.sync.condWaiters.get(cv);
            if (waiters != null && !waiters.isEmpty()) {
                if (st.speculating) throw Abandon.unsupported("signal inside an atomic section");
                if (!c.dry) {
                    int n = s.broadcast() ? waiters.size() : 1;
                    for (int k = 0; k < n; k++) st.threads.get(waiters.remove(0)).phase = ThreadState.Phase.COND_REACQUIRE;
                }
            }
            return finishInTwoSteps(t, c, e);
        }
        if (event instanceof Event.BarrierWait b) return barrier(t, c, e, b, args);
        if (event instanceof Event.BarrierInit bi) {
            barrierInit(t, c, arg(args, bi.barrierArg()), arg(args, bi.countArg()));
            return in.finishCall(t, c, e, Value.ZERO, null);
        }
        if (event instanceof Event.BarrierDestroy bd) {
            Sync.Barrier old = st.sync.barriers.get(key(arg(args, bd.barrierArg()), "barrier"));
            if (old != null && !old.waiting.isEmpty()) throw Abandon.unsupported("destroying a barrier in use");
            return in.finishCall(t, c, e, Value.ZERO, null);
        }
        if (event instanceof Event.Once o) return once(t, c, e, o, args);
        if (event instanceof Event.AtomicBegin) {
            c.visible = true;
            if (!t.inAtomic()) c.entersAtomic = true;
            if (!c.dry) t.atomicDepth++;
            return in.finishCall(t, c, e, Value.ZERO, null);
        }
        if (event instanceof Event.AtomicEnd) {
            if (t.atomicDepth == 0) throw Abandon.unsupported("__VERIFIER_atomic_end outside an atomic section");
            c.visible = true;
            if (!c.dry) t.atomicDepth--;
            return in.finishCall(t, c, e, Value.ZERO, null);
        }
        if (event instanceof Event.Nondet) return nondet(t, c, e, call, name);
        if (event instanceof Event.Assume a) {
            if (!ev.test(arg(args, a.condArg()))) throw Abandon.infeasible(name + " failed");
            return in.finishCall(t, c, e, Value.ZERO, null);
        }
        if (event instanceof Event.ProgramEnd) {
            c.visible = true;
            c.terminates = true;
            if (c.dry) return true;
            throw Abandon.end(name);
        }
        if (event instanceof Event.Alloc a) return alloc(t, c, e, call, a, args);
        if (event instanceof Event.Free f) {
            Value p = arg(args, f.ptrArg());
            if (p instanceof Value.Int i && i.v() == 0) return in.finishCall(t, c, e, Value.ZERO, null);
            if (!(p instanceof Value.Ptr q) || q.off() != 0 || st.mem.get(q.obj()).kind != Block.Kind.HEAP
                    || !st.mem.get(q.obj()).alive) {
                throw Abandon.unsupported("invalid free of " + p);
            }
            freeAccess(c, q.obj(), call, name);
            if (!c.dry) st.mem.kill(q.obj());
            return in.finishCall(t, c, e, Value.ZERO, null);
        }
        if (event instanceof Event.Atomic a) return atomics.run(t, c, e, call, name, a, args);
        if (model.facts().mutexAttr() != null && !c.dry) MutexTypes.storeAttr(st, model.facts().mutexAttr(), args);
        weft.ir.Variable own = threadInt(model.facts());
        if (own != null) return in.finishCall(t, c, e, new Value.Ptr(st.objectOf(own, t, null), 0), null);
        return functions.run(t, c, e, call, name, event, args);
    }

    /**
     * Whether a call may change synchronisation or thread state (then {@link ExecState#syncEpoch} counts it). The
     * others only read and write memory (atomic builtins, allocation, memory and string functions, output), look
     * at nothing but memory and their arguments, or change only the calling thread (its thread-specific values):
     * another thread's next step cannot depend on them other than through memory.
     */
    static boolean changesSync(Event event) {
        if (event instanceof Event.Atomic || event instanceof Event.Alloc || event instanceof Event.Free
                || event instanceof Event.Assume || event instanceof Event.MemAccess || event instanceof Event.ThreadSelf
                || event instanceof Event.Pure) {
            return false;
        }
        if (event instanceof Event.ThreadSpecific ts) return ts.op() == Event.SpecificOp.CREATE || ts.op() == Event.SpecificOp.DELETE;
        return true;
    }

    /**
     * The per-thread int of the library a call returns the address of ({@code __errno_location}: a {@code tls:NAME:int}
     * result), or null. Each thread has its own instance ({@link ExecState#objectOf}): the initial thread's starts at
     * 0 (C11 7.5p3), another thread's is indeterminate until written.
     */
    private weft.ir.Variable threadInt(LibcFacts facts) {
        if (facts.result().size() != 1 || facts.result().get(0).kind() != LibcFacts.Kind.TLS_INT) return null;
        return st.program.libcObject(LibcFacts.threadObjectName(facts.result().get(0).name()));
    }

    /**
     * The static buffer of the function's state group number {@code group} (its object, which a {@code static} result
     * points to: localtime's {@code struct tm}, gethostbyname's host entry, getpwnam's account entry).
     */
    static Value.Ptr staticBuffer(ExecState st, ThreadState t, String name, int group) {
        String g = st.program.models().lookup(name).map(m -> m.facts().state())
                .filter(s -> s.size() > group).map(s -> s.get(group)).orElse(null);
        weft.ir.Variable buffer = g == null ? null : st.program.libcObject(LibcFacts.stateObjectName(g));
        if (buffer == null) throw Abandon.unsupported(name + " without its static buffer");
        return new Value.Ptr(st.objectOf(buffer, t, null), 0);
    }

    /**
     * The call reads and writes the pseudo-object of each hidden-state group it uses ({@link LibcFacts#state}), and reads
     * that of each group it only consults ({@link LibcFacts#readState}).
     */
    private void hiddenState(Ctx c, Stmt.Call call, LibraryModel model) {
        for (String g : model.facts().state()) stateAccess(c, call, model, g, true);
        for (String g : model.facts().readState()) stateAccess(c, call, model, g, false);
    }

    private void stateAccess(Ctx c, Stmt.Call call, LibraryModel model, String group, boolean writes) {
        weft.ir.Variable v = st.program.libcObject(LibcFacts.stateObjectName(group));
        Integer obj = v == null ? null : st.globals.get(v.id());
        if (obj == null) return;
        long size = st.mem.get(obj).size;
        st.mem.check(obj, 0, size, writes);
        if (c.collects()) {
            c.record(new ByteAccess(obj, 0, size, false, c.atomicSection, call.loc(), v.name() + " by " + model.name()));
            if (writes) c.record(new ByteAccess(obj, 0, size, true, c.atomicSection, call.loc(), v.name() + " by " + model.name()));
        }
    }

    /**
     * Completes a synchronisation call that returns zero (lock, unlock, create, signal): with a result lvalue,
     * the store is a step of its own ({@code RESULT_STORE}). It happens after the call took effect: after an
     * unlock, a create or a signal other threads may run first ({@code g = pthread_mutex_unlock(&m)} writes
     * {@code g} without the lock); after a lock, the store is made holding it, not while it is still contended.
     */
    private boolean finishInTwoSteps(ThreadState t, Ctx c, Edge e) {
        weft.ir.Lvalue result = ((Stmt.Call) e.stmt()).result();
        // a local no pointer reaches is seen by no other thread: storing it in the same step changes nothing
        boolean privateResult = result instanceof weft.ir.Lvalue.Var v
                && in.st.liveness(t.top().fn).tracked(v.variable().id());
        if (result == null || privateResult) return in.finishCall(t, c, e, Value.ZERO, null);
        if (!c.dry) t.phase = ThreadState.Phase.RESULT_STORE;
        return true;
    }

    /**
     * Synchronisation operations are atomic writes of their object ({@code weft.access.SyncAccesses}, audit
     * D5): they never race with each other, but a plain write of the object by another thread (memset,
     * memcpy, assignment) does.
     */
    private void syncAccesses(Ctx c, Stmt.Call call, Event event, List<Value> args) {
        if (!c.collects()) return;
        for (int k : Event.syncObjectArgs(event)) syncAccess(c, call, args, k, true);
        // initialisation and destruction are plain writes of the object (weft.access.SyncAccesses)
        for (int k : Event.syncInitArgs(event)) syncAccess(c, call, args, k, false);
    }

    private void syncAccess(Ctx c, Stmt.Call call, List<Value> args, int k, boolean atomic) {
        if (k >= args.size() || !(args.get(k) instanceof Value.Ptr p)) return;
        Block o = st.mem.get(p.obj());
        CType pointee = call.args().get(k).type().pointee();
        long size = pointee == null || pointee.size() <= 0 ? 1 : pointee.size();
        size = Math.min(size, o.size - p.off());
        if (size <= 0 || p.off() < 0) return;
        c.record(new ByteAccess(p.obj(), p.off(), size, true, atomic, call.loc(), "synchronisation object *" + call.args().get(k)));
    }

    /** Completes a call that started a blocking phase. */
    boolean resume(ThreadState t, Ctx c, Edge e) {
        c.visible = true;
        if (!c.dry) st.beforeSyncChange();
        switch (t.phase) {
            case COND_REACQUIRE -> {
                Sync.Lock l = st.sync.lock(t.phaseKey);
                if (!l.free()) return false;
                if (!c.dry) {
                    l.writer = t.index;
                    t.phase = ThreadState.Phase.NONE;
                }
                return in.finishCall(t, c, e, Value.ZERO, null);
            }
            case COND_WAIT -> {
                // POSIX allows spurious wakeups; the proof mode explores them (the witness search never needs them)
                if (!st.exhaustive) return false;
                Sync.Lock l = st.sync.lock(t.phaseKey);
                if (!l.free()) return false;
                if (!c.dry) {
                    List<Integer> waiters = st.sync.condWaiters.get(t.phaseCond);
                    if (waiters != null) waiters.remove(Integer.valueOf(t.index));
                    st.spuriousWakeup = true;
                    l.writer = t.index;
                    t.phase = ThreadState.Phase.NONE;
                }
                return in.finishCall(t, c, e, Value.ZERO, null);
            }
            case BARRIER_WAIT -> {
                return false;
            }
            case BARRIER_RELEASED, RESULT_STORE -> {
                if (!c.dry) t.phase = ThreadState.Phase.NONE;
                return in.finishCall(t, c, e, Value.ZERO, null);
            }
            default -> throw new IllegalStateException(t.phase.toString());
        }
    }

    private boolean create(ThreadState t, Ctx c, Edge e, Stmt.Call call, Event.ThreadCreate tc, List<Value> args) {
        c.visible = true;
        Value routine = arg(args, tc.routineArg());
        if (!(routine instanceof Value.Fn fn)) throw Abandon.unsupported("thread routine " + routine);
        Function f = st.program.function(fn.name());
        if (f == null) throw Abandon.unsupported("thread routine " + fn.name() + " is not defined");
        Value a = tc.argArg() >= 0 ? arg(args, tc.argArg()) : Value.ZERO;
        Value idp = arg(args, tc.idArg());
        if (!(idp instanceof Value.Ptr idPtr)) throw Abandon.unsupported("thread id pointer " + idp);
        CType idType = pointeeOr(call.args().get(tc.idArg()), new CType.Int("unsigned long", st.dm.longSize, st.dm.longSize, false));
        st.mem.check(idPtr.obj(), idPtr.off(), idType.size(), true);
        if (st.threads.size() >= st.maxThreads) throw Abandon.unsupported("too many threads");
        Value attr = tc.attrArg() >= 0 ? arg(args, tc.attrArg()) : Value.ZERO;
        Attributes.Created made = Attributes.creation(st, attr);
        if (!c.dry) {
            ThreadState nt = new ThreadState(st.threads.size(), f.name() + "#" + st.threads.size(), e.loc());
            // Linux gives a new thread its creator's name; it inherits its scheduling unless its attributes say it
            nt.threadName = t.threadName;
            long[] sched = Attributes.explicitScheduling(st, attr);
            nt.created = made;
            nt.schedPolicy = sched != null ? sched[0] : t.schedPolicy;
            nt.schedPriority = sched != null ? sched[1] : t.schedPriority;
            st.addThread(nt);
            CType argType = tc.argArg() >= 0 ? call.args().get(tc.argArg()).type() : null;
            in.pushFrame(nt, f, f.params().isEmpty() ? List.of() : List.of(a), argType == null ? List.of() : List.of(argType), null);
            st.mem.write(idPtr.obj(), idPtr.off(), idType, st.threadHandle(nt));
        }
        if (st.exhaustive) c.record(new ByteAccess(idPtr.obj(), idPtr.off(), idType.size(), true, false, call.loc(), "thread id").asProofOnly());
        return finishInTwoSteps(t, c, e);
    }

    static CType pointeeOr(Expr pointer, CType fallback) {
        CType p = pointer.type().pointee();
        if (p == null || p.size() <= 0 || !(p.isScalar())) return fallback;
        return p;
    }

    private boolean join(ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, Event.ThreadJoin j, List<Value> args) {
        c.visible = true;
        ThreadState target = st.threadOf(arg(args, j.idArg()));
        if (target == t || target.joined || target.detached) throw Abandon.unsupported("invalid join");
        if (!target.finished) {
            if (!j.waits()) throw Abandon.unsupported(name + " of a running thread");
            return false;
        }
        Value res = j.resultArg() >= 0 && j.resultArg() < args.size() ? args.get(j.resultArg()) : Value.ZERO;
        if (res instanceof Value.Ptr rp) {
            CType rt = pointeeOr(call.args().get(j.resultArg()), st.voidPointer);
            st.mem.check(rp.obj(), rp.off(), rt.size(), true);
            if (!c.dry) st.mem.write(rp.obj(), rp.off(), rt, ev.convert(target.retval, null, rt));
            if (st.exhaustive) c.record(new ByteAccess(rp.obj(), rp.off(), rt.size(), true, false, call.loc(), "result of " + name).asProofOnly());
        } else if (!(res instanceof Value.Int ri && ri.v() == 0)) {
            throw Abandon.unsupported("join result pointer " + res);
        }
        if (st.speculating) throw Abandon.unsupported("join inside an atomic section");
        if (!c.dry) target.joined = true;
        return in.finishCall(t, c, e, Value.ZERO, null);
    }

    private boolean lock(ThreadState t, Ctx c, Edge e, String name, Event.Lock l, List<Value> args) {
        c.visible = true;
        Sync.Key k = key(arg(args, l.lockArg()), "lock");
        Sync.Lock s = st.sync.locks.get(k);
        boolean read = l.kind() == Event.LockKind.RWLOCK && l.mode() == Event.Mode.READ;
        if (s != null && s.writer == t.index) return relock(t, c, e, k, l, s);
        if (s != null && !read && s.readers.containsKey(t.index)) throw Abandon.unsupported("upgrading a read lock");
        boolean available = s == null || (read ? s.writer < 0 : s.free());
        // taking the lock, or failing to try it, depends on every other operation on it
        if (!c.dry && st.mem.footprint != null) st.mem.footprint.add(k.obj(), k.off(), k.off() + 1, Memory.Footprint.WRITE);
        if (!available) {
            if (!l.trying()) return false;
            if (l.timed()) throw Abandon.unsupported(name + " would time out");
            long failure = l.kind() == Event.LockKind.C11_MUTEX ? 1 : EBUSY;
            return in.finishCall(t, c, e, Value.of(failure), null);
        }
        if (!c.dry) {
            Sync.Lock w = st.sync.lock(k);
            if (w.type == null) w.type = MutexTypes.ofBytes(st, l.kind(), k);
            if (read) w.readers.merge(t.index, 1, Integer::sum);
            else w.writer = t.index;
            if (l.kind() == Event.LockKind.LIBRARY) t.libraryLocks++;
        }
        if (!l.trying() && l.successValue() == 0) return finishInTwoSteps(t, c, e);
        return in.finishCall(t, c, e, Value.of(l.successValue()), null);
    }

    /**
     * A lock (or trylock) of a mutex by its holder, by the mutex's type ({@link MutexTypes}): a recursive one counts
     * the hold; an error-checking one fails with EDEADLK (a trylock with EBUSY) and stays held once; any other type
     * (normal: deadlock, default or plain C11: undefined, or unknown) abandons, so nothing after it counts as explored.
     */
    private boolean relock(ThreadState t, Ctx c, Edge e, Sync.Key k, Event.Lock l, Sync.Lock s) {
        if (l.kind() == Event.LockKind.RWLOCK || l.kind() == Event.LockKind.SEMAPHORE) throw Abandon.unsupported("relocking a held lock");
        if (s.type == null) s.type = MutexTypes.ofBytes(st, l.kind(), k);
        if (!c.dry && st.mem.footprint != null) st.mem.footprint.add(k.obj(), k.off(), k.off() + 1, Memory.Footprint.WRITE);
        switch (s.type) {
            case RECURSIVE, C11_RECURSIVE -> {
                if (!c.dry) s.depth++;
                if (!l.trying() && l.successValue() == 0) return finishInTwoSteps(t, c, e);
                return in.finishCall(t, c, e, Value.of(l.successValue()), null);
            }
            case ERRORCHECK -> {
                return in.finishCall(t, c, e, Value.of(l.trying() ? EBUSY : EDEADLK), null);
            }
            default -> throw Abandon.unsupported("relocking a held lock");
        }
    }

    private boolean unlock(ThreadState t, Ctx c, Edge e, Event.Unlock u, List<Value> args) {
        c.visible = true;
        Sync.Key k = key(arg(args, u.lockArg()), "lock");
        Sync.Lock s = st.sync.locks.get(k);
        if (s != null && s.type == null && u.kind() != Event.LockKind.SEMAPHORE) s.type = MutexTypes.ofBytes(st, u.kind(), k);
        Sync.MutexType type = s != null ? s.type : MutexTypes.ofBytes(st, u.kind(), k);
        boolean mine = s != null && (s.writer == t.index || s.readers.containsKey(t.index));
        if (!mine && (type == Sync.MutexType.RECURSIVE || type == Sync.MutexType.ERRORCHECK)) {
            // POSIX: unlocking a recursive or error-checking mutex the thread does not hold fails with EPERM, no change
            if (!c.dry && st.mem.footprint != null) st.mem.footprint.add(k.obj(), k.off(), k.off() + 1, Memory.Footprint.WRITE);
            return in.finishCall(t, c, e, Value.of(EPERM), null);
        }
        if (s == null) throw Abandon.unsupported("unlocking a free lock");
        if (!c.dry && st.mem.footprint != null) st.mem.footprint.add(k.obj(), k.off(), k.off() + 1, Memory.Footprint.WRITE);
        if (s.writer == t.index) {
            if (!c.dry) {
                if (s.depth > 0) s.depth--;
                else s.writer = -1;
                if (u.kind() == Event.LockKind.LIBRARY) t.libraryLocks--;
            }
        } else if (s.readers.containsKey(t.index)) {
            if (!c.dry) {
                int n = s.readers.get(t.index);
                if (n <= 1) s.readers.remove(t.index);
                else s.readers.put(t.index, n - 1);
            }
        } else {
            throw Abandon.unsupported("unlocking a lock held by another thread or free");
        }
        return finishInTwoSteps(t, c, e);
    }

    private boolean barrier(ThreadState t, Ctx c, Edge e, Event.BarrierWait b, List<Value> args) {
        c.visible = true;
        Sync.Barrier s = st.sync.barriers.get(key(arg(args, b.barrierArg()), "barrier"));
        if (s == null) throw Abandon.unsupported("barrier not initialised");
        if (st.speculating) throw Abandon.unsupported("barrier inside an atomic section");
        if (s.waiting.size() + 1 >= s.count) {
            if (!c.dry) {
                for (int w : s.waiting) st.threads.get(w).phase = ThreadState.Phase.BARRIER_RELEASED;
                s.waiting.clear();
            }
            return in.finishCall(t, c, e, Value.of(-1), null); // PTHREAD_BARRIER_SERIAL_THREAD
        }
        if (c.dry) return true;
        s.waiting.add(t.index);
        t.phase = ThreadState.Phase.BARRIER_WAIT;
        return true;
    }

    private void barrierInit(ThreadState t, Ctx c, Value b, Value count) {
        Sync.Key k = key(b, "barrier");
        if (!(count instanceof Value.Int n) || n.v() <= 0 || n.v() > st.maxThreads) throw Abandon.unsupported("barrier count " + count);
        Sync.Barrier old = st.sync.barriers.get(k);
        if (old != null && !old.waiting.isEmpty()) throw Abandon.unsupported("re-initialising a barrier in use");
        if (!c.dry) st.sync.barriers.put(k, new Sync.Barrier(n.v()));
    }

    private boolean once(ThreadState t, Ctx c, Edge e, Event.Once o, List<Value> args) {
        c.visible = true;
        Sync.Key k = key(arg(args, o.onceArg()), "once control");
        Sync.Once s = st.sync.once.get(k);
        if (s != null && s.done) return in.finishCall(t, c, e, Value.ZERO, null);
        if (s != null && s.runner >= 0) {
            if (s.runner == t.index) throw Abandon.unsupported("recursive pthread_once");
            return false;
        }
        Value r = arg(args, o.routineArg());
        if (!(r instanceof Value.Fn fn) || st.program.function(fn.name()) == null) throw Abandon.unsupported("once routine " + r);
        Function f = st.program.function(fn.name());
        if (c.dry) return true;
        Sync.Once w = st.sync.once.computeIfAbsent(k, x -> new Sync.Once());
        w.runner = t.index;
        Frame frame = in.pushFrame(t, f, List.of(), List.of(), e);
        frame.onceKey = k;
        return true;
    }

    private boolean nondet(ThreadState t, Ctx c, Edge e, Stmt.Call call, String name) {
        if (call.result() == null) return in.finishCall(t, c, e, null, null);
        CType type = call.result().type().unqualified();
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        Value v = chooseValue(type, name, call);
        return in.finishCall(t, c, e, v, type);
    }

    /** Picks a value of {@code type} for a nondeterministic input and logs it ({@link ExecState#chooseInput}). */
    Value chooseValue(CType type, String name, Stmt.Call call) {
        return st.chooseInput(type, name, call.loc());
    }

    /** A deallocation is a write of the whole object (as ThreadSanitizer has it; see {@link Event#freedArg()}). */
    private void freeAccess(Ctx c, int obj, Stmt.Call call, String name) {
        long size = st.mem.get(obj).size;
        if (size > 0 && c.collects()) c.record(new ByteAccess(obj, 0, size, true, c.atomicSection, call.loc(), name + " of " + st.mem.get(obj).name));
    }

    /**
     * A new block of {@code size} bytes the thread allocated (the heap's, or its frame's for {@code alloca}), its address
     * taken; its bytes indeterminate unless the allocator zeroes them (reading them is an input, never zero).
     */
    static Block newBlock(ExecState st, ThreadState t, long size, boolean alloca, boolean indeterminate, weft.ir.SourceLoc loc) {
        Block o = st.mem.create((alloca ? "alloca#" : "heap#") + (++st.heapCount), alloca ? Block.Kind.ALLOCA : Block.Kind.HEAP, size, t.index, loc);
        o.addressTaken = true;
        if (indeterminate && size > 0) o.setIndeterminate(0, size);
        return o;
    }

    private boolean alloc(ThreadState t, Ctx c, Edge e, Stmt.Call call, Event.Alloc a, List<Value> args) {
        long size = 1;
        for (int i : a.sizeArgs()) {
            Value v = arg(args, i);
            if (!(v instanceof Value.Int n) || n.v() < 0) throw Abandon.unsupported("allocation size " + v);
            try {
                size = Math.multiplyExact(size, n.v());
            } catch (ArithmeticException x) {
                throw Abandon.unsupported("allocation size overflow");
            }
        }
        // a request of 0 bytes: glibc's malloc and calloc return a unique pointer to no usable bytes (the witness search
        // runs on that); POSIX also allows a null pointer, which a proof would have to follow too: it stops there
        boolean empty = size == 0 && !st.exhaustive && (a.kind() == Event.AllocKind.MALLOC || a.kind() == Event.AllocKind.CALLOC);
        if (size <= 0 && !empty || size > st.mem.objectLimit()) throw Abandon.unsupported("allocation of " + size + " bytes");
        Value old = a.kind() == Event.AllocKind.REALLOC ? arg(args, a.oldArg()) : Value.ZERO;
        Block oldObj = null;
        if (old instanceof Value.Ptr p) {
            oldObj = st.mem.get(p.obj());
            if (p.off() != 0 || oldObj.kind != Block.Kind.HEAP || !oldObj.alive) throw Abandon.unsupported("invalid realloc");
            freeAccess(c, p.obj(), call, call.directName());
        } else if (!(old instanceof Value.Int i && i.v() == 0)) {
            throw Abandon.unsupported("realloc of " + old);
        }
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        boolean alloca = a.kind() == Event.AllocKind.ALLOCA;
        Block o = newBlock(st, t, size, alloca, a.kind() != Event.AllocKind.CALLOC, call.loc());
        if (alloca) t.top().own(o.id);
        if (oldObj != null) {
            long n = Math.min(size, oldObj.size);
            if (n > 0) st.mem.copy(o.id, 0, oldObj.id, 0, n);
            st.mem.kill(oldObj.id);
            // the copy is realloc's, not the program's: the new block may still be the one that failed
            st.mem.get(o.id).written(false);
        }
        return in.finishCall(t, c, e, new Value.Ptr(o.id, 0), null);
    }
}
