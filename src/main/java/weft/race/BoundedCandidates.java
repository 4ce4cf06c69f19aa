package weft.race;

import weft.bounded.BoundedAnswer;
import weft.bounded.Bounds;
import weft.bounded.DeadSites;
import weft.bounded.bmc.RaceBmc;
import weft.bounded.seq.AccessFilter;
import weft.budget.Budget;
import weft.ir.CallTarget;
import weft.ir.Program;
import weft.ir.SourceLoc;
import weft.ir.Stmt;
import weft.race.pair.Access;
import weft.race.pair.RaceContext;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Hands the candidate pairs the thread-modular layer left to the bounded layer: first the per-function dead sites
 * ({@link DeadSites}: accesses no execution reaches are dropped and the rest paired again), then the bounded model
 * checker of the sequentialised program ({@link RaceBmc}) with only the remaining candidates' statements instrumented.
 *
 * <p>Soundness of a proof: the candidates are every access at a source location of a race of a complete pairing
 * (not truncated, no analysis gap), so every racing pair of accesses has both accesses among them or among the
 * accesses no rule left racing. Dead-site proof: the accesses of dead sites are dropped (no execution makes them) and
 * the rest are paired again by the same rules in the same context; race freedom when that pairing finds no race.
 * Model-checking proof: the instrumentation covers every access of the candidates' statements
 * ({@link #instrumentable}: plain accesses of assignments, conditions, returns and calls of program functions, which
 * are the accesses the sequentialiser instruments; library effects and atomic accesses are not, so their pairs are
 * never refuted this way), and {@link RaceBmc#check} answers {@code RACE_FREE} only when no pair of instrumented
 * accesses can race in any execution (its argument is in its class comment); so no candidate pair races. The
 * sequentialised program does not run thread-specific destructors ({@code pthread_key_create(&k, d)},
 * {@code tss_create}), which run as threads end: when the program may register one ({@link #registersDestructor}), no
 * model-checking proof is accepted (D16: a destructor's unlocked update in two ending threads was proved race-free).
 */
final class BoundedCandidates {
    private final Program program;
    private final List<Access> accesses;
    private final RaceDetector.Result first;
    private final List<String> gaps;
    private final RaceContext ctx;
    private final MustRace must;
    private final Bounds bounds;
    private final RaceBmc.Options bmc;

    BoundedCandidates(Program program, List<Access> accesses, RaceDetector.Result first, List<String> gaps, RaceContext ctx,
                      MustRace must, Bounds bounds, RaceBmc.Options bmc) {
        this.program = program;
        this.accesses = accesses;
        this.first = first;
        this.gaps = gaps;
        this.ctx = ctx;
        this.must = must;
        this.bounds = bounds;
        this.bmc = bmc;
    }

    /** A proof of race freedom within {@code budget}, or hints for the explorer. */
    BoundedAnswer run(Budget budget) {
        if (first.races().isEmpty()) return BoundedAnswer.NONE;
        boolean proofPossible = !first.truncated() && gaps.isEmpty();
        List<RacePair> open = first.races();
        Map<String, List<Long>> hints = new LinkedHashMap<>();
        if (!allTriviallyLive(open)) {
            Budget share = budget.slice(Math.max(1, budget.remainingMillis() / 2));
            DeadSites.Result dead = DeadSites.find(program, sites(open), bounds, share);
            hints.putAll(dead.hints());
            if (!dead.dead().isEmpty() && proofPossible) {
                List<Access> live = new ArrayList<>(accesses.size());
                for (Access a : accesses) {
                    DeadSites.Site s = DeadSites.siteOf(a.function(), a.edge());
                    if (s == null || !dead.dead().contains(s)) live.add(a);
                }
                RaceDetector.Result again = new RaceDetector(RaceDetector.standardRules(), RaceAnalysis.VERDICT_RACES, false, must).detect(live, ctx);
                if (again.races().isEmpty() && !again.truncated()) {
                    return new BoundedAnswer("bounded proof: the " + (accesses.size() - live.size()) + " access(es) left racing by the thread-modular layer at "
                            + dead.dead().size() + " statement(s) are unreachable in every execution (Z3, complete unwinding of at most "
                            + dead.maxBound() + " back edge(s) per path; bounds: " + bounds + ")", hints);
                }
                if (!again.truncated()) open = again.races();
            }
        }
        if (program.function("main") == null || budget.expired() || Thread.currentThread().isInterrupted()) return new BoundedAnswer(null, hints);
        // without a possible proof (gaps, truncation) the rounds a proof needs would only slow the search down
        RaceBmc.Outcome o = RaceBmc.check(program, filter(open), proofPossible ? bmc : bmc.searchOnly(), budget);
        if (o.kind() == RaceBmc.Kind.RACE) {
            o.schedule().inputs().forEach(hints::putIfAbsent);
            return new BoundedAnswer(null, hints, o.schedule(), "a racing run of the bounded program (" + o.detail()
                    + ") that the explorer did not replay");
        }
        boolean covered = proofPossible && !registersDestructor() && open.stream().allMatch(p -> instrumentable(p.first()) && instrumentable(p.second()));
        if (o.kind() == RaceBmc.Kind.RACE_FREE && covered) {
            return new BoundedAnswer("bounded proof: none of the " + open.size() + " pair(s) of accesses left racing by the thread-modular layer "
                    + "can race (lazy sequentialisation and bounded model checking with Z3: " + o.detail() + ")", hints);
        }
        return new BoundedAnswer(null, hints, null, unproved(o, proofPossible));
    }

    /**
     * What an outcome that is no proof established, for an unknown verdict's reason; null at the layer's budget: more
     * time may change it, and a report must not depend on the machine's speed (the time limit is the reason then).
     */
    private static String unproved(RaceBmc.Outcome o, boolean proofPossible) {
        if (o.limited()) return null;
        if (o.kind() != RaceBmc.Kind.RACE_FREE) return o.detail();
        return o.detail() + ", but " + (proofPossible ? "library effects or atomic accesses among the candidates are not instrumented"
                : "the thread-modular layer has gaps");
    }

    private boolean allTriviallyLive(List<RacePair> pairs) {
        for (RacePair p : pairs) {
            DeadSites.Site a = DeadSites.siteOf(p.first().function(), p.first().edge());
            DeadSites.Site b = DeadSites.siteOf(p.second().function(), p.second().edge());
            if ((a != null && !DeadSites.triviallyLive(program, a)) || (b != null && !DeadSites.triviallyLive(program, b))) return false;
        }
        return true;
    }

    private Set<DeadSites.Site> sites(List<RacePair> pairs) {
        Set<SourceLoc> locs = new HashSet<>();
        for (RacePair p : pairs) {
            locs.add(p.first().loc());
            locs.add(p.second().loc());
        }
        Set<DeadSites.Site> sites = new LinkedHashSet<>();
        for (Access a : accesses) {
            if (!locs.contains(a.loc())) continue;
            DeadSites.Site s = DeadSites.siteOf(a.function(), a.edge());
            if (s != null) sites.add(s);
        }
        return sites;
    }

    /** Instruments the statements (function and location) of the pairs' accesses. */
    private static AccessFilter filter(List<RacePair> pairs) {
        Set<String> keys = new HashSet<>();
        for (RacePair p : pairs) {
            keys.add(key(p.first().function().linkName(), p.first().edge().stmt().loc()));
            keys.add(key(p.second().function().linkName(), p.second().edge().stmt().loc()));
        }
        return (f, s, lv) -> keys.contains(key(f.linkName(), s.loc()));
    }

    private static String key(String function, SourceLoc loc) {
        return function + "@" + loc;
    }

    /**
     * Whether some call registers a thread-specific destructor: a create of the model table's
     * {@link weft.model.Event.ThreadSpecific} kind whose destructor argument is not a null constant.
     */
    private boolean registersDestructor() {
        for (weft.ir.Function f : program.functions().values()) {
            for (weft.ir.Edge e : f.cfg().edges()) {
                if (!(e.stmt() instanceof Stmt.Call c) || !(program.target(c) instanceof CallTarget.Library l)) continue;
                if (!(l.model().event() instanceof weft.model.Event.ThreadSpecific ts) || ts.op() != weft.model.Event.SpecificOp.CREATE) continue;
                if (c.args().size() < 2 || !isNull(c.args().get(1))) return true;
            }
        }
        return false;
    }

    private static boolean isNull(weft.ir.Expr e) {
        while (e instanceof weft.ir.Expr.Cast k) e = k.operand();
        return e instanceof weft.ir.Expr.IntConst i && i.value() == 0;
    }

    /** Whether the sequentialiser instruments access {@code a} itself (see the class comment). */
    private boolean instrumentable(Access a) {
        if (a.isAtomic()) return false;
        Stmt s = a.edge().stmt();
        if (s instanceof Stmt.Assign || s instanceof Stmt.Assume || s instanceof Stmt.Return) return true;
        return s instanceof Stmt.Call c && program.target(c) instanceof CallTarget.User;
    }
}
