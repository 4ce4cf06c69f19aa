package weft.pointer;

/**
 * How a pointer moves: the shifts of the constraint graph's edges, encoded as ints. Besides a plain
 * byte offset there are four kinds, which differ in what they know of the array the pointer stays in
 * (see {@link Extents}):
 * <ul>
 *   <li>{@code plain(c)}: by c bytes; the result is an array element only if the pointer was one;</li>
 *   <li>{@link #tagged}{@code (c)}: by c bytes, and the result is known to point into (or just past) an
 *       array: {@code &a[k]} with a constant k, and array-to-pointer decay, which the front end lowers to
 *       {@code &a[0]};</li>
 *   <li>{@link #rangeAt}{@code (c)}: by c bytes to the start of an array, then to an unknown element of it
 *       ({@code a[i]} with i not constant);</li>
 *   <li>{@link #IN_ARRAY}: by an unknown amount within the array the pointer points into ({@code p + k}
 *       with k not constant, a library function's result pointing into its argument): C11 6.5.6p8 makes
 *       leaving the array undefined; a pointer not known to be in an array may move anywhere in its
 *       object;</li>
 *   <li>{@link #WHOLE}: anywhere in the object.</li>
 * </ul>
 * Applying a shift to a location is {@link Solver#shift}. Shifts compose with {@link #add} (first a, then b),
 * always towards less precision when the result cannot be encoded: {@code WHOLE} is sound for every shift.
 */
final class Shift {
    /** Anywhere in the object. */
    static final int WHOLE = Integer.MIN_VALUE;
    /** Anywhere in the array the location is known to lie in; anywhere in the object otherwise. */
    static final int IN_ARRAY = Integer.MIN_VALUE + 1;
    /** Plain shifts lie in (-PLAIN_LIMIT, PLAIN_LIMIT). */
    static final int PLAIN_LIMIT = 1 << 30;
    /** Offsets of tagged and range shifts lie in (-KIND_LIMIT, KIND_LIMIT). */
    private static final int KIND_LIMIT = 1 << 27;
    private static final int TAG_BASE = Integer.MIN_VALUE + (1 << 28);
    private static final int RANGE_BASE = Integer.MIN_VALUE + (1 << 29);

    private Shift() {
    }

    /** A plain shift by {@code bytes}, or {@link #WHOLE} when too large to encode. */
    static int plain(long bytes) {
        return bytes >= PLAIN_LIMIT || bytes <= -PLAIN_LIMIT ? WHOLE : (int) bytes;
    }

    /** By {@code bytes}, the result known to be in an array (or {@link #WHOLE} when too large). */
    static int tagged(long bytes) {
        return bytes >= KIND_LIMIT || bytes <= -KIND_LIMIT ? WHOLE : TAG_BASE + (int) bytes;
    }

    /** By {@code bytes} to the start of an array, then anywhere in that array. */
    static int rangeAt(long bytes) {
        return bytes >= KIND_LIMIT || bytes <= -KIND_LIMIT ? WHOLE : RANGE_BASE + (int) bytes;
    }

    static boolean isPlain(int sh) {
        return sh > -PLAIN_LIMIT && sh < PLAIN_LIMIT;
    }

    static boolean isTagged(int sh) {
        return sh > TAG_BASE - KIND_LIMIT && sh < TAG_BASE + KIND_LIMIT;
    }

    static boolean isRange(int sh) {
        return sh > RANGE_BASE - KIND_LIMIT && sh < RANGE_BASE + KIND_LIMIT;
    }

    /** The byte offset of a plain, tagged or range shift. */
    static int bytes(int sh) {
        if (isTagged(sh)) return sh - TAG_BASE;
        if (isRange(sh)) return sh - RANGE_BASE;
        return sh;
    }

    /** First {@code a}, then {@code b}. */
    static int add(int a, int b) {
        if (a == WHOLE || b == WHOLE) return WHOLE;
        if (b == 0) return a;
        if (a == 0) return b;
        if (isRange(a) || a == IN_ARRAY) return a;          // within its array, whatever follows
        boolean tagA = isTagged(a);
        long x = bytes(a);
        if (b == IN_ARRAY) return tagA ? rangeAt(x) : WHOLE;
        long sum = x + bytes(b);
        if (isRange(b)) return rangeAt(sum);
        if (tagA || isTagged(b)) return tagged(sum);
        return plain(sum);
    }

    /** The shift of a lowering step by {@code bytes} ({@link ConstraintBuilder#UNKNOWN}: anywhere). */
    static int ofBytes(long bytes) {
        return bytes == ConstraintBuilder.UNKNOWN ? WHOLE : plain(bytes);
    }
}
