package weft.race;

import weft.ir.SourceLoc;
import weft.pointer.MemObject;
import weft.race.rules.AtLeastOneWrite;
import weft.race.rules.CommonLock;
import weft.race.rules.CreatedAfter;
import weft.race.rules.DeclaredSubobjects;
import weft.race.rules.DisjointMembers;
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
 * A rule that reads only threads, states and locations ({@link ExclusionRule#threadStateOnly}) is asked
 * once per pair of (thread, state) classes at a pair of sites and its answer reused for every pair of
 * accesses of those classes there: the same inputs give the same answer, so each pair still gets the
 * first rule, in order, that excludes it, exactly as if every rule were asked per pair.
 *
 * <p>Assumes: the access list holds every access to shared memory of every abstract thread in every
 * calling context ({@code ThreadWalker}; a gap makes the verdict unknown); accesses whose object may be
 * unknown memory are paired with every group that may alias it; the rules are each sound, so a
 * conjunction of exclusions is sound.
 */
public final class RaceDetector {
    /** Default rules, cheapest first; new instances each time (a rule may keep per-pairing caches). */
    public static List<ExclusionRule> standardRules() {
        return List.of(new AtLeastOneWrite(), new MayOverlap(), new DisjointMembers(), new DeclaredSubobjects(), new NotBothAtomic(), new ScalarStoreKeepsSyncObject(), new OwnThreadLocal(), new SameUniqueThread(),
                new CommonLock(), new SymbolicLockRule(), new CreatedAfter(), new JoinedBefore(), new JoinedBeforeCreated(), new OnceOrdered(), new DistinctInstances(),
                new OwnElementBeforeCreate());
    }

    /**
     * Result: possible races (one per pair of source locations and kinds, see {@link RacePair}) and, per
     * object, the reasons that excluded pairs; with {@code explain}, the excluded pairs themselves (at most
     * {@link AnalysisResult#MAX_EXCLUDED}); {@code truncated}: pairing stopped at the limit of races.
     */
    public record Result(List<RacePair> races, Map<MemObject, Map<String, Integer>> exclusions, long pairsChecked,
                         List<ExcludedPair> excluded, boolean truncated, boolean outOfTime) {
        public Result(List<RacePair> races, Map<MemObject, Map<String, Integer>> exclusions, long pairsChecked) {
            this(races, exclusions, pairsChecked, List.of(), false, false);
        }

        public Result(List<RacePair> races, Map<MemObject, Map<String, Integer>> exclusions, long pairsChecked,
                      List<ExcludedPair> excluded, boolean truncated) {
            this(races, exclusions, pairsChecked, excluded, truncated, false);
        }
    }

    /** The first rule that excluded a pair and its description. */
    private record Exclusion(ExclusionRule rule, String reason) {}

    /** Where and how an access is made: the unit of deduplication. */
    private record Site(SourceLoc loc, boolean write) {}

    /**
     * An unordered pair of ids (sites, threads) as one number: the smaller id in the high half, times an odd
     * constant (a bijection of the longs). Without the multiplication {@link Long#hashCode} of the key is
     * {@code x ^ y}, which collides for most pairs of small ids: the map of a large report degenerated into
     * tree bins (smtprc: a third of the complete pairing's time in {@code TreeNode.find}).
     */
    private static long unordered(int x, int y) {
        long key = x <= y ? (long) x << 32 | y : (long) y << 32 | x;
        return key * 0x9E3779B97F4A7C15L;
    }

    /** A small set of longs: a few elements are scanned, more hashed. */
    private static final class LongSet {
        private long[] few = new long[4];
        private int n;
        private Set<Long> many;

        void add(long v) {
            if (many != null) {
                many.add(v);
                return;
            }
            for (int i = 0; i < n; i++) if (few[i] == v) return;
            if (n == 32) {
                many = new HashSet<>();
                for (int i = 0; i < n; i++) many.add(few[i]);
                many.add(v);
                return;
            }
            if (n == few.length) few = java.util.Arrays.copyOf(few, n * 2);
            few[n++] = v;
        }

        int size() {
            return many != null ? many.size() : n;
        }
    }

    /** The racing pairs of accesses at one pair of sites, merged; the best-ranked pair represents them. */
    private static final class Merged {
        Access first;
        Access second;
        MemObject object;
        Rank rank;
        final Set<MemObject> objects = new LinkedHashSet<>();
        /** The unordered pairs of abstract threads (by id) whose accesses race here. */
        final LongSet threads = new LongSet();
        int pairs;

        RacePair pair() {
            List<MemObject> all = new ArrayList<>();
            all.add(object);
            for (MemObject o : objects) if (!o.equals(object)) all.add(o);
            return new RacePair(first, second, object, all, rank, pairs, threads.size());
        }
    }

    /** (thread, state): what the thread-state rules read of an access besides its location. */
    private record ThreadState(ThreadId thread, weft.analysis.LocalState state) {}

    /**
     * The accesses at one site in one group, each with its (thread, state) class numbered within the bucket and its
     * {@link AliasParts} part.
     */
    private static final class Bucket {
        private final List<Access> accesses = new ArrayList<>();
        private int[] local = new int[4];
        private int[] part = new int[4];
        private final Map<Integer, Integer> classes = new HashMap<>();

        void add(Access a, int globalClass, int aliasPart) {
            int n = accesses.size();
            if (n == local.length) {
                local = java.util.Arrays.copyOf(local, n * 2);
                part = java.util.Arrays.copyOf(part, n * 2);
            }
            local[n] = classes.computeIfAbsent(globalClass, c -> classes.size());
            part[n] = aliasPart;
            accesses.add(a);
        }

        int size() { return accesses.size(); }
        Access access(int i) { return accesses.get(i); }
        int localClass(int i) { return local[i]; }
        int part(int i) { return part[i]; }
        int classCount() { return classes.size(); }
    }

    /** Memo entry of a thread-state rule that was asked and excluded nothing (compared by identity, never a reason). */
    @SuppressWarnings("StringOperationCanBeSimplified")
    private static final String ASKED_NONE = new String("");

    private final List<ExclusionRule> rules;
    /** Per rule, its slot in a class pair's memo if it is a thread-state rule, else -1. */
    private final int[] memoSlot;
    private final int threadStateRules;
    private final int maxRaces;
    private final boolean explain;
    private final MustRace must;
    /** When the pairing stops with what it found ({@link Result#outOfTime}); unlimited unless {@link #until}. */
    private weft.budget.Budget budget = weft.budget.Budget.unlimited();

    public RaceDetector(List<ExclusionRule> rules, int maxRaces) {
        this(rules, maxRaces, false, null);
    }

    /**
     * With {@code explain}, every excluded pair is kept with its excluding rule (costs memory);
     * {@code maxRaces} &le; 0: no limit; {@code must} ranks races (null: all {@link Rank#POSSIBLE}).
     */
    public RaceDetector(List<ExclusionRule> rules, int maxRaces, boolean explain, MustRace must) {
        this.rules = List.copyOf(rules);
        this.memoSlot = new int[this.rules.size()];
        int n = 0;
        for (int k = 0; k < memoSlot.length; k++) memoSlot[k] = this.rules.get(k).threadStateOnly() ? n++ : -1;
        this.threadStateRules = n;
        this.maxRaces = maxRaces;
        this.explain = explain;
        this.must = must;
    }

    /**
     * This detector, stopping when {@code b} is used up: the result then has the races found so far, {@link
     * Result#truncated} and {@link Result#outOfTime}, as it does when the thread is interrupted. A stopped pairing
     * proves nothing.
     */
    public RaceDetector until(weft.budget.Budget b) {
        this.budget = b;
        return this;
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
        Pairing p = new Pairing(ctx);
        for (List<Access> group : byObject.values()) {
            for (Access a : group) {
                p.classOf.computeIfAbsent(a, k -> p.classIds.computeIfAbsent(new ThreadState(k.thread(), k.state()), c -> p.classIds.size()));
            }
        }
        for (Map.Entry<MemObject, List<Access>> e : byObject.entrySet()) {
            if (!pairGroup(e.getKey(), e.getValue(), p)) return new Result(pairs(p.races), p.why, p.checked, p.excluded, true, p.outOfTime);
        }
        return new Result(pairs(p.races), p.why, p.checked, p.excluded, false, false);
    }

    /** The state of one {@link #detect}: the races found so far, keyed by the unordered pair of site ids (sites are numbered across groups). */
    private static final class Pairing {
        final RaceContext ctx;
        final Map<Long, Merged> races = new LinkedHashMap<>();
        final Map<Site, Integer> siteIds = new HashMap<>();
        final Map<ThreadId, Integer> threadIds = new HashMap<>();
        final List<ExcludedPair> excluded = new ArrayList<>();
        final Map<MemObject, Map<String, Integer>> why = new LinkedHashMap<>();
        final Map<ThreadState, Integer> classIds = new HashMap<>();
        final Map<Access, Integer> classOf = new java.util.IdentityHashMap<>();
        long checked;
        boolean outOfTime;

        Pairing(RaceContext ctx) {
            this.ctx = ctx;
        }

        int threadId(ThreadId t) {
            return threadIds.computeIfAbsent(t, k -> threadIds.size());
        }
    }

    /**
     * Pairs the accesses of one object group: bucketed per site, each pair of sites once, and within it every pair of
     * accesses whose objects may alias ({@link AliasParts}). False when the limit of races stopped the pairing.
     */
    private boolean pairGroup(MemObject group, List<Access> accesses, Pairing p) {
        Map<String, int[]> reasons = new HashMap<>();
        AliasParts parts = AliasParts.of(accesses, group instanceof MemObject.Unknown, p.ctx);
        // accesses at one site are paired with those of another site once per site pair, so the
        // dedup key is formed per site pair, not per pair of accesses
        List<Site> sites = new ArrayList<>();
        List<Bucket> bySite = new ArrayList<>();
        Map<Site, Integer> index = new HashMap<>();
        for (int k = 0; k < accesses.size(); k++) {
            Access a = accesses.get(k);
            Site s = new Site(a.loc(), a.isWrite());
            Integer i = index.get(s);
            if (i == null) {
                index.put(s, sites.size());
                sites.add(s);
                bySite.add(new Bucket());
                i = sites.size() - 1;
            }
            bySite.get(i).add(a, p.classOf.get(a), parts.part(k));
        }
        int[] siteId = new int[sites.size()];
        for (int i = 0; i < siteId.length; i++) siteId[i] = p.siteIds.computeIfAbsent(sites.get(i), k -> p.siteIds.size());
        boolean complete = true;
        for (int si = 0; si < sites.size() && complete; si++) {
            for (int sj = si; sj < sites.size() && complete; sj++) {
                if (!sites.get(si).write() && !sites.get(sj).write()) continue;
                complete = pairSites(group, bySite.get(si), bySite.get(sj), si == sj, unordered(siteId[si], siteId[sj]), parts, reasons, p);
            }
        }
        if (!reasons.isEmpty()) p.why.put(group, sorted(reasons));
        return complete;
    }

    /** Pairs the accesses of two sites of a group (the same site: each unordered pair once). False at the limit of races. */
    private boolean pairSites(MemObject group, Bucket xs, Bucket ys, boolean same, long key, AliasParts parts,
                              Map<String, int[]> reasons, Pairing p) {
        // the thread-state rules' answers per pair of classes at this pair of sites
        String[] memo = new String[xs.classCount() * ys.classCount() * threadStateRules];
        boolean[] threadPairSeen = new boolean[xs.classCount() * ys.classCount()];
        Merged m = null;
        for (int i = 0; i < xs.size(); i++) {
            if (Thread.currentThread().isInterrupted()) {
                p.outOfTime = true;
                return false;
            }
            Access a = xs.access(i);
            int pa = xs.part(i);
            for (int j = same ? i : 0; j < ys.size(); j++) {
                if (!parts.pairable(pa, ys.part(j))) continue;
                Access b = ys.access(j);
                if ((++p.checked & 0xfff) == 0 && budget.expired()) {
                    p.outOfTime = true;
                    return false;
                }
                int classPair = xs.localClass(i) * ys.classCount() + ys.localClass(j);
                Exclusion x = excluded(a, b, p.ctx, memo, classPair * threadStateRules);
                if (x != null) {
                    reasons.computeIfAbsent(x.reason(), r -> new int[1])[0]++;
                    if (explain && p.excluded.size() < AnalysisResult.MAX_EXCLUDED) {
                        p.excluded.add(new ExcludedPair(group, a, b, x.rule().name(), x.reason()));
                    }
                    continue;
                }
                if (m == null) {
                    m = p.races.get(key);
                    if (m == null) {
                        // Enough to show; the verdict can no longer be "race-free".
                        if (maxRaces > 0 && p.races.size() >= maxRaces) return false;
                        m = new Merged();
                        p.races.put(key, m);
                    }
                }
                // the object both accesses touch (one calling context's block of an allocation wrapper), else the group
                MemObject object = a.region().object().equals(b.region().object()) ? a.region().object() : group;
                m.objects.add(object);
                // the threads are those of the classes
                if (!threadPairSeen[classPair]) {
                    threadPairSeen[classPair] = true;
                    m.threads.add(unordered(p.threadId(a.thread()), p.threadId(b.thread())));
                }
                merge(m, a, b, object);
            }
        }
        return true;
    }

    private static Map<String, Integer> sorted(Map<String, int[]> counts) {
        Map<String, Integer> out = new TreeMap<>();
        for (Map.Entry<String, int[]> c : counts.entrySet()) out.put(c.getKey(), c.getValue()[0]);
        return out;
    }

    /** Adds a racing pair to its site pair's merge, keeping the best-ranked pair (a concrete object before unknown memory). */
    private void merge(Merged m, Access a, Access b, MemObject group) {
        m.pairs++;
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

    private static List<RacePair> pairs(Map<Long, Merged> races) {
        List<RacePair> out = new ArrayList<>(races.size());
        for (Merged m : races.values()) out.add(m.pair());
        return out;
    }

    private static MemObject groupKey(MemObject o) {
        return o instanceof MemObject.Heap h && h.context() != null ? new MemObject.Heap(h.function(), h.site(), null) : o;
    }

    /**
     * The first rule that excludes {@code a} and {@code b}, in the order of the rules. A rule that reads
     * only threads, states and locations is asked once per pair of classes: its answer is kept in
     * {@code memo} from {@code at} on (one slot per such rule; null until asked, {@link #ASKED_NONE} when it excluded nothing).
     */
    private Exclusion excluded(Access a, Access b, RaceContext ctx, String[] memo, int at) {
        for (int k = 0; k < rules.size(); k++) {
            ExclusionRule r = rules.get(k);
            String reason;
            int slot = memoSlot[k];
            if (slot < 0) {
                reason = r.exclude(a, b, ctx);
            } else {
                reason = memo[at + slot];
                if (reason == null) {
                    reason = r.exclude(a, b, ctx);
                    memo[at + slot] = reason == null ? ASKED_NONE : reason;
                } else if (reason == ASKED_NONE) {
                    reason = null;
                }
            }
            if (reason != null) return new Exclusion(r, reason);
        }
        return null;
    }
}
