package weft.thread;

import java.util.function.Supplier;

/**
 * A value computed once, on its first use, by whichever thread asks first; read without a lock after that (the facts
 * the thread-modular walk reads on every edge, built lazily because most programs never need them).
 */
final class Computed<T> {
    private final Supplier<T> compute;
    private volatile T value;

    Computed(Supplier<T> compute) {
        this.compute = compute;
    }

    T get() {
        T v = value;
        if (v == null) {
            synchronized (this) {
                if (value == null) value = compute.get();
                v = value;
            }
        }
        return v;
    }
}
