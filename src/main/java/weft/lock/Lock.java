package weft.lock;

import weft.pointer.MemObject;

/**
 * An abstract lock: the memory location of a mutex, rwlock or spin lock (object + byte offset), as
 * the pointer analysis names it. An offset of {@link #ANY_OFFSET} stands for every lock of its object
 * (a lock operation whose offset the analyses do not know, e.g. {@code &m[i]}); the object
 * {@link MemObject.Unknown} for memory the program cannot see, which may hold any lock whose address
 * escaped. {@link #ATOMIC_SECTION} stands for the one global lock that all {@code __VERIFIER_atomic}
 * sections and functions hold.
 *
 * <p>{@code member} is how the source names the lock inside its object ({@code .lock}, {@code .locks[2]}), when the
 * lock operation that first resolved it wrote a member chain from the object's start; null otherwise. It is for
 * reports only: like {@code name}, it takes no part in equality.
 */
public record Lock(MemObject object, long offset, String name, String member) {
    public static final Lock ATOMIC_SECTION = new Lock(null, 0, "__VERIFIER_atomic");

    public Lock(MemObject object, long offset, String name) {
        this(object, offset, name, null);
    }

    /** The offset of a lock that stands for every lock of its object. */
    public static final long ANY_OFFSET = -1;

    /**
     * Whether this lock and {@code other} may be the same lock at run time: equal, or in the same object
     * with one offset unknown, or one of them in unknown memory (which may be any object).
     */
    public boolean mayBe(Lock other) {
        if (equals(other)) return true;
        if (object == null || other.object == null) return false;
        if (object instanceof MemObject.Unknown || other.object instanceof MemObject.Unknown) return true;
        return object.equals(other.object) && (offset == ANY_OFFSET || other.offset == ANY_OFFSET);
    }

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
