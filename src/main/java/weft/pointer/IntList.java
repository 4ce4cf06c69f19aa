package weft.pointer;

import java.util.Arrays;

/** A growable list of ints. */
final class IntList {
    private int[] data;
    private int size;

    IntList() {
        this(4);
    }

    IntList(int capacity) {
        data = new int[Math.max(1, capacity)];
    }

    void add(int v) {
        if (size == data.length) data = Arrays.copyOf(data, size * 2);
        data[size++] = v;
    }

    int get(int i) {
        return data[i];
    }

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** Removes and returns the last element. */
    int pop() {
        return data[--size];
    }
}
