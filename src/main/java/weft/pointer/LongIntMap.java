package weft.pointer;

import java.util.Arrays;

/** An open-addressing map from long keys to non-negative int values; {@link #get} answers -1 when absent. */
final class LongIntMap {
    private long[] keys = new long[16];
    private int[] values = new int[16];
    private int size;

    LongIntMap() {
        Arrays.fill(values, -1);
    }

    int get(long key) {
        int mask = keys.length - 1;
        int i = mix(key) & mask;
        while (values[i] != -1) {
            if (keys[i] == key) return values[i];
            i = (i + 1) & mask;
        }
        return -1;
    }

    /** Stores {@code value} (must be >= 0) unless the key is present; answers the previous value or -1. */
    int putIfAbsent(long key, int value) {
        if ((size + 1) * 2 > keys.length) grow();
        int mask = keys.length - 1;
        int i = mix(key) & mask;
        while (values[i] != -1) {
            if (keys[i] == key) return values[i];
            i = (i + 1) & mask;
        }
        keys[i] = key;
        values[i] = value;
        size++;
        return -1;
    }

    int size() {
        return size;
    }

    private void grow() {
        long[] ok = keys;
        int[] ov = values;
        keys = new long[ok.length * 2];
        values = new int[ok.length * 2];
        Arrays.fill(values, -1);
        size = 0;
        for (int i = 0; i < ok.length; i++) if (ov[i] != -1) putIfAbsent(ok[i], ov[i]);
    }

    private static int mix(long k) {
        long h = k * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }
}
