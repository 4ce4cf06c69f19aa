package weft.exec.state;

import weft.ir.SourceLoc;

import java.util.TreeMap;

/**
 * One block of the interpreter's concrete memory (the explorer's counterpart of the pointer analysis's abstract
 * {@code pointer.MemObject}): a global, a string literal, one activation of a local, a heap block. Its content is a byte
 * image plus the pointer values stored in it (pointers have no byte representation here). Objects are never reused:
 * an id designates one object for the whole execution, so a dangling pointer can never silently reach a newer
 * object. Byte arrays are shared copy-on-write with the initial image of the globals.
 */
public final class Block {
    /** MAPPED: a file mapped by {@code mmap} ({@code weft.exec.WorldFiles}), released by {@code munmap} only. */
    public enum Kind { GLOBAL, STRING, LOCAL, HEAP, ALLOCA, THREAD_LOCAL, SPECIAL, MAPPED }

    public final int id;
    public final String name;
    public final Kind kind;
    public final long size;
    /** The thread whose frame owns a LOCAL/ALLOCA object, else -1. */
    public final int owner;
    final SourceLoc loc;
    public byte[] bytes;
    boolean bytesShared;
    public TreeMap<Long, Memory.Stored> ptrs;
    boolean ptrsShared;
    public boolean alive = true;
    /** Writes abandon (string literals). */
    public boolean readOnly;
    /** Any access abandons: the content is not known (e.g. libc objects declared in system headers). */
    public boolean opaque;
    /** {@link Memory}'s change count at this object's last change (content or liveness). */
    long lastWrite;
    /** Its address was computed at some point: other threads may reach it. */
    public boolean addressTaken;
    /**
     * The program has written into it (a store, a library write; not a free): for an allocated object, the allocation
     * did not fail in this run, as a write through the null pointer it would then have returned ends the program
     * ({@code Evaluator#observe}, D24). Part of the state.
     */
    public boolean writtenThrough;
    /** Bytes whose content the IR does not tell (reading them abandons until written); null when none. */
    public java.util.BitSet unknown;
    boolean unknownShared;
    /**
     * The unknown bytes that hold an indeterminate value (automatic or fresh heap storage not yet written), a subset
     * of {@link #unknown}: reading them is an input ({@link Abandon.Indeterminate}), reading the other unknown bytes
     * abandons; null when none.
     */
    public java.util.BitSet indet;
    boolean indetShared;
    /** The memory that may change this instance in place (see {@link Memory#fork}); null: none. */
    Object token;
    /** The cached encoding of the content without pointers (see {@code explore.StateEncoder}); null when not computed. */
    public byte[] encoded;

    Block(int id, String name, Kind kind, long size, int owner, SourceLoc loc) {
        this.id = id;
        this.name = name;
        this.kind = kind;
        this.size = size;
        this.owner = owner;
        this.loc = loc;
        this.bytes = new byte[(int) size];
        this.ptrs = new TreeMap<>();
    }

    private Block(Block o) {
        this.id = o.id;
        this.name = o.name;
        this.kind = o.kind;
        this.size = o.size;
        this.owner = o.owner;
        this.loc = o.loc;
        this.bytes = o.bytes;
        this.bytesShared = true;
        this.ptrs = o.ptrs;
        this.ptrsShared = true;
        this.alive = o.alive;
        this.readOnly = o.readOnly;
        this.opaque = o.opaque;
        this.addressTaken = o.addressTaken;
        this.writtenThrough = o.writtenThrough;
        this.lastWrite = o.lastWrite;
        this.unknown = o.unknown;
        this.unknownShared = true;
        this.indet = o.indet;
        this.indetShared = true;
    }

    /** A copy sharing the content until either side writes, to be changed by the memory of {@code token}. */
    Block fork(Object token) {
        bytesShared = true;
        ptrsShared = true;
        unknownShared = true;
        indetShared = true;
        Block c = new Block(this);
        c.token = token;
        c.encoded = encoded;
        return c;
    }

    /** Sets {@link #writtenThrough} (dropping the cached encoding when it changes). */
    public void written(boolean w) {
        if (writtenThrough != w) {
            writtenThrough = w;
            encoded = null;
        }
    }

    /** Drops what is derived from the content: called before every change. */
    void invalidate() {
        encoded = null;
    }

    public byte[] writableBytes() {
        encoded = null;
        if (bytesShared) {
            bytes = bytes.clone();
            bytesShared = false;
        }
        return bytes;
    }

    /** Marks {@code [off, off+n)} as unknown ({@code flag}) or known. */
    public void setUnknown(long off, long n, boolean flag) {
        encoded = null;
        if (unknown == null && !flag) return;
        if (unknown == null) {
            unknown = new java.util.BitSet();
            unknownShared = false;
        } else if (unknownShared) {
            unknown = (java.util.BitSet) unknown.clone();
            unknownShared = false;
        }
        unknown.set((int) off, (int) (off + n), flag);
        if (!flag && unknown.isEmpty()) unknown = null;
        clearIndeterminate(off, n);
    }

    /** Marks {@code [off, off+n)} as holding an indeterminate value (unknown, and an input when read). */
    public void setIndeterminate(long off, long n) {
        if (n <= 0) return;
        setUnknown(off, n, true);
        if (indet == null) {
            indet = new java.util.BitSet();
            indetShared = false;
        } else if (indetShared) {
            indet = (java.util.BitSet) indet.clone();
            indetShared = false;
        }
        indet.set((int) off, (int) (off + n));
    }

    private void clearIndeterminate(long off, long n) {
        if (indet == null) return;
        int i = indet.nextSetBit((int) off);
        if (i < 0 || i >= off + n) return;
        if (indetShared) {
            indet = (java.util.BitSet) indet.clone();
            indetShared = false;
        }
        indet.clear((int) off, (int) (off + n));
        if (indet.isEmpty()) indet = null;
    }

    /** Whether every byte of {@code [off, off+n)} holds an indeterminate value. */
    public boolean allIndeterminate(long off, long n) {
        if (indet == null || n <= 0) return false;
        int clear = indet.nextClearBit((int) off);
        return clear >= off + n;
    }

    /** Whether byte {@code i} holds an indeterminate value. */
    boolean indeterminate(long i) {
        return indet != null && indet.get((int) i);
    }

    public boolean anyUnknown(long off, long n) {
        if (unknown == null) return false;
        int i = unknown.nextSetBit((int) off);
        return i >= 0 && i < off + n;
    }

    TreeMap<Long, Memory.Stored> writablePtrs() {
        encoded = null;
        if (ptrsShared) {
              ptrs = new TreeMap<>(ptrs);
            ptrsShared = false;
        }
        return ptrs;
    }

    /** Description for reports: the variable name, or the heap block and where it was allocated. */
    public String describe() {
        return switch (kind) {
            case HEAP, ALLOCA, MAPPED -> name + " (" + size + " bytes, allocated at " + loc.shortString() + ")";
            default -> name;
        };
    }

    /** Whether {@code t} has a bit-field, in itself, a member or an element. */
    public static boolean containsBitField(weft.ir.CType t) {
        t = t.unqualified();
        if (t instanceof weft.ir.CType.Array a) return containsBitField(a.element());
        if (t instanceof weft.ir.StructType s) {
            for (weft.ir.StructType.Field f : s.fields()) if (f.isBitField() || containsBitField(f.type())) return true;
        }
        return false;
    }

    /** Marks character arrays inside {@code t} (at {@code off}) unknown: their string-literal initialisers are lost. */
    public void markCharArrays(weft.ir.CType t, long off) {
        t = t.unqualified();
        if (t instanceof weft.ir.CType.Array a) {
            weft.ir.CType e = a.element().unqualified();
            if (e instanceof weft.ir.CType.Int i && (i.size() == 1 || i.name().contains("char"))) {
                if (a.size() > 0) setUnknown(off, Math.min(a.size(), size - off), true);
            } else if (e instanceof weft.ir.StructType || e instanceof weft.ir.CType.Array) {
                long es = e.size();
                if (es > 0 && a.length() > 0) for (long k = 0; k < a.length(); k++) markCharArrays(e, off + k * es);
            }
        } else if (t instanceof weft.ir.StructType s) {
            for (weft.ir.StructType.Field f : s.fields()) if (!f.isBitField()) markCharArrays(f.type(), off + f.offset());
        }
    }

    /** Marks known the character array of {@code t} (at {@code off}) that contains byte {@code at}. */
    public void clearArrayAround(weft.ir.CType t, long off, long at) {
        t = t.unqualified();
        if (t instanceof weft.ir.CType.Array a) {
            weft.ir.CType e = a.element().unqualified();
            if (e instanceof weft.ir.CType.Int) {
                if (at >= off && at < off + a.size()) setUnknown(off, Math.min(a.size(), size - off), false);
            } else if (e.size() > 0 && at >= off && at < off + Math.max(a.size(), 0)) {
                long k = (at - off) / e.size();
                clearArrayAround(e, off + k * e.size(), at);
            }
        } else if (t instanceof weft.ir.StructType s) {
            for (weft.ir.StructType.Field f : s.fields()) {
                long size = Math.max(f.type().size(), 0);
                if (!f.isBitField() && at >= off + f.offset() && at < off + f.offset() + size) {
                    clearArrayAround(f.type(), off + f.offset(), at);
                }
            }
        }
    }

    /** Whether {@code t} has a character array, in itself, a member or an element. */
    public static boolean containsCharArray(weft.ir.CType t) {
        t = t.unqualified();
        if (t instanceof weft.ir.CType.Array a) {
            weft.ir.CType e = a.element().unqualified();
            if (e instanceof weft.ir.CType.Int i) return i.size() == 1 || i.name().contains("char");
            return containsCharArray(e);
        }
        if (t instanceof weft.ir.StructType s) {
            for (weft.ir.StructType.Field f : s.fields()) if (!f.isBitField() && containsCharArray(f.type())) return true;
        }
        return false;
    }
}
