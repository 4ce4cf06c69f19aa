package weft.exec;

import static weft.exec.Errno.*;

import weft.exec.state.*;

import weft.ir.CType;
import weft.ir.Edge;
import weft.ir.Stmt;
import weft.model.Semantics;

import java.util.List;

/**
 * The process's resources and the system's names as the world's answers (issue 35), and the results the world decides
 * in general ({@link #inputResult}): {@code getrlimit}'s limits and
 * {@code getrusage}'s times are inputs of the witness search, chosen among values Linux gives, recorded in the order the
 * reproducer's wrappers give them back ({@code weft_inputs.c}); the host name, the working directory and
 * {@code uname}'s fields ({@link Semantics.SystemName}) are one answer a system may give ({@link #HOST}, {@code "/"},
 * {@link #UNAME}), recorded as 0, which the reproducer's wrappers give back. A proof stops at all of them: the answers
 * are any such values.
 */
final class Resources {
    private Resources() {
    }

    /** Soft limits the world may give ({@link Semantics.ResourceLimit}), the usual default first; -1 is RLIM_INFINITY. */
    private static final long[] FILE_LIMITS = {1024, 4096, 65536, 1048576}, OTHER_LIMITS = {-1, 8L << 20, 1024, 0};

    /**
     * {@code getrlimit} ({@link Semantics.ResourceLimit}): a soft limit among the usual ones for the resource, then a
     * hard limit at least as large (the soft one, or the largest: 1048576 files, else infinity), both inputs recorded
     * in that order; written as two {@code unsigned long}s; returns 0. A proof stops (the limits are any values).
     */
    static boolean limit(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                         Semantics.ResourceLimit rl, List<Value> args) {
        ExecState st = in.st;
        if (!(LibraryBehaviour.arg(args, rl.resource()) instanceof Value.Int r && r.v() >= 0 && r.v() <= 15)) {
            throw Abandon.unsupported(name + " of a resource Linux does not have");
        }
        if (st.exhaustive) throw Abandon.unsupported(name + ": the limits are inputs");
        boolean files = r.v() == 7;
        Value.Ptr p = LibraryFunctions.ptr(LibraryBehaviour.arg(args, rl.out()), name);
        CType.Int rlim = new CType.Int("unsigned long", st.dm.longSize, st.dm.longSize, false);
        lib.access(c, p, 2L * rlim.size(), true, call, name);
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        long cur = st.chooseAmong(files ? FILE_LIMITS : OTHER_LIMITS, name, call.loc());
        long largest = files ? 1048576 : -1;
        long max = st.chooseAmong(cur == largest ? new long[] {cur} : new long[] {cur, largest}, name, call.loc());
        st.mem.write(p.obj(), p.off(), rlim, Value.of(Ints.convert(cur, rlim)));
        st.mem.write(p.obj(), p.off() + rlim.size(), rlim, Value.of(Ints.convert(max, rlim)));
        return in.finishCall(t, c, e, Value.ZERO, null);
    }

    /** CPU seconds and microseconds the world may give a process or thread ({@link Semantics.ResourceUsage}). */
    private static final long[] SECONDS = {0, 1, 12}, MICROS = {0, 250_000, 999_999};

    /** The longs of Linux's {@code struct rusage}: two {@code timeval}s (two longs each), then fourteen counters. */
    static final int RUSAGE_LONGS = 4 + 14;

    /**
     * {@code getrusage} ({@link Semantics.ResourceUsage}) of {@code RUSAGE_SELF} (0), {@code RUSAGE_CHILDREN} (-1) or
     * {@code RUSAGE_THREAD} (1): the user and system CPU times (seconds, then microseconds below a million, each an input
     * recorded in that order: user seconds, user microseconds, system seconds, system microseconds), the fourteen
     * counters after them zero (what Linux gives for those it does not maintain, and a possible answer for the rest);
     * the whole {@code struct rusage} written; returns 0. Another {@code who} is EINVAL: the run stops (the program's
     * error path is not taken as a guess). A proof stops (the times are any values).
     */
    static boolean usage(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                         Semantics.ResourceUsage ru, List<Value> args) {
        ExecState st = in.st;
        if (!(LibraryBehaviour.arg(args, ru.who()) instanceof Value.Int w && w.v() >= -1 && w.v() <= 1)) {
            throw Abandon.unsupported(name + " of a 'who' Linux refuses");
        }
        if (st.exhaustive) throw Abandon.unsupported(name + ": the times are inputs");
        Value.Ptr p = LibraryFunctions.ptr(LibraryBehaviour.arg(args, ru.out()), name);
        CType.Int longT = new CType.Int("long", st.dm.longSize, st.dm.longSize, true);
        lib.access(c, p, RUSAGE_LONGS * longT.size(), true, call, name);
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        long[] times = new long[4];
        for (int i = 0; i < 4; i++) times[i] = st.chooseAmong(i % 2 == 0 ? SECONDS : MICROS, name, call.loc());
        // CPU times never go back (audit D51): the process's, its children's, a thread's
        long whose = ((Value.Int) LibraryBehaviour.arg(args, ru.who())).v();
        String who = "clock:rusage" + whose + (whose == 1 ? "#" + t.index : "");
        WorldKept.monotone(st, who + ":user", times[0] * 1_000_000L + times[1], name);
        WorldKept.monotone(st, who + ":system", times[2] * 1_000_000L + times[3], name);
        for (int i = 0; i < RUSAGE_LONGS; i++) {
            st.mem.write(p.obj(), p.off() + i * longT.size(), longT, Value.of(i < 4 ? times[i] : 0));
        }
        return in.finishCall(t, c, e, Value.ZERO, null);
    }

    /**
     * {@code times} ({@link Semantics.ProcessTimes}): the elapsed ticks (any point in the past: an input at least the
     * CPU ticks), the user and system ticks (inputs among a few), recorded in that order; the children's ticks 0.
     */
    static boolean processTimes(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                                Semantics.ProcessTimes pt, List<Value> args) {
        ExecState st = in.st;
        if (st.exhaustive) throw Abandon.unsupported(name + ": the times are inputs");
        Value b = LibraryBehaviour.arg(args, pt.buf());
        Value.Ptr p = b instanceof Value.Int z && z.v() == 0 ? null : LibraryFunctions.ptr(b, name);
        CType.Int clock = new CType.Int("long", st.dm.longSize, st.dm.longSize, true);
        if (p != null) lib.access(c, p, 4 * clock.size(), true, call, name);
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        long after = WorldKept.last(st, "clock:times-elapsed");
        long elapsed = st.chooseAmong(new long[] {Math.max(after, 1_000_000L + (st.randomBits() & 0xffffL)), Math.max(after, 1000)}, name, call.loc());
        long user = st.chooseAmong(new long[] {0, 1, 100}, name, call.loc());
        long system = st.chooseAmong(new long[] {0, 1, 100}, name, call.loc());
        // the clocks never go back (audit D51)
        WorldKept.monotone(st, "clock:times-elapsed", elapsed, name);
        WorldKept.monotone(st, "clock:times-user", user, name);
        WorldKept.monotone(st, "clock:times-system", system, name);
        if (p != null) {
            long[] v = {user, system, 0, 0};
            for (int i = 0; i < 4; i++) st.mem.write(p.obj(), p.off() + i * clock.size(), clock, Value.of(v[i]));
        }
        return in.finishCall(t, c, e, Value.of(elapsed), null);
    }

    /** The login name a run's world has (the account getpwuid names for an id: weft.exec.Accounts). */
    static final String LOGIN = "weft";

    /**
     * {@code getlogin} (no buffer: the function's static buffer, returned) and {@code getlogin_r(buf, size)} (0, or
     * {@code ERANGE} when the name and its terminator do not fit, nothing written): the world's user is logged in as
     * {@link #LOGIN}; recorded as 0, the reproducer gives the same.
     */
    private static boolean login(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                                 Semantics.SystemName sn, List<Value> args) {
        ExecState st = in.st;
        byte[] text = (LOGIN + "\0").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        if (!c.dry) st.logNondet(name, call.loc(), "0");
        if (sn.buf() < 0) {
            Value.Ptr buf = LibraryBehaviour.staticBuffer(st, t, name, 0);
            lib.access(c, buf, text.length, true, call, name);
            if (!c.dry) st.mem.writeBytes(buf.obj(), buf.off(), text);
            return in.finishCall(t, c, e, buf, null);
        }
        long size = LibraryFunctions.count(LibraryBehaviour.arg(args, sn.size()));
        if (size < text.length) return in.finishCall(t, c, e, Value.of(ERANGE), weft.ir.IntConversions.INT);
        Value.Ptr p = LibraryFunctions.ptr(LibraryBehaviour.arg(args, sn.buf()), name);
        lib.access(c, p, text.length, true, call, name);
        if (!c.dry) st.mem.writeBytes(p.obj(), p.off(), text);
        return in.finishCall(t, c, e, Value.ZERO, weft.ir.IntConversions.INT);
    }

    /** The size of a network interface's name ({@code IF_NAMESIZE}), which glibc's {@code strncpy} writes whole. */
    static final int IF_NAMESIZE = 16;

    /**
     * {@code if_indextoname(index, buf)}: whether the system has a network interface of that index is the world's answer
     * (recorded 0: it has, 1: it has not; interfaces come and go, so no answer is kept). One it has is named
     * {@code "weft"} and the index; glibc copies the name with {@code strncpy(buf, name, IF_NAMESIZE)}, all 16 bytes
     * written, and returns {@code buf}. None: null with {@code ENXIO} (glibc's for the kernel's {@code ENODEV}); index
     * 0 never names one, and is recorded too (the reproducer's wrapper takes one answer per call).
     */
    private static boolean interfaceName(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                                         Semantics.SystemName sn, List<Value> args) {
        ExecState st = in.st;
        if (!(LibraryBehaviour.arg(args, sn.index()) instanceof Value.Int i)) throw Abandon.unsupported(name + " of an unknown index");
        long index = i.v() & 0xffffffffL;
        Value.Ptr p = index == 0 ? null : LibraryFunctions.ptr(LibraryBehaviour.arg(args, sn.buf()), name);
        // planned as the first answer (an interface), whose write a race at the call itself rests on
        if (p != null) lib.access(c, p, IF_NAMESIZE, true, call, name);
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        if (p == null || st.chooseAmong(new long[] {0, 1}, name, call.loc()) != 0) {
            if (p == null) st.logNondet(name, call.loc(), "1");
            st.setErrno(t, ENXIO);
            return in.finishCall(t, c, e, Value.ZERO, null);
        }
        byte[] text = java.util.Arrays.copyOf(("weft" + index).getBytes(java.nio.charset.StandardCharsets.ISO_8859_1), IF_NAMESIZE);
        st.mem.writeBytes(p.obj(), p.off(), text);
        return in.finishCall(t, c, e, p, null);
    }

    /** The host name a run's world has. */
    static final String HOST = "weft";
    /** {@code uname}'s fields in a run's world: system, node (the host name), release, version, machine, domain. */
    static final String[] UNAME = {"Linux", HOST, "6.1.0-weft", "#1 SMP", "x86_64", "(none)"};
    /** The size of each of Linux's {@code struct utsname} fields. */
    static final int UTS_FIELD = 65;

    /**
     * {@code gethostname}, {@code getcwd} and {@code uname} ({@link Semantics.SystemName}) as glibc gives the world's
     * answer: {@code gethostname} copies the name and its terminator cut to {@code size} bytes and fails with
     * {@code ENAMETOOLONG} when they do not fit (glibc's {@code sysdeps/unix/sysv/linux/gethostname.c});
     * {@code getcwd} writes {@code "/"} and returns the buffer, or fails with {@code EINVAL} for size 0 and
     * {@code ERANGE} below 2 (a null buffer, which glibc allocates, stops the run); {@code uname} writes the whole
     * {@code struct utsname}, each field's text zero-padded, and returns 0.
     */
    static boolean names(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                         Semantics.SystemName sn, List<Value> args) {
        ExecState st = in.st;
        if (st.exhaustive) throw Abandon.unsupported(name + ": the system's names are the world's");
        if (sn.op().equals("login")) return login(in, lib, t, c, e, call, name, sn, args);
        if (sn.op().equals("interface")) return interfaceName(in, lib, t, c, e, call, name, sn, args);
        Value buf = LibraryBehaviour.arg(args, sn.buf());
        if (buf instanceof Value.Int z && z.v() == 0) throw Abandon.unsupported(name + " with a null buffer");
        Value.Ptr p = LibraryFunctions.ptr(buf, name);
        if (!c.dry) st.logNondet(name, call.loc(), "0");
        if (sn.op().equals("uname")) {
            lib.access(c, p, (long) UTS_FIELD * UNAME.length, true, call, name);
            if (!c.dry) {
                for (int i = 0; i < UNAME.length; i++) {
                    byte[] field = java.util.Arrays.copyOf(UNAME[i].getBytes(java.nio.charset.StandardCharsets.ISO_8859_1), UTS_FIELD);
                    st.mem.writeBytes(p.obj(), p.off() + (long) i * UTS_FIELD, field);
                }
            }
            return in.finishCall(t, c, e, Value.ZERO, weft.ir.IntConversions.INT);
        }
        long size = LibraryFunctions.count(LibraryBehaviour.arg(args, sn.size()));
        boolean host = sn.op().equals("host");
        byte[] text = ((host ? HOST : "/") + "\0").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        if (!host && size < text.length) {
            if (!c.dry) st.setErrno(t, size == 0 ? Errno.EINVAL : Errno.ERANGE);
            return in.finishCall(t, c, e, Value.ZERO, null);
        }
        long n = Math.min(size, text.length);
        lib.access(c, p, n, true, call, name);
        if (!c.dry) st.mem.writeBytes(p.obj(), p.off(), java.util.Arrays.copyOf(text, (int) n));
        if (host && n < text.length) {
            if (!c.dry) st.setErrno(t, ENAMETOOLONG);
            return in.finishCall(t, c, e, Value.of(-1), weft.ir.IntConversions.INT);
        }
        return in.finishCall(t, c, e, host ? Value.ZERO : p, host ? weft.ir.IntConversions.INT : null);
    }

    /**
     * A result the world decides ({@link Semantics.InputResult}): an input within the row's bounds, recorded for the
     * witness (the reproducer feeds it back). A call that may also touch memory through its variadic pointers
     * ({@code prctl}) is not accounted for in proofs: a proof stops there, the search goes on. A result the program
     * does not use is no choice (a proof goes on past {@code fflush(stdout);}).
     */
    static boolean inputResult(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, Semantics.InputResult ir,
                               weft.model.Event event, List<Value> args) {
        return inputResult(in, lib, t, c, e, call, name, name, ir, event, args);
    }

    /**
     * As {@link #inputResult(Interpreter, LibraryFunctions, ThreadState, Ctx, Edge, Stmt.Call, String, Semantics.InputResult, weft.model.Event, List)}
     * for function {@code name} called as {@code recordedAs} ({@code syscall}: the answer recorded under the name the
     * program called, kept under the function's own, so that {@code syscall(SYS_gettid)} and {@code gettid()} agree).
     */
    static boolean inputResult(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, String recordedAs,
                               Semantics.InputResult ir, weft.model.Event event, List<Value> args) {
        ExecState st = in.st;
        if (ir.optionArg() >= 0 && !(LibraryBehaviour.arg(args, ir.optionArg()) instanceof Value.Int o && o.v() == ir.option())) {
            throw Abandon.unsupported(name + " with another option than " + ir.option());
        }
        if (event instanceof weft.model.Event.MemAccess m) {
            // fixed pointer arguments (pthread_setschedparam's struct) are accessed as an attribute function's are
            if (m.varargsRead() || m.varargsWrite() || m.vaList() >= 0) {
                if (st.exhaustive) st.chooser.proofGap(name + " touches memory a proof does not account for");
            } else {
                lib.attributeAccesses(c, call, m, args, name);
            }
        }
        if (call.result() == null || c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        weft.ir.CType type = call.result().type().unqualified();
        if (!(type instanceof weft.ir.CType.Int it)) throw Abandon.unsupported(name + " result of type " + type);
        String keep = ir.keep();
        Long known = keep == null ? null : WorldKept.known(st, t, name, keep, args);
        if (known != null) {
            // the process kept this answer (audit D51): the same again, recorded as every answer is
            Value again = Value.of(Ints.convert(known, it));
            st.logNondet(recordedAs, call.loc(), again.toString());
            return in.finishCall(t, c, e, again, type);
        }
        long lo = keep == null ? ir.lo() : WorldKept.floor(st, keep, ir.lo());
        if (lo > ir.hi()) throw Abandon.unsupported(name + ": no answer above " + (lo - 1) + " within its range");
        Value v = st.chooseInput(type, recordedAs, call.loc(), lo, ir.hi());
        if (keep != null && v instanceof Value.Int k) WorldKept.keep(st, t, name, keep, args, k.v());
        if (ir.errno() && v instanceof Value.Int r && r.v() == ir.failure()) worldErrno(st, t, call, recordedAs);
        return in.finishCall(t, c, e, v, type);
    }

    /**
     * {@code syscall(number, ...)} ({@link Semantics.SystemCall}): the C library's function of that system call
     * ({@link weft.model.SystemCalls}) with the arguments after the number: a world's answer recorded under
     * {@code syscall} (the witness's step calls it) and kept under the function's own name; {@code sched_yield} 0.
     */
    static boolean systemCall(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                              Semantics.SystemCall sc, List<Value> args) {
        ExecState st = in.st;
        if (!(LibraryBehaviour.arg(args, sc.number()) instanceof Value.Int n)) throw Abandon.unsupported(name + " of an unknown number");
        String target = weft.model.SystemCalls.function(n.v(), st.dm.pointerSize == 8)
                .orElseThrow(() -> Abandon.unsupported(name + " " + n.v() + " (not modelled)"));
        weft.model.LibraryModel inner = st.program.models().lookup(target).orElseThrow(() -> Abandon.unsupported(name + " " + target + " (no model)"));
        List<Value> rest = args.subList(Math.min(sc.number() + 1, args.size()), args.size());
        Semantics what = Semantics.of(target);
        if (what instanceof Semantics.InputResult ir) return inputResult(in, lib, t, c, e, call, target, name, ir, inner.event(), rest);
        if (what instanceof Semantics.ReturnsZero) return in.finishCall(t, c, e, Value.ZERO, null);
        throw Abandon.unsupported(name + " " + target + " (not modelled)");
    }

    /** Linux's TASK_COMM_LEN: a thread's name and its terminator; glibc's ERANGE. */
    private static final int NAME_BYTES = 16;
    /** The process's own name (its program's), the world's: what a thread no one named answers. */
    static final String PROCESS_NAME = "weft";

    /**
     * A thread's name ({@link Semantics.ThreadName}), as glibc and Linux keep it: {@code pthread_setname_np} of a name
     * of 16 bytes or more {@code ERANGE}, else 0 (the world's answer, recorded: the reproducer's wrapper sets the real
     * name) and the thread is named; {@code pthread_getname_np} into fewer than 16 bytes {@code ERANGE}, else 0 and the
     * name, recorded after it: 0 a name a thread was given, 1 the process's own, {@link #PROCESS_NAME} (the world's;
     * a new thread has its creator's, as Linux gives it). Proofs stop (the process's name is the world's).
     */
    static boolean threadName(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                              Semantics.ThreadName tn, List<Value> args) {
        ExecState st = in.st;
        if (st.exhaustive) throw Abandon.unsupported(name + ": the process's name is the world's");
        ThreadState target = st.threadOf(LibraryBehaviour.arg(args, tn.thread()));
        Value.Ptr p = LibraryFunctions.ptr(LibraryBehaviour.arg(args, tn.name()), name);
        if (tn.op().equals("set")) {
            String text = Formatter.knownString(st, lib, c, call, name, p);
            if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
            if (text.length() >= NAME_BYTES) return in.finishCall(t, c, e, Value.of(st.chooseAmong(new long[] {ERANGE}, name, call.loc())), null);
            st.chooseAmong(new long[] {0}, name, call.loc());
            target.threadName = text;
            return in.finishCall(t, c, e, Value.ZERO, null);
        }
        long len = LibraryFunctions.count(LibraryBehaviour.arg(args, tn.len()));
        if (len < NAME_BYTES) {
            if (!c.dry) st.chooseAmong(new long[] {ERANGE}, name, call.loc());
            return in.finishCall(t, c, e, Value.of(ERANGE), null);
        }
        String text = target.threadName != null ? target.threadName : PROCESS_NAME;
        lib.access(c, p, text.length() + 1L, true, call, name);
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        st.chooseAmong(new long[] {0}, name, call.loc());
        st.chooseAmong(new long[] {target.threadName != null ? 0 : 1}, name, call.loc());
        st.mem.writeBytes(p.obj(), p.off(), (text + "\0").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        return in.finishCall(t, c, e, Value.ZERO, null);
    }

    /** Linux's scheduling policies: SCHED_OTHER, SCHED_FIFO, SCHED_RR, SCHED_BATCH, SCHED_IDLE; EPERM. */
    private static final long OTHER = 0, FIFO = 1, RR = 2, BATCH = 3, IDLE = 5;

    /**
     * A thread's scheduling ({@link Semantics.ThreadSchedule}), as glibc and Linux keep it
     * ({@link ThreadState#schedPolicy}): {@code pthread_getschedparam} gives the thread's policy and priority (0, then
     * both, recorded); {@code pthread_setschedparam} and {@code pthread_setschedprio} refuse a policy Linux does not
     * have or a priority outside its range (0 for the normal policies, 1..99 for the real-time ones) with
     * {@code EINVAL}, and otherwise succeed, or, where a privilege is needed (a real-time policy, leaving
     * {@code SCHED_IDLE}), fail with {@code EPERM}: the world's choice; recorded, the thread's scheduling changed on 0.
     * Proofs stop (the main thread's start is the world's).
     */
    static boolean schedule(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                            Semantics.ThreadSchedule ts, List<Value> args) {
        ExecState st = in.st;
        if (st.exhaustive) throw Abandon.unsupported(name + ": the process's scheduling is the world's");
        ThreadState target = st.threadOf(LibraryBehaviour.arg(args, ts.thread()));
        if (ts.op().equals("get")) {
            if (target.schedPolicy < 0) throw Abandon.unsupported(name + " of a thread created with attributes not known");
            Value.Ptr policy = LibraryFunctions.ptr(LibraryBehaviour.arg(args, ts.policy()), name);
            Value.Ptr param = LibraryFunctions.ptr(LibraryBehaviour.arg(args, ts.param()), name);
            lib.access(c, policy, 4, true, call, name);
            lib.access(c, param, 4, true, call, name);
            if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
            st.chooseAmong(new long[] {0}, name, call.loc());
            st.chooseAmong(new long[] {target.schedPolicy}, name, call.loc());
            st.chooseAmong(new long[] {target.schedPriority}, name, call.loc());
            st.mem.writeRaw(policy.obj(), policy.off(), 4, target.schedPolicy);
            st.mem.writeRaw(param.obj(), param.off(), 4, target.schedPriority);
            return in.finishCall(t, c, e, Value.ZERO, null);
        }
        long policy;
        long prio;
        if (ts.op().equals("set")) {
            if (!(LibraryBehaviour.arg(args, ts.policy()) instanceof Value.Int p)) throw Abandon.unsupported(name + " of an unknown policy");
            policy = p.v();
            Value.Ptr param = LibraryFunctions.ptr(LibraryBehaviour.arg(args, ts.param()), name);
            lib.access(c, param, 4, false, call, name);
            prio = (int) st.mem.readRaw(param.obj(), param.off(), 4);
        } else {
            if (target.schedPolicy < 0) throw Abandon.unsupported(name + " of a thread created with attributes not known");
            policy = target.schedPolicy;
            if (!(LibraryBehaviour.arg(args, ts.param()) instanceof Value.Int p)) throw Abandon.unsupported(name + " of an unknown priority");
            prio = p.v();
        }
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        boolean realTime = policy == FIFO || policy == RR;
        boolean known = realTime || policy == OTHER || policy == BATCH || policy == IDLE;
        long r;
        if (!known || (realTime ? prio < 1 || prio > 99 : prio != 0)) {
            r = st.chooseAmong(new long[] {Errno.EINVAL}, name, call.loc());
        } else {
            boolean privileged = realTime || target.schedPolicy == IDLE && policy != IDLE || target.schedPolicy < 0;
            r = st.chooseAmong(privileged ? new long[] {0, EPERM} : new long[] {0}, name, call.loc());
        }
        if (r == 0) {
            target.schedPolicy = policy;
            target.schedPriority = prio;
        }
        return in.finishCall(t, c, e, Value.of(r), null);
    }

    /**
     * {@code pthread_getaffinity_np(thread, size, set)} ({@link Semantics.ThreadAffinity}): the CPUs the thread may run
     * on are the world's (the administrator may change them at any time, so nothing is kept, not even what
     * {@code pthread_setaffinity_np} set): 0, and the mask's first word, a nonzero input recorded after it; glibc's
     * {@code pthread_getaffinity_np} zeroes the bytes past the kernel's mask, so all {@code size} bytes are written. A
     * mask smaller than a word (which the kernel may refuse with {@code EINVAL}) and a thread that ended stop the run;
     * proofs stop.
     */
    static boolean affinity(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                            Semantics.ThreadAffinity ta, List<Value> args) {
        ExecState st = in.st;
        if (st.exhaustive) throw Abandon.unsupported(name + ": a thread's CPUs are the world's");
        ThreadState target = st.threadOf(LibraryBehaviour.arg(args, ta.thread()));
        if (target.finished) throw Abandon.unsupported(name + " of a thread that ended");
        long size = LibraryFunctions.count(LibraryBehaviour.arg(args, ta.size()));
        if (size < 8) throw Abandon.unsupported(name + " of a mask of " + size + " bytes");
        Value.Ptr set = LibraryFunctions.ptr(LibraryBehaviour.arg(args, ta.set()), name);
        lib.access(c, set, size, true, call, name);
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        st.chooseAmong(new long[] {0}, name, call.loc());
        weft.ir.CType.Int word = new weft.ir.CType.Int("unsigned long", 8, 8, false);
        Value mask = st.chooseInput(word, name, call.loc(), 1, Long.MAX_VALUE);
        st.mem.writeBytes(set.obj(), set.off(), new byte[(int) size]);
        st.mem.write(set.obj(), set.off(), word, mask);
        return in.finishCall(t, c, e, Value.ZERO, null);
    }

    /** A failure sets errno: which error is the world's, an input in Linux's 1 to 133 recorded after the result. */
    static void worldErrno(ExecState st, ThreadState t, Stmt.Call call, String name) {
        Value code = st.chooseInput(weft.ir.IntConversions.INT, name, call.loc(), 1, 133);
        if (code instanceof Value.Int k) st.setErrno(t, k.v());
    }
}
