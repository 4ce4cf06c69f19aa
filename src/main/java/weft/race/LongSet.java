package weft.race;

import java.util.Arrays;

/**
 * A small set of longs: up to 32 elements are scanned, more are hashed (open addressing, linear probing; the keys
 * are already mixed, as {@link RaceDetector}'s unordered pairs are, or small numbers, which the probe start spreads).
 */
final class LongSet {
    private static final long FREE = Long.MIN_VALUE;
    private long[] few = new long[4];
    private int n;
    private long[] table;
    private boolean hasFree;

    /** Adds {@code v}; true if it was not there. */
    boolean add(long v) {
        if (table == null) {
            for (int i = 0; i < n; i++) if (few[i] == v) return false;
            if (n < 32) {
                if (n == few.length) few = Arrays.copyOf(few, n * 2);
                few[n++] = v;
                return true;
            }
            table = new long[128];
            Arrays.fill(table, FREE);
            int m = n;
            n = 0;
            for (int i = 0; i < m; i++) insert(few[i]);
            few = null;
        }
        return insert(v);
    }

    private boolean insert(long v) {
        if (v == FREE) { // marks empty slots: kept aside
            if (hasFree) return false;
            hasFree = true;
            n++;
            return true;
        }
        int mask = table.length - 1;
        int i = (int) (v * 0x9E3779B97F4A7C15L >>> 40) & mask;
        while (table[i] != FREE) {
            if (table[i] == v) return false;
            i = (i + 1) & mask;
        }
        table[i] = v;
        if (++n * 2 > table.length) {
            long[] old = table;
            table = new long[old.length * 2];
            Arrays.fill(table, FREE);
            n = hasFree ? 1 : 0;
            for (long x : old) if (x != FREE) insert(x);
        }
        return true;
    }

    int size() {
        return n;
    }
}
