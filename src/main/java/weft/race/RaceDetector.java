package weft.race;

import weft.pointer.MemObject;
import weft.race.rules.AtLeastOneWrite;
import weft.race.rules.CommonLock;
import weft.race.rules.CreatedAfter;
import weft.race.rules.OwnElementBeforeCreate;
import weft.race.rules.DistinctInstances;
import weft.race.rules.JoinedBefore;
import weft.race.rules.JoinedBeforeCreated;
import weft.race.rules.MayOverlap;
import weft.race.rules.NotBothAtomic;
import weft.race.rules.OnceOrdered;
import weft.race.rules.OwnThreadLocal;
import weft.race.rules.SameUniqueThread;
import weft.race.rules.ScalarStoreKeepsSyncObject;
import weft.race.rules.SymbolicLockRule;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Pairs accesses to the same object and asks every {@link ExclusionRule}; a pair no rule excludes is a
 * possible race. Records, per object, which reasons excluded how many pairs (for explanations).
 *
 * <p>Assumes: the access list holds every access to shared memory of every abstract thread in every
 * calling context ({@code ThreadWalker}; a gap makes the verdict unknown); accesses whose object may be
 * unknown memory are paired with every group that may alias it; the rules are each sound, so a
 * conjunction of exclusions is sound.
 */
public final class RaceDetector {
    /** Default rules, cheapest first. */
    public static List<ExclusionRule> standardRules() {
        return List.of(new AtLeastOneWrite(), new MayOverlap(), new NotBothAtomic(), new ScalarStoreKeepsSyncObject(), new OwnThreadLocal(), new SameUniqueThread(),
                new CommonLock(), new SymbolicLockRule(), new CreatedAfter(), new JoinedBefore(), new JoinedBeforeCreated(), new OnceOrdered(), new DistinctInstances(),
                new OwnElementBeforeCreate());
    }

    /**
     * Result: possible races and, per object, the reasons that excluded pairs; with {@code explain}, the
     * excluded pairs themselves (at most {@link AnalysisResult#MAX_EXCLUDED}).
     */
    public record Result(List<RacePair> races, Map<MemObject, Map<String, Integer>> exclusions, long pairsChecked,
                         List<ExcludedPair> excluded) {
        public Result(List<RacePair> races, Map<MemObject, Map<String, Integer>> exclusions, long pairsChecked) {
            this(races, exclusions, pairsChecked, List.of());
        }
    }

    /** The first rule that excluded a pair and its description. */
    private record Exclusion(ExclusionRule rule, String reason) {}

    private final List<ExclusionRule> rules;
    private final int maxRaces;
    private final boolean explain;

    public RaceDetector(List<ExclusionRule> rules, int maxRaces) {
        this(rules, maxRaces, false);
    }

    /** With {@code explain}, every excluded pair is kept with its excluding rule (costs memory). */
    public RaceDetector(List<ExclusionRule> rules, int maxRaces, boolean explain) {
        this.rules = List.copyOf(rules);
        this.maxRaces = maxRaces;
        this.explain = explain;
    }

    public Result detect(Collection<Access> accesses, RaceContext ctx) {
        // Group by objects that may be the same memory: a wrapper's heap block with its per-call-site
        // copies; accesses to unknown memory join every group with an escaped object.
        Map<MemObject, List<Access>> byObject = new LinkedHashMap<>();
        List<Access> unknown = new ArrayList<>();
        for (Access a : accesses) {
            MemObject o = a.region().object();
            if (o instanceof MemObject.Unknown) unknown.add(a);
            else byObject.computeIfAbsent(groupKey(o), k -> new ArrayList<>()).add(a);
        }
        if (!unknown.isEmpty()) {
            for (Map.Entry<MemObject, List<Access>> e : byObject.entrySet()) {
                if (e.getValue().stream().anyMatch(x -> ctx.pointsTo().mayAlias(new MemObject.Unknown(), x.region().object()))) {
                    e.getValue().addAll(unknown);
                }
            }
            byObject.put(new MemObject.Unknown(), unknown);
        }
        List<RacePair> races = new ArrayList<>();
        List<ExcludedPair> excluded = new ArrayList<>();
        Map<MemObject, Map<String, Integer>> why = new LinkedHashMap<>();
        long checked = 0;
        for (Map.Entry<MemObject, List<Access>> e : byObject.entrySet()) {
            List<Access> list = e.getValue();
            Map<String, Integer> reasons = new TreeMap<>();
            for (int i = 0; i < list.size(); i++) {
                Access a = list.get(i);
                for (int j = i; j < list.size(); j++) {
                    if (Thread.currentThread().isInterrupted()) throw new weft.analysis.ThreadWalker.AnalysisInterrupted();
                    Access b = list.get(j);
                    if (!a.isWrite() && !b.isWrite()) continue;
                    checked++;
                    Exclusion x = excluded(a, b, ctx);
                    if (x != null) {
                        reasons.merge(x.reason(), 1, Integer::sum);
                        if (explain && excluded.size() < AnalysisResult.MAX_EXCLUDED) {
                            excluded.add(new ExcludedPair(e.getKey(), a, b, x.rule().name(), x.reason()));
                        }
                    } else {
                        races.add(new RacePair(a, b));
                        // Enough to show; the verdict can no longer be "race-free".
                        if (races.size() >= maxRaces) return new Result(races, why, checked, excluded);
                    }
                }
            }
            if (!reasons.isEmpty()) why.put(e.getKey(), reasons);
        }
        return new Result(races, why, checked, excluded);
    }

    private static MemObject groupKey(MemObject o) {
        return o instanceof MemObject.Heap h && h.context() != null ? new MemObject.Heap(h.function(), h.site(), null) : o;
    }

    private Exclusion excluded(Access a, Access b, RaceContext ctx) {
        for (ExclusionRule r : rules) {
            String reason = r.exclude(a, b, ctx);
            if (reason != null) return new Exclusion(r, reason);
        }
        return null;
    }
}
