package weft.race.rules;

import weft.race.Access;
import weft.race.ExclusionRule;
import weft.race.RaceContext;

/**
 * Accesses of one thread are ordered by program order; an abstract thread that is unique (at most one
 * concrete thread, see {@code ThreadGraph.isUnique}, an under-approximation) cannot race with itself.
 */
public final class SameUniqueThread implements ExclusionRule {
    @Override
    public String exclude(Access a, Access b, RaceContext ctx) {
        return a.thread().equals(b.thread()) && ctx.threads().isUnique(a.thread()) ? "same thread" : null;
    }
}
