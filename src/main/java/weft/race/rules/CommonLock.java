package weft.race.rules;

import weft.lock.HeldLock;
import weft.race.pair.Access;
import weft.race.pair.ExclusionRule;
import weft.race.pair.RaceContext;

/**
 * A lock both threads certainly hold (in modes that exclude each other: not both read locks) orders
 * the two accesses; so does the global atomic section of {@code __VERIFIER_atomic} code. Sound because
 * must-locksets under-approximate the held locks and contain only locks that denote one concrete lock
 * object, so both threads hold the same lock, which mutual exclusion makes impossible at once.
 *
 * <p>Assumes: must-locksets ({@code LockState.must}) under-approximate on every path and hold only
 * locks that denote one concrete lock object ({@code LockResolver}, {@code ObjectMultiplicity}); every
 * release that may target the lock removes it; {@code atomicDepth} is a must-property (merged by
 * minimum). Probes p19-p22, p38, p41-p44, p49, p54, p55: sound. Not guaranteed: a plain write over a
 * held mutex (memset, assignment) is not a release (audit: open, probe p59).
 */
public final class CommonLock implements ExclusionRule {
    /** Reads only the accesses' threads, states and locations. */
    @Override
    public boolean threadStateOnly() {
        return true;
    }

    @Override
    public String exclude(Access a, Access b, RaceContext ctx) {
        if (a.state().inAtomicSection() && b.state().inAtomicSection()) return "both in atomic sections";
        HeldLock h = a.state().locks().commonExclusive(b.state().locks());
        return h == null ? null : "common lock " + h.lock();
    }
}
