package weft.race.rules;

import weft.lock.HeldLock;
import weft.race.Access;
import weft.race.ExclusionRule;
import weft.race.RaceContext;

/**
 * A lock both threads certainly hold (in modes that exclude each other: not both read locks) orders
 * the two accesses; so does the global atomic section of {@code __VERIFIER_atomic} code. Sound because
 * must-locksets under-approximate the held locks and contain only locks that denote one concrete lock
 * object, so both threads hold the same lock, which mutual exclusion makes impossible at once.
 */
public final class CommonLock implements ExclusionRule {
    @Override
    public String exclude(Access a, Access b, RaceContext ctx) {
        if (a.state().inAtomicSection() && b.state().inAtomicSection()) return "both in atomic sections";
        HeldLock h = a.state().locks().commonExclusive(b.state().locks());
        return h == null ? null : "common lock " + h.lock();
    }
}
