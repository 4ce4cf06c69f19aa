package weft.race.rules;

import weft.pointer.MemObject;
import weft.race.pair.Access;
import weft.race.pair.ExclusionRule;
import weft.race.pair.RaceContext;

/**
 * Accesses to disjoint bytes do not conflict: different struct fields, array cells with disjoint index
 * ranges, a char and a long that do not share a byte (paper 000, Fig. 5). Sound because each region
 * over-approximates the bytes its access may touch (points-to sets and index intervals over-approximate).
 * Distinct abstract objects that may still be the same memory ({@code PointsTo.mayAlias}: a wrapper's
 * fresh block seen inside and outside the wrapper, which share their layout; unknown memory, whose
 * offsets say nothing) are compared by bytes in the first case and never excluded in the second.
 *
 * <p>Assumes: each region covers every byte its access may touch ({@code Regions}: points-to sets
 * over-approximate, an unknown index covers the whole array, index intervals from {@code Intervals}
 * over-approximate with wrap-around); an access stays inside its object (out-of-bounds is undefined
 * behaviour); {@code PointsTo.mayAlias} is true for every pair of abstract objects that may be one
 * concrete object. Audit probes p61-p68: sound.
 */
public final class MayOverlap implements ExclusionRule {
    /** Reads only the two memory accesses. */
    @Override
    public boolean accessOnly() {
        return true;
    }

    @Override
    public String exclude(Access a, Access b, RaceContext ctx) {
        var ra = a.region();
        var rb = b.region();
        if (ra.object().equals(rb.object())) return ra.mayOverlap(rb) ? null : "disjoint memory";
        if (!ctx.pointsTo().mayAlias(ra.object(), rb.object())) return "different objects";
        if (ra.object() instanceof MemObject.Unknown || rb.object() instanceof MemObject.Unknown) return null;
        return ra.withObject(rb.object()).mayOverlap(rb) ? null : "disjoint memory";
    }
}
