package weft.lock;

import java.util.Set;

/**
 * What a release — a mutex, rwlock, spin or C11 unlock, a semaphore post — may act on: the locks its
 * pointer argument may denote, as the pointer analysis resolves it. An empty set means the pointer has
 * no known target (uninitialised, null, loaded from memory the analysis does not track): it may be any
 * lock.
 *
 * <p>Soundness: a held lock may stay in a must-lockset after a release only if the release certainly
 * does not act on it. {@link #mayRelease} answers true for every lock the release may act on: a lock
 * the pointer analysis names (over-approximating what the pointer denotes at run time), any lock of
 * an object whose offset is unknown ({@code &m[i]}, {@link Lock#ANY_OFFSET}), any lock at all when a
 * target is unknown memory or there is no known target. So after dropping every held lock it answers
 * true for, the remaining must-locks are still held on every path. Precision is kept where it matters:
 * a release whose pointer denotes exactly one lock drops only that lock.
 */
public record Release(Set<Lock> locks) {
    public Release {
        locks = Set.copyOf(locks);
    }

    /** Whether this release may act on the lock {@code held} (which may itself stand for several). */
    public boolean mayRelease(Lock held) {
        if (locks.isEmpty()) return true;
        for (Lock l : locks) if (l.mayBe(held)) return true;
        return false;
    }

    /** Whether this release may act on one of {@code held}. */
    public boolean mayReleaseAny(Set<Lock> held) {
        for (Lock h : held) if (mayRelease(h)) return true;
        return false;
    }
}
