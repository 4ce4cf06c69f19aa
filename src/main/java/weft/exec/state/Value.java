package weft.exec.state;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * A concrete run-time value. Integers are kept normalised to the C type they were computed in (sign- or
 * zero-extended bits); pointers are symbolic (object and byte offset) and keep that provenance even when cast to an
 * integer type; function pointers are link names. Aggregates (structs, unions) are byte images with the pointers
 * stored in them. There are no "unknown" values: whatever cannot be represented exactly abandons the execution.
 */
public sealed interface Value {
    /** An integer, or a pointer that is not the address of an object (null is {@code Int(0)}). */
    public record Int(long v) implements Value {
        @Override public String toString() { return Long.toString(v); }
    }

    /**
     * The address of byte {@code off} of memory object {@code obj}. A pointer derived from an array that is a member
     * of a struct or union keeps that array's bytes {@code [lo, hi)} ({@code hi < 0}: no such bound, the object's
     * bounds apply): arithmetic that leaves them is undefined (C11 6.5.6p8) even within the object, as are library
     * accesses past them (7.1.4), and the analyses that prove race freedom assume it (a member's region stays the
     * member's), so an execution abandons there rather than reach accesses that only undefined behaviour reaches.
     */
    public record Ptr(int obj, long off, long lo, long hi) implements Value {
        public Ptr(int obj, long off) {
            this(obj, off, 0, -1);
        }

        /** Whether this pointer carries the bounds of a member array. */
        public boolean bounded() {
            return hi >= 0;
        }

        /** The same provenance at offset {@code at}. */
        public Ptr at(long at) {
            return new Ptr(obj, at, lo, hi);
        }

        /** The same address without a member array's bounds (as after a conversion to an integer). */
        public Ptr whole() {
            return bounded() ? new Ptr(obj, off) : this;
        }

        /** Same object and offset, whatever the bounds. */
        public boolean sameAddress(Ptr o) {
            return obj == o.obj && off == o.off;
        }

        @Override public String toString() { return "&obj" + obj + "+" + off + (bounded() ? "[" + lo + "," + hi + ")" : ""); }
    }

    /** The address of a function, by link name. */
    public record Fn(String name) implements Value {
        @Override public String toString() { return "&" + name; }
    }

    /** A floating-point value (float values are kept exactly as doubles). */
    public record Flt(double v) implements Value {
        @Override public String toString() { return Double.toString(v); }
    }

    /** The bytes of a struct or union, with pointer values stored at some offsets. */
    public record Agg(byte[] bytes, TreeMap<Long, Memory.Stored> ptrs, java.util.BitSet unknown) implements Value {
        @Override public boolean equals(Object o) {
            return o instanceof Agg a && Arrays.equals(bytes, a.bytes) && ptrs.equals(a.ptrs)
                    && java.util.Objects.equals(unknown, a.unknown);
        }
        @Override public int hashCode() { return Arrays.hashCode(bytes) * 31 + ptrs.hashCode(); }
        @Override public String toString() { return "{" + bytes.length + " bytes" + (ptrs.isEmpty() ? "" : ", " + ptrs) + "}"; }

        /** Bytes {@code from} to {@code to}, with the pointers and unknown bytes among them; a pointer cut by either end stops the run. */
        public Agg slice(long from, long to) {
            byte[] b = Arrays.copyOfRange(bytes, (int) from, (int) to);
            TreeMap<Long, Memory.Stored> p = new TreeMap<>();
            for (Map.Entry<Long, Memory.Stored> e : ptrs.entrySet()) {
                long at = e.getKey(), end = at + e.getValue().size();
                if (end <= from || at >= to) continue;
                if (at < from || end > to) throw Abandon.unsupported("bytes cut through a stored pointer");
                p.put(at - from, e.getValue());
            }
            java.util.BitSet u = unknown == null ? null : unknown.get((int) from, (int) to);
            return new Agg(b, p, u == null || u.isEmpty() ? null : u);
        }

        /** These bytes, then {@code next}'s. */
        public Agg concat(Agg next) {
            int n = bytes.length;
            byte[] b = Arrays.copyOf(bytes, n + next.bytes.length);
            System.arraycopy(next.bytes, 0, b, n, next.bytes.length);
            TreeMap<Long, Memory.Stored> p = new TreeMap<>(ptrs);
            for (Map.Entry<Long, Memory.Stored> e : next.ptrs.entrySet()) p.put(e.getKey() + n, e.getValue());
            java.util.BitSet u = null;
            if (unknown != null || next.unknown != null) {
                u = unknown == null ? new java.util.BitSet() : (java.util.BitSet) unknown.clone();
                if (next.unknown != null) for (int i = next.unknown.nextSetBit(0); i >= 0; i = next.unknown.nextSetBit(i + 1)) u.set(n + i);
            }
            return new Agg(b, p, u);
        }
    }

    /** The result of a non-void function that fell off its end: using it abandons the execution. */
    public record Undef() implements Value {
        @Override public String toString() { return "undef"; }
    }

    Value ZERO = new Int(0);
    Value ONE = new Int(1);

    /** Whether {@code v} is a null pointer (the integer 0). */
    static boolean isNull(Value v) {
        return v instanceof Int z && z.v() == 0;
    }

    static Value of(long v) {
        return v == 0 ? ZERO : v == 1 ? ONE : new Int(v);
    }

    static Map<Long, Memory.Stored> noPtrs() {
        return Map.of();
    }
}
