package weft.exec;

import static weft.exec.Errno.*;

import weft.exec.state.*;

import weft.ir.CType;
import weft.ir.Edge;
import weft.ir.IntConversions;
import weft.ir.Stmt;
import weft.model.Semantics;

import java.util.List;

/**
 * {@code <signal.h>}'s signal sets ({@link Semantics.SignalSet}) and {@code sigaction} ({@link Semantics.SignalAction})
 * as glibc computes them on Linux x86-64 (checked against the installed glibc): a {@code sigset_t} is 128 bytes, of
 * which glibc's functions touch only the first 64-bit word (signal {@code s} is its bit {@code s - 1}: {@code NSIG} is
 * 65); {@code sigfillset} sets every bit but those of glibc's internal signals 32 and 33, which {@code sigaddset} and
 * {@code sigdelset} refuse ({@code EINVAL}, as any signal outside 1..64; {@code sigismember} answers 0 for them).
 * {@code sigaction} with a null old action: 0, or -1 and {@code EINVAL} for a signal outside 1..64 or internal, or for
 * {@code SIGKILL} (9) or {@code SIGSTOP} (19) with an action; the handler it installs runs as the callback lowering
 * says (a thread the registration creates). With an old action the call stops the run: the disposition before the first
 * registration is the world's (a parent may leave a signal ignored across {@code exec}). {@code signal} installs a
 * handler and returns the disposition before ({@link #disposition}); both keep the run's registrations
 * ({@link Sync#signals}).
 *
 * <p>Soundness and must-soundness: the words are read and written where glibc reads and writes them (a null set pointer:
 * -1 and {@code EINVAL} for the functions that test it, as glibc's), every read byte must be known; {@code sigaction}
 * reads the whole action (glibc copies handler, mask, flags and restorer).
 */
final class SignalSets {
    private SignalSets() {
    }

    /** glibc's {@code sigfillset} word: every signal but 32 and 33. */
    static final long FILLED = 0xfffffffe7fffffffL;
    private static final CType.Int WORD = new CType.Int("unsigned long", 8, 8, false);

    static boolean handles(Semantics sem) {
        return sem instanceof Semantics.SignalSet || sem instanceof Semantics.SignalAction || sem instanceof Semantics.SignalDisposition
                || sem instanceof Semantics.SignalMask || sem instanceof Semantics.SignalWait || sem instanceof Semantics.SignalState
                || sem instanceof Semantics.SignalSend;
    }

    static boolean run(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                       Semantics sem, List<Value> args) {
        if (sem instanceof Semantics.SignalAction a) return action(in, lib, t, c, e, call, name, a, args);
        if (sem instanceof Semantics.SignalDisposition d) return disposition(in, t, c, e, call, name, d, args);
        if (sem instanceof Semantics.SignalMask m) return mask(in, lib, t, c, e, call, name, m, args);
        if (sem instanceof Semantics.SignalWait w) return await(in, lib, t, c, e, call, name, w, args);
        if (sem instanceof Semantics.SignalState ss) return state(in, lib, t, c, e, call, name, ss, args);
        if (sem instanceof Semantics.SignalSend s) return send(in, t, c, e, call, name, s, args);
        Semantics.SignalSet s = (Semantics.SignalSet) sem;
        ExecState st = in.st;
        Value setArg = LibraryBehaviour.arg(args, s.set());
        if (setArg instanceof Value.Int z && z.v() == 0) return fail(in, t, c, e); // glibc tests for a null set
        Value.Ptr set = LibraryFunctions.ptr(setArg, name);
        switch (s.op()) {
            case "empty", "fill" -> {
                lib.access(c, set, 8, true, call, name);
                if (!c.dry) st.mem.write(set.obj(), set.off(), WORD, Value.of(s.op().equals("fill") ? FILLED : 0));
                return in.finishCall(t, c, e, Value.ZERO, IntConversions.INT);
            }
            case "is-empty" -> {
                return in.finishCall(t, c, e, Value.of(word(st, lib, c, call, name, set) == 0 ? 1 : 0), IntConversions.INT);
            }
            case "and", "or" -> {
                long l = word(st, lib, c, call, name, LibraryFunctions.ptr(LibraryBehaviour.arg(args, s.left()), name));
                long r = word(st, lib, c, call, name, LibraryFunctions.ptr(LibraryBehaviour.arg(args, s.right()), name));
                lib.access(c, set, 8, true, call, name);
                if (!c.dry) st.mem.write(set.obj(), set.off(), WORD, Value.of(s.op().equals("and") ? l & r : l | r));
                return in.finishCall(t, c, e, Value.ZERO, IntConversions.INT);
            }
            default -> {
                if (!(LibraryBehaviour.arg(args, s.sig()) instanceof Value.Int sig)) throw Abandon.unsupported(name + " of an unknown signal");
                long g = sig.v();
                boolean member = s.op().equals("member");
                if (g <= 0 || g >= 65 || !member && (g == 32 || g == 33)) return fail(in, t, c, e);
                long w = word(st, lib, c, call, name, set);
                long bit = 1L << (g - 1);
                if (member) return in.finishCall(t, c, e, Value.of((w & bit) != 0 ? 1 : 0), IntConversions.INT);
                lib.access(c, set, 8, true, call, name);
                if (!c.dry) st.mem.write(set.obj(), set.off(), WORD, Value.of(s.op().equals("add") ? w | bit : w & ~bit));
                return in.finishCall(t, c, e, Value.ZERO, IntConversions.INT);
            }
        }
    }

    private static boolean action(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call,
                                  String name, Semantics.SignalAction a, List<Value> args) {
        if (!(LibraryBehaviour.arg(args, a.old()) instanceof Value.Int o && o.v() == 0)) {
            throw Abandon.unsupported(name + " with an old action (the disposition before is the world's)");
        }
        if (!(LibraryBehaviour.arg(args, a.sig()) instanceof Value.Int sig)) throw Abandon.unsupported(name + " of an unknown signal");
        long g = sig.v();
        Value act = LibraryBehaviour.arg(args, a.act());
        boolean installs = !(act instanceof Value.Int z && z.v() == 0);
        if (g <= 0 || g >= 65 || g == 32 || g == 33 || installs && (g == 9 || g == 19)) return fail(in, t, c, e);
        if (installs) {
            long size = LibraryBehaviour.pointeeOr(call.args().get(a.act()), new CType.Int("char", 1, 1, true)).size();
            Value.Ptr p = LibraryFunctions.ptr(act, name);
            lib.access(c, p, Math.max(1, size), false, call, name);
            // the handler (sa_handler or sa_sigaction: one union at the start of glibc's struct sigaction)
            if (!c.dry) register(in.st, g, in.st.mem.read(p.obj(), p.off(), in.st.voidPointer));
        }
        return in.finishCall(t, c, e, Value.ZERO, IntConversions.INT);
    }

    /** What the witness records for a disposition before that is a handler of the program's (the reproducer's real one). */
    static final long PROGRAM_HANDLER = -2;

    /**
     * {@code signal}, {@code bsd_signal}, {@code sysv_signal} ({@link Semantics.SignalDisposition}): the handler installed
     * (it runs as the callback lowering says), the disposition before returned: the run's last registration for the
     * signal ({@link Sync#signals}: a handler of the program's, {@code SIG_DFL} 0 or {@code SIG_IGN} 1), else
     * {@code SIG_DFL}, the disposition a program starts with unless its parent left the signal ignored: the witness
     * records it (0, 1, or {@link #PROGRAM_HANDLER}; a failure -1) and the reproducer's wrapper returns it, so the replay does not depend
     * on how it was started. {@code SIG_ERR} (-1) and {@code EINVAL} for a signal outside 1..64, glibc's internal 32 and
     * 33, {@code SIGKILL} and {@code SIGSTOP} (Linux refuses any action for them) and for {@code SIG_ERR} as the
     * handler. A proof stops where the result is used: the disposition before the first registration is the world's.
     */
    private static boolean disposition(Interpreter in, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                                       Semantics.SignalDisposition d, List<Value> args) {
        ExecState st = in.st;
        if (!(LibraryBehaviour.arg(args, d.sig()) instanceof Value.Int sig)) throw Abandon.unsupported(name + " of an unknown signal");
        long g = sig.v();
        Value handler = LibraryBehaviour.arg(args, d.handler());
        if (!(handler instanceof Value.Fn || handler instanceof Value.Int h && (h.v() == 0 || h.v() == 1 || h.v() == -1))) {
            throw Abandon.unsupported(name + " of the handler " + handler);
        }
        boolean error = handler instanceof Value.Int h && h.v() == -1;
        if (g <= 0 || g >= 65 || g == 32 || g == 33 || g == 9 || g == 19 || error) {
            if (!c.dry) {
                st.setErrno(t, Errno.EINVAL);
                st.logNondet(name, call.loc(), "-1"); // the reproducer's wrapper answers each call in order
            }
            return in.finishCall(t, c, e, Value.of(-1), null);
        }
        if (call.result() != null && st.exhaustive) throw Abandon.unsupported(name + ": the disposition before is the world's");
        Value before = st.sync.signals.getOrDefault(g, Value.ZERO);
        if (c.dry) return in.finishCall(t, c, e, before, null);
        st.logNondet(name, call.loc(), Long.toString(before instanceof Value.Int b ? b.v() : PROGRAM_HANDLER));
        register(st, g, handler);
        return in.finishCall(t, c, e, before, null);
    }

    /** Signal {@code sig}'s disposition is {@code handler} from now on. */
    private static void register(ExecState st, long sig, Value handler) {
        java.util.Map<Long, Value> m = new java.util.HashMap<>(st.sync.signals);
        m.put(sig, handler);
        st.sync.signals = java.util.Map.copyOf(m);
    }

    /** The first word of the set at {@code p}, read as glibc reads it. */
    private static long word(ExecState st, LibraryFunctions lib, Ctx c, Stmt.Call call, String name, Value.Ptr p) {
        lib.access(c, p, 8, false, call, name);
        if (!(st.mem.read(p.obj(), p.off(), WORD) instanceof Value.Int w)) throw Abandon.unsupported(name + " of an unknown set");
        return w.v();
    }

    /**
     * {@code pthread_sigmask}, {@code sigprocmask}: run only without an output argument; the set is read (audit D45): its
     * first word (Linux's mask is 8 bytes, glibc's {@code sigset_t} 128), all of it when glibc's own signals (SIGCANCEL 32,
     * SIGSETXID 33) are in that word, as glibc then copies the set to take them out.
     */
    private static boolean mask(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                                Semantics.SignalMask sm, List<Value> args) {
        if (!(LibraryBehaviour.arg(args, sm.oldArg()) instanceof Value.Int i && i.v() == 0)) {
            throw Abandon.unsupported(name + " with an output argument");
        }
        Value set = LibraryBehaviour.arg(args, sm.setArg());
        if (!(set instanceof Value.Int z && z.v() == 0)) {
            Value.Ptr p = LibraryFunctions.ptr(set, name);
            lib.access(c, p, WORD.size(), false, call, name);
            if (!(in.st.mem.read(p.obj(), p.off(), WORD) instanceof Value.Int w)) throw Abandon.unsupported(name + " of an unknown set");
            CType pointee = call.args().get(sm.setArg()).type().pointee();
            if ((w.v() & (3L << 31)) != 0 && pointee != null && pointee.size() > 0) lib.access(c, p, pointee.size(), false, call, name);
        }
        return in.finishCall(t, c, e, Value.ZERO, null);
    }

    private static final long SIGKILL = 9, SIGSTOP = 19;
    /** Signals whose default action is to do nothing: SIGCHLD, SIGCONT (the process runs), SIGURG, SIGWINCH. */
    private static final java.util.Set<Long> IGNORED_BY_DEFAULT = java.util.Set.of(17L, 18L, 23L, 28L);
    /** Signals whose default action stops the process until the world continues it: SIGSTOP, SIGTSTP, SIGTTIN, SIGTTOU. */
    private static final java.util.Set<Long> STOPPING = java.util.Set.of(19L, 20L, 21L, 22L);

    /** What {@code kill} records for a signal the process sent itself (the reproducer's wrapper sends it for real). */
    public static final long TO_ITSELF = 1;

    /**
     * {@code raise}, {@code pthread_kill}, {@code kill}, {@code sigqueue}, {@code killpg} ({@link Semantics.SignalSend}).
     * Signal 0 sends nothing (a thread or the process itself exists: 0). Outside 0..64: {@code EINVAL}. A signal the
     * program sends itself does what its disposition says, now: ignored ({@code SIG_IGN} registered by the run) or one
     * whose default action is to do nothing (SIGCHLD, SIGCONT, SIGURG, SIGWINCH: whatever the disposition the program
     * started with, and pending or not) — the call returns 0; one whose default action ends the process (SIGKILL
     * always; the others when the run registered no handler or {@code SIG_DFL}) — the program ends, as at
     * {@code abort} (a mask that blocks it, or a disposition inherited as ignored, would let the real process go on: a
     * run that ends is a prefix of that one, and no witness rests on what follows); a handler of the program's or a
     * stopping signal stops the run (the handler would run now; a stopped process waits for the world). Another
     * process ({@code kill}, {@code sigqueue} of a pid that is not one {@code getpid} gave this run) answers as the
     * world decides: 0, or -1 with {@code ESRCH} or {@code EPERM}, recorded (the reproducer's wrapper sends nothing);
     * a process group other than its own (a negative pid, {@code killpg} of a group not 0) or every process (-1) stops
     * the run. What {@code kill} sends the process itself is recorded as {@link #TO_ITSELF}. Proofs stop at every such
     * call but signal 0 and the ones that do nothing: which disposition and mask the program started with is the world's.
     * Not modelled: a signal that does nothing now but stays pending under a mask, for a handler installed later (the
     * explorer runs no handler: a registration's run takes none to run).
     */
    private static boolean send(Interpreter in, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, Semantics.SignalSend s,
                                List<Value> args) {
        ExecState st = in.st;
        if (!(LibraryBehaviour.arg(args, s.sig()) instanceof Value.Int sv)) throw Abandon.unsupported(name + " of an unknown signal");
        long sig = sv.v();
        boolean errorNumber = s.thread() >= 0;
        if (s.thread() >= 0) {
            // a thread of the run that has not ended (glibc's answer for one that ended is not modelled)
            if (st.threadOf(LibraryBehaviour.arg(args, s.thread())).finished) throw Abandon.unsupported(name + " of a thread that is not running");
        }
        boolean itself = true;
        if (s.process()) {
            if (!(LibraryBehaviour.arg(args, s.pid()) instanceof Value.Int pv)) throw Abandon.unsupported(name + " of an unknown process");
            long pid = pv.v();
            if (s.group() ? pid != 0 : pid == -1 || pid < -1) throw Abandon.unsupported(name + " of process group or processes " + pid + " (the world's)");
            itself = pid == 0 || ownPid(st, pid);
        }
        if (sig < 0 || sig > 64) {
            if (errorNumber) return in.finishCall(t, c, e, Value.of(Errno.EINVAL), IntConversions.INT);
            if (!c.dry) {
                st.setErrno(t, Errno.EINVAL);
                if (s.process()) {
                    st.logNondet(name, call.loc(), "-1");
                    st.logNondet(name, call.loc(), Long.toString(Errno.EINVAL));
                }
            }
            return in.finishCall(t, c, e, Value.of(-1), IntConversions.INT);
        }
        if (!itself) {
            if (st.exhaustive) throw Abandon.unsupported(name + ": another process's answer is the world's");
            if (c.dry) return in.finishCall(t, c, e, Value.ZERO, IntConversions.INT);
            long r = st.chooseAmong(new long[] {0, -1}, name, call.loc());
            if (r == -1) {
                long errno = st.chooseAmong(new long[] {ESRCH, EPERM}, name, call.loc());
                st.setErrno(t, errno);
            }
            return in.finishCall(t, c, e, Value.of(r), IntConversions.INT);
        }
        Value disposition = st.sync.signals.get(sig);
        boolean registeredIgnore = disposition instanceof Value.Int d && d.v() == 1;
        boolean nothing = sig == 0 || registeredIgnore && sig != SIGKILL || IGNORED_BY_DEFAULT.contains(sig) && !(disposition instanceof Value.Fn);
        if (nothing) {
            // registeredIgnore: a proof may follow it (the run set it); the others are nothing whatever the world did
            if (!c.dry && s.process()) st.logNondet(name, call.loc(), Long.toString(TO_ITSELF));
            return in.finishCall(t, c, e, Value.ZERO, IntConversions.INT);
        }
        if (disposition instanceof Value.Fn) throw Abandon.unsupported(name + " of signal " + sig + " to the program itself (its handler would run now)");
        if (STOPPING.contains(sig) || sig == 32 || sig == 33) throw Abandon.unsupported(name + " of signal " + sig + " to the program itself");
        if (st.exhaustive) throw Abandon.unsupported(name + ": whether signal " + sig + " ends the program depends on the mask and disposition it started with");
        // the default action ends the process, as abort does
        c.visible = true;
        c.terminates = true;
        if (c.dry) return true;
        if (s.process()) st.logNondet(name, call.loc(), Long.toString(TO_ITSELF));
        throw Abandon.end(name + " sent signal " + sig + ", which ends the program");
    }

    /** Whether {@code pid} is one {@code getpid} answered this run (the process's own id). */
    private static boolean ownPid(ExecState st, long pid) {
        for (java.util.Map.Entry<String, String> x : st.nondetLog.entrySet()) {
            if (x.getKey().startsWith("getpid@") && x.getValue().equals(Long.toString(pid))) return true;
        }
        return false;
    }

    /**
     * {@code sigwait}, {@code sigwaitinfo}, {@code sigtimedwait} ({@link Semantics.SignalWait}): the kernel reads the
     * set's first word; a signal among its members arrives (the world's choice, recorded; not SIGKILL, SIGSTOP, which
     * Linux never waits for, nor glibc's internal 32 and 33, which only glibc itself sends), or with a timeout the wait
     * may expire ({@code EAGAIN}); with nothing to wait for the thread waits for ever. A {@code siginfo_t} to fill stops
     * the run (its sender's fields are the world's), so do proofs (which signal arrives is an input).
     */
    private static boolean await(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                                 Semantics.SignalWait w, List<Value> args) {
        ExecState st = in.st;
        if (st.exhaustive) throw Abandon.unsupported(name + ": which signal arrives is an input");
        if (w.info() >= 0 && !(LibraryBehaviour.arg(args, w.info()) instanceof Value.Int z && z.v() == 0)) {
            throw Abandon.unsupported(name + " with a siginfo_t to fill (its sender is the world's)");
        }
        long set = word(st, lib, c, call, name, LibraryFunctions.ptr(LibraryBehaviour.arg(args, w.set()), name));
        boolean timed = w.timeout() >= 0 && !(LibraryBehaviour.arg(args, w.timeout()) instanceof Value.Int z && z.v() == 0);
        if (timed) lib.wholeObject(c, LibraryFunctions.ptr(LibraryBehaviour.arg(args, w.timeout()), name), call.args().get(w.timeout()), false, false, call, name);
        java.util.List<Long> may = new java.util.ArrayList<>();
        for (long sig = 1; sig <= 64; sig++) {
            if ((set & (1L << (sig - 1))) != 0 && sig != SIGKILL && sig != SIGSTOP && sig != 32 && sig != 33) may.add(sig);
        }
        if (timed) may.add(-1L);
        if (may.isEmpty()) return false; // nothing can end the wait
        Value.Ptr out = w.out() >= 0 ? LibraryFunctions.ptr(LibraryBehaviour.arg(args, w.out()), name) : null;
        if (out != null) lib.access(c, out, 4, true, call, name);
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, IntConversions.INT);
        long sig = st.chooseAmong(may.stream().mapToLong(Long::longValue).toArray(), name, call.loc());
        if (sig == -1) {
            st.logNondet(name, call.loc(), Long.toString(EAGAIN));
            st.setErrno(t, EAGAIN);
            return in.finishCall(t, c, e, Value.of(-1), IntConversions.INT);
        }
        if (out != null) {
            st.mem.write(out.obj(), out.off(), IntConversions.INT, Value.of(sig));
            return in.finishCall(t, c, e, Value.ZERO, IntConversions.INT);
        }
        return in.finishCall(t, c, e, Value.of(sig), IntConversions.INT);
    }

    private static final long SS_DISABLE = 2, SS_AUTODISARM = 1L << 31, MINSIGSTKSZ = 2048, SURE_STACK = 65536;

    /**
     * {@code sigpending}, {@code pause}, {@code sigsuspend}, {@code sigaltstack} ({@link Semantics.SignalState}): no
     * signal is pending (the world has sent none the program blocks); a wait for a handler lasts for ever (a world
     * that sends no signal; a proof, which must follow every world, stops); an alternate stack is accepted as Linux
     * does (its flags 0, {@code SS_DISABLE} or {@code SS_AUTODISARM}, else {@code EINVAL}; below {@code MINSIGSTKSZ}
     * {@code ENOMEM}; sizes between that and 64 KiB, where the kernel's minimum depends on the processor, stop).
     */
    private static boolean state(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                                 Semantics.SignalState ss, List<Value> args) {
        ExecState st = in.st;
        switch (ss.op()) {
            case "pending" -> {
                Value.Ptr set = LibraryFunctions.ptr(LibraryBehaviour.arg(args, ss.set()), name);
                lib.access(c, set, 8, true, call, name);
                if (!c.dry) st.mem.write(set.obj(), set.off(), WORD, Value.ZERO);
                return in.finishCall(t, c, e, Value.ZERO, IntConversions.INT);
            }
            case "interrupt" -> {
                // glibc's siginterrupt changes SA_RESTART through sigaction, which refuses these signals
                if (!(LibraryBehaviour.arg(args, ss.set()) instanceof Value.Int g)) throw Abandon.unsupported(name + " of an unknown signal");
                boolean valid = g.v() >= 1 && g.v() <= 64 && g.v() != 32 && g.v() != 33 && g.v() != SIGKILL && g.v() != SIGSTOP;
                if (!valid) return fail(in, t, c, e);
                return in.finishCall(t, c, e, Value.ZERO, IntConversions.INT);
            }
            case "pause" -> {
                if (st.exhaustive) throw Abandon.unsupported(name + ": whether a signal comes is the world's");
                if (ss.set() >= 0) word(st, lib, c, call, name, LibraryFunctions.ptr(LibraryBehaviour.arg(args, ss.set()), name));
                return false; // no signal comes: the thread waits for ever
            }
            default -> {
                if (!(LibraryBehaviour.arg(args, ss.old()) instanceof Value.Int z && z.v() == 0)) throw Abandon.unsupported(name + " asking for the old stack");
                Value v = LibraryBehaviour.arg(args, ss.set());
                if (v instanceof Value.Int n && n.v() == 0) return in.finishCall(t, c, e, Value.ZERO, IntConversions.INT);
                // stack_t: ss_sp, then the int ss_flags, then the size_t ss_size (at the pointer's alignment)
                int w = st.dm.pointerSize;
                Value.Ptr p = LibraryFunctions.ptr(v, name);
                lib.access(c, p, 3L * w, false, call, name);
                long flags = st.mem.readRaw(p.obj(), p.off() + w, 4);
                long size = st.mem.readRaw(p.obj(), p.off() + 2L * w, w);
                long error = (flags & ~(SS_DISABLE | SS_AUTODISARM)) != 0 ? Errno.EINVAL : flags == SS_DISABLE ? 0
                        : Long.compareUnsigned(size, MINSIGSTKSZ) < 0 ? ENOMEM : 0;
                if (error == 0 && flags != SS_DISABLE && Long.compareUnsigned(size, SURE_STACK) < 0) {
                    throw Abandon.unsupported(name + " of " + size + " bytes (the kernel's minimum depends on the processor)");
                }
                if (error != 0) {
                    if (!c.dry) st.setErrno(t, error);
                    return in.finishCall(t, c, e, Value.of(-1), IntConversions.INT);
                }
                return in.finishCall(t, c, e, Value.ZERO, IntConversions.INT);
            }
        }
    }

    /** -1 with {@code errno} {@code EINVAL}. */
    private static boolean fail(Interpreter in, ThreadState t, Ctx c, Edge e) {
        if (!c.dry) in.st.setErrno(t, Errno.EINVAL);
        return in.finishCall(t, c, e, Value.of(-1), IntConversions.INT);
    }
}
