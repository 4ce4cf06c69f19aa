package weft.race.rules;

import weft.race.pair.Access;
import weft.race.pair.ExclusionRule;
import weft.race.pair.RaceContext;

/**
 * {@code pthread_once}/{@code call_once}: the routine runs once in the whole program, and every call
 * returns only after it has completed. So two accesses inside the routine of one (concrete) once-flag
 * are ordered by program order, and an access inside the routine happens before any access a thread
 * makes after its own call on that flag returned (must-set {@code onceDone}).
 *
 * <p>Assumes: {@code inOnce}/{@code onceDone} are set only for a once-flag that is one concrete object
 * ({@code ThreadWalker.onceFlag}); the flag is never written except by {@code pthread_once}. Probes
 * p17, p18, p73: sound; a plain write resetting the flag is not seen (audit: open, probe p72).
 */
public final class OnceOrdered implements ExclusionRule {
    /** Reads only the accesses' threads, states and locations. */
    @Override
    public boolean threadStateOnly() {
        return true;
    }

    @Override
    public String exclude(Access a, Access b, RaceContext ctx) {
        var fa = a.state().inOnce();
        var fb = b.state().inOnce();
        if (fa != null && fa.equals(fb)) return "both in the once-routine of " + fa;
        if (fa != null && b.state().onceDone().contains(fa)) return "once-routine of " + fa + " completed before";
        if (fb != null && a.state().onceDone().contains(fb)) return "once-routine of " + fb + " completed before";
        return null;
    }
}
