package weft.exec;

import static weft.exec.Errno.*;

import weft.exec.state.Abandon;
import weft.exec.state.Value;
import weft.ir.CType;
import weft.ir.Edge;
import weft.ir.IntConversions;
import weft.ir.Stmt;
import weft.model.Semantics;

import java.util.List;

/**
 * Attribute objects hold what was set in them ({@link Semantics.Attribute}), in glibc 2.36's own layout (x86-64's, or
 * i386's for a program of 32-bit pointers: the size_t and pointer members 4 bytes, from 12), so
 * that a getter answers what the program set, as glibc's does:
 * <ul>
 * <li>{@code pthread_attr_t} (56 bytes): the scheduling priority (int at 0), the policy (int at 4), the flags (int at
 *     8: detached 0x1, explicit scheduling 0x2, process scope 0x4, stack address 0x8, priority set 0x20, policy set
 *     0x40), the guard size (at 16), the stack's top (at 24) and size (at 32); {@code pthread_attr_init} zeroes it and
 *     sets the guard size to the page size (4096). A stack size never set (0) is the system's default, which
 *     {@code getstacksize} answers as an input (recorded: every answer of it is, the exact ones too).</li>
 * <li>{@code pthread_mutexattr_t} (an int): the type in the low bits, the protocol in bits 28-29, robust 0x40000000,
 *     process-shared 0x80000000; {@code pthread_condattr_t} (an int): process-shared bit 0, the clock bit 1.</li>
 * </ul>
 * Every setter checks its value first as glibc does ({@code EINVAL}; the process scope {@code ENOTSUP}; a priority
 * outside the policy's range, 0 for {@code SCHED_OTHER} and 1..99 for the real-time ones) and touches the object only
 * when it accepts it. The accesses are the bytes glibc reads and writes (a flag's setter reads and writes the flags
 * word). An object the program did not initialise holds indeterminate bytes, which glibc reads as they are: an input.
 */
final class Attributes {
    private Attributes() {
    }

    static final int PRIORITY = 0, POLICY = 4, FLAGS = 8;
    static final long DETACHED = 0x1, EXPLICIT = 0x2, PROCESS_SCOPE = 0x4, STACK_ADDRESS = 0x8, PRIORITY_SET = 0x20, POLICY_SET = 0x40;
    static final long PAGE = 4096, STACK_MIN = 16384;
    static final long MUTEX_FLAG_BITS = 0xf0fff000L, MUTEX_PROTOCOL_SHIFT = 28, MUTEX_PROTOCOL = 0x30000000L, MUTEX_ROBUST = 0x40000000L,
            MUTEX_PSHARED = 0x80000000L;

    /**
     * The policy and priority a thread created with the attributes at {@code attr} gets when they say
     * {@code PTHREAD_EXPLICIT_SCHED} and the policy or the priority was set in them (glibc then applies the attributes'
     * policy and priority, one never set its default's, SCHED_OTHER and 0, which the attributes' zeroed field holds),
     * else null (it inherits its creator's); a null pointer has none; attributes whose bytes are not known give -1 for both (not known: a
     * question about them stops the run).
     */
    static long[] explicitScheduling(ExecState st, Value attr) {
        if (attr instanceof Value.Int z && z.v() == 0) return null;
        if (!(attr instanceof Value.Ptr p) || !st.mem.get(p.obj()).alive || p.off() < 0 || p.off() + FLAGS + 4 > st.mem.get(p.obj()).size
                || st.mem.get(p.obj()).anyUnknown(p.off(), FLAGS + 4)) {
            return new long[] {-1, -1};
        }
        long flags = st.mem.readRaw(p.obj(), p.off() + FLAGS, 4);
        // glibc 2.36's pthread_create applies the attributes' scheduling only when one of the two was set in them
        if ((flags & EXPLICIT) == 0 || (flags & (PRIORITY_SET | POLICY_SET)) == 0) return null;
        return new long[] {st.mem.readRaw(p.obj(), p.off() + POLICY, 4), (int) st.mem.readRaw(p.obj(), p.off() + PRIORITY, 4)};
    }

    /** glibc's struct pthread_attr in the run's data model: the size_t and pointer members after the three ints. */
    private record Layout(int word, int guard, int stackTop, int stackSize, int size) {
        static Layout of(ExecState st) {
            int w = st.dm.pointerSize;
            int guard = w == 8 ? 16 : 12;
            return new Layout(w, guard, guard + w, guard + 2 * w, w == 8 ? 56 : 36);
        }
    }

    /**
     * What a thread's creation left in glibc's descriptor of it that {@code pthread_getattr_np} reports: the flags its
     * attributes had (detached, explicit scheduling, process scope, a stack of the program's), the guard size they asked
     * for (glibc's {@code reported_guardsize}: the default attributes' page, the main thread's 0) and the stack size
     * (0 the default, -1 the main thread's: both the world's). Immutable.
     */
    record Created(long flags, long guard, long stackSize) {
        static final Created MAIN = new Created(0, 0, -1);
        static final Created DEFAULT = new Created(0, PAGE, 0);
    }

    /**
     * What creating a thread with the attributes at {@code attr} leaves in its descriptor ({@link Created}); null when
     * their bytes (those up to the stack's size) are not known. Attributes that say the stack is the program's but whose stack is not an object (those
     * {@code pthread_getattr_np} filled, whose address is another thread's stack) stop the run.
     */
    static Created creation(ExecState st, Value attr) {
        if (attr instanceof Value.Int z && z.v() == 0) return Created.DEFAULT;
        Layout l = Layout.of(st);
        if (!(attr instanceof Value.Ptr p) || !st.mem.get(p.obj()).alive || p.off() < 0 || p.off() + l.size() > st.mem.get(p.obj()).size
                || st.mem.get(p.obj()).anyUnknown(p.off(), l.stackTop())) {
            return null;
        }
        long flags = st.mem.readRaw(p.obj(), p.off() + FLAGS, 4) & (DETACHED | EXPLICIT | PROCESS_SCOPE | STACK_ADDRESS);
        if ((flags & STACK_ADDRESS) != 0 && (st.mem.get(p.obj()).anyUnknown(p.off() + l.stackTop(), l.word())
                || !(st.mem.read(p.obj(), p.off() + l.stackTop(), pointer(l.word())) instanceof Value.Ptr))) {
            throw Abandon.unsupported("pthread_create on a stack that is not an object");
        }
        if (st.mem.get(p.obj()).anyUnknown(p.off() + l.stackSize(), l.word())) return null;
        long size = st.mem.readRaw(p.obj(), p.off() + l.stackSize(), l.word());
        return new Created(flags, st.mem.readRaw(p.obj(), p.off() + l.guard(), l.word()), size);
    }

    /**
     * {@code pthread_getattr_np(thread, attr)} ({@link Semantics.ThreadAttributes}), glibc 2.36's: the attributes are
     * initialised ({@code pthread_attr_init}'s bytes), then filled from the thread's descriptor: the scheduling
     * priority and policy it runs with ({@link ThreadState#schedPolicy}), its creation's flags ({@link Created}) with
     * the detached flag when it is detached now, the stack-address flag, and both scheduling flags set (the reproducer
     * sets the policy and priority in the real object, which sets them there); the guard size its creation asked for
     * (the main thread's: 0); the stack's size without the guard: a creation's page-multiple size exactly while no thread
     * has ended (glibc rounds it down to the TLS alignment only, and no freed stack can be reused yet), the system's
     * default (a new thread's of the default size, the main thread's from its limit and mappings) the world's, an input;
     * and its address, which Weft does not give the program: a non-pointer, so that {@code pthread_attr_getstack} and a
     * {@code pthread_create} with these attributes stop. glibc then allocates the thread's CPU set into the attributes,
     * which may fail ({@code ENOMEM}, the attributes destroyed): the world's choice. The result (0 or {@code ENOMEM}) is
     * recorded, then on 0 the policy, priority, guard size and stack size, which the reproducer sets in the real
     * attributes glibc filled. The thread's own lock glibc takes is its descriptor's, which the program never reaches:
     * no synchronisation of the program's. A thread created on the program's own stack, one of unknown attributes, and
     * one that ended and was joined stop the run; proofs stop (the stack's size is the world's).
     */
    static boolean ofThread(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                            Semantics.ThreadAttributes ta, List<Value> args) {
        ExecState st = in.st;
        if (st.exhaustive) throw Abandon.unsupported(name + ": a thread's stack is the world's");
        ThreadState target = st.threadOf(LibraryBehaviour.arg(args, ta.thread()));
        Created made = target.created;
        if (made == null || target.schedPolicy < 0) throw Abandon.unsupported(name + " of a thread created with attributes not known");
        if ((made.flags() & STACK_ADDRESS) != 0) throw Abandon.unsupported(name + " of a thread on the program's own stack");
        if (target.finished && (target.joined || target.detached)) throw Abandon.unsupported(name + " of a thread that ended");
        boolean cacheEmpty = st.threads.stream().noneMatch(o -> o.finished);
        if (made.stackSize() > 0 && (made.stackSize() % PAGE != 0 || !cacheEmpty)) {
            throw Abandon.unsupported(name + ": the stack glibc gave may be a freed thread's, the world's");
        }
        Layout l = Layout.of(st);
        Value.Ptr obj = LibraryFunctions.ptr(LibraryBehaviour.arg(args, ta.attr()), name);
        Step s = new Step(in, lib, t, c, e, call, name, obj, args);
        s.touch(0, l.size(), true);
        if (c.dry) return s.result(0);
        long r = st.chooseAmong(new long[] {0, Errno.ENOMEM}, name, call.loc());
        long detached = target.detached || (made.flags() & DETACHED) != 0 ? DETACHED : 0;
        long flags = made.flags() | detached | STACK_ADDRESS | PRIORITY_SET | POLICY_SET;
        st.mem.fill(obj.obj(), obj.off(), l.size(), (byte) 0);
        st.mem.writeRaw(obj.obj(), obj.off() + PRIORITY, 4, target.schedPriority);
        st.mem.writeRaw(obj.obj(), obj.off() + POLICY, 4, target.schedPolicy);
        st.mem.writeRaw(obj.obj(), obj.off() + FLAGS, 4, flags);
        st.mem.writeRaw(obj.obj(), obj.off() + l.guard(), l.word(), made.guard());
        if (r != 0) return s.result(r);
        st.chooseAmong(new long[] {target.schedPolicy}, name, call.loc());
        st.chooseAmong(new long[] {target.schedPriority}, name, call.loc());
        st.chooseAmong(new long[] {made.guard()}, name, call.loc());
        long size = made.stackSize() > 0 ? st.chooseAmong(new long[] {made.stackSize()}, name, call.loc())
                : ((Value.Int) st.chooseInput(new CType.Int("unsigned long", l.word(), l.word(), false), name, call.loc(), STACK_MIN, 1L << 30)).v();
        st.mem.writeRaw(obj.obj(), obj.off() + l.stackSize(), l.word(), size);
        return s.result(0);
    }

    static boolean run(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                       Semantics.Attribute a, List<Value> args) {
        ExecState st = in.st;
        Value.Ptr obj = LibraryFunctions.ptr(LibraryBehaviour.arg(args, 0), name);
        Step s = new Step(in, lib, t, c, e, call, name, obj, args);
        return switch (a.object()) {
            case "thread" -> thread(s, a);
            case "mutex" -> word(s, a, true);
            case "cond" -> word(s, a, false);
            default -> throw new IllegalStateException(a.object());
        };
    }

    /** pthread_attr_t's fields. */
    private static boolean thread(Step s, Semantics.Attribute a) {
        ExecState st = s.in.st;
        // glibc's struct pthread_attr: the size_t and pointer members after the three ints, aligned to their size
        Layout l = Layout.of(st);
        final int w = l.word(), GUARD = l.guard(), STACK_TOP = l.stackTop(), STACK_SIZE = l.stackSize(), THREAD_ATTR = l.size();
        switch (a.field()) {
            case "init" -> {
                s.write(0, THREAD_ATTR, 0);
                if (!s.c.dry) {
                    st.mem.fill(s.obj.obj(), s.obj.off(), THREAD_ATTR, (byte) 0);
                    st.mem.writeRaw(s.obj.obj(), s.obj.off() + GUARD, w, PAGE);
                }
                return s.result(0);
            }
            case "detachstate" -> {
                return a.set() ? s.setFlag(s.arg(a.arg()), DETACHED, 1) : s.out(a.arg(), 4, (s.flags() & DETACHED) != 0 ? 1 : 0);
            }
            case "inheritsched" -> {
                return a.set() ? s.setFlag(s.arg(a.arg()), EXPLICIT, 1) : s.out(a.arg(), 4, (s.flags() & EXPLICIT) != 0 ? 1 : 0);
            }
            case "scope" -> {
                if (!a.set()) return s.out(a.arg(), 4, (s.flags() & PROCESS_SCOPE) != 0 ? 1 : 0);
                long v = s.arg(a.arg());
                if (v == 1) return s.result(ENOTSUP);
                return s.setFlag(v, PROCESS_SCOPE, 0);
            }
            case "schedpolicy" -> {
                if (!a.set()) return s.out(a.arg(), 4, s.read(POLICY, 4));
                long v = s.arg(a.arg());
                if (v < 0 || v > 2) return s.result(EINVAL);
                long flags = s.flags();
                s.write(POLICY, 4, v);
                s.write(FLAGS, 4, flags | POLICY_SET);
                return s.result(0);
            }
            case "schedparam" -> {
                Value.Ptr param = LibraryFunctions.ptr(LibraryBehaviour.arg(s.args, a.arg()), s.name);
                if (!a.set()) {
                    long prio = s.read(PRIORITY, 4);
                    s.lib.access(s.c, param, 4, true, s.call, s.name);
                    if (!s.c.dry) st.mem.writeRaw(param.obj(), param.off(), 4, prio);
                    return s.result(0);
                }
                long policy = s.read(POLICY, 4);
                s.lib.access(s.c, param, 4, false, s.call, s.name);
                long prio = (int) st.mem.readRaw(param.obj(), param.off(), 4);
                long min = policy == 0 ? 0 : 1, max = policy == 0 ? 0 : 99;
                if (policy < 0 || policy > 2) throw Abandon.unsupported(s.name + " under policy " + policy);
                if (prio < min || prio > max) return s.result(EINVAL);
                long flags = s.flags();
                s.write(PRIORITY, 4, prio);
                s.write(FLAGS, 4, flags | PRIORITY_SET);
                return s.result(0);
            }
            case "guardsize" -> {
                if (!a.set()) return s.out(a.arg(), w, s.read(GUARD, w));
                long v = s.arg(a.arg());
                s.write(GUARD, w, v);
                return s.result(0);
            }
            case "stacksize" -> {
                if (a.set()) {
                    long v = s.arg(a.arg());
                    long answer = Long.compareUnsigned(v, STACK_MIN) < 0 ? EINVAL : 0;
                    if (answer == 0) s.write(STACK_SIZE, w, v);
                    return s.recorded(answer);
                }
                // attributes never initialised (glibc's union: its char array is bytes the IR does not give): what the
                // storage holds is any value, 0 among them, which glibc answers with the system's default (as below)
                weft.exec.state.Block b = st.mem.get(s.obj.obj());
                boolean neverSet = b.anyUnknown(s.obj.off() + STACK_SIZE, w) && !b.allIndeterminate(s.obj.off() + STACK_SIZE, w) && !b.writtenThrough;
                if (neverSet) s.touch(STACK_SIZE, w, false);
                long size = neverSet ? 0 : s.read(STACK_SIZE, w);
                Value.Ptr out = LibraryFunctions.ptr(LibraryBehaviour.arg(s.args, a.arg()), s.name);
                s.lib.access(s.c, out, w, true, s.call, s.name);
                if (s.c.dry) return s.result(0);
                // never set: the system's default (RLIMIT_STACK's), the world's
                Value v = size != 0 ? Value.of(size) : st.chooseInput(new CType.Int("unsigned long", w, w, false), s.name, s.call.loc(), STACK_MIN, 1L << 30);
                if (size != 0) st.logNondet(s.name, s.call.loc(), Long.toString(size));
                st.mem.writeRaw(out.obj(), out.off(), w, ((Value.Int) v).v());
                return s.result(0);
            }
            case "stack" -> {
                if (a.set()) {
                    Value top = LibraryBehaviour.arg(s.args, a.arg());
                    long size = s.arg(a.arg2());
                    if (Long.compareUnsigned(size, STACK_MIN) < 0) return s.result(EINVAL);
                    if (!(top instanceof Value.Ptr p)) throw Abandon.unsupported(s.name + " of a stack that is not an object");
                    long flags = s.flags();
                    s.write(STACK_SIZE, w, size);
                    s.touch(STACK_TOP, w, true);
                    s.write(FLAGS, 4, flags | STACK_ADDRESS);
                    if (!s.c.dry) st.mem.write(s.obj.obj(), s.obj.off() + STACK_TOP, pointer(w), p.at(p.off() + size));
                    return s.result(0);
                }
                if ((s.flags() & STACK_ADDRESS) == 0) throw Abandon.unsupported(s.name + " of attributes without a stack (glibc answers its own arithmetic)");
                long size = s.read(STACK_SIZE, w);
                s.touch(STACK_TOP, w, false);
                if (!(st.mem.read(s.obj.obj(), s.obj.off() + STACK_TOP, pointer(w)) instanceof Value.Ptr topPtr)) {
                    throw Abandon.unsupported(s.name + " of a stack that is not an object");
                }
                Value.Ptr addrOut = LibraryFunctions.ptr(LibraryBehaviour.arg(s.args, a.arg()), s.name);
                Value.Ptr sizeOut = LibraryFunctions.ptr(LibraryBehaviour.arg(s.args, a.arg2()), s.name);
                s.lib.access(s.c, addrOut, w, true, s.call, s.name);
                s.lib.access(s.c, sizeOut, w, true, s.call, s.name);
                if (!s.c.dry) {
                    st.mem.write(addrOut.obj(), addrOut.off(), pointer(w), topPtr.at(topPtr.off() - size));
                    st.mem.writeRaw(sizeOut.obj(), sizeOut.off(), w, size);
                }
                return s.result(0);
            }
            default -> throw new IllegalStateException(a.field());
        }
    }

    /** pthread_mutexattr_t's and pthread_condattr_t's single int. */
    private static boolean word(Step s, Semantics.Attribute a, boolean mutex) {
        // a mutex attribute's initialisation and type are stored by MutexTypes.storeAttr (the table's k effect, before
        // this runs): here only their accesses and answers
        boolean stored = mutex && (a.field().equals("init") || a.field().equals("type"));
        if (a.field().equals("init")) {
            if (stored) s.touch(0, 4, true);
            else s.write(0, 4, 0);
            return s.result(0);
        }
        if (!a.set()) {
            long w = s.read(0, 4);
            long v = switch (a.field()) {
                case "type" -> w & ~MUTEX_FLAG_BITS & ~512L;
                case "protocol" -> (w & MUTEX_PROTOCOL) >>> MUTEX_PROTOCOL_SHIFT;
                case "robust" -> (w & MUTEX_ROBUST) != 0 ? 1 : 0;
                case "pshared" -> mutex ? ((w & MUTEX_PSHARED) != 0 ? 1 : 0) : w & 1;
                case "clock" -> (w >> 1) & 1;
                default -> throw new IllegalStateException(a.field());
            };
            return s.out(a.arg(), 4, v);
        }
        long v = s.arg(a.arg());
        long w;
        switch (a.field()) {
            case "type" -> {
                if (v < 0 || v > 3) return s.result(EINVAL);
                w = (s.read(0, 4) & MUTEX_FLAG_BITS) | v;
            }
            case "protocol" -> {
                if (v < 0 || v > 2) return s.result(EINVAL);
                w = (s.read(0, 4) & ~MUTEX_PROTOCOL) | (v << MUTEX_PROTOCOL_SHIFT);
            }
            case "robust" -> {
                if (v < 0 || v > 1) return s.result(EINVAL);
                w = v == 1 ? s.read(0, 4) | MUTEX_ROBUST : s.read(0, 4) & ~MUTEX_ROBUST;
            }
            case "pshared" -> {
                if (v < 0 || v > 1) return s.result(EINVAL);
                long bit = mutex ? MUTEX_PSHARED : 1;
                w = v == 1 ? s.read(0, 4) | bit : s.read(0, 4) & ~bit;
            }
            case "clock" -> {
                if (v < 0 || v > 1) return s.result(EINVAL);
                w = (s.read(0, 4) & ~2L) | (v << 1);
            }
            default -> throw new IllegalStateException(a.field());
        }
        if (stored) s.touch(0, 4, true);
        else s.write(0, 4, w & 0xffffffffL);
        return s.result(0);
    }

    private static CType pointer(int size) {
        return new CType.Pointer(new CType.Void(), size);
    }

    /** One call being run: the attribute object and the helpers over its fields. */
    private record Step(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, Value.Ptr obj,
                        List<Value> args) {
        long arg(int i) {
            if (!(LibraryBehaviour.arg(args, i) instanceof Value.Int v)) throw Abandon.unsupported(name + " argument " + i + " " + LibraryBehaviour.arg(args, i));
            return v.v();
        }

        void touch(int off, int size, boolean write) {
            lib.access(c, obj.at(obj.off() + off), size, write, call, name);
        }

        /**
         * The field's bytes (a read of them), as an unsigned number. An object the program never initialised holds
         * indeterminate bytes there, which glibc reads as they are: an input of the witness search, as the program's own
         * read of them would be ({@link ExecState#materialise}).
         */
        long read(int off, int size) {
            touch(off, size, false);
            try {
                return in.st.mem.readRaw(obj.obj(), obj.off() + off, size);
            } catch (Abandon.Indeterminate x) {
                Abandon.Indeterminate here = x.as(new CType.Int("unsigned", size, size, false), call.loc(), "a field of the attributes " + name + " reads");
                if (c.dry) throw here;
                in.st.materialise(here, call.loc());
                return in.st.mem.readRaw(obj.obj(), obj.off() + off, size);
            }
        }

        long flags() {
            return read(FLAGS, 4);
        }

        void write(int off, int size, long v) {
            touch(off, size, true);
            if (!c.dry && size <= 8) in.st.mem.writeRaw(obj.obj(), obj.off() + off, size, v);
        }

        /** A flag's setter: 0 clears it, {@code set} sets it, another value EINVAL (the flags untouched). */
        boolean setFlag(long v, long bit, long set) {
            if (v != 0 && v != set) return result(EINVAL);
            long flags = flags();
            write(FLAGS, 4, v == 0 ? flags & ~bit : flags | bit);
            return result(0);
        }

        /** A getter: {@code v} written as {@code size} bytes through argument {@code at}; 0. */
        boolean out(int at, int size, long v) {
            Value.Ptr p = LibraryFunctions.ptr(LibraryBehaviour.arg(args, at), name);
            lib.access(c, p, size, true, call, name);
            if (!c.dry) in.st.mem.writeRaw(p.obj(), p.off(), size, v);
            return result(0);
        }

        /** A result the reproducer gives back (recorded: the calls of this function always are). */
        boolean recorded(long v) {
            if (!c.dry) in.st.logNondet(name, call.loc(), Long.toString(v));
            return result(v);
        }

        boolean result(long v) {
            return in.finishCall(t, c, e, Value.of(v), IntConversions.INT);
        }
    }
}
