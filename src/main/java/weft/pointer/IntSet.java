package weft.pointer;

import java.util.Arrays;

/**
 * A growable set of non-negative ints (open addressing, linear probing). Points-to sets are sets of
 * location ids; most are tiny, so the table starts small. Not thread-safe; never shrinks.
 */
final class IntSet {
    private static final int EMPTY = -1;
    private int[] table = {EMPTY, EMPTY, EMPTY, EMPTY};
    private int size;

    boolean add(int v) {
        if ((size + 1) * 4 > table.length * 3) grow();
        int mask = table.length - 1;
        int i = mix(v) & mask;
        while (true) {
            int t = table[i];
            if (t == v) return false;
            if (t == EMPTY) {
                table[i] = v;
                size++;
                return true;
            }
            i = (i + 1) & mask;
        }
    }

    boolean contains(int v) {
        int mask = table.length - 1;
        int i = mix(v) & mask;
        while (true) {
            int t = table[i];
            if (t == v) return true;
            if (t == EMPTY) return false;
            i = (i + 1) & mask;
        }
    }

    int size() {
        return size;
    }

    /** A snapshot of the elements (safe to iterate while the set grows). */
    int[] toArray() {
        int[] out = new int[size];
        int k = 0;
        for (int t : table) if (t != EMPTY) out[k++] = t;
        return out;
    }

    /** The elements in ascending order. */
    int[] sorted() {
        int[] a = toArray();
        Arrays.sort(a);
        return a;
    }

    private void grow() {
        int[] old = table;
        table = new int[old.length * 2];
        Arrays.fill(table, EMPTY);
        size = 0;
        for (int t : old) if (t != EMPTY) add(t);
    }

    private static int mix(int v) {
        int h = v * 0x9E3779B9;
        return h ^ (h >>> 16);
    }
}
