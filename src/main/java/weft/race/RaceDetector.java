package weft.race;

import weft.ir.SourceLoc;
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
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import weft.thread.ThreadId;

/**
 * Pairs accesses to the same object and asks every {@link ExclusionRule}; a pair no rule excludes is a
 * possible race. Records, per object, which reasons excluded how many pairs (for explanations).
 * Races are deduplicated per pair of sites (source location and kind of both accesses) across calling
 * contexts, thread instances and objects: accesses are bucketed per site within each object group, the
 * key is formed once per pair of sites, and every racing pair of accesses there is merged into one
 * {@link RacePair} (counted, the best-ranked one kept as its representative). Deduplication only
 * merges what is reported; every pair of accesses is still checked, so the verdict is unchanged.
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
     * Result: possible races (one per pair of source locations and kinds, see {@link RacePair}) and, per
     * object, the reasons that excluded pairs; with {@code explain}, the excluded pairs themselves (at most
     * {@link AnalysisResult#MAX_EXCLUDED}); {@code truncated}: pairing stopped at the limit of races.
     */
    public record Result(List<RacePair> races, Map<MemObject, Map<String, Integer>> exclusions, long pairsChecked,
                         List<ExcludedPair> excluded, boolean truncated) {
        public Result(List<RacePair> races, Map<MemObject, Map<String, Integer>> exclusions, long pairsChecked) {
            this(races, exclusions, pairsChecked, List.of(), false);
        }
    }

    /** The first rule that excluded a pair and its description. */
    private record Exclusion(ExclusionRule rule, String reason) {}

    /** Where and how an access is made: the unit of deduplication. */
    private record Site(SourceLoc loc, boolean write) {}

    /** An unordered pair of sites (canonical order), the key races are deduplicated by. */
    private record SitePair(Site x, Site y) {
        static SitePair of(Site a, Site b) {
            int c = compare(a, b);
            return c <= 0 ? new SitePair(a, b) : new SitePair(b, a);
        }

        private static int compare(Site a, Site b) {
            int c = a.loc().file().compareTo(b.loc().file());
            if (c == 0) c = Integer.compare(a.loc().line(), b.loc().line());
            if (c == 0) c = Integer.compare(a.loc().col(), b.loc().col());
            return c != 0 ? c : Boolean.compare(a.write(), b.write());
        }
    }

    /** An unordered pair of abstract threads. */
    private record ThreadPair(ThreadId x, ThreadId y) {
        @Override
        public boolean equals(Object o) {
            return o instanceof ThreadPair p && (x.equals(p.x) && y.equals(p.y) || x.equals(p.y) && y.equals(p.x));
        }

        @Override
        public int hashCode() {
            return x.hashCode() ^ y.hashCode();
        }
    }

    /** The racing pairs of accesses at one pair of sites, merged; the best-ranked pair represents them. */
    private static final class Merged {
        Access first;
        Access second;
        MemObject object;
        Rank rank;
        final Set<MemObject> objects = new LinkedHashSet<>();
        final Set<ThreadPair> threads = new HashSet<>();
        int pairs;

        RacePair pair() {
            List<MemObject> all = new ArrayList<>();
            all.add(object);
            for (MemObject o : objects) if (!o.equals(object)) all.add(o);
            return new RacePair(first, second, object, all, rank, pairs, threads.size());
        }
    }

    private final List<ExclusionRule> rules;
    private final int maxRaces;
    private final boolean explain;
    private final MustRace must;

    public RaceDetector(List<ExclusionRule> rules, int maxRaces) {
        this(rules, maxRaces, false, null);
    }

    /**
     * With {@code explain}, every excluded pair is kept with its excluding rule (costs memory);
     * {@code maxRaces} &le; 0: no limit; {@code must} ranks races (null: all {@link Rank#POSSIBLE}).
     */
    public RaceDetector(List<ExclusionRule> rules, int maxRaces, boolean explain, MustRace must) {
        this.rules = List.copyOf(rules);
        this.maxRaces = maxRaces;
        this.explain = explain;
        this.must = must;
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
        Map<SitePair, Merged> races = new LinkedHashMap<>();
        List<ExcludedPair> excluded = new ArrayList<>();
        Map<MemObject, Map<String, Integer>> why = new LinkedHashMap<>();
        long checked = 0;
        for (Map.Entry<MemObject, List<Access>> e : byObject.entrySet()) {
            // accesses at one site are paired with those of another site once per site pair, so the
            // dedup key is formed per site pair, not per pair of accesses
            List<Site> sites = new ArrayList<>();
            List<List<Access>> bySite = new ArrayList<>();
            Map<Site, Integer> index = new HashMap<>();
            for (Access a : e.getValue()) {
                Site s = new Site(a.loc(), a.isWrite());
                Integer i = index.get(s);
                if (i == null) {
                    index.put(s, sites.size());
                    sites.add(s);
                    bySite.add(new ArrayList<>());
                    i = sites.size() - 1;
                }
                bySite.get(i).add(a);
            }
            Map<String, Integer> reasons = new TreeMap<>();
            boolean unknownJoined = !(e.getKey() instanceof MemObject.Unknown);
            for (int si = 0; si < sites.size(); si++) {
                for (int sj = si; sj < sites.size(); sj++) {
                    if (!sites.get(si).write() && !sites.get(sj).write()) continue;
                    SitePair key = SitePair.of(sites.get(si), sites.get(sj));
                    List<Access> xs = bySite.get(si);
                    List<Access> ys = bySite.get(sj);
                    for (int i = 0; i < xs.size(); i++) {
                        for (int j = si == sj ? i : 0; j < ys.size(); j++) {
                            if (Thread.currentThread().isInterrupted()) throw new weft.analysis.ThreadWalker.AnalysisInterrupted();
                            Access a = xs.get(i);
                            Access b = ys.get(j);
                            // two accesses to unknown memory are paired in the unknown group itself
                            if (unknownJoined && a.region().object() instanceof MemObject.Unknown
                                    && b.region().object() instanceof MemObject.Unknown) continue;
                            checked++;
                            Exclusion x = excluded(a, b, ctx);
                            if (x != null) {
                                reasons.merge(x.reason(), 1, Integer::sum);
                                if (explain && excluded.size() < AnalysisResult.MAX_EXCLUDED) {
                                    excluded.add(new ExcludedPair(e.getKey(), a, b, x.rule().name(), x.reason()));
                                }
                                continue;
                            }
                            Merged m = races.get(key);
                            if (m == null) {
                                // Enough to show; the verdict can no longer be "race-free".
                                if (maxRaces > 0 && races.size() >= maxRaces) {
                                    if (!reasons.isEmpty()) why.put(e.getKey(), reasons);
                                    return new Result(pairs(races), why, checked, excluded, true);
                                }
                                m = new Merged();
                                races.put(key, m);
                            }
                            merge(m, a, b, e.getKey());
                        }
                    }
                }
            }
            if (!reasons.isEmpty()) why.put(e.getKey(), reasons);
        }
        return new Result(pairs(races), why, checked, excluded, false);
    }

    /** Adds a racing pair to its site pair's merge, keeping the best-ranked pair (a concrete object before unknown memory). */
    private void merge(Merged m, Access a, Access b, MemObject group) {
        m.pairs++;
        m.threads.add(new ThreadPair(a.thread(), b.thread()));
        m.objects.add(group);
        if (m.rank == Rank.CERTAIN) return;
        Rank r = must == null ? Rank.POSSIBLE : must.rank(a, b);
        boolean better = m.first == null || r.compareTo(m.rank) < 0
                || r == m.rank && m.object instanceof MemObject.Unknown && !(group instanceof MemObject.Unknown);
        if (better) {
            m.first = a;
            m.second = b;
            m.rank = r;
            m.object = group;
        }
    }

    private static List<RacePair> pairs(Map<SitePair, Merged> races) {
        List<RacePair> out = new ArrayList<>(races.size());
        for (Merged m : races.values()) out.add(m.pair());
        return out;
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
