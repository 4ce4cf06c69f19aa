package weft.race;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A map from longs to values that keeps its values in insertion order: open addressing with linear probing over the
 * keys (already mixed, as {@link RaceDetector}'s unordered pairs are), the values in a list. No boxing, two arrays to
 * read per lookup: the pairing of a large program looks a race up once per pair of sites (sol: millions of times).
 */
final class LongMap<V> {
    private long[] keys = new long[64];
    private int[] slots = new int[64];
    private final List<V> values = new ArrayList<>();

    /** The value of {@code key}, or null. */
    V get(long key) {
        int mask = keys.length - 1;
        for (int i = start(key, mask); slots[i] != 0; i = (i + 1) & mask) {
            if (keys[i] == key) return values.get(slots[i] - 1);
        }
        return null;
    }

    /** Adds {@code key} (not in the map) with {@code value}. */
    void putNew(long key, V value) {
        values.add(value);
        place(key, values.size());
        if (values.size() * 2 > keys.length) {
            long[] oldKeys = keys;
            int[] oldSlots = slots;
            keys = new long[oldKeys.length * 2];
            slots = new int[oldKeys.length * 2];
            for (int i = 0; i < oldKeys.length; i++) if (oldSlots[i] != 0) place(oldKeys[i], oldSlots[i]);
        }
    }

    private void place(long key, int slot) {
        int mask = keys.length - 1;
        int i = start(key, mask);
        while (slots[i] != 0) i = (i + 1) & mask;
        keys[i] = key;
        slots[i] = slot;
    }

    private static int start(long key, int mask) {
        return (int) (key ^ key >>> 29) & mask;
    }

    int size() {
        return values.size();
    }

    /** The values, in the order they were added. */
    List<V> values() {
        return values;
    }
}
