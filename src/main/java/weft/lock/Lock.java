package weft.lock;

import weft.pointer.MemObject;

/**
 * An abstract lock: the memory location of a mutex, rwlock or spin lock (object + byte offset), as
 * the pointer analysis names it. {@link #ATOMIC_SECTION} stands for the one global lock that all
 * {@code __VERIFIER_atomic} sections and functions hold.
 */
public record Lock(MemObject object, long offset, String name) {
    public static final Lock ATOMIC_SECTION = new Lock(null, 0, "__VERIFIER_atomic");

    @Override
    public boolean equals(Object o) {
        return o instanceof Lock l && java.util.Objects.equals(l.object, object) && l.offset == offset
                && (object != null || l.name.equals(name));
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(object, offset);
    }

    @Override
    public String toString() {
        return name;
    }
}
