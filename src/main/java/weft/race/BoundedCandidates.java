package weft.race;

import weft.bounded.BoundedAnswer;
import weft.bounded.Bounds;
import weft.bounded.DeadSites;
import weft.budget.Budget;
import weft.ir.Program;
import weft.ir.SourceLoc;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Hands the candidate accesses the thread-modular layer left to the bounded layer ({@link DeadSites}) and pairs what
 * remains again: the proof of race freedom the precise layers get from it.
 *
 * <p>Soundness: the candidates are every access at a source location of a race of a complete pairing (not truncated,
 * no analysis gap), so every racing pair of accesses has both accesses among them or among the accesses no rule
 * left racing; the accesses of dead sites are dropped (no execution makes them) and the rest are paired again by the
 * same rules in the same context. Race freedom is claimed only when that pairing finds no race, not truncated.
 */
final class BoundedCandidates {
    private final Program program;
    private final List<Access> accesses;
    private final RaceDetector.Result first;
    private final List<String> gaps;
    private final RaceContext ctx;
    private final MustRace must;
    private final Bounds bounds;

    BoundedCandidates(Program program, List<Access> accesses, RaceDetector.Result first, List<String> gaps, RaceContext ctx,
                      MustRace must, Bounds bounds) {
        this.program = program;
        this.accesses = accesses;
        this.first = first;
        this.gaps = gaps;
        this.ctx = ctx;
        this.must = must;
        this.bounds = bounds;
    }

    /** A proof of race freedom within {@code budget}, or hints for the explorer. */
    BoundedAnswer run(Budget budget) {
        if (first.races().isEmpty()) return BoundedAnswer.NONE;
        // a pair with both sides live without branching cannot be refuted
        for (RacePair p : first.races()) {
            DeadSites.Site a = DeadSites.siteOf(p.first().function(), p.first().edge());
            DeadSites.Site b = DeadSites.siteOf(p.second().function(), p.second().edge());
            if ((a == null || DeadSites.triviallyLive(program, a)) && (b == null || DeadSites.triviallyLive(program, b))) return BoundedAnswer.NONE;
        }
        Set<SourceLoc> locs = new HashSet<>();
        for (RacePair p : first.races()) {
            locs.add(p.first().loc());
            locs.add(p.second().loc());
        }
        Set<DeadSites.Site> sites = new LinkedHashSet<>();
        for (Access a : accesses) {
            if (!locs.contains(a.loc())) continue;
            DeadSites.Site s = DeadSites.siteOf(a.function(), a.edge());
            if (s != null) sites.add(s);
        }
        DeadSites.Result dead = DeadSites.find(program, sites, bounds, budget);
        BoundedAnswer none = new BoundedAnswer(null, dead.hints());
        // a proof needs every candidate: a complete pairing and no gap in the analyses
        if (dead.dead().isEmpty() || first.truncated() || !gaps.isEmpty()) return none;
        List<Access> live = new ArrayList<>(accesses.size());
        for (Access a : accesses) {
            DeadSites.Site s = DeadSites.siteOf(a.function(), a.edge());
            if (s == null || !dead.dead().contains(s)) live.add(a);
        }
        RaceDetector.Result again = new RaceDetector(RaceDetector.standardRules(), RaceAnalysis.VERDICT_RACES, false, must).detect(live, ctx);
        if (!again.races().isEmpty() || again.truncated()) return none;
        return new BoundedAnswer("bounded proof: the " + (accesses.size() - live.size()) + " access(es) left racing by the thread-modular layer at "
                + dead.dead().size() + " statement(s) are unreachable in every execution (Z3, complete unwinding of at most "
                + dead.maxBound() + " back edge(s) per path; bounds: " + bounds + ")", dead.hints());
    }
}
