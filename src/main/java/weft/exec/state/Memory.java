package weft.exec.state;

import weft.ir.CType;
import weft.ir.IntConversions;
import weft.ir.SourceLoc;
import weft.ir.StructType;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * The concrete memory of one execution: objects addressed by id, little-endian byte images (i386/x86-64), pointer
 * values stored at exact offsets. Reads must either match a stored pointer exactly or see only bytes; a read or
 * write that would split a stored pointer (type punning of addresses), an access out of bounds, to a dead or
 * opaque object, or a write to a string literal abandons the execution, because the real program's behaviour would
 * then be undefined or unknown to us. Never-written bytes read as zero: zero is a legal value for static and
 * {@code calloc} storage and one possible value of uninitialised automatic or {@code malloc} storage.
 */
public final class Memory {
    /** A pointer value stored at some offset, occupying {@code size} bytes. */
    public record Stored(long size, Value value) {}

    /** The largest object of a run (sol's client pool is 44 MB) and all of a run's objects together. */
    public static final long MAX_OBJECT = 64L << 20;
    static final long MAX_TOTAL = 160L << 20;
    /**
     * The largest object of an exhaustive exploration ({@link #limitObjects}): it keeps and encodes whole states, so a
     * large object makes it slow and large where it cannot finish anyway (an allocation beyond abandons).
     */
    public static final long EXPLORED_OBJECT = 16L << 20;

    /** This memory's largest object (forks keep it). */
    private long objectLimit = MAX_OBJECT;

    /** The objects by id: the first {@link #count} entries. */
    private Block[] objects;
    private int count;
    private long total;
    /** Counts content changes; {@link Block#lastWrite} holds the count at an object's last change. */
    private long epoch;
    /** When not null, the ids of the objects each access checks (what a planned step depends on). */
    public ReadLog readLog;

    /** A growable list of object ids. */
    public static final class ReadLog {
        public int[] ids = new int[8];
        public int size;

        public void add(int id) {
            if (size > 0 && ids[size - 1] == id) return;
            if (size == ids.length) ids = java.util.Arrays.copyOf(ids, size * 2);
            ids[size++] = id;
        }
    }

    /**
     * What a transition reads and changes, recorded while {@link #footprint} is set (see the sleep sets of
     * {@code explore.StateSpace}): byte ranges read and written through {@link #check}, objects looked at ({@link #get}:
     * liveness, size, kind) and objects killed.
     */
    public static final class Footprint {
        static final byte LOOK = 0;
        static final byte READ = 1;
        public static final byte WRITE = 2;
        static final byte KILL = 3;

        int[] objs = new int[16];
        long[] offs = new long[16];
        long[] ends = new long[16];
        byte[] kinds = new byte[16];
        public int size;
        /** Objects with ids from here on were created by the transition: no other transition can touch them. */
        final int created;
        /** The transition may have changed synchronisation or thread state, or more: it depends on everything. */
        public boolean global;
        /**
         * Some step was found not local because another thread reaches an object that is not static: a transition
         * that drops pointers could make it private and so lengthen this transition (see {@link Transitions}).
         */
        public boolean fragile;
        /**
         * The transition removed a pointer from an object or killed one holding pointers (locals die when their
         * variables stop being roots): other threads may reach fewer objects.
         */
        public boolean dropsPointers;

        public Footprint(int created) {
            this.created = created;
        }

        public void add(int obj, long off, long end, byte kind) {
            if (obj >= created) return;
            if (size > 0 && objs[size - 1] == obj && kinds[size - 1] == kind && offs[size - 1] == off && ends[size - 1] == end) return;
            if (size == objs.length) {
                objs = java.util.Arrays.copyOf(objs, size * 2);
                offs = java.util.Arrays.copyOf(offs, size * 2);
                ends = java.util.Arrays.copyOf(ends, size * 2);
                kinds = java.util.Arrays.copyOf(kinds, size * 2);
            }
            objs[size] = obj;
            offs[size] = off;
            ends[size] = end;
            kinds[size++] = kind;
        }

        /**
         * Whether two transitions from the same state commute: neither is global, and neither kills an object the
         * other touches or writes bytes the other reads or writes. Reads commute with reads, looks (liveness, size)
         * with content writes.
         */
        public boolean independentOf(Footprint o) {
            if (global || o.global || fragile && o.dropsPointers || o.fragile && dropsPointers) return false;
            for (int i = 0; i < size; i++) {
                for (int j = 0; j < o.size; j++) {
                    if (objs[i] != o.objs[j]) continue;
                    byte a = kinds[i];
                    byte b = o.kinds[j];
                    if (a == KILL || b == KILL) return false;
                    if ((a == WRITE && b != LOOK || b == WRITE && a != LOOK) && offs[i] < o.ends[j] && o.offs[j] < ends[i]) return false;
                }
            }
            return true;
        }
    }

    /** When not null, every access, look and kill is recorded here. */
    public Footprint footprint;

    public long epoch() {
        return epoch;
    }

    /** No object in {@code log} changed after epoch {@code at}. */
    public boolean unchangedSince(ReadLog log, long at) {
        for (int i = 0; i < log.size; i++) if (objects[log.ids[i]].lastWrite > at) return false;
        return true;
    }

    /**
     * Called before {@code o} changes: returns the instance to change, this memory's own (objects shared with
     * another memory since a {@link #fork} are copied first), with the change counted.
     */
    private Block touch(Block o) {
        Block own = own(o);
        own.lastWrite = ++epoch;
        return own;
    }

    /** The instance of {@code o} this memory may change in place (saving the content first while recording undo). */
    private Block own(Block o) {
        boolean mine = o.token == token;
        if (undo != null && o.id < undoObjects && !undo.containsKey(o.id)) undo.put(o.id, mine ? o.fork(null) : o);
        if (mine) {
            o.invalidate();
            return o;
        }
        Block c = o.fork(token);
        c.invalidate();
        objects[c.id] = c;
        return c;
    }

    /** Marks the object's address as taken (it may be reachable through pointers from now on). */
    public void markAddressTaken(int id) {
        if (readLog != null) readLog.add(id);
        Block o = objects[id];
        if (!o.addressTaken) own(o).addressTaken = true;
    }

    // ------------------------------------------------------------------ undo (speculative atomic sections)

    private java.util.Map<Integer, Block> undo;
    private int undoObjects;
    private long undoTotal;
    private long undoEpoch;

    /** Starts recording changes so that {@link #rollback} can restore the current content. */
    public void beginUndo() {
        undo = new java.util.HashMap<>();
        undoObjects = count;
        undoTotal = total;
        undoEpoch = epoch;
    }

    /** Restores the content at {@link #beginUndo}: changed objects, and no objects created since. */
    public void rollback() {
        for (java.util.Map.Entry<Integer, Block> e : undo.entrySet()) objects[e.getKey()] = e.getValue();
        java.util.Arrays.fill(objects, undoObjects, count, null);
        count = undoObjects;
        if (readLog != null) {
            // objects created by the undone changes are gone (and their ids will be reused)
            int k = 0;
            for (int i = 0; i < readLog.size; i++) if (readLog.ids[i] < undoObjects) readLog.ids[k++] = readLog.ids[i];
            readLog.size = k;
        }
        total = undoTotal;
        epoch = undoEpoch;
        undo = null;
    }

    /** Objects whose {@link Block#token} is this one belong to this memory alone and may change in place. */
    private Object token = new Object();

    public Memory() {
        objects = new Block[64];
    }

    private Memory(Block[] objects, int count, long total, long epoch) {
        this.objects = objects;
        this.count = count;
        this.total = total;
        this.epoch = epoch;
    }

    /**
     * A copy for a new execution or state; objects are shared copy-on-write: from now on neither memory changes a
     * shared object in place (this one gets a new token too), a change copies it first.
     */
    public Memory fork() {
        token = new Object();
        // room for the objects the copy's next steps create
        Memory m = new Memory(java.util.Arrays.copyOf(objects, count + 16), count, total, epoch);
        m.objectLimit = objectLimit;
        return m;
    }

    /** Objects larger than {@code bytes} abandon from now on (in this memory and its forks). */
    public void limitObjects(long bytes) {
        objectLimit = Math.min(bytes, MAX_OBJECT);
    }

    /** The largest object this memory creates. */
    public long objectLimit() {
        return objectLimit;
    }

    public Block create(String name, Block.Kind kind, long size, int owner, SourceLoc loc) {
        if (size < 0 || size > objectLimit) throw Abandon.unsupported("object " + name + " of size " + size);
        total += size;
        if (total > MAX_TOTAL) throw Abandon.unsupported("memory limit exceeded");
        Block o = new Block(count, name, kind, size, owner, loc);
        o.token = token;
        if (count == objects.length) objects = java.util.Arrays.copyOf(objects, count * 2 + 16);
        objects[count++] = o;
        return o;
    }

    public Block get(int id) {
        // liveness, bounds and content are all "looked at" through here or check(): log for plan caching
        if (readLog != null) readLog.add(id);
        Block o = objects[id];
        if (footprint != null && !unnamed(o)) footprint.add(id, 0, 0, Footprint.LOOK);
        return o;
    }

    /**
     * A local whose address was never taken: only its own activation names it, so no other thread's transition can
     * touch it, and footprints leave it out.
     */
    private static boolean unnamed(Block o) {
        return o.kind == Block.Kind.LOCAL && !o.addressTaken;
    }

    /** The object, without logging the look (for analyses of the state that are not part of a step). */
    public Block peek(int id) {
        return objects[id];
    }

    public int count() {
        return count;
    }

    public void kill(int id) {
        Block o = touch(objects[id]);
        if (footprint != null) {
            if (!unnamed(o)) footprint.add(id, 0, 0, Footprint.KILL);
            // locals die when their variables stop being roots: the pointers they hold stop counting
            if (!o.ptrs.isEmpty() && id < footprint.created) footprint.dropsPointers = true;
        }
        o.alive = false;
    }

    /** Checks that {@code [off, off+size)} of {@code obj} may be accessed. */
    public Block check(int obj, long off, long size, boolean write) {
        if (readLog != null) readLog.add(obj);
        Block o = objects[obj];
        if (footprint != null && !unnamed(o)) footprint.add(obj, off, off + size, write ? Footprint.WRITE : Footprint.READ);
        if (!o.alive) throw Abandon.unsupported("access to dead object " + o.name);
        if (o.opaque) throw Abandon.unsupported("access to unknown object " + o.name);
        if (off < 0 || size < 0 || off + size > o.size) {
            throw Abandon.unsupported("out-of-bounds access to " + o.name + " [" + off + ", +" + size + ") of " + o.size);
        }
        if (write && o.readOnly) throw Abandon.unsupported("write to read-only " + o.name);
        return o;
    }

    /**
     * Abandons a read of unknown bytes: with {@link Abandon.Indeterminate} when all of them hold an indeterminate value
     * (the reader may make it an input), else as content the IR does not give.
     */
    private static void requireKnown(Block o, long off, long size, CType type) {
        if (!o.anyUnknown(off, size)) return;
        if (o.allIndeterminate(off, size)) throw new Abandon.Indeterminate(o.id, off, type, SourceLoc.NONE, o.name, null);
        throw Abandon.unsupported("read of bytes of " + o.name + " the IR does not give");
    }

    // ------------------------------------------------------------------ typed access

    public Value read(int obj, long off, CType type) {
        CType t = type.unqualified();
        long size = t.size();
        if (t instanceof StructType || t instanceof CType.Array) return readAgg(obj, off, size);
        if (size <= 0) throw Abandon.unsupported("read of type " + type);
        Block o = check(obj, off, size, false);
        requireKnown(o, off, size, t);
        Stored exact = o.ptrs.get(off);
        if (exact != null && exact.size() == size) return exact.value();
        if (overlapsPtr(o, off, size)) throw Abandon.unsupported("read of part of a stored pointer in " + o.name);
        if (t instanceof CType.Float f) {
            if (size == 4) return new Value.Flt(Float.intBitsToFloat((int) raw(o, off, 4)));
            if (size == 8) return new Value.Flt(Double.longBitsToDouble(raw(o, off, 8)));
            Double d = weft.ir.FloatText.extended(f) ? Extended.decode(o.bytes, (int) off) : null;
            if (d == null) throw Abandon.unsupported("long double value");
            return new Value.Flt(d);
        }
        if (size > 8) throw Abandon.unsupported("read of " + size + "-byte scalar");
        long bits = raw(o, off, (int) size);
        if (t instanceof CType.Int i) {
            long v = Ints.normalize(bits, i);
            if (IntConversions.isBool(i) && v != (v & 1)) throw Abandon.unsupported("_Bool with value " + v);
            return Value.of(v);
        }
        if (t instanceof CType.Pointer) return Value.of(IntConversions.truncate(bits, size, false));
        throw Abandon.unsupported("read of type " + type);
    }

    public void write(int obj, long off, CType type, Value v) {
        CType t = type.unqualified();
        long size = t.size();
        if (size <= 0) throw Abandon.unsupported("write of type " + type);
        if (v instanceof Value.Agg a) {
            if (a.bytes().length != size) throw Abandon.unsupported("aggregate size mismatch");
            writeAgg(obj, off, a);
            return;
        }
        Block o = check(obj, off, size, true);
        o = touch(o);
        o.written(true);
        clearPtrs(o, off, size);
        o.setUnknown(off, size, false);
        if (v instanceof Value.Ptr || v instanceof Value.Fn) {
            o.writablePtrs().put(off, new Stored(size, v));
        } else if (v instanceof Value.Int i) {
            if (size > 8) throw Abandon.unsupported("write of " + size + "-byte scalar");
            putRaw(o, off, (int) size, i.v());
        } else if (v instanceof Value.Flt f) {
            if (size == 4) putRaw(o, off, 4, Float.floatToRawIntBits((float) f.v()));
            else if (size == 8) putRaw(o, off, 8, Double.doubleToRawLongBits(f.v()));
            else if (weft.ir.FloatText.extended(t)) {
                // the 10 bytes of the x87 value; the padding after them is zero (a copy of the object copies it)
                byte[] b = o.writableBytes();
                java.util.Arrays.fill(b, (int) off, (int) (off + size), (byte) 0);
                System.arraycopy(Extended.encode(f.v()), 0, b, (int) off, Extended.BYTES);
            } else throw Abandon.unsupported("long double store");
        } else {
            throw Abandon.unsupported("store of " + v);
        }
    }

    public Value.Agg readAgg(int obj, long off, long size) {
        if (size < 0) throw Abandon.unsupported("aggregate of unknown size");
        Block o = check(obj, off, size, false);
        byte[] b = new byte[(int) size];
        System.arraycopy(o.bytes, (int) off, b, 0, (int) size);
        TreeMap<Long, Stored> p = new TreeMap<>();
        for (Map.Entry<Long, Stored> e : ptrsIn(o, off, size).entrySet()) p.put(e.getKey() - off, e.getValue());
        java.util.BitSet unknown = null;
        if (o.anyUnknown(off, size)) unknown = o.unknown.get((int) off, (int) (off + size));
        return new Value.Agg(b, p, unknown);
    }

    /**
     * The {@code size} bytes at {@code off} as a value that leaves the memory (a pipe's channel holds it): pointers kept
     * (one cut by the range's ends stops the run), bytes that are indeterminate here unknown there (what the reader
     * gets is unspecified: using it stops the run).
     */
    public Value.Agg take(int obj, long off, long size) {
        Value.Agg a = readAgg(obj, off, size);
        Block o = objects[obj];
        if (o.indet == null || o.indet.get((int) off, (int) (off + size)).isEmpty()) return a;
        java.util.BitSet unknown = a.unknown() == null ? new java.util.BitSet() : (java.util.BitSet) a.unknown().clone();
        unknown.or(o.indet.get((int) off, (int) (off + size)));
        return new Value.Agg(a.bytes(), a.ptrs(), unknown);
    }

    public void writeAgg(int obj, long off, Value.Agg a) {
        long size = a.bytes().length;
        Block o = check(obj, off, size, true);
        o = touch(o);
        o.written(true);
        clearPtrs(o, off, size);
        System.arraycopy(a.bytes(), 0, o.writableBytes(), (int) off, (int) size);
        o.setUnknown(off, size, false);
        if (a.unknown() != null) {
            for (int i = a.unknown().nextSetBit(0); i >= 0; i = a.unknown().nextSetBit(i + 1)) o.setUnknown(off + i, 1, true);
        }
        for (Map.Entry<Long, Stored> e : a.ptrs().entrySet()) o.writablePtrs().put(off + e.getKey(), e.getValue());
    }

    // ------------------------------------------------------------------ raw bytes

    /** Little-endian unsigned bits of {@code size <= 8} bytes that hold no pointer. */
    public long readRaw(int obj, long off, int size) {
        Block o = check(obj, off, size, false);
        requireKnown(o, off, size, null);
        if (overlapsPtr(o, off, size)) throw Abandon.unsupported("byte read of a stored pointer in " + o.name);
        return raw(o, off, size);
    }

    public void writeRaw(int obj, long off, int size, long bits) {
        Block o = check(obj, off, size, true);
        o = touch(o);
        o.written(true);
        clearPtrs(o, off, size);
        o.setUnknown(off, size, false);
        putRaw(o, off, size, bits);
    }

    /** The {@code n} bytes at {@code off} of {@code obj}, all known and holding no pointer (a library's input). */
    public byte[] readBytes(int obj, long off, int n) {
        Block o = check(obj, off, n, false);
        if (o.anyUnknown(off, n)) throw Abandon.unsupported("library input from bytes of " + o.name + " not known");
        if (overlapsPtr(o, off, n)) throw Abandon.unsupported("library input from a stored pointer in " + o.name);
        return java.util.Arrays.copyOfRange(o.bytes, (int) off, (int) (off + n));
    }

    /** Stores {@code b} at {@code off} of {@code obj} (a library's output). */
    public void writeBytes(int obj, long off, byte[] b) {
        if (b.length == 0) return;
        Block o = check(obj, off, b.length, true);
        o = touch(o);
        o.written(true);
        clearPtrs(o, off, b.length);
        o.setUnknown(off, b.length, false);
        System.arraycopy(b, 0, o.writableBytes(), (int) off, b.length);
    }

    /** Marks {@code n} bytes as content the IR does not give (a library stored what the program cannot know). */
    public void forget(int obj, long off, long n) {
        Block o = check(obj, off, n, true);
        o = touch(o);
        o.written(true);
        clearPtrs(o, off, n);
        o.setUnknown(off, n, true);
    }

    public int readByte(int obj, long off) {
        return (int) readRaw(obj, off, 1);
    }

    public void fill(int obj, long off, long n, byte value) {
        Block o = check(obj, off, n, true);
        o = touch(o);
        o.written(true);
        clearPtrs(o, off, n);
        o.setUnknown(off, n, false);
        java.util.Arrays.fill(o.writableBytes(), (int) off, (int) (off + n), value);
    }

    /** memcpy/memmove: bytes and whole pointers; a pointer cut by the range boundaries abandons. */
    public void copy(int dst, long doff, int src, long soff, long n) {
        Value.Agg a = readAgg(src, soff, n);
        Block from = objects[src];
        java.util.BitSet indet = from.indet == null ? null : from.indet.get((int) soff, (int) (soff + n));
        writeAgg(dst, doff, a);
        // copied indeterminate bytes stay indeterminate (not content the IR does not give)
        if (indet != null && !indet.isEmpty()) {
            Block o = touch(objects[dst]);
            for (int i = indet.nextSetBit(0); i >= 0; i = indet.nextSetBit(i + 1)) o.setIndeterminate(doff + i, 1);
        }
    }

    private static long raw(Block o, long off, int size) {
        long v = 0;
        for (int i = size - 1; i >= 0; i--) v = (v << 8) | (o.bytes[(int) off + i] & 0xff);
        return v;
    }

    private static void putRaw(Block o, long off, int size, long bits) {
        byte[] b = o.writableBytes();
        for (int i = 0; i < size; i++) {
            b[(int) off + i] = (byte) bits;
            bits >>>= 8;
        }
    }

    private static boolean overlapsPtr(Block o, long off, long size) {
        if (o.ptrs.isEmpty()) return false;
        Map.Entry<Long, Stored> before = o.ptrs.floorEntry(off);
        if (before != null && before.getKey() + before.getValue().size() > off) return true;
        Long next = o.ptrs.higherKey(off);
        return next != null && next < off + size;
    }

    /** The pointers entirely inside the range; one crossing its boundaries abandons. */
    private static NavigableMap<Long, Stored> ptrsIn(Block o, long off, long size) {
        if (o.ptrs.isEmpty()) return new TreeMap<>();
        Map.Entry<Long, Stored> before = o.ptrs.lowerEntry(off);
        if (before != null && before.getKey() + before.getValue().size() > off) {
            throw Abandon.unsupported("access splits a stored pointer in " + o.name);
        }
        NavigableMap<Long, Stored> in = o.ptrs.subMap(off, true, off + size, false);
        if (!in.isEmpty()) {
            Map.Entry<Long, Stored> last = in.lastEntry();
            if (last.getKey() + last.getValue().size() > off + size) {
                throw Abandon.unsupported("access splits a stored pointer in " + o.name);
            }
        }
        return in;
    }

    private void clearPtrs(Block o, long off, long size) {
        if (o.ptrs.isEmpty()) return;
        // stored pointers do not overlap: none is in the range when the last one starting before its end ends before it
        Map.Entry<Long, Stored> last = o.ptrs.lowerEntry(off + size);
        if (last == null || last.getKey() + last.getValue().size() <= off) return;
        NavigableMap<Long, Stored> in = ptrsIn(o, off, size);
        if (!in.isEmpty()) {
            if (footprint != null && o.id < footprint.created) footprint.dropsPointers = true;
            List<Long> keys = new ArrayList<>(in.keySet());
            TreeMap<Long, Stored> w = o.writablePtrs();
            for (Long k : keys) w.remove(k);
        }
    }
}
