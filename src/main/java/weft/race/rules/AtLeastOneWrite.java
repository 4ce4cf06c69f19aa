package weft.race.rules;

import weft.race.pair.Access;
import weft.race.pair.ExclusionRule;
import weft.race.pair.RaceContext;

/**
 * Two reads never race: a data race needs at least one write (C11 5.1.2.4). Trivially sound.
 *
 * <p>Assumes: every write is recorded as a write, library writes included ({@code AccessCollector}).
 */
public final class AtLeastOneWrite implements ExclusionRule {
    /** Reads only the two memory accesses. */
    @Override
    public boolean accessOnly() {
        return true;
    }

    /** Only a pair of reads is excluded: a write takes part in none. */
    @Override
    public boolean mayExclude(Access a, RaceContext ctx) {
        return !a.isWrite();
    }

    @Override
    public String exclude(Access a, Access b, RaceContext ctx) {
        return a.isWrite() || b.isWrite() ? null : "both read";
    }
}
