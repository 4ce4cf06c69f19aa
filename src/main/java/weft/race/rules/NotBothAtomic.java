package weft.race.rules;

import weft.race.pair.Access;
import weft.race.pair.ExclusionRule;
import weft.race.pair.RaceContext;

/**
 * Two atomic accesses ({@code _Atomic} objects, {@code __atomic_*}/{@code __sync_*}/{@code atomic_*}
 * operations) never form a data race by definition (C11 5.1.2.4p25); an access counts as atomic only
 * when it certainly is one.
 *
 * <p>Assumes: an access is marked atomic only when it certainly is one ({@code AccessCollector}: {@code
 * _Atomic} lvalues, atomic builtins, and the operations of synchronisation objects, which C11 makes
 * atomic: {@code weft.access.SyncAccesses}). A plain write over a mutex, semaphore or once-flag is
 * therefore paired with their operations (audit D5, probes p58, p59, p72).
 */
public final class NotBothAtomic implements ExclusionRule {
    /** Reads only the two memory accesses. */
    @Override
    public boolean accessOnly() {
        return true;
    }

    /** Both must be atomic. */
    @Override
    public boolean mayExclude(Access a, RaceContext ctx) {
        return a.isAtomic();
    }

    @Override
    public String exclude(Access a, Access b, RaceContext ctx) {
        return a.isAtomic() && b.isAtomic() ? "both atomic" : null;
    }
}
