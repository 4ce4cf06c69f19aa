package weft.pointer;

import weft.ir.CType;
import weft.ir.StructType;

import java.util.ArrayList;
import java.util.List;

/**
 * The array members of an object: byte ranges {@code [lo, hi)} of the outermost arrays inside a declared
 * struct or union (members of members included, elements of arrays not: an array of structs is one
 * range), sorted and disjoint (overlapping ranges of union members are merged into one). An array that
 * ends where the object ends extends to the object's limit (a trailing or flexible array member).
 *
 * <p><b>What they are for.</b> A pointer known to point into an array member ({@link Shift#tagged}, {@link
 * Shift#rangeAt}) that moves by an unknown amount, and a library function reading or writing from it an
 * unknown length, stay within that member (C11 6.5.6p8 for arithmetic, 7.1.4 and 7.24.1p1 for library
 * functions: leaving the array is undefined). The points-to solver then keeps the pointer in a <em>range
 * location</em> of the member instead of an unknown offset of the whole object, so that a buffer walked by
 * a pointer inside a struct ({@code g.in_next += n} over {@code g.in_buf}) no longer mixes every field of the
 * struct. <b>Assumes</b> that arithmetic on such a pointer stays within the <em>outermost</em> array
 * containing it (the C rule is the innermost one, so this is weaker than the standard's); a pointer that
 * is not known to be in an array (a pointer to a struct, to a scalar member, a plain byte offset) still
 * moves anywhere in its object. Only objects whose type is known have extents: variables; heap blocks
 * have none.
 */
final class Extents {
    static final long[] NONE = new long[0];

    private Extents() {
    }

    /** The merged ranges {@code lo0, hi0, lo1, hi1, ...} of object type {@code type} within {@code limit} bytes. */
    static long[] of(CType type, long limit) {
        if (type == null || !(type.unqualified() instanceof StructType st) || limit <= 0) return NONE;
        List<long[]> ranges = new ArrayList<>();
        collect(st, 0, limit, ranges, 0);
        if (ranges.isEmpty()) return NONE;
        ranges.sort((a, b) -> Long.compare(a[0], b[0]));
        List<long[]> merged = new ArrayList<>();
        for (long[] r : ranges) {
            long[] last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
            if (last != null && r[0] < last[1]) last[1] = Math.max(last[1], r[1]);
            else merged.add(r);
        }
        long[] out = new long[2 * merged.size()];
        for (int i = 0; i < merged.size(); i++) {
            out[2 * i] = merged.get(i)[0];
            out[2 * i + 1] = merged.get(i)[1];
        }
        return out;
    }

    private static void collect(StructType st, long base, long limit, List<long[]> out, int depth) {
        if (depth > 16) return;
        for (StructType.Field f : st.fields()) {
            if (f.isBitField()) continue;
            CType t = f.type().unqualified();
            long lo = base + f.offset();
            if (lo < 0 || lo >= limit) continue;
            if (t instanceof CType.Array) {
                long size = t.size();
                long hi = size <= 0 || lo + size >= limit ? limit : lo + size;
                if (hi > lo) out.add(new long[] {lo, hi});
            } else if (t instanceof StructType inner) {
                collect(inner, lo, limit, out, depth + 1);
            }
        }
    }

    /**
     * The start offsets of the members of object type {@code type} (members of members included, not
     * elements of arrays), 0 included, sorted: where a pointer to a subobject other than an array element
     * may point ({@code container_of} computes one from a pointer into a member array).
     */
    static long[] starts(CType type) {
        java.util.TreeSet<Long> out = new java.util.TreeSet<>();
        out.add(0L);
        if (type != null && type.unqualified() instanceof StructType st) starts(st, 0, out, 0);
        long[] a = new long[out.size()];
        int i = 0;
        for (long x : out) a[i++] = x;
        return a;
    }

    private static void starts(StructType st, long base, java.util.Set<Long> out, int depth) {
        if (depth > 16) return;
        for (StructType.Field f : st.fields()) {
            out.add(base + f.offset());
            if (f.type().unqualified() instanceof StructType inner) starts(inner, base + f.offset(), out, depth + 1);
        }
    }

    /**
     * The index of the range containing offset {@code off} (its end included: a pointer just past an array
     * is still one of its pointers), or -1 when none does or two do (one ends where the next begins).
     */
    static int at(long[] ext, long off) {
        int found = -1;
        for (int i = 0; i < ext.length; i += 2) {
            if (ext[i] > off) break;
            if (off <= ext[i + 1]) {
                if (found >= 0) return -1;
                found = i / 2;
            }
        }
        return found;
    }

    /** The index of the range whose bytes include {@code off} (its end excluded), or -1. */
    static int containing(long[] ext, long off) {
        for (int i = 0; i < ext.length; i += 2) {
            if (ext[i] > off) break;
            if (off < ext[i + 1]) return i / 2;
        }
        return -1;
    }
}
