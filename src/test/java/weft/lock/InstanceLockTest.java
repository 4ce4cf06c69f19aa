package weft.lock;

import org.junit.jupiter.api.Test;
import weft.ir.CType;
import weft.ir.SourceLoc;
import weft.ir.Variable;
import weft.model.Event.Mode;
import weft.pointer.MemObject;

import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One instance of an abstract lock ({@link LockState#some}): acquired through a pointer whose only target is one lock of
 * an object that may exist many times; merged like must-locks; dropped by any release that may act on it; never a
 * must-lock (no exclusion reads it).
 */
class InstanceLockTest {
    private static final CType INT = new CType.Int("int", 4, 4, true);
    private final MemObject.Var records = new MemObject.Var(new Variable(1, "records", INT, Variable.Kind.GLOBAL, null, false, SourceLoc.NONE));
    private final MemObject.Var other = new MemObject.Var(new Variable(2, "other", INT, Variable.Kind.GLOBAL, null, false, SourceLoc.NONE));
    private final Lock record = new Lock(records, 0, "records");
    private final Lock elsewhere = new Lock(other, 0, "other");
    private final Lock anyRecord = new Lock(records, Lock.ANY_OFFSET, "records[?]");

    private static Set<Lock> locks(Set<HeldLock> held) {
        Set<Lock> out = new HashSet<>();
        for (HeldLock h : held) out.add(h.lock());
        return out;
    }

    @Test
    void aSingleLockThatIsNotConcreteIsOneInstanceNeverAMustLock() {
        LockState s = LockState.EMPTY.acquire(Set.of(record), false, Mode.WRITE);
        assertEquals(Set.of(), s.must());
        assertEquals(Set.of(record), locks(s.some()));
    }

    @Test
    void severalCandidatesOrAnUnknownOffsetAreNotRecorded() {
        assertEquals(Set.of(), LockState.EMPTY.acquire(Set.of(record, elsewhere), false, Mode.WRITE).some());
        assertEquals(Set.of(), LockState.EMPTY.acquire(Set.of(anyRecord), false, Mode.WRITE).some());
    }

    @Test
    void pathsKeepOnlyTheInstancesHeldOnBoth() {
        LockState a = LockState.EMPTY.acquire(Set.of(record), false, Mode.WRITE).acquire(Set.of(elsewhere), false, Mode.WRITE);
        LockState b = LockState.EMPTY.acquire(Set.of(record), false, Mode.WRITE);
        assertEquals(Set.of(record), locks(a.join(b).some()));
        assertEquals(a.join(b), b.join(a));
        assertEquals(a, a.join(a));
    }

    @Test
    void aReleaseThatMayActOnItEndsIt() {
        LockState s = LockState.EMPTY.acquire(Set.of(record), false, Mode.WRITE).acquire(Set.of(elsewhere), false, Mode.WRITE);
        assertEquals(Set.of(elsewhere), locks(s.release(new Release(Set.of(anyRecord))).some()));
        assertEquals(Set.of(record), locks(s.withoutMust(Set.of(elsewhere)).some()));
    }

    @Test
    void aCalleeEntryKeepsIt() {
        LockState s = LockState.EMPTY.acquire(Set.of(record), false, Mode.WRITE);
        assertTrue(s.withoutLocalFacts().withoutPending().withSymbolic(Set.of()).some().contains(new HeldLock(record, Mode.WRITE)));
    }
}
