package weft.race;

import weft.ir.SourceLoc;
import weft.pointer.MemObject;
import weft.race.pair.Access;
import weft.race.pair.ExclusionRule;
import weft.race.pair.RaceContext;
import weft.race.rules.StoppedBeforeDrained;
import weft.race.rules.StoredBeforeJoiner;
import weft.race.rules.AtLeastOneWrite;
import weft.race.rules.CommonLock;
import weft.race.rules.CreatedAfter;
import weft.race.rules.DeclaredSubobjects;
import weft.race.rules.DisjointMembers;
import weft.race.rules.DistinctInstances;
import weft.race.rules.JoinedBefore;
import weft.race.rules.JoinedBeforeCreated;
import weft.race.rules.MayOverlap;
import weft.race.rules.NotBothAtomic;
import weft.race.rules.StreamLockOrders;
import weft.race.rules.OnceOrdered;
import weft.race.rules.PublishedBefore;
import weft.race.rules.OwnElementBeforeCreate;
import weft.race.rules.OwnRecordAfterJoin;
import weft.race.rules.OwnChildAfterJoin;
import weft.race.rules.DistinctOwnAllocations;
import weft.race.rules.DistinctSlots;
import weft.race.rules.DistinctTickets;
import weft.race.rules.OwnThreadLocal;
import weft.race.rules.SameUniqueThread;
import weft.race.rules.ScalarStoreKeepsSyncObject;
import weft.race.rules.SymbolicLockRule;
import weft.thread.ThreadId;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

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
 * first rule, in order, that excludes it, exactly as if every rule were asked per pair. Likewise the rules at
 * the head of the list that read only the two memory accesses ({@link ExclusionRule#accessOnly}: the cheap
 * ones, which come first) are asked once per pair of distinct {@link weft.access.MemoryAccess} values at a
 * pair of sites, their first exclusion (or none) reused for every pair of accesses with those values: on a large
 * program most accesses at a site differ only in thread, state and calling context (sol: 7 times fewer pairs of
 * memory accesses than of accesses), and asking sixteen rules through an interface per pair was most of the
 * complete pairing's time.
 *
 * <p>Assumes: the access list holds every access to shared memory of every abstract thread in every
 * calling context ({@code ThreadWalker}; a gap makes the verdict unknown); accesses whose object may be
 * unknown memory are paired with every group that may alias it; the rules are each sound, so a
 * conjunction of exclusions is sound.
 */
public final class RaceDetector {
    /** Default rules, cheapest first; new instances each time (a rule may keep per-pairing caches). */
    public static List<ExclusionRule> standardRules() {
        return List.of(new AtLeastOneWrite(), new MayOverlap(), new DisjointMembers(), new DeclaredSubobjects(), new NotBothAtomic(), new StreamLockOrders(), new ScalarStoreKeepsSyncObject(), new OwnThreadLocal(), new SameUniqueThread(),
                new CommonLock(), new SymbolicLockRule(), new CreatedAfter(), new JoinedBefore(), new JoinedBeforeCreated(), new OnceOrdered(), new PublishedBefore(), new StoppedBeforeDrained(), new DistinctInstances(),
                new OwnElementBeforeCreate(), new OwnRecordAfterJoin(), new OwnChildAfterJoin(), new DistinctOwnAllocations(), new DistinctTickets(), new DistinctSlots(), new StoredBeforeJoiner());
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

    /** Memo entry of the access-only head of the rules that was asked and excluded nothing (compared by identity). */
    private static final Exclusion NONE = new Exclusion(null, null);

    /** Pairs of memory-access classes past which a pair of sites asks its access-only rules per pair of accesses. */
    private static final int MAX_ACCESS_MEMO = 1 << 22;

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

    /** The racing pairs of accesses at one pair of sites, merged; the best-ranked pair represents them. */
    private static final class Merged {
        Access first;
        Access second;
        MemObject object;
        Rank rank;
        /** Distinct objects, in the order found ({@link #objectIds} keeps them distinct). */
        final List<MemObject> objects = new ArrayList<>();
        /** The numbers ({@link Pairing#objectId}) of {@link #objects}: equal objects have one number. */
        final LongSet objectIds = new LongSet();
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
    private record ThreadState(ThreadId thread, weft.modular.LocalState state) {}

    private final List<ExclusionRule> rules;
    /** Per rule, 0 or more if it is a thread-state rule (answered together, once per pair of classes), else -1. */
    private final int[] memoSlot;
    /** The rules {@code [0, accessHead)} read only the memory accesses ({@link ExclusionRule#accessOnly}). */
    private final int accessHead;
    /**
     * Bit k: rule k, past the head, is asked per pair of accesses (neither in the head nor a thread-state rule); -1 when
     * a rule past 63 is, whose bit a {@link #mayExclude} mask cannot clear. A pair whose mask clears all of these is
     * excluded past the head exactly when the thread-state rules exclude it.
     */
    private final long tailPairRules;
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
        int h = 0;
        while (h < this.rules.size() && this.rules.get(h).accessOnly() && !this.rules.get(h).threadStateOnly()) h++;
        this.accessHead = h;
        long tail = 0;
        for (int k = h; k < this.rules.size(); k++) {
            if (memoSlot[k] >= 0) continue;
            if (k >= 64) {
                tail = -1L;
                break;
            }
            tail |= 1L << k;
        }
        this.tailPairRules = tail;
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
        final LongMap<Merged> races = new LongMap<>();
        final Map<Site, Integer> siteIds = new HashMap<>();
        final Map<ThreadId, Integer> threadIds = new HashMap<>();
        final List<ExcludedPair> excluded = new ArrayList<>();
        /**
         * The access-only head's answer per pair of memory-access classes of the current pair of sites, valid where
         * {@code accessStamp} holds {@code generation}: reused across pairs of sites without clearing.
         */
        Exclusion[] accessMemo = new Exclusion[0];
        int[] accessStamp = new int[0];
        /**
         * The first thread-state rule that excludes, per pair of (thread, state) classes of the current pair of sites
         * (NONE: none does), valid where {@code stateStamp} holds {@code generation}.
         */
        Exclusion[] stateMemo = new Exclusion[0];
        int[] stateStamp = new int[0];
        /** Per pair of classes, the {@link #generation} that last added its threads to the race of the current pair of sites. */
        int[] threadPairStamp = new int[0];
        /** The {@link #objectId} of the group being paired. */
        int groupId;
        int generation;
        final Map<MemObject, Map<String, Integer>> why = new LinkedHashMap<>();
        final Map<ThreadState, Integer> classIds = new HashMap<>();
        final Map<Access, Integer> classOf = new java.util.IdentityHashMap<>();
        long checked;
        boolean outOfTime;

        Pairing(RaceContext ctx) {
            this.ctx = ctx;
        }

        final Map<MemObject, Integer> objectIds = new HashMap<>();

        /** Per object number, the {@link #generation} (pair of sites) that last added it to its race: a cheap test first. */
        int[] objectSeen = new int[64];

        /** Objects numbered across groups (equal objects, one number). */
        int objectId(MemObject o) {
            int id = objectIds.computeIfAbsent(o, k -> objectIds.size());
            if (id >= objectSeen.length) objectSeen = java.util.Arrays.copyOf(objectSeen, Math.max(id + 1, 2 * objectSeen.length));
            return id;
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
        List<SiteBucket> bySite = new ArrayList<>();
        Map<Site, Integer> index = new HashMap<>();
        for (int k = 0; k < accesses.size(); k++) {
            Access a = accesses.get(k);
            Site s = new Site(a.loc(), a.isWrite());
            Integer i = index.get(s);
            if (i == null) {
                index.put(s, sites.size());
                sites.add(s);
                bySite.add(new SiteBucket());
                i = sites.size() - 1;
            }
            bySite.get(i).add(a, p.classOf.get(a), parts.part(k), mayExclude(a, p.ctx), p.objectId(a.region().object()),
                    must != null && must.mayBeCertain(a));
        }
        int[] siteId = new int[sites.size()];
        for (int i = 0; i < siteId.length; i++) siteId[i] = p.siteIds.computeIfAbsent(sites.get(i), k -> p.siteIds.size());
        boolean complete = true;
        p.groupId = p.objectId(group);
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
    private boolean pairSites(MemObject group, SiteBucket xs, SiteBucket ys, boolean same, long key, AliasParts parts,
                              Map<String, int[]> reasons, Pairing p) {
        // the thread-state rules' answers per pair of classes at this pair of sites
        int classPairs = xs.classCount() * ys.classCount();
        if (p.stateMemo.length < classPairs) {
            p.stateMemo = new Exclusion[Math.max(classPairs, 2 * p.stateMemo.length)];
            p.stateStamp = new int[p.stateMemo.length];
        }
        if (p.threadPairStamp.length < classPairs) p.threadPairStamp = new int[Math.max(classPairs, 2 * p.threadPairStamp.length)];
        // the access-only head's answers per pair of memory-access classes at this pair of sites
        long accessPairs = (long) xs.memoryAccessCount() * ys.memoryAccessCount();
        boolean accessMemo = accessHead > 0 && accessPairs <= MAX_ACCESS_MEMO;
        if (accessMemo && p.accessMemo.length < accessPairs) {
            int size = (int) Math.min(MAX_ACCESS_MEMO, Math.max(accessPairs, 2L * p.accessMemo.length));
            p.accessMemo = new Exclusion[size];
            p.accessStamp = new int[size];
        }
        p.generation++;
        Merged m = null;
        int groupId = p.groupId;
        String lastReason = null;
        int[] lastCount = null;
        for (int i = 0; i < xs.size(); i++) {
            if (Thread.currentThread().isInterrupted()) {
                p.outOfTime = true;
                return false;
            }
            Access a = xs.access(i);
            int[] js = ys.pairableWith(xs.part(i), parts);
            int from = 0;
            if (same) {
                from = java.util.Arrays.binarySearch(js, i);
                if (from < 0) from = -from - 1;
            }
            for (int t = from; t < js.length; t++) {
                int j = js[t];
                Access b = ys.access(j);
                if ((++p.checked & 0xfff) == 0 && budget.expired()) {
                    p.outOfTime = true;
                    return false;
                }
                int classPair = xs.localClass(i) * ys.classCount() + ys.localClass(j);
                long mask = xs.mayExclude(i) & ys.mayExclude(j);
                Exclusion x;
                if (accessMemo) {
                    int at = xs.memoryAccessClass(i) * ys.memoryAccessCount() + ys.memoryAccessClass(j);
                    if (p.accessStamp[at] != p.generation) {
                        Exclusion head = excluded(a, b, p, classPair, 0, accessHead, mask);
                        p.accessMemo[at] = head == null ? NONE : head;
                        p.accessStamp[at] = p.generation;
                    }
                    x = p.accessMemo[at];
                    if (x == NONE) x = (mask & tailPairRules) == 0 ? stateAnswer(a, b, p, classPair) : excluded(a, b, p, classPair, accessHead, rules.size(), mask);
                } else {
                    x = excluded(a, b, p, classPair, 0, rules.size(), mask);
                }
                if (x != null) {
                    // most exclusions come from the memos, the same reason object again and again
                    if (x.reason() != lastReason) {
                        lastReason = x.reason();
                        lastCount = reasons.computeIfAbsent(lastReason, r -> new int[1]);
                    }
                    lastCount[0]++;
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
                        p.races.putNew(key, m);
                    }
                }
                // the object both accesses touch (one calling context's block of an allocation wrapper), else the group
                boolean sameObject = xs.object(i) == ys.object(j);
                MemObject object = sameObject ? a.region().object() : group;
                int objectId = sameObject ? xs.object(i) : groupId;
                if (p.objectSeen[objectId] != p.generation) {
                    p.objectSeen[objectId] = p.generation;
                    if (m.objectIds.add(objectId)) m.objects.add(object);
                }
                // the threads are those of the classes
                if (p.threadPairStamp[classPair] != p.generation) {
                    p.threadPairStamp[classPair] = p.generation;
                    m.threads.add(unordered(p.threadId(a.thread()), p.threadId(b.thread())));
                }
                merge(m, a, b, object, xs.mayBeCertain(i) && ys.mayBeCertain(j));
            }
        }
        return true;
    }

    /** The rules not answered per class of threads and states that may exclude a pair with {@code a} (bit k: rule k). */
    private long mayExclude(Access a, RaceContext ctx) {
        long mask = -1L;
        for (int k = 0; k < Math.min(64, rules.size()); k++) {
            if (memoSlot[k] < 0 && !rules.get(k).mayExclude(a, ctx)) mask &= ~(1L << k);
        }
        return mask;
    }

    private static Map<String, Integer> sorted(Map<String, int[]> counts) {
        Map<String, Integer> out = new TreeMap<>();
        for (Map.Entry<String, int[]> c : counts.entrySet()) out.put(c.getKey(), c.getValue()[0]);
        return out;
    }

    /** Adds a racing pair to its site pair's merge, keeping the best-ranked pair (a concrete object before unknown memory). */
    private void merge(Merged m, Access a, Access b, MemObject group, boolean mayBeCertain) {
        m.pairs++;
        if (m.rank == Rank.CERTAIN) return;
        Rank r = must == null || !mayBeCertain ? Rank.POSSIBLE : must.rank(a, b);
        boolean better = m.first == null || r.compareTo(m.rank) < 0
                || r == m.rank && m.object instanceof MemObject.Unknown && !(group instanceof MemObject.Unknown);
        if (better) {
            m.first = a;
            m.second = b;
            m.rank = r;
            m.object = group;
        }
    }

    private static List<RacePair> pairs(LongMap<Merged> races) {
        List<RacePair> out = new ArrayList<>(races.size());
        for (Merged m : races.values()) out.add(m.pair());
        return out;
    }

    private static MemObject groupKey(MemObject o) {
        return o instanceof MemObject.Heap h && h.context() != null ? new MemObject.Heap(h.function(), h.site(), null) : o;
    }

    /**
     * The first rule of {@code [from, to)} that excludes {@code a} and {@code b}, in the order of the rules, skipping a
     * rule asked per pair whose bit in {@code mayExclude} is clear (it excludes no pair with one of them). The rules
     * that read only threads, states and locations are answered together, once per pair of classes ({@code classPair}
     * at the current pair of sites): the first of them that excludes, in order; when the loop reaches one of them, it
     * excludes exactly when it is that first one (an earlier one excludes nothing, and a later one is never reached).
     */
    private Exclusion excluded(Access a, Access b, Pairing p, int classPair, int from, int to, long mayExclude) {
        Exclusion states = null;
        for (int k = from; k < to; k++) {
            ExclusionRule r = rules.get(k);
            if (memoSlot[k] >= 0) {
                if (states == null) states = threadStateAnswer(a, b, p, classPair);
                if (states.rule() == r) return states;
                continue;
            }
            if (k < 64 && (mayExclude >>> k & 1) == 0) continue;
            String reason = r.exclude(a, b, p.ctx);
            if (reason != null) return new Exclusion(r, reason);
        }
        return null;
    }

    /** {@link #threadStateAnswer}, null where no thread-state rule excludes the pair. */
    private Exclusion stateAnswer(Access a, Access b, Pairing p, int classPair) {
        Exclusion x = threadStateAnswer(a, b, p, classPair);
        return x == NONE ? null : x;
    }

    /** The first thread-state rule, in order, that excludes {@code a} and {@code b} ({@link #NONE}: none), once per class pair. */
    private Exclusion threadStateAnswer(Access a, Access b, Pairing p, int classPair) {
        if (p.stateStamp[classPair] == p.generation) return p.stateMemo[classPair];
        Exclusion out = NONE;
        for (int k = 0; k < rules.size() && out == NONE; k++) {
            if (memoSlot[k] < 0) continue;
            String reason = rules.get(k).exclude(a, b, p.ctx);
            if (reason != null) out = new Exclusion(rules.get(k), reason);
        }
        p.stateMemo[classPair] = out;
        p.stateStamp[classPair] = p.generation;
        return out;
    }
}
