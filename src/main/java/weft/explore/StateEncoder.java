package weft.explore;

import weft.exec.ExecState;
import weft.exec.Frame;
import weft.exec.state.Liveness;
import weft.exec.state.Block;
import weft.exec.state.Memory;
import weft.exec.state.Sync;
import weft.exec.ThreadState;
import weft.exec.state.Value;
import weft.ir.Edge;
import weft.ir.Function;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Canonical byte encoding of an execution state between steps, for the visited set of {@link StateSpace}: two
 * states with equal encodings behave identically.
 *
 * <p>Why equal encodings mean equal behaviour: the encoding covers everything the interpreter reads when it plans
 * or performs a step — every thread (termination, join/detach flags, atomic-section depth, blocking phase with its
 * mutex and condition, return value, thread-locals, thread-specific values, and the whole call stack: function,
 * CFG node, return edge, once-control, the objects of its variables and the objects it owns), the synchronisation
 * objects (held locks with owner and readers, barriers, once-controls, condition waiters in order, semaphore counts, keys), and the
 * C library's own objects ({@code ExecState#libraryObjectIds}: strtok's saved position), and the
 * content of every memory object reachable from those roots (kind, size, liveness, flags, owner, bytes, unknown
 * bytes, stored pointers). Object ids are renamed in the order the traversal meets them: the interpreter never
 * looks at the number of an object (pointers compare by identity and offset, objects are never reused), so states
 * equal up to such a renaming behave identically. Objects the static initialisation created (ids below
 * {@code fixedObjects}) keep their ids, being the same in every state; those still as initialised are left out
 * (the others are listed by id), which changes nothing since a state can only be compared with states of the same
 * execution. An object no root reaches can never be accessed again and is left out. So are the variables of a frame
 * that are dead at its node ({@link Liveness}), with their objects: no pointer reaches those objects and the frame
 * writes each of them whole, or re-declares it, before reading it, so their content can decide nothing. Left out as
 * well, being bookkeeping for witnesses or plan caches only: object names and allocation sites, the nondet log,
 * change counters. The encoding of each object's content (everything but its pointers, whose targets are renamed)
 * is cached in the object until it changes.
 */
final class StateEncoder {
    private final int fixedObjects;
    /** The static objects as initialised: an object still the same instance, or equal to it, is left out. */
    private final Block[] initial;
    private final Map<Function, Integer> functions = new IdentityHashMap<>();
    private final Map<Function, Liveness> liveness;
    private final Map<String, Integer> names = new HashMap<>();

    /** An encoder for states of the execution whose initial state (before any thread ran) is {@code init}. */
    StateEncoder(ExecState init, Map<Function, Liveness> liveness) {
        this.liveness = liveness;
        this.fixedObjects = init.mem.count();
        this.initial = new Block[fixedObjects];
        for (int i = 0; i < fixedObjects; i++) initial[i] = init.mem.peek(i);
    }

    /** Objects with ids below this are static (created by the initialisation, the same in every state). */
    int fixedObjects() {
        return fixedObjects;
    }

    /** An encoding: the first {@code length} bytes of {@code bytes}. */
    record Encoded(byte[] bytes, int length) {}

    // reused by every encoding (an encoder serves one exploration): canonical ids are valid where stamped
    private final Out out = new Out();
    private int[] canon = new int[64];
    private int[] stamps = new int[64];
    private int stamp;
    private int[] queue = new int[64];

    /** The canonical encoding of {@code s}, in a buffer that the next encoding overwrites. */
    Encoded encode(ExecState s) {
        int n = s.mem.count();
        if (canon.length < n) {
            canon = Arrays.copyOf(canon, Math.max(n, canon.length * 2));
            stamps = Arrays.copyOf(stamps, canon.length);
        }
        if (++stamp == 0) {
            Arrays.fill(stamps, 0);
            stamp = 1;
        }
        out.n = 0;
        new Run(s).encode();
        return new Encoded(out.buf, out.n);
    }

    private final class Run {
        final ExecState s;
        final int count;
        int queued;
        int next = fixedObjects;

        Run(ExecState s) {
            this.s = s;
            this.count = s.mem.count();
        }

        void encode() {
            out.i(s.threads.size());
            for (ThreadState t : s.threads) thread(t);
            sync(s.sync);
            // static objects as initialised are the same in every state: only the changed ones, by id
            for (int i = 0; i < fixedObjects && i < count; i++) {
                if (unchanged(i)) continue;
                out.i(i);
                object(i);
            }
            out.i(-1);
            // the C library's objects (strtok's position): roots of their own, whatever reaches them
            for (int id : s.libraryObjectIds()) obj(id);
            out.i(-1);
            for (int q = 0; q < queued; q++) object(queue[q]);
        }

        private void obj(int id) {
            if (id < 0 || id >= count) {
                out.i(-2);
                return;
            }
            if (id < fixedObjects) {
                out.i(id);
                return;
            }
            if (stamps[id] != stamp) {
                stamps[id] = stamp;
                canon[id] = next++;
                if (queued == queue.length) queue = Arrays.copyOf(queue, queued * 2);
                queue[queued++] = id;
            }
            out.i(canon[id]);
        }

        private void key(Sync.Key k) {
            if (k == null) {
                out.i(-1);
                return;
            }
            obj(k.obj());
            out.l(k.off());
        }

        private void thread(ThreadState t) {
            out.i((t.finished ? 1 : 0) | (t.joined ? 2 : 0) | (t.detached ? 4 : 0) | t.cancelBits << 3);
            out.l(t.tlsErrors);
            out.i(t.atomicDepth);
            out.i(t.atomicFrames);
            out.i(t.phase.ordinal());
            key(t.phaseKey);
            key(t.phaseCond);
            value(t.retval);
            out.i(t.threadName == null ? 0 : t.threadName.hashCode() | 1);
            out.l(t.schedPolicy << 8 | t.schedPriority);
            out.i(t.locale == null ? 0 : 1);
            if (t.locale != null) value(t.locale);
            out.i(t.tls.size());
            if (!t.tls.isEmpty()) for (Map.Entry<Integer, Integer> e : new TreeMap<>(t.tls).entrySet()) {
                out.i(e.getKey());
                obj(e.getValue());
            }
            out.i(t.specific.size());
            if (!t.specific.isEmpty()) for (Map.Entry<Long, Value> e : new TreeMap<>(t.specific).entrySet()) {
                out.l(e.getKey());
                value(e.getValue());
            }
            out.i(t.stack.size());
            int top = t.stack.size() - 1;
            for (int k = 0; k <= top; k++) {
                Frame f = t.stack.get(k);
                Liveness live = liveness.computeIfAbsent(f.fn, Liveness::of);
                BitSet alive;
                int overwritten = -1;
                if (k < top) {
                    // waiting for a call: what is read after it, but not the variable its result overwrites
                    Edge call = t.stack.get(k + 1).callEdge;
                    alive = call == null ? null : live.liveIn(call.to());
                    if (call != null) overwritten = live.resultSlot(call);
                } else if (t.phase != ThreadState.Phase.NONE) {
                    // a blocked library call resumes without evaluating its arguments again: both ends, to be safe
                    List<Edge> out = f.fn.cfg().out(f.node);
                    alive = (BitSet) live.liveIn(f.node).clone();
                    if (!out.isEmpty()) alive.or(live.liveIn(out.get(0).to()));
                } else {
                    alive = live.liveIn(f.node);
                }
                frame(f, live, alive, overwritten);
            }
        }

        /**
         * A frame, leaving out the tracked variables that are dead (see {@link Liveness}): not in {@code alive}
         * (null: all live), or the one in slot {@code overwritten}.
         */
        private void frame(Frame f, Liveness live, BitSet alive, int overwritten) {
            Integer fn = functions.get(f.fn);
            if (fn == null) {
                fn = functions.size();
                functions.put(f.fn, fn);
            }
            out.i(fn);
            out.i(f.node);
            out.i(f.callEdge == null ? -1 : f.callEdge.from());
            out.i(f.callEdge == null ? -1 : f.callEdge.to());
            out.i(f.atomic ? 1 : 0);
            key(f.onceKey);
            int n = f.variables();
            int kept = 0;
            long deadMask = 0; // variables (by position, the first 64) left out
            for (int i = 0; i < n; i++) {
                if (isLive(live, alive, overwritten, f.varAt(i)) || i >= 64) kept++;
                else deadMask |= 1L << i;
            }
            out.i(kept);
            for (int i = 0; i < n; i++) {
                if (i < 64 && (deadMask & (1L << i)) != 0) continue;
                out.i(f.varAt(i)); // variables in ascending id order
                obj(f.objectAt(i));
            }
            // owned objects die on return; the dead ones and those of dead variables change nothing then
            int owned = f.owned();
            int liveOwned = 0;
            for (int j = 0; j < owned; j++) if (keepOwned(f, f.ownedAt(j), deadMask)) liveOwned++;
            out.i(liveOwned);
            for (int j = 0; j < owned; j++) if (keepOwned(f, f.ownedAt(j), deadMask)) obj(f.ownedAt(j));
        }

        private static boolean isLive(Liveness live, BitSet alive, int overwritten, int var) {
            int slot = live.slot(var);
            if (slot < 0) return true;
            return slot != overwritten && (alive == null || alive.get(slot));
        }

        private boolean keepOwned(Frame f, int o, long deadMask) {
            if (!s.mem.peek(o).alive) return false;
            if (deadMask == 0) return true;
            int n = Math.min(f.variables(), 64);
            for (int i = 0; i < n; i++) if ((deadMask & (1L << i)) != 0 && f.objectAt(i) == o) return false;
            return true;
        }

        private void sync(Sync y) {
            // a free lock behaves as one never used
            TreeMap<Sync.Key, Sync.Lock> held = new TreeMap<>(StateEncoder::compareKeys);
            // (a free lock of a known type other than DEFAULT is kept: its type came from an initialisation)
            for (Map.Entry<Sync.Key, Sync.Lock> e : y.locks.entrySet()) {
                Sync.Lock l = e.getValue();
                if (!l.free() || l.type != null && l.type != Sync.MutexType.DEFAULT) held.put(e.getKey(), l);
            }
            out.i(held.size());
            for (Map.Entry<Sync.Key, Sync.Lock> e : held.entrySet()) {
                key(e.getKey());
                out.i(e.getValue().writer);
                out.i(e.getValue().depth);
                out.i(e.getValue().type == null ? -1 : e.getValue().type.ordinal());
                TreeMap<Integer, Integer> readers = new TreeMap<>(e.getValue().readers);
                out.i(readers.size());
                for (Map.Entry<Integer, Integer> r : readers.entrySet()) {
                    out.i(r.getKey());
                    out.i(r.getValue());
                }
            }
            TreeMap<Sync.Key, Sync.Barrier> barriers = new TreeMap<>(StateEncoder::compareKeys);
            barriers.putAll(y.barriers);
            out.i(barriers.size());
            for (Map.Entry<Sync.Key, Sync.Barrier> e : barriers.entrySet()) {
                key(e.getKey());
                out.l(e.getValue().count);
                out.i(e.getValue().waiting.size());
                for (int w : e.getValue().waiting) out.i(w);
            }
            TreeMap<Sync.Key, Sync.Once> once = new TreeMap<>(StateEncoder::compareKeys);
            once.putAll(y.once);
            out.i(once.size());
            for (Map.Entry<Sync.Key, Sync.Once> e : once.entrySet()) {
                key(e.getKey());
                out.i(e.getValue().runner);
                out.i(e.getValue().done ? 1 : 0);
            }
            TreeMap<Sync.Key, List<Integer>> waiters = new TreeMap<>(StateEncoder::compareKeys);
            for (Map.Entry<Sync.Key, List<Integer>> e : y.condWaiters.entrySet()) if (!e.getValue().isEmpty()) waiters.put(e.getKey(), e.getValue());
            out.i(waiters.size());
            for (Map.Entry<Sync.Key, List<Integer>> e : waiters.entrySet()) {
                key(e.getKey());
                out.i(e.getValue().size());
                for (int w : e.getValue()) out.i(w);
            }
            TreeMap<Sync.Key, Long> semaphores = new TreeMap<>(StateEncoder::compareKeys);
            semaphores.putAll(y.semaphores);
            out.i(semaphores.size());
            for (Map.Entry<Sync.Key, Long> e : semaphores.entrySet()) {
                key(e.getKey());
                out.l(e.getValue());
            }
            TreeMap<Long, Boolean> keys = new TreeMap<>(y.keys);
            out.i(keys.size());
            for (Map.Entry<Long, Boolean> e : keys.entrySet()) {
                out.l(e.getKey());
                out.i(e.getValue() ? 1 : 0);
            }
            out.l(y.nextKey);
            // the streams' indicators (weft.exec.Streams)
            TreeMap<Sync.Key, Integer> streams = new TreeMap<>(StateEncoder::compareKeys);
            for (Map.Entry<Integer, Integer> e : y.streams.entrySet()) streams.put(new Sync.Key(e.getKey(), 0), e.getValue());
            out.i(streams.size());
            for (Map.Entry<Sync.Key, Integer> e : streams.entrySet()) {
                key(e.getKey());
                out.i(e.getValue());
            }
        }

        /** Whether static object {@code i} is as initialised (its pointers, if any, then lead to static objects only). */
        private boolean unchanged(int i) {
            Block o = s.mem.peek(i);
            Block init = initial[i];
            if (o == init) return true;
            return Arrays.equals(content(o), content(init)) && o.ptrs.equals(init.ptrs);
        }

        private void object(int id) {
            Block o = s.mem.peek(id);
            out.raw(content(o));
            if (o.alive) ptrs(o.ptrs);
        }

        private void ptrs(TreeMap<Long, Memory.Stored> ptrs) {
            out.i(ptrs.size());
            for (Map.Entry<Long, Memory.Stored> e : ptrs.entrySet()) {
                out.l(e.getKey());
                out.l(e.getValue().size());
                value(e.getValue().value());
            }
        }

        private void value(Value v) {
            if (v instanceof Value.Int i) {
                out.i(1);
                out.l(i.v());
            } else if (v instanceof Value.Ptr p) {
                out.i(p.bounded() ? 7 : 2);
                obj(p.obj());
                out.l(p.off());
                if (p.bounded()) {
                    out.l(p.lo());
                    out.l(p.hi());
                }
            } else if (v instanceof Value.Fn f) {
                out.i(3);
                out.i(names.computeIfAbsent(f.name(), x -> names.size()));
            } else if (v instanceof Value.Flt f) {
                out.i(4);
                out.l(Double.doubleToRawLongBits(f.v()));
            } else if (v instanceof Value.Agg a) {
                out.i(5);
                out.zeroRuns(a.bytes());
                long[] bits = a.unknown() == null ? new long[0] : a.unknown().toLongArray();
                out.i(bits.length);
                for (long b : bits) out.l(b);
                ptrs(a.ptrs());
            } else {
                out.i(6);
            }
        }
    }

    /**
     * The encoding of an object without its pointers (which need the canonical names): kind, size, flags, owner,
     * bytes, unknown and indeterminate bytes; cached in the object until it changes.
     */
    private static byte[] content(Block o) {
        byte[] c = o.encoded;
        if (c != null) return c;
        Out out = new Out((int) Math.min(o.size, 1 << 16) + 24);
        out.i(o.kind.ordinal());
        out.l(o.size);
        out.i((o.alive ? 1 : 0) | (o.readOnly ? 2 : 0) | (o.opaque ? 4 : 0) | (o.addressTaken ? 8 : 0) | (o.writtenThrough ? 16 : 0));
        out.i(o.owner);
        if (o.alive) { // a dead object's content can never be read again
            out.zeroRuns(o.bytes);
            if (o.unknown == null) {
                out.i(0);
            } else {
                long[] bits = o.unknown.toLongArray();
                out.i(bits.length);
                for (long b : bits) out.l(b);
                long[] indet = o.indet == null ? new long[0] : o.indet.toLongArray();
                out.i(indet.length);
                for (long b : indet) out.l(b);
            }
        }
        c = out.bytes();
        o.encoded = c;
        return c;
    }

    private static int compareKeys(Sync.Key a, Sync.Key b) {
        int c = Integer.compare(a.obj(), b.obj());
        return c != 0 ? c : Long.compare(a.off(), b.off());
    }

    /** A growable byte buffer with variable-length integers. */
    private static final class Out {
        byte[] buf;
        int n;

        Out() {
            this(256);
        }

        Out(int capacity) {
            buf = new byte[Math.max(capacity, 16)];
        }

        void b(int x) {
            if (n == buf.length) buf = Arrays.copyOf(buf, n * 2);
            buf[n++] = (byte) x;
        }

        void l(long v) {
            long z = (v << 1) ^ (v >> 63); // zig-zag: small negative numbers stay short
            while ((z & ~0x7fL) != 0) {
                b((int) ((z & 0x7f) | 0x80));
                z >>>= 7;
            }
            b((int) z);
        }

        void i(int v) {
            l(v);
        }

        /** Bytes as alternating runs: a count of zero bytes, then a count of literal bytes and those bytes. */
        void zeroRuns(byte[] bytes) {
            l(bytes.length);
            int k = 0;
            while (k < bytes.length) {
                int z = k;
                while (z < bytes.length && bytes[z] == 0) z++;
                l(z - k);
                int lit = z;
                while (lit < bytes.length && bytes[lit] != 0) lit++;
                l(lit - z);
                for (int j = z; j < lit; j++) b(bytes[j]);
                k = lit;
            }
        }

        /** An already encoded part; its length is implied by its own structure. */
        void raw(byte[] part) {
            if (n + part.length > buf.length) buf = Arrays.copyOf(buf, Math.max(buf.length * 2, n + part.length));
            System.arraycopy(part, 0, buf, n, part.length);
            n += part.length;
        }

        byte[] bytes() {
            return Arrays.copyOf(buf, n);
        }
    }
}
