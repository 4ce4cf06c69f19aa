package weft.analysis;

import weft.lock.LockState;
import weft.thread.ThreadEvents;

/**
 * The thread-modular abstract state at a program point of one thread: its locks, its atomic-section
 * depth and its effects on other threads. Product lattice of {@link LockState} and
 * {@link ThreadEvents}; {@code atomicDepth} merges by minimum (being inside an atomic section is a
 * must-property). {@link #join} is the componentwise least upper bound.
 */
public record LocalState(LockState locks, int atomicDepth, ThreadEvents threads) {
    public static final LocalState INITIAL = new LocalState(LockState.EMPTY, 0, ThreadEvents.EMPTY);

    public LocalState join(LocalState o) {
        if (o == null || equals(o)) return this;
        return new LocalState(locks.join(o.locks), Math.min(atomicDepth, o.atomicDepth), threads.join(o.threads));
    }

    public LocalState withLocks(LockState l) {
        return new LocalState(l, atomicDepth, threads);
    }

    public LocalState withThreads(ThreadEvents t) {
        return new LocalState(locks, atomicDepth, t);
    }

    public LocalState withAtomicDepth(int d) {
        return new LocalState(locks, Math.max(0, d), threads);
    }

    public boolean inAtomicSection() {
        return atomicDepth > 0;
    }
}
