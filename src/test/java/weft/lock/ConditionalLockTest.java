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

/** The path-sensitive part of {@link LockState}: truths of tested flags and locks conditional on them. */
class ConditionalLockTest {
    private static final CType INT = new CType.Int("int", 4, 4, true);
    private final Variable flag = new Variable(1, "flag", INT, Variable.Kind.LOCAL, "main", false, SourceLoc.NONE);
    private final Variable other = new Variable(2, "other", INT, Variable.Kind.LOCAL, "main", false, SourceLoc.NONE);
    private final Lock m = new Lock(new MemObject.Var(new Variable(3, "m", INT, Variable.Kind.GLOBAL, null, false, SourceLoc.NONE)), 0, "m");
    private final HeldLock held = new HeldLock(m, Mode.WRITE);

    /** {@code if (flag) lock(m);} joined: m is held exactly where flag is non-zero. */
    private LockState afterConditionalLock() {
        LockState taken = LockState.EMPTY.learn(flag, true).acquire(Set.of(m), true, Mode.WRITE);
        LockState skipped = LockState.EMPTY.learn(flag, false);
        return taken.join(skipped);
    }

    @Test
    void aLockTakenUnderAFlagIsHeldWhereTheFlagIsSet() {
        LockState joined = afterConditionalLock();
        assertFalse(joined.must().contains(held), "not held on every path");
        assertEquals(Set.of(new ConditionalLock(held, flag, true)), joined.conditional());
        assertTrue(joined.learn(flag, true).must().contains(held), "if (flag) ... holds m");
        assertFalse(joined.learn(flag, false).must().contains(held), "if (!flag) ... does not");
        assertEquals(joined, afterConditionalLock().join(joined), "idempotent");
        LockState skipped = LockState.EMPTY.learn(flag, false);
        assertEquals(skipped.join(joined), joined.join(skipped), "commutative");
    }

    @Test
    void assigningTheFlagOrReleasingTheLockEndsIt() {
        LockState joined = afterConditionalLock();
        assertFalse(joined.killBase(flag).learn(flag, true).must().contains(held), "flag reassigned");
        assertFalse(joined.release(new Release(Set.of(m))).learn(flag, true).must().contains(held), "m released");
        assertTrue(joined.killBase(other).learn(flag, true).must().contains(held), "another variable changes nothing");
    }

    @Test
    void noConditionWithoutOppositeKnownValues() {
        LockState taken = LockState.EMPTY.learn(flag, true).acquire(Set.of(m), true, Mode.WRITE);
        LockState unknownFlag = LockState.EMPTY;
        assertTrue(taken.join(unknownFlag).conditional().isEmpty(), "the other path says nothing about flag");
        LockState sameValue = LockState.EMPTY.learn(flag, true);
        assertTrue(taken.join(sameValue).conditional().isEmpty(), "flag set on both paths, m held on one only");
        assertFalse(taken.join(sameValue).learn(flag, true).must().contains(held));
    }

    @Test
    void aConditionalLockSurvivesOnlyWhereItStillHolds() {
        LockState joined = afterConditionalLock();
        LockState released = joined.learn(flag, true).release(new Release(Set.of(m)));
        LockState kept = joined.learn(flag, false);
        // one side released m although flag is set: the implication fails there
        assertTrue(released.join(kept).conditional().isEmpty());
        // a side holding m outright satisfies it
        LockState holding = LockState.EMPTY.acquire(Set.of(m), true, Mode.WRITE);
        assertEquals(Set.of(new ConditionalLock(held, flag, true)), joined.join(holding).conditional());
    }
}
