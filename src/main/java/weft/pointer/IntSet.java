package weft.pointer;

import java.util.Arrays;

/**
 * A growable set of non-negative ints (location ids). Most points-to sets are tiny, some hold most of
 * the program's locations, so a set starts small and becomes a bitmap (words covering ids up to the
 * largest element) once it outgrows {@link #SMALL_MAX}; bulk operations between bitmaps work a word at a
 * time. Not thread-safe; never shrinks.
 *
 * <p>While small, a set is either a hash table (open addressing, linear probing) or, if made {@linkplain
 * #ordered() ordered}, a list in insertion order (used for deltas). Iteration follows the table's slots
 * or the insertion order, and ascending ids once a bitmap; the solver's order of work, and so the numbering
 * of locations it creates, follows these orders.
 */
final class IntSet {
    static final int SMALL_MAX = 24;
    private static final int EMPTY = -1;

    /** Small mode: a hash table ({@code !ordered}) or elements in insertion order; null once a bitmap. */
    private int[] small;
    private final boolean ordered;
    /** Bitmap mode (null while small). */
    private long[] words;
    private int size;

    /** An empty hashed set. */
    IntSet() {
        this(false);
    }

    private IntSet(boolean ordered) {
        this.ordered = ordered;
        if (ordered) {
            small = new int[2];
        } else {
            small = new int[] {EMPTY, EMPTY, EMPTY, EMPTY};
        }
    }

    /** An empty set that iterates in insertion order while small. */
    static IntSet ordered() {
        return new IntSet(true);
    }

    boolean add(int v) {
        if (words != null) {
            int w = v >>> 6;
            if (w >= words.length) words = Arrays.copyOf(words, Math.max(w + 1, words.length + (words.length >> 1)));
            long bit = 1L << v;
            long old = words[w];
            if ((old & bit) != 0) return false;
            words[w] = old | bit;
            size++;
            return true;
        }
        if (size == SMALL_MAX) {
            if (contains(v)) return false;
            toBitmap(v);
            return add(v);
        }
        return ordered ? addOrdered(v) : addHashed(v);
    }

    private boolean addOrdered(int v) {
        int[] a = small;
        int n = size;
        for (int i = 0; i < n; i++) if (a[i] == v) return false;
        if (n == a.length) small = a = Arrays.copyOf(a, n * 2);
        a[n] = v;
        size = n + 1;
        return true;
    }

    private boolean addHashed(int v) {
        if ((size + 1) * 4 > small.length * 3) growTable();
        int[] t = small;
        int mask = t.length - 1;
        int i = mix(v) & mask;
        while (true) {
            int x = t[i];
            if (x == v) return false;
            if (x == EMPTY) {
                t[i] = v;
                size++;
                return true;
            }
            i = (i + 1) & mask;
        }
    }

    private void growTable() {
        int[] old = small;
        small = new int[old.length * 2];
        Arrays.fill(small, EMPTY);
        size = 0;
        for (int x : old) if (x != EMPTY) addHashed(x);
    }

    private static int mix(int v) {
        int h = v * 0x9E3779B9;
        return h ^ (h >>> 16);
    }

    boolean contains(int v) {
        if (words != null) {
            int w = v >>> 6;
            return w < words.length && (words[w] & (1L << v)) != 0;
        }
        if (ordered) {
            for (int i = 0; i < size; i++) if (small[i] == v) return true;
            return false;
        }
        int[] t = small;
        int mask = t.length - 1;
        int i = mix(v) & mask;
        while (true) {
            int x = t[i];
            if (x == v) return true;
            if (x == EMPTY) return false;
            i = (i + 1) & mask;
        }
    }

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** A snapshot of the elements in iteration order (safe to iterate while the set grows). */
    int[] toArray() {
        int[] out = new int[size];
        if (words == null) {
            if (ordered) {
                System.arraycopy(small, 0, out, 0, size);
            } else {
                int k = 0;
                for (int x : small) if (x != EMPTY) out[k++] = x;
            }
            return out;
        }
        int k = 0;
        long[] ws = words;
        for (int w = 0; w < ws.length && k < size; w++) {
            long x = ws[w];
            while (x != 0) {
                out[k++] = (w << 6) + Long.numberOfTrailingZeros(x);
                x &= x - 1;
            }
        }
        return out;
    }

    /** The elements in ascending order. */
    int[] sorted() {
        int[] a = toArray();
        if (words == null) Arrays.sort(a);
        return a;
    }

    /**
     * Adds every element of {@code src} (not this set) that is not yet here, in {@code src}'s iteration
     * order; each added element is also added to {@code added} (if not null). Answers how many were added.
     */
    int addAll(IntSet src, IntSet added) {
        if (src.size == 0) return 0;
        if (src.words == null || words == null && size + src.size <= SMALL_MAX) {
            int n = 0;
            for (int v : src.toArray()) {
                if (add(v)) {
                    n++;
                    if (added != null) added.add(v);
                }
            }
            return n;
        }
        long[] s = src.words;
        int len = s.length;
        while (len > 0 && s[len - 1] == 0) len--;
        if (words == null) toBitmap(len * 64 - 1);
        if (len > words.length) words = Arrays.copyOf(words, len);
        long[] d = words;
        int n = 0;
        for (int w = 0; w < len; w++) {
            long nw = s[w] & ~d[w];
            if (nw == 0) continue;
            d[w] |= nw;
            int c = Long.bitCount(nw);
            n += c;
            if (added == null) continue;
            if (added.words == null && added.size + c > SMALL_MAX) added.toBitmap(len * 64 - 1);
            if (added.words == null) {
                // few new elements: the delta stays small (in ascending order, as a bitmap would yield them)
                for (long x = nw; x != 0; x &= x - 1) added.add((w << 6) + Long.numberOfTrailingZeros(x));
            } else {
                long[] out = added.words;
                if (w >= out.length) added.words = out = Arrays.copyOf(out, len);
                added.size += Long.bitCount(nw & ~out[w]);
                out[w] |= nw;
            }
        }
        size += n;
        return n;
    }

    /** Adds the elements of {@code a} that are not in {@code b} (either may be null: empty). */
    void addDifference(IntSet a, IntSet b) {
        if (a == null || a.size == 0) return;
        if (b == null || b.size == 0) {
            addAll(a, null);
            return;
        }
        if (a.words != null && b.words != null) {
            int len = a.words.length;
            while (len > 0 && a.words[len - 1] == 0) len--;
            if (words == null) toBitmap(len * 64 - 1);
            if (len > words.length) words = Arrays.copyOf(words, len);
            int bl = b.words.length;
            for (int w = 0; w < len; w++) {
                long nw = a.words[w] & ~(w < bl ? b.words[w] : 0) & ~words[w];
                if (nw != 0) {
                    words[w] |= nw;
                    size += Long.bitCount(nw);
                }
            }
            return;
        }
        for (int v : a.toArray()) if (!b.contains(v)) add(v);
    }

    /** One more than the largest element (0 if empty). */
    private int maxBound() {
        if (words != null) {
            for (int w = words.length - 1; w >= 0; w--) {
                if (words[w] != 0) return (w << 6) + 64 - Long.numberOfLeadingZeros(words[w]);
            }
            return 0;
        }
        int m = -1;
        for (int v : toArray()) m = Math.max(m, v);
        return m + 1;
    }

    /** Switches to a bitmap able to hold ids up to {@code hint} without growing. */
    private void toBitmap(int hint) {
        int max = Math.max(hint, maxBound() - 1);
        long[] ws = new long[Math.max(1, (max >>> 6) + 1)];
        for (int v : toArray()) ws[v >>> 6] |= 1L << v;
        words = ws;
        small = null;
    }
}
