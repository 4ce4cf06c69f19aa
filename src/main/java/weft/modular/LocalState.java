package weft.modular;

import weft.lock.Lock;
import weft.lock.LockState;
import weft.ir.Variable;
import weft.thread.PublicationFlags;
import weft.thread.StopFlags;
import weft.thread.ThreadEvents;

import java.util.HashSet;
import java.util.Objects;
import java.util.Set;

/**
 * The thread-modular abstract state at a program point of one thread: its locks, its atomic-section
 * depth, its effects on other threads, the once-flags whose {@code pthread_once} has returned in this
 * thread ({@code onceDone}, must) and the once-flag whose routine is running ({@code inOnce}, or null).
 * Product lattice of {@link LockState} and {@link ThreadEvents}; {@code atomicDepth} merges by minimum
 * (being inside an atomic section is a must-property), {@code onceDone} by intersection, {@code inOnce}
 * to null unless equal; {@code split} is a transient {@link ReturnSplit} kept only up to the test of a
 * call's result; {@code flagsSeen} (must, by intersection) the ready flags this thread has certainly read set and
 * {@code flagsSet} (may, by union) those it may have written ({@link PublicationFlags}); {@code stops} (must, by
 * intersection) what it has certainly done to stop flags and the counters of the workers they stop ({@link StopFlags}). {@link #join} is the
 * componentwise least upper bound.
 *
 * <p>Assumes: every component is a must- or may-set joined as stated; {@code inOnce} and {@code
 * onceDone} concern only concrete once-flags.
 */
public record LocalState(LockState locks, int atomicDepth, ThreadEvents threads, Set<Lock> onceDone, Lock inOnce,
                         ReturnSplit split, Set<PublicationFlags.Flag> flagsSeen, Set<Variable> flagsSet,
                         Set<StopFlags.Fact> stops) {
    public static final LocalState INITIAL = new LocalState(LockState.EMPTY, 0, ThreadEvents.EMPTY, Set.of(), null, null,
            Set.of(), Set.of(), Set.of());

    public LocalState {
        onceDone = Set.copyOf(onceDone);
        flagsSeen = Set.copyOf(flagsSeen);
        flagsSet = Set.copyOf(flagsSet);
        stops = Set.copyOf(stops);
    }

    public LocalState join(LocalState o) {
        if (o == null || equals(o)) return this;
        Set<Lock> done = new HashSet<>(onceDone);
        done.retainAll(o.onceDone);
        Set<PublicationFlags.Flag> seen = flagsSeen;
        if (!seen.equals(o.flagsSeen)) {
            seen = new HashSet<>(flagsSeen);
            seen.retainAll(o.flagsSeen);
        }
        Set<Variable> set = flagsSet;
        if (!set.equals(o.flagsSet)) {
            set = new HashSet<>(flagsSet);
            set.addAll(o.flagsSet);
        }
        Set<StopFlags.Fact> st = stops;
        if (!st.equals(o.stops)) {
            st = new HashSet<>(stops);
            st.retainAll(o.stops);
        }
        return new LocalState(locks.join(o.locks), Math.min(atomicDepth, o.atomicDepth), threads.join(o.threads), done,
                Objects.equals(inOnce, o.inOnce) ? inOnce : null, split == null ? null : split.join(o.split), seen, set, st);
    }

    public LocalState withLocks(LockState l) {
        return new LocalState(l, atomicDepth, threads, onceDone, inOnce, null, flagsSeen, flagsSet, stops);
    }

    public LocalState withThreads(ThreadEvents t) {
        return new LocalState(locks, atomicDepth, t, onceDone, inOnce, null, flagsSeen, flagsSet, stops);
    }

    public LocalState withAtomicDepth(int d) {
        return new LocalState(locks, Math.max(0, d), threads, onceDone, inOnce, null, flagsSeen, flagsSet, stops);
    }

    public LocalState withOnce(Set<Lock> done, Lock in) {
        return new LocalState(locks, atomicDepth, threads, done, in, null, flagsSeen, flagsSet, stops);
    }

    /** This state with a pending return split (see {@link ReturnSplit}); every other change drops it. */
    public LocalState withSplit(ReturnSplit s) {
        return new LocalState(locks, atomicDepth, threads, onceDone, inOnce, s, flagsSeen, flagsSet, stops);
    }

    /** This state with the ready flags seen and written as given (a pending return split is kept). */
    public LocalState withFlags(Set<PublicationFlags.Flag> seen, Set<Variable> set) {
        return new LocalState(locks, atomicDepth, threads, onceDone, inOnce, split, seen, set, stops);
    }

    /** This state with the stop-flag facts as given (a pending return split is kept). */
    public LocalState withStops(Set<StopFlags.Fact> st) {
        return new LocalState(locks, atomicDepth, threads, onceDone, inOnce, split, flagsSeen, flagsSet, st);
    }

    public boolean inAtomicSection() {
        return atomicDepth > 0;
    }
}
