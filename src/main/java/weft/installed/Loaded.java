package weft.installed;

import java.util.Optional;
import java.util.function.Supplier;

/** An installed library loaded at its first use, once per process (empty when it cannot be: then never retried). */
final class Loaded<T> {
    private final Supplier<Optional<T>> load;
    private volatile Optional<T> value;

    Loaded(Supplier<Optional<T>> load) {
        this.load = load;
    }

    Optional<T> get() {
        Optional<T> v = value;
        if (v == null) {
            synchronized (this) {
                v = value;
                if (v == null) {
                    v = load.get();
                    value = v;
                }
            }
        }
        return v;
    }
}
