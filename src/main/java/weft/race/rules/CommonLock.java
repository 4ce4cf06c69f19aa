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
 *
 * <p>The locks include a C library's own lock that a function holds around the callbacks it calls (the table's
 * {@code CALLBACK@GROUP}: {@code dl_iterate_phdr}'s {@code @loader}), which the front end takes as a mutex object of
 * the library's around the callbacks' loop ({@code weft.frontend.CallbackLowering}, {@code Event.LockKind#LIBRARY}).
 * Assumes the library holds one lock across all of them: glibc 2.36 {@code elf/dl-iteratephdr.c} takes
 * {@code dl_load_write_lock} before its walk and releases it after (also when the callback's thread ends or is
 * cancelled: the layers that would otherwise keep it held do not take it, or stop there); a callback that calls the
 * function again relocks a held mutex, which every layer treats as a relock of a default mutex (no proof past it). Checked by the
 * harness (accesses inside such callbacks; the oracle's build shows TSan the lock) and corpus
 * {@code 41-library-inputs/213}, {@code 214}, {@code 24-audit/86}, {@code 87}.
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
