package weft.lock;

import weft.model.Event.Mode;

/** A lock held in a mode: {@code WRITE} (exclusive: mutexes, spin locks, write-locked rwlocks) or {@code READ}. */
public record HeldLock(Lock lock, Mode mode) {
    /** Whether holding {@code this} in one thread and {@code other} in another is impossible at the same time. */
    public boolean excludes(HeldLock other) {
        return lock.equals(other.lock) && (mode == Mode.WRITE || other.mode == Mode.WRITE);
    }

    @Override
    public String toString() {
        return mode == Mode.READ ? lock + "(read)" : lock.toString();
    }
}
