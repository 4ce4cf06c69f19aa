package weft.race.rules;

import weft.race.pair.Access;
import weft.race.pair.ExclusionRule;
import weft.race.pair.RaceContext;

/**
 * Accesses of one thread are ordered by program order; an abstract thread that is unique (at most one
 * concrete thread, see {@code ThreadGraph.isUnique}, an under-approximation) cannot race with itself.
 *
 * <p>Assumes: {@code ThreadGraph.isUnique} under-approximates: every path that re-executes a create
 * statement is a CFG cycle, a second call site, recursion, or a non-unique parent. Non-local jumps
 * ({@code longjmp}) repeat code without a cycle: {@code CallGraph} makes any program that executes one
 * incomplete (audit defect, fixed; probes p01, p02). Function pointers, recursion, goto loops,
 * grandchildren of loop threads: probes p03-p06, sound.
 */
public final class SameUniqueThread implements ExclusionRule {
    /** Reads only the accesses' threads, states and locations. */
    @Override
    public boolean threadStateOnly() {
        return true;
    }

    @Override
    public String exclude(Access a, Access b, RaceContext ctx) {
        return a.thread().equals(b.thread()) && ctx.threads().isUnique(a.thread()) ? "same thread" : null;
    }
}
