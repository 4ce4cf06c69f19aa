package weft.race.rules;

import weft.pointer.MemObject;
import weft.race.Access;
import weft.race.ExclusionRule;
import weft.race.RaceContext;

/**
 * Accesses to disjoint bytes do not conflict: different struct fields, array cells with disjoint index
 * ranges, a char and a long that do not share a byte (paper 000, Fig. 5). Sound because each region
 * over-approximates the bytes its access may touch (points-to sets and index intervals over-approximate).
 * Distinct abstract objects that may still be the same memory ({@code PointsTo.mayAlias}: a wrapper's
 * fresh block seen inside and outside the wrapper, which share their layout; unknown memory, whose
 * offsets say nothing) are compared by bytes in the first case and never excluded in the second.
 */
public final class MayOverlap implements ExclusionRule {
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
