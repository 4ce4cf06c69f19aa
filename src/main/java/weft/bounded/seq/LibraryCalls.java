package weft.bounded.seq;

import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.Stmt;
import weft.model.Event;
import weft.model.LibraryModel;

import java.util.List;

/**
 * The sequential meaning of a library call at a context-switch point {@code k}, by its model's {@link Event}
 * (library behaviour as data, never by name). Synchronisation objects keep their state in their first {@code int}
 * (zero-initialised objects are free, as {@code PTHREAD_MUTEX_INITIALIZER} is): a mutex, spin lock or C11 mutex holds
 * its holder's slot plus one when locked; a rwlock minus its writer's slot plus one when write-locked, else its
 * readers; a semaphore its count. Acquiring when not free stops
 * the thread at {@code k} (retried in a later round); a trylock fails instead. A condition wait releases the mutex,
 * may switch (a spurious or real wake-up: every signal is an over-approximation), then re-acquires it; signals do
 * nothing. {@code pthread_create} starts the next thread slot (cut off beyond the bound), {@code pthread_join} waits
 * for the slot to be done (a join whose id may name no started slot is a cut-off: undefined, no proof past it;
 * {@link CreatedIds}), {@code exit}/{@code abort} end the program, atomic sections disable context switches.
 * Other calls (allocation, atomics, the C library) are made as they are.
 *
 * <p>Mutex kinds: what follows a relock by the holder (of a mutex, spin lock, C11 mutex, or a rwlock its writer
 * holds) or an unlock by a thread that does not hold the lock depends on the kind, which the bounded program does
 * not know: a recursive mutex counts the hold, an error-checking one returns EDEADLK or EPERM and changes nothing, a
 * normal one deadlocks, a default one is undefined. Blocking there (an assume) would drop the executions that go on,
 * and a recursive mutex locked twice and unlocked twice would never be free again (a racy program proved race-free);
 * so those runs reach {@code w_cut} instead, and a proof needs Z3 to show that no run reaches it. Open: a write lock
 * of a rwlock the thread holds for reading still blocks (the readers are not told apart).
 */
final class LibraryCalls {
    private final ThreadEmitter te;
    private final CExprs ex;
    private final int k;
    private final Function function;

    LibraryCalls(ThreadEmitter te, Function function, CExprs ex, int k) {
        this.te = te;
        this.function = function;
        this.ex = ex;
        this.k = k;
    }

    private StringBuilder out() {
        return te.out;
    }

    private void result(Stmt.Call c, String value) {
        if (c.result() != null) {
            out().append("  ").append(ex.lvalue(c.result())).append(" = ").append(te.st.types.cast(c.result().type()))
                    .append(value).append(";\n");
        }
    }

    /** The value of a held mutex, spin lock or C11 mutex: its holder's slot plus one (0 is free). */
    private String owner() {
        return Integer.toString(te.slot + 1);
    }

    private static String word(String arg) {
        return "(*(volatile int *)(" + arg + "))";
    }

    void call(LibraryModel model, Stmt.Call c, List<String> args, String target) {
        Event ev = model.event();
        String name = model.name();
        if (ev instanceof Event.ThreadCreate tc) {
            create(c, tc, args, target);
            return;
        }
        if (ev instanceof Event.Once o) {
            // 0: not run, 1: running (other callers wait), 2: done; the flag's initialiser is 0
            String w = word(args.get(o.onceArg()));
            te.blockUnless(w + " != 1", k);
            String skip = te.label();
            String done = te.label();
            out().append("  if (").append(w).append(" != 0) goto ").append(skip).append(";\n  ").append(w).append(" = 1;\n");
            Function g = routine(c.args().get(o.routineArg()));
            if (g == null) {
                te.cut("pthread_once with a routine that is not a program function is cut off");
                return;
            }
            te.inline(g, null, null, null, List.of(), done);
            out().append(done).append(": ;\n  ").append(w).append(" = 2;\n");
            out().append(skip).append(": ;\n");
            result(c, "0");
        } else if (ev instanceof Event.ThreadJoin j) {
            String id = "w_slot((unsigned long)(" + args.get(j.idArg()) + "))";
            if (te.st.createdIds.started(function, c)) {
                out().append("  __VERIFIER_assume(").append(id).append(" < W_THREADS);\n");
            } else {
                // an id that may name no started thread (an uninitialised pthread_t, a join before the create) is
                // undefined (glibc may return ESRCH and the caller go on): no proof past it, neither dropping the run
                // (an assume) nor blocking for ever (D19: a join before the create made the racy rest of main
                // unreachable). CreatedIds accepts the joins whose id a create certainly wrote: there it is exact.
                out().append("  if (").append(id).append(" >= W_THREADS || !w_active[").append(id).append("]) goto w_cut;\n");
                te.cut(null, false);
            }
            // a join that does not wait (pthread_tryjoin_np; pthread_timedjoin_np, whose time limit may run out at once)
            // succeeds only when the thread has ended, else fails (EBUSY, ETIMEDOUT) and joins nothing
            if (j.waits()) te.blockUnless("w_done[" + id + "]", k);
            if (j.resultArg() >= 0 && j.resultArg() < args.size()) {
                String r = args.get(j.resultArg());
                out().append("  if (").append(j.waits() ? "" : "w_done[" + id + "] && ").append(r).append(") *(void **)(").append(r)
                        .append(") = w_retval[").append(id).append("];\n");
            }
            result(c, j.waits() ? "0" : "(w_done[" + id + "] ? 0 : 16)");
        } else if (ev instanceof Event.ThreadExit) {
            te.threadExit();
            return;
        } else if (ev instanceof Event.ThreadSelf) {
            // a handle's value is unspecified (Sequentialiser: w_handle), so no proof rests on its bits
            result(c, "w_handle[" + te.slot + "]");
        } else if (ev instanceof Event.Lock l && l.kind() == Event.LockKind.LIBRARY || ev instanceof Event.Unlock ul && ul.kind() == Event.LockKind.LIBRARY) {
            // a library's lock around its callbacks: not taken here (Event.LockKind#LIBRARY: the library releases it when
            // a thread ends inside a callback, which this program would not), so two threads' callbacks may interleave
            return;
        } else if (ev instanceof Event.Lock l) {
            lock(c, l, args.get(l.lockArg()));
        } else if (ev instanceof Event.Unlock u) {
            String w = word(args.get(u.lockArg()));
            if (u.kind() == Event.LockKind.SEMAPHORE) out().append("  ").append(w).append("++;\n");
            else if (u.kind() == Event.LockKind.RWLOCK) out().append("  if (").append(w).append(" < 0) ").append(w).append(" = 0; else if (").append(w).append(" > 0) ").append(w).append("--;\n");
            else {
                // an unlock by a thread that does not hold the lock: EPERM for error-checking and recursive mutexes,
                // undefined for the others; the release of a recursively held mutex only counts down: no proof past it
                out().append("  if (").append(w).append(" != ").append(owner()).append(") goto w_cut;\n");
                te.cut(null, false);
                out().append("  ").append(w).append(" = 0;\n");
            }
            result(c, "0");
        } else if (ev instanceof Event.LockInit i) {
            out().append("  ").append(word(args.get(i.lockArg()))).append(" = 0;\n");
            result(c, "0");
        } else if (ev instanceof Event.SemInit s) {
            out().append("  ").append(word(args.get(s.semArg()))).append(" = (int)(").append(args.get(s.valueArg())).append(");\n");
            result(c, "0");
        } else if (ev instanceof Event.CondWait w) {
            String m = word(args.get(w.mutexArg()));
            out().append("  ").append(m).append(" = 0;\n");
            int again = te.pointWithin(c.loc());
            te.blockUnless(m + " == 0", again);
            out().append("  ").append(m).append(" = ").append(owner()).append(";\n");
            result(c, "0");
        } else if (ev instanceof Event.AtomicBegin) {
            out().append("  w_atomic++;\n");
        } else if (ev instanceof Event.AtomicEnd) {
            out().append("  if (w_atomic > 0) w_atomic--;\n");
        } else if (ev instanceof Event.Assume a) {
            out().append("  __VERIFIER_assume((").append(args.get(a.condArg())).append(") != 0);\n");
        } else if (ev instanceof Event.ProgramEnd) {
            out().append("  w_end = 1; return;\n");
            return;
        } else if (ev instanceof Event.NonLocalJump) {
            te.cut("longjmp is cut off");
            return;
        } else if (ev instanceof Event.CondSignal || ev instanceof Event.LockDestroy || ev instanceof Event.ThreadDetach) {
            result(c, "0");
        } else if (ev instanceof Event.ThreadCancel) {
            // a cancelled thread may end at any cancellation point (before the joins it makes): executions the bounded
            // program lacks, so no proof may rest on it (24-audit/04-cancel-before-join was proved race-free)
            te.st.notes.add("cancellation is not modelled: a cancelled thread runs on");
            result(c, "0");
        } else if (ev instanceof Event.BarrierWait || ev instanceof Event.BarrierInit || ev instanceof Event.BarrierDestroy) {
            te.st.notes.add("barriers do not synchronise (over-approximation: more interleavings)");
            result(c, "0");
        } else if (Event.deep(ev) || followsStoredPointers(model)) {
            // the bytes it touches are those of a whole structure of pointers, or those its hidden state's pointers reach
            // (strtok's continuation), which the instrumentation cannot list
            te.cut(name + (Event.deep(ev) ? " works on what its argument reaches" : " works on what its saved state points to") + ": cut off");
            return;
        } else {
            if (ev instanceof Event.MemAccess m) memory(c, m, args);
            te.st.prototype(name, c.callee().type());
            te.plainCall(c, name, args, ex);
        }
        out().append("  goto ").append(target).append(";\n");
    }

    /**
     * Whether the call accesses what pointers stored in its hidden state point to ({@code *s}) in this program: the
     * state's pseudo-object exists (a group that only holds pointers, the stream buffers, exists only once a call of
     * the program stores one there: without {@code setvbuf}, {@code printf} follows nothing).
     */
    private boolean followsStoredPointers(weft.model.LibraryModel model) {
        if (!model.facts().stateTargets().any()) return false;
        for (String g : model.facts().allGroups()) {
            if (te.st.program.libcObject(weft.model.LibcFacts.stateObjectName(g)) != null) return true;
        }
        return false;
    }

    /**
     * Instruments the bytes a library call reads or writes through its pointer arguments: {@code [p, p + n)} with the
     * size argument's value, or the C string's length plus its terminator when the model gives no size.
     */
    private void memory(Stmt.Call c, Event.MemAccess m, List<String> args) {
        if (!te.st.filter.instrument(function, c, null)) return;
        List<Instrumentation.Site> sites = new java.util.ArrayList<>();
        for (Event.MemArg a : m.args()) {
            if (a.ptrArg() < 0 || a.ptrArg() >= args.size()) continue;
            String p = "((unsigned long)(" + args.get(a.ptrArg()) + "))";
            String len = a.sizeArg() >= 0 && a.sizeArg() < args.size() ? "(unsigned long)(" + args.get(a.sizeArg()) + ")"
                    : "(" + p + " ? __builtin_strlen((const char *)" + p + ") + 1 : 0)";
            sites.add(new Instrumentation.Site(p, len, a.write()));
        }
        te.instr.emit(sites, k);
    }

    private void lock(Stmt.Call c, Event.Lock l, String arg) {
        String w = word(arg);
        String free;
        String take;
        if (l.kind() == Event.LockKind.SEMAPHORE) {
            free = w + " > 0";
            take = w + "--";
        } else if (l.kind() == Event.LockKind.RWLOCK && l.mode() == Event.Mode.READ) {
            free = w + " >= 0";
            take = w + "++";
        } else if (l.kind() == Event.LockKind.RWLOCK) {
            free = w + " == 0";
            take = w + " = -" + owner();
        } else {
            free = w + " == 0";
            take = w + " = " + owner();
            // a relock by the holder: a recursive mutex counts it, an error-checking one fails with EDEADLK, a normal
            // one deadlocks, a default one is undefined; blocking here would drop the executions that go on, so the
            // run is cut off instead (Z3 then proves no cut-off reachable, or there is no proof)
            out().append("  if (").append(w).append(" == ").append(owner()).append(") goto w_cut;\n");
            te.cut(null, false);
        }
        if (l.kind() == Event.LockKind.RWLOCK) {
            // a lock of a rwlock its writer holds: EDEADLK or a deadlock, by POSIX; never an assume (see above)
            out().append("  if (").append(w).append(" == -").append(owner()).append(") goto w_cut;\n");
            te.cut(null, false);
        }
        if (!l.trying()) {
            te.blockUnless(free, k);
            out().append("  ").append(take).append(";\n");
            result(c, "0");
            return;
        }
        String fail = l.successValue() != 0 ? "0" : l.kind() == Event.LockKind.SEMAPHORE ? "-1" : "16";
        out().append("  if (").append(free).append(") { ").append(take).append(";\n");
        result(c, Integer.toString(l.successValue()));
        out().append("  } else {\n");
        result(c, fail);
        out().append("  }\n");
    }

    private void create(Stmt.Call c, Event.ThreadCreate tc, List<String> args, String target) {
        Function g = routine(c.args().get(tc.routineArg()));
        if (g == null) {
            te.cut("threads whose routine is not a program function are cut off");
            return;
        }
        int s = te.st.newSlot(g);
        if (s < 0) {
            te.cut("thread creations beyond " + te.st.options.threads() + " threads are cut off");
            return;
        }
        // a creation may fail (EAGAIN: no thread, the id not written); only a program that uses the result can tell
        boolean mayFail = c.result() != null;
        if (mayFail) {
            out().append("  if (__VERIFIER_nondet_bool()) {\n");
            result(c, "11");
            out().append("    goto ").append(target).append(";\n");
            out().append("  }\n");
        }
        out().append("  *(").append(args.get(tc.idArg())).append(") = w_handle[").append(s).append("];\n");
        if (!g.params().isEmpty() && tc.argArg() >= 0 && tc.argArg() < args.size()) {
            out().append("  ").append(ThreadEmitter.localName(s, 0, g.params().get(0))).append(" = ")
                    .append(te.st.types.cast(g.params().get(0).type())).append(args.get(tc.argArg())).append(";\n");
        }
        out().append("  w_active[").append(s).append("] = 1;\n");
        result(c, "0");
        out().append("  goto ").append(target).append(";\n");
    }

    private Function routine(Expr e) {
        while (e instanceof Expr.Cast k) e = k.operand();
        return e instanceof Expr.FuncRef f ? te.st.program.function(f.name()) : null;
    }
}
