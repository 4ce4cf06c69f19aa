package weft.lock;

import org.junit.jupiter.api.Test;
import weft.ir.CType;
import weft.ir.SourceLoc;
import weft.ir.Variable;
import weft.model.Event.Mode;
import weft.pointer.MemObject;

import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Releases through pointers that may denote several locks, or none known: {@link Release} and {@link LockState#release}. */
class ReleaseTest {
    private static final CType INT = new CType.Int("int", 4, 4, true);
    private final MemObject.Var array = new MemObject.Var(new Variable(1, "m", INT, Variable.Kind.GLOBAL, null, false, SourceLoc.NONE));
    private final MemObject.Var single = new MemObject.Var(new Variable(2, "big", INT, Variable.Kind.GLOBAL, null, false, SourceLoc.NONE));
    private final Variable r = new Variable(3, "r", INT, Variable.Kind.LOCAL, "main", false, SourceLoc.NONE);
    private final Variable flag = new Variable(4, "flag", INT, Variable.Kind.LOCAL, "main", false, SourceLoc.NONE);
    private final Lock m0 = new Lock(array, 0, "m[0]");
    private final Lock m1 = new Lock(array, 40, "m[1]");
    private final Lock mAny = new Lock(array, Lock.ANY_OFFSET, "m[?]");
    private final Lock big = new Lock(single, 0, "big");
    private final Lock unknown = new Lock(new MemObject.Unknown(), Lock.ANY_OFFSET, "unknown[?]");

    private LockState holding(Lock... locks) {
        LockState s = LockState.EMPTY;
        for (Lock l : locks) s = s.acquire(Set.of(l), true, Mode.WRITE);
        return s;
    }

    private static Set<Lock> mustLocks(LockState s) {
        Set<Lock> out = new java.util.HashSet<>();
        for (HeldLock h : s.must()) out.add(h.lock());
        return out;
    }

    @Test
    void aReleaseOfOneConcreteLockDropsOnlyThatLock() {
        LockState s = holding(m0, m1, big).release(new Release(Set.of(m1)));
        assertEquals(Set.of(m0, big), mustLocks(s));
    }

    @Test
    void aReleaseOfSeveralLocksDropsEachOfThem() {
        LockState s = holding(m0, m1, big).release(new Release(Set.of(m1, big)));
        assertEquals(Set.of(m0), mustLocks(s));
    }

    @Test
    void anUnknownIndexDropsEveryLockOfItsObjectOnly() {
        LockState s = holding(m0, m1, big).release(new Release(Set.of(mAny)));
        assertEquals(Set.of(big), mustLocks(s));
    }

    @Test
    void noKnownTargetOrUnknownMemoryDropsEveryLock() {
        assertTrue(holding(m0, big).release(new Release(Set.of())).must().isEmpty(), "no known target");
        assertTrue(holding(m0, big).release(new Release(Set.of(unknown))).must().isEmpty(), "unknown memory");
    }

    @Test
    void conditionalLocksTheReleaseMayDenoteEnd() {
        LockState taken = LockState.EMPTY.learn(flag, true).acquire(Set.of(m0), true, Mode.WRITE).acquire(Set.of(big), true, Mode.WRITE);
        LockState joined = taken.join(LockState.EMPTY.learn(flag, false));
        assertEquals(2, joined.conditional().size());
        LockState released = joined.release(new Release(Set.of(mAny)));
        assertEquals(Set.of(big), mustLocks(released.learn(flag, true)), "m[0] may have been released, big not");
        assertTrue(joined.release(new Release(Set.of())).learn(flag, true).must().isEmpty());
    }

    @Test
    void aPendingTrylockOnAReleasedLockNoLongerProvesItHeld() {
        LockState pending = LockState.EMPTY.withPending(r, new LockState.PendingTry(Set.of(m0), true, Mode.WRITE, 0));
        assertFalse(pending.release(new Release(Set.of(m0))).pending().containsKey(r), "same lock");
        assertFalse(pending.release(new Release(Set.of(mAny))).pending().containsKey(r), "unknown index");
        assertFalse(pending.release(new Release(Set.of())).pending().containsKey(r), "no known target");
        assertTrue(pending.release(new Release(Set.of(big))).pending().containsKey(r), "another lock");
    }

    @Test
    void withoutMustStripsWhatAnUnknownOffsetStandsFor() {
        LockState s = holding(m0, m1, big).withoutMust(Set.of(mAny));
        assertEquals(Set.of(big), mustLocks(s));
        assertEquals(Set.of(m0, m1, big), mustLocks(holding(m0, m1, big).withoutMust(Set.of(new Lock(array, 80, "m[2]")))));
    }

    @Test
    void mayBeIsSymmetricAndExactLocksDiffer() {
        assertTrue(mAny.mayBe(m0) && m0.mayBe(mAny));
        assertTrue(unknown.mayBe(big) && big.mayBe(unknown));
        assertFalse(m0.mayBe(m1));
        assertFalse(mAny.mayBe(big));
    }
}
