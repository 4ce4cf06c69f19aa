package weft.value;

import java.util.Arrays;

/**
 * A persistent (immutable) array of intervals, stored in chunks of 32 so that an update copies one
 * chunk and pointwise operations share the chunks they leave unchanged. States of neighbouring CFG
 * nodes differ in few variables, so functions with many variables stay cheap to analyse.
 */
final class IntervalVector {
    /** A pointwise operation on the intervals of one index; it must be idempotent ({@code op(i, x, x) = x}). */
    @FunctionalInterface
    interface PointwiseOp {
        Interval apply(int index, Interval a, Interval b);
    }

    private static final int BITS = 5;
    private static final int CHUNK = 1 << BITS;
    private static final int MASK = CHUNK - 1;

    private final Interval[][] chunks;
    private final int size;

    private IntervalVector(Interval[][] chunks, int size) {
        this.chunks = chunks;
        this.size = size;
    }

    static IntervalVector of(Interval[] values) {
        int n = values.length;
        Interval[][] cs = new Interval[(n + MASK) >>> BITS][];
        for (int c = 0; c < cs.length; c++) cs[c] = Arrays.copyOfRange(values, c << BITS, Math.min(n, (c + 1) << BITS));
        return new IntervalVector(cs, n);
    }

    int size() {
        return size;
    }

    Interval get(int i) {
        return chunks[i >>> BITS][i & MASK];
    }

    /** This vector with element {@code i} replaced (this vector itself if the value is unchanged). */
    IntervalVector set(int i, Interval v) {
        Interval[] chunk = chunks[i >>> BITS];
        if (chunk[i & MASK].equals(v)) return this;
        Interval[][] cs = chunks.clone();
        Interval[] nc = chunk.clone();
        nc[i & MASK] = v;
        cs[i >>> BITS] = nc;
        return new IntervalVector(cs, size);
    }

    /**
     * The pointwise combination with {@code o} (same size): chunks identical in both are shared, and
     * the result is this vector itself when no element changes. Null if some element becomes bottom.
     */
    IntervalVector zip(IntervalVector o, PointwiseOp op) {
        Interval[][] cs = null;
        for (int c = 0; c < chunks.length; c++) {
            Interval[] a = chunks[c];
            Interval[] b = o.chunks[c];
            if (a == b) continue;
            Interval[] r = null;
            for (int j = 0; j < a.length; j++) {
                Interval v = op.apply((c << BITS) + j, a[j], b[j]);
                if (v.isBottom()) return null;
                if (r == null && !v.equals(a[j])) r = a.clone();
                if (r != null) r[j] = v;
            }
            if (r != null) {
                if (cs == null) cs = chunks.clone();
                cs[c] = Arrays.equals(r, b) ? b : r;
            }
        }
        return cs == null ? this : new IntervalVector(cs, size);
    }

    @Override
    public boolean equals(Object o) {
        if (o == this) return true;
        if (!(o instanceof IntervalVector v) || v.size != size) return false;
        for (int c = 0; c < chunks.length; c++) {
            if (chunks[c] != v.chunks[c] && !Arrays.equals(chunks[c], v.chunks[c])) return false;
        }
        return true;
    }

    @Override
    public int hashCode() {
        return Arrays.deepHashCode(chunks);
    }

    @Override
    public String toString() {
        Interval[] all = new Interval[size];
        for (int i = 0; i < size; i++) all[i] = get(i);
        return Arrays.toString(all);
    }
}
