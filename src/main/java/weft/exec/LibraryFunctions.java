package weft.exec;

import weft.ir.CType;
import weft.ir.Edge;
import weft.ir.IntConversions;
import weft.ir.Stmt;
import weft.model.Event;

import java.util.List;
import java.util.Set;

/**
 * Library functions without synchronisation: memory and string functions (with the byte ranges they read and
 * write recorded as accesses), output functions, thread-specific data and the "pure" models.
 *
 * <p>Must-soundness: implemented functions compute exactly what the C library computes (string functions stop at
 * the terminator, memcpy with overlapping ranges abandons, comparisons return the byte difference as glibc's
 * generic code does). Output functions only read their arguments; their output is not modelled, and the
 * {@code %n} conversion (the one that writes memory) abandons as far as the format string's content is known.
 * Functions whose results cannot be computed (input, time, files, floating-point maths) abandon when the result is
 * used and are no-ops otherwise; functions writing through pointers that are not implemented abandon.
 */
public final class LibraryFunctions {
    /** Pure models with no effect on the program that return 0 (success). */
    private static final Set<String> ZERO = Set.of("pthread_attr_init", "pthread_attr_destroy",
            "pthread_attr_setdetachstate", "pthread_attr_setstacksize", "pthread_attr_setscope",
            "pthread_attr_setschedpolicy", "pthread_attr_setschedparam", "pthread_attr_setinheritsched",
            "pthread_mutexattr_init", "pthread_mutexattr_destroy", "pthread_mutexattr_settype",
            "pthread_mutexattr_setpshared", "pthread_mutexattr_setprotocol", "pthread_mutexattr_setrobust",
            "pthread_condattr_init", "pthread_condattr_destroy", "pthread_rwlockattr_init", "pthread_rwlockattr_destroy",
            "pthread_barrierattr_init", "pthread_barrierattr_destroy", "pthread_cond_init", "pthread_cond_destroy",
            "pthread_yield", "sched_yield", "thrd_yield", "pthread_setname_np", "pthread_setschedparam",
            "pthread_setconcurrency", "pthread_setaffinity_np", "pthread_getconcurrency", "cnd_init", "cnd_destroy",
            "pthread_testcancel", "sleep", "usleep", "thrd_sleep", "srand", "srandom", "fflush", "__builtin_prefetch");
    /** Pure models that write through pointer arguments or affect other threads: abandoned. */
    private static final Set<String> ABANDON = Set.of("pthread_kill", "pthread_attr_getdetachstate",
            "pthread_attr_getstacksize", "pthread_mutexattr_gettype", "pthread_getschedparam", "pthread_getname_np",
            "pthread_getaffinity_np", "__weft_callback_more");

    /** Functions with an optional output argument: executed when it is null. */
    private static final Set<String> SIGNAL_MASKS = Set.of("pthread_setcancelstate", "pthread_setcanceltype", "pthread_sigmask");

    private final Interpreter in;
    private final ExecState st;

    /**
     * The accesses of an attribute or setter function of {@link #ZERO} (table rows {@code w0}, {@code r0 w1}...):
     * the whole object each pointer argument points to, by its type (these objects are opaque).
     */
    private void attributeAccesses(Ctx c, Stmt.Call call, Event.MemAccess m, List<Value> args, String name) {
        for (Event.MemArg a : m.args()) {
            Value v = LibraryBehaviour.arg(args, a.ptrArg());
            if (v instanceof Value.Int i && i.v() == 0) continue;
            Value.Ptr p = ptr(v, name);
            long size = LibraryBehaviour.pointeeOr(call.args().get(a.ptrArg()), new CType.Int("char", 1, 1, true)).size();
            access(c, p, Math.max(1, size), a.write(), call, name);
        }
    }

    LibraryFunctions(Interpreter in) {
        this.in = in;
        this.st = in.st;
    }

    boolean run(ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, Event event, List<Value> args) {
        if (event instanceof Event.ThreadSpecific ts) return specific(t, c, e, call, name, ts.op(), args);
        if (ABANDON.contains(name)) throw Abandon.unsupported(name);
        if (ZERO.contains(name)) {
            if (event instanceof Event.MemAccess m) attributeAccesses(c, call, m, args, name);
            return in.finishCall(t, c, e, Value.ZERO, null);
        }
        if (event instanceof Event.MemAccess && !SIGNAL_MASKS.contains(name)) return memory(t, c, e, call, name, args);
        if (!(event instanceof Event.Pure) && !SIGNAL_MASKS.contains(name)) throw Abandon.unsupported("library model " + event + " of " + name);
        switch (name) {
            case "pthread_setcancelstate", "pthread_setcanceltype" -> {
                // the thread's cancelability: the old value goes to the output argument (when not null), the new one
                // must be one of the two POSIX values (PTHREAD_CANCEL_ENABLE/DEFERRED 0, DISABLE/ASYNCHRONOUS 1)
                int bit = name.equals("pthread_setcancelstate") ? 1 : 2;
                if (!(LibraryBehaviour.arg(args, 0) instanceof Value.Int n) || n.v() < 0 || n.v() > 1) {
                    throw Abandon.unsupported(name + " with a value outside POSIX's two");
                }
                Value old = LibraryBehaviour.arg(args, 1);
                if (!(old instanceof Value.Int i && i.v() == 0)) {
                    Value.Ptr p = ptr(old, name);
                    access(c, p, 4, true, call, name);
                    if (!c.dry) st.mem.write(p.obj(), p.off(), IntConversions.INT, Value.of((t.cancelBits & bit) != 0 ? 1 : 0));
                }
                if (!c.dry) t.cancelBits = n.v() != 0 ? t.cancelBits | bit : t.cancelBits & ~bit;
                return in.finishCall(t, c, e, Value.ZERO, null);
            }
            case "pthread_sigmask" -> {
                if (!(LibraryBehaviour.arg(args, 2) instanceof Value.Int i && i.v() == 0)) throw Abandon.unsupported(name + " with an output argument");
                return in.finishCall(t, c, e, Value.ZERO, null);
            }
            case "pthread_equal", "thrd_equal" -> {
                return in.finishCall(t, c, e, LibraryBehaviour.arg(args, 0).equals(LibraryBehaviour.arg(args, 1)) ? Value.ONE : Value.ZERO, null);
            }
            case "abs", "labs" -> {
                Value v = LibraryBehaviour.arg(args, 0);
                if (!(v instanceof Value.Int i)) throw Abandon.unsupported(name + " of " + v);
                long lim = name.equals("abs") || st.dm.longSize == 4 ? Integer.MIN_VALUE : Long.MIN_VALUE;
                if (i.v() == lim) throw Abandon.unsupported(name + " overflow");
                return in.finishCall(t, c, e, Value.of(Math.abs(i.v())), null);
            }
            case "rand", "random" -> {
                if (call.result() == null || c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
                long r = st.pickValue(2) == 0 ? 0 : st.randomBits() & 0x7fffffffL;
                st.logNondet(name, call.loc(), Long.toString(r));
                return in.finishCall(t, c, e, Value.of(r), null);
            }
            case "ffs", "ffsl", "ffsll" -> {
                // glibc's find-first-set: 1 + index of the least significant set bit, 0 for 0
                Value v = LibraryBehaviour.arg(args, 0);
                if (!(v instanceof Value.Int i)) throw Abandon.unsupported(name + " of " + v);
                long size = Math.max(1, call.args().get(0).type().size());
                long bits = IntConversions.truncate(i.v(), Math.min(size, 8), false);
                return in.finishCall(t, c, e, Value.of(bits == 0 ? 0 : Long.numberOfTrailingZeros(bits) + 1), null);
            }
            case "putchar" -> {
                Value v = LibraryBehaviour.arg(args, 0);
                if (!(v instanceof Value.Int i)) throw Abandon.unsupported("putchar of " + v);
                return in.finishCall(t, c, e, Value.of(i.v() & 0xff), null);
            }
            case "__builtin_expect" -> {
                return in.finishCall(t, c, e, LibraryBehaviour.arg(args, 0), call.args().get(0).type());
            }
            case "assume_cycle_if_not" -> {
                if (!Evaluator.truth(LibraryBehaviour.arg(args, 0))) return false; // loops forever
                return in.finishCall(t, c, e, Value.ZERO, null);
            }
            default -> {
                // no effect on memory; the result is unknown
                return in.finishCall(t, c, e, null, null);
            }
        }
    }

    private boolean specific(ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, Event.SpecificOp op, List<Value> args) {
        switch (op) {
            case CREATE -> {
                Value p = LibraryBehaviour.arg(args, 0);
                if (!(p instanceof Value.Ptr kp)) throw Abandon.unsupported(name + " key pointer " + p);
                Value dtor = args.size() > 1 ? args.get(1) : Value.ZERO;
                CType kt = LibraryBehaviour.pointeeOr(call.args().get(0), new CType.Int("unsigned int", 4, 4, false));
                st.mem.check(kp.obj(), kp.off(), kt.size(), true);
                if (!c.dry) {
                    long k = st.sync.nextKey++;
                    st.sync.keys.put(k, !(dtor instanceof Value.Int i && i.v() == 0));
                    st.mem.write(kp.obj(), kp.off(), kt, Value.of(k));
                }
                if (st.exhaustive) c.record(new ByteAccess(kp.obj(), kp.off(), kt.size(), true, false, call.loc(), "key by " + name).asProofOnly());
                return in.finishCall(t, c, e, Value.ZERO, null);
            }
            case DELETE -> {
                knownKey(LibraryBehaviour.arg(args, 0));
                return in.finishCall(t, c, e, Value.ZERO, null);
            }
            case SET -> {
                long k = knownKey(LibraryBehaviour.arg(args, 0));
                if (!c.dry) {
                    // the old value may have been the thread's last pointer to an object
                    if (st.mem.footprint != null) st.mem.footprint.dropsPointers = true;
                    t.specific.put(k, LibraryBehaviour.arg(args, 1));
                }
                return in.finishCall(t, c, e, Value.ZERO, null);
            }
            case GET -> {
                long k = knownKey(LibraryBehaviour.arg(args, 0));
                return in.finishCall(t, c, e, t.specific.getOrDefault(k, Value.ZERO), null);
            }
            default -> throw new IllegalStateException(op.toString());
        }
    }

    private long knownKey(Value v) {
        if (!(v instanceof Value.Int i) || !st.sync.keys.containsKey(i.v())) throw Abandon.unsupported("unknown key " + v);
        return i.v();
    }

    // ------------------------------------------------------------------ memory and strings

    private static Value.Ptr ptr(Value v, String what) {
        if (v instanceof Value.Ptr p) return p;
        throw Abandon.unsupported(what + " pointer " + v);
    }

    private static long count(Value v) {
        if (v instanceof Value.Int i && i.v() >= 0 && i.v() <= Memory.MAX_OBJECT) return i.v();
        throw Abandon.unsupported("byte count " + v);
    }

    private void access(Ctx c, Value.Ptr p, long n, boolean write, Stmt.Call call, String name) {
        if (n <= 0) return;
        st.mem.check(p.obj(), p.off(), n, write);
        if (c.collects()) c.record(new ByteAccess(p.obj(), p.off(), n, write, c.atomicSection, call.loc(), "memory by " + name));
    }

    /** Length of the NUL-terminated string at {@code p} (all its bytes must be known). */
    private long strlen(Value.Ptr p) {
        Block o = st.mem.get(p.obj());
        for (long i = p.off(); i < o.size; i++) if (st.mem.readByte(p.obj(), i) == 0) return i - p.off();
        throw Abandon.unsupported("unterminated string in " + o.name);
    }

    private boolean memory(ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, List<Value> args) {
        switch (name) {
            case "memset", "__builtin_memset", "bzero" -> {
                Value.Ptr d = ptr(LibraryBehaviour.arg(args, 0), name);
                boolean bz = name.equals("bzero");
                long n = count(LibraryBehaviour.arg(args, bz ? 1 : 2));
                Value ch = bz ? Value.ZERO : LibraryBehaviour.arg(args, 1);
                if (!(ch instanceof Value.Int cv)) throw Abandon.unsupported("memset value " + ch);
                access(c, d, n, true, call, name);
                if (!c.dry && n > 0) st.mem.fill(d.obj(), d.off(), n, (byte) cv.v());
                return in.finishCall(t, c, e, d, null);
            }
            case "memcpy", "__builtin_memcpy", "memmove", "__builtin_memmove" -> {
                long n = count(LibraryBehaviour.arg(args, 2));
                Value.Ptr d = ptr(LibraryBehaviour.arg(args, 0), name);
                if (n == 0) return in.finishCall(t, c, e, d, null);
                Value.Ptr s = ptr(LibraryBehaviour.arg(args, 1), name);
                if (name.contains("memcpy") && d.obj() == s.obj() && d.off() < s.off() + n && s.off() < d.off() + n) {
                    throw Abandon.unsupported("overlapping memcpy");
                }
                access(c, s, n, false, call, name);
                access(c, d, n, true, call, name);
                if (!c.dry) st.mem.copy(d.obj(), d.off(), s.obj(), s.off(), n);
                return in.finishCall(t, c, e, d, null);
            }
            case "memcmp", "strncmp", "strcmp" -> {
                boolean str = !name.equals("memcmp");
                long n = name.equals("strcmp") ? Long.MAX_VALUE : count(LibraryBehaviour.arg(args, 2));
                if (n == 0) return in.finishCall(t, c, e, Value.ZERO, null);
                Value.Ptr a = ptr(LibraryBehaviour.arg(args, 0), name);
                Value.Ptr b = ptr(LibraryBehaviour.arg(args, 1), name);
                long i = 0;
                int diff = 0;
                while (i < n) {
                    int x = st.mem.readByte(a.obj(), a.off() + i);
                    int y = st.mem.readByte(b.obj(), b.off() + i);
                    i++;
                    if (x != y) {
                        diff = x - y;
                        break;
                    }
                    if (str && x == 0) break;
                }
                access(c, a, i, false, call, name);
                access(c, b, i, false, call, name);
                return in.finishCall(t, c, e, Value.of(diff), null);
            }
            case "strlen" -> {
                Value.Ptr s = ptr(LibraryBehaviour.arg(args, 0), name);
                long n = strlen(s);
                access(c, s, n + 1, false, call, name);
                return in.finishCall(t, c, e, Value.of(n), null);
            }
            case "strcpy", "strncpy" -> {
                Value.Ptr d = ptr(LibraryBehaviour.arg(args, 0), name);
                Value.Ptr s = ptr(LibraryBehaviour.arg(args, 1), name);
                long len = strlen(s);
                long total = name.equals("strcpy") ? len + 1 : count(LibraryBehaviour.arg(args, 2));
                long copied = Math.min(len + 1, total);
                if (d.obj() == s.obj() && d.off() < s.off() + copied && s.off() < d.off() + total) {
                    throw Abandon.unsupported("overlapping " + name);
                }
                access(c, s, copied, false, call, name);
                access(c, d, total, true, call, name);
                if (!c.dry && total > 0) {
                    st.mem.fill(d.obj(), d.off(), total, (byte) 0);
                    st.mem.copy(d.obj(), d.off(), s.obj(), s.off(), Math.min(len, total));
                }
                return in.finishCall(t, c, e, d, null);
            }
            case "strchr" -> {
                Value.Ptr s = ptr(LibraryBehaviour.arg(args, 0), name);
                Value ch = LibraryBehaviour.arg(args, 1);
                if (!(ch instanceof Value.Int cv)) throw Abandon.unsupported("strchr character " + ch);
                int want = (int) (cv.v() & 0xff);
                long len = strlen(s);
                long found = -1;
                for (long i = 0; i <= len; i++) {
                    if (st.mem.readByte(s.obj(), s.off() + i) == want) {
                        found = i;
                        break;
                    }
                }
                access(c, s, found >= 0 ? found + 1 : len + 1, false, call, name);
                return in.finishCall(t, c, e, found >= 0 ? new Value.Ptr(s.obj(), s.off() + found) : Value.ZERO, null);
            }
            case "printf", "fprintf", "puts", "fputs", "perror" -> {
                int fmt = name.equals("fprintf") ? 1 : 0;
                Value.Ptr f = ptr(LibraryBehaviour.arg(args, fmt), name);
                checkFormat(f, name.endsWith("printf"));
                if (st.exhaustive) outputReads(c, call, name, args, f, fmt);
                return in.finishCall(t, c, e, null, null);
            }
            case "time" -> {
                Value p = LibraryBehaviour.arg(args, 0);
                if (!(p instanceof Value.Int i && i.v() == 0)) throw Abandon.unsupported("time with an output argument");
                if (c.dry || call.result() == null) return in.finishCall(t, c, e, Value.ZERO, null);
                long now = 1_700_000_000L + (st.randomBits() & 0xffffffL);
                st.logNondet(name, call.loc(), Long.toString(now));
                return in.finishCall(t, c, e, Value.of(now), null);
            }
            case "nanosleep" -> {
                return in.finishCall(t, c, e, Value.ZERO, null);
            }
            case "write", "fwrite" -> {
                if (st.exhaustive) throw Abandon.unsupported(name + " reads memory not accounted for in proofs");
                return in.finishCall(t, c, e, null, null);
            }
            default -> throw Abandon.unsupported("library function " + name);
        }
    }

    /**
     * Proof mode: the memory an output call reads, as accesses. The string of {@code puts}-like calls and a format
     * string that is not a literal are read up to their terminator; pointer arguments of formats ({@code %s})
     * would be read to an extent we do not compute, so they abandon.
     */
    private void outputReads(Ctx c, Stmt.Call call, String name, List<Value> args, Value.Ptr f, int fmt) {
        if (!st.mem.get(f.obj()).readOnly) access(c, f, strlen(f) + 1, false, call, name);
        for (int i = fmt + 1; i < args.size(); i++) {
            if (args.get(i) instanceof Value.Ptr) throw Abandon.unsupported(name + " with a pointer argument in a proof");
        }
    }

    /** The known part of an output string must not contain {@code %n}; reading stops at unknown bytes. */
    private void checkFormat(Value.Ptr f, boolean format) {
        Block o = st.mem.get(f.obj());
        st.mem.check(f.obj(), f.off(), 1, false);
        boolean percent = false;
        for (long i = f.off(); i < o.size; i++) {
            if (o.anyUnknown(i, 1)) return;
            int b = st.mem.readByte(f.obj(), i);
            if (b == 0) return;
            if (format) {
                if (percent && b == 'n') throw Abandon.unsupported("printf %n");
                percent = b == '%' ? !percent : percent && "-+ #0123456789.lhzjtqL*'".indexOf(b) >= 0;
            }
        }
        throw Abandon.unsupported("unterminated output string");
    }
}
