package weft.pointer;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.CancellationException;

/**
 * Nodes holding sets of locations (ints), edges {@code src -> dst} meaning pts(dst) ⊇ shift(pts(src)),
 * complex constraints reacting to each location entering a node, and a FIFO worklist with difference
 * propagation: each node keeps the delta of locations not yet pushed along its edges and constraints, so
 * every location travels every edge once (along unshifted edges a whole delta at a time, word-wise once
 * sets are bitmaps, see {@link IntSet}). What locations and shifts mean is up to the subclass ({@link
 * Solver}).
 *
 * <p><b>Cycle collapsing.</b> Nodes on a cycle of unshifted edges end up with equal sets, so every
 * time enough new unshifted edges have appeared (a quarter more than at the last time) the strongly
 * connected components of those edges are merged into one representative node (union-find; every
 * operation maps node ids to their representative): one set, the union of the members' edges and
 * constraints. On a merge the representative's delta becomes the members' pending deltas plus the
 * symmetric difference of their sets, so each constraint sees every location of the merged set (some
 * twice: constraints are idempotent). (As whole components merge at once, a location one member has and
 * another lacks is still pending in some member's delta anyway.) The least fixpoint, and so every set,
 * is the same as without merging.
 */
abstract class ConstraintGraph {
    /** Reaction of a complex constraint to one location entering its node's set. */
    interface Constraint {
        void apply(Solver s, int loc);
    }

    private record ShiftEdge(int src, int dst, int shift) {}

    /** Cycle collapsing runs once at least this many unshifted edges were added since the last run. */
    private static final int SCC_MIN_NEW_EDGES = 256;

    // nodes (indexed by node id; only representatives' entries are used)
    private IntSet[] pts = new IntSet[1024];
    private IntSet[] delta = new IntSet[1024];
    private int[][] edges = new int[1024][];
    private int[] edgeCount = new int[1024];
    private Constraint[][] cons = new Constraint[1024][];
    private int[] consCount = new int[1024];
    private boolean[] queued = new boolean[1024];
    /** Union-find parent (a node is a representative iff parent[n] == n). */
    private int[] parent = new int[1024];
    int nodeCount;
    private LongIntMap plainEdges = new LongIntMap();
    private Set<ShiftEdge> shiftEdges = new HashSet<>();
    private int[] queue = new int[1024];
    private int qHead;
    private int qSize;
    private long steps;
    /** Unshifted edges added in all, and when cycles were last collapsed. */
    private long plainAdded;
    private long plainAtLastScc;
    /** Whether cycles are collapsed (switch for tests comparing with the plain algorithm). */
    boolean collapseCycles = true;
    /** Counters for {@link PointsTo#stats()}. */
    long statEdges, statAdds, statApplies, statSccRuns, statMerged;

    /** The location {@code shift} bytes after {@code loc}. */
    abstract int shift(int loc, int shift);

    /** The solver constraints are applied to (this object). */
    abstract Solver solver();

    int newNode() {
        int n = nodeCount++;
        if (n == pts.length) {
            int c = n * 2;
            pts = Arrays.copyOf(pts, c);
            delta = Arrays.copyOf(delta, c);
            edges = Arrays.copyOf(edges, c);
            edgeCount = Arrays.copyOf(edgeCount, c);
            cons = Arrays.copyOf(cons, c);
            consCount = Arrays.copyOf(consCount, c);
            queued = Arrays.copyOf(queued, c);
            parent = Arrays.copyOf(parent, c);
        }
        parent[n] = n;
        return n;
    }

    /** The representative of {@code n} (path halving). */
    final int find(int n) {
        int[] p = parent;
        while (p[n] != n) {
            p[n] = p[p[n]];
            n = p[n];
        }
        return n;
    }

    /** A node initially holding {@code loc}. */
    int seededNode(int loc) {
        int n = newNode();
        addLoc(n, loc);
        return n;
    }

    /** The set of {@code node} (shared by all nodes merged with it), or null if empty so far. */
    IntSet ptsOf(int node) {
        return node < 0 ? null : pts[find(node)];
    }

    int[] ptsArray(int node) {
        IntSet p = ptsOf(node);
        return p == null ? new int[0] : p.toArray();
    }

    void addLoc(int node, int loc) {
        int n = find(node);
        IntSet p = pts[n];
        if (p == null) pts[n] = p = new IntSet();
        if (!p.add(loc)) return;
        statAdds++;
        IntSet d = delta[n];
        if (d == null) delta[n] = d = IntSet.ordered();
        d.add(loc);
        enqueue(n);
    }

    /** pts(n) ⊇ src (n a representative, src not n's set). */
    private void addAllLocs(int n, IntSet src) {
        IntSet p = pts[n];
        if (p == null) pts[n] = p = new IntSet();
        IntSet d = delta[n];
        if (d == null) delta[n] = d = IntSet.ordered();
        int added = p.addAll(src, d);
        if (added == 0) return;
        statAdds += added;
        enqueue(n);
    }

    private void enqueue(int n) {
        if (queued[n]) return;
        queued[n] = true;
        if (qSize == queue.length) {
            int[] nq = new int[queue.length * 2];
            for (int i = 0; i < qSize; i++) nq[i] = queue[(qHead + i) % queue.length];
            queue = nq;
            qHead = 0;
        }
        queue[(qHead + qSize++) % queue.length] = n;
    }

    /** pts(dst) ⊇ shift(pts(src)). */
    void addEdge(int src, int dst, int shift) {
        if (src < 0 || dst < 0) return;
        src = find(src);
        dst = find(dst);
        if (src == dst && shift == 0) return;
        if (shift == 0) {
            if (plainEdges.putIfAbsent(((long) src << 32) | dst, 1) >= 0) return;
            plainAdded++;
        } else if (!shiftEdges.add(new ShiftEdge(src, dst, shift))) {
            return;
        }
        statEdges++;
        appendEdge(src, dst, shift);
        IntSet p = pts[src];
        if (p == null || p.isEmpty()) return;
        if (shift == 0) addAllLocs(dst, p);
        else for (int l : p.toArray()) addLoc(dst, shift(l, shift));
    }

    private void appendEdge(int src, int dst, int shift) {
        int[] e = edges[src];
        int c = edgeCount[src];
        if (e == null) edges[src] = e = new int[4];
        else if (2 * c + 2 > e.length) edges[src] = e = Arrays.copyOf(e, e.length * 2);
        e[2 * c] = dst;
        e[2 * c + 1] = shift;
        edgeCount[src] = c + 1;
    }

    /** Attaches {@code c} to {@code node}; it sees every location the node holds now or later. */
    void addConstraint(int node, Constraint c) {
        if (node < 0) return;
        node = find(node);
        Constraint[] a = cons[node];
        int n = consCount[node];
        if (a == null) cons[node] = a = new Constraint[2];
        else if (n == a.length) cons[node] = a = Arrays.copyOf(a, n * 2);
        a[n] = c;
        consCount[node] = n + 1;
        IntSet p = pts[node];
        if (p != null) for (int l : p.toArray()) {
            statApplies++;
            c.apply(solver(), l);
        }
    }

    /** Runs the worklist to a fixpoint. */
    void solve() {
        while (qSize > 0) {
            checkInterrupt();
            if (collapseCycles && plainAdded - plainAtLastScc >= Math.max(SCC_MIN_NEW_EDGES, plainAtLastScc / 4)) collapseCycles();
            int n = queue[qHead];
            qHead = (qHead + 1) % queue.length;
            qSize--;
            queued[n] = false;
            if (parent[n] != n) continue;   // merged: its delta went to the representative
            IntSet d = delta[n];
            delta[n] = null;
            if (d == null || d.isEmpty()) continue;
            int[] e = edges[n];
            int ec = edgeCount[n];
            int[] elems = null;
            for (int i = 0; i < ec; i++) {
                int dst = find(e[2 * i]);
                int sh = e[2 * i + 1];
                if (sh == 0) {
                    if (dst != n) addAllLocs(dst, d);
                } else {
                    if (elems == null) elems = d.toArray();
                    for (int l : elems) addLoc(dst, shift(l, sh));
                }
            }
            Constraint[] cs = cons[n];
            int cc = consCount[n];
            if (cc > 0 && elems == null) elems = d.toArray();
            for (int i = 0; i < cc; i++) {
                for (int l : elems) {
                    statApplies++;
                    cs[i].apply(solver(), l);
                }
            }
        }
    }

    // ---------------------------------------------------------------- cycle collapsing

    /** Merges the strongly connected components of the unshifted edges between representatives. */
    private void collapseCycles() {
        plainAtLastScc = plainAdded;
        statSccRuns++;
        int n = nodeCount;
        int[] index = new int[n];
        int[] low = new int[n];
        int[] pos = new int[n];
        boolean[] onStack = new boolean[n];
        int[] stack = new int[n];
        int sp = 0;
        int[] dfs = new int[n];
        int dp = 0;
        int counter = 1;
        boolean mergedAny = false;
        for (int root = 0; root < n; root++) {
            if (parent[root] != root || index[root] != 0) continue;
            index[root] = low[root] = counter++;
            stack[sp++] = root;
            onStack[root] = true;
            dfs[dp++] = root;
            while (dp > 0) {
                int v = dfs[dp - 1];
                int[] e = edges[v];
                int ec = edgeCount[v];
                boolean descended = false;
                while (pos[v] < ec) {
                    int i = pos[v]++;
                    if (e[2 * i + 1] != 0) continue;
                    int w = find(e[2 * i]);
                    if (w == v) continue;
                    if (index[w] == 0) {
                        index[w] = low[w] = counter++;
                        stack[sp++] = w;
                        onStack[w] = true;
                        dfs[dp++] = w;
                        descended = true;
                        break;
                    } else if (onStack[w] && index[w] < low[v]) {
                        low[v] = index[w];
                    }
                }
                if (descended) continue;
                dp--;
                if (dp > 0) {
                    int u = dfs[dp - 1];
                    if (low[v] < low[u]) low[u] = low[v];
                }
                if (low[v] == index[v]) {
                    int w = stack[--sp];
                    onStack[w] = false;
                    if (w == v) continue;
                    // a component of two or more nodes: merge all into v
                    int rep = v;
                    do {
                        merge(rep, w);
                        w = stack[--sp];
                        onStack[w] = false;
                    } while (w != v);
                    mergedAny = true;
                }
            }
            checkInterrupt();
        }
        if (mergedAny) {
            for (int v = 0; v < n; v++) if (parent[v] == v) normalizeEdges(v);
        }
    }

    /** Merges node {@code b} into representative {@code a}. */
    private void merge(int a, int b) {
        statMerged++;
        parent[b] = a;
        IntSet pa = pts[a];
        IntSet pb = pts[b];
        IntSet nd = IntSet.ordered();
        if (delta[a] != null) nd.addAll(delta[a], null);
        if (delta[b] != null) nd.addAll(delta[b], null);
        nd.addDifference(pa, pb);
        nd.addDifference(pb, pa);
        if (pa == null) pts[a] = pb;
        else if (pb != null) pa.addAll(pb, null);
        pts[b] = null;
        delta[b] = null;
        delta[a] = nd.isEmpty() ? null : nd;
        // edges and constraints of b now belong to a
        int[] eb = edges[b];
        for (int i = 0, c = edgeCount[b]; i < c; i++) appendEdge(a, eb[2 * i], eb[2 * i + 1]);
        edges[b] = null;
        edgeCount[b] = 0;
        Constraint[] cb = cons[b];
        int ccb = consCount[b];
        if (ccb > 0) {
            Constraint[] ca = cons[a];
            int cca = consCount[a];
            if (ca == null || cca + ccb > ca.length) cons[a] = ca = Arrays.copyOf(ca == null ? new Constraint[0] : ca, Math.max(4, (cca + ccb) * 3 / 2));
            System.arraycopy(cb, 0, ca, cca, ccb);
            consCount[a] = cca + ccb;
        }
        cons[b] = null;
        consCount[b] = 0;
        if (delta[a] != null) enqueue(a);
    }

    /** Maps the targets of {@code v}'s edges to representatives, dropping unshifted self-loops and duplicates. */
    private void normalizeEdges(int v) {
        int[] e = edges[v];
        int ec = edgeCount[v];
        if (ec == 0) return;
        LongIntMap seen = ec > 8 ? new LongIntMap() : null;
        int k = 0;
        for (int i = 0; i < ec; i++) {
            int w = find(e[2 * i]);
            int sh = e[2 * i + 1];
            if (w == v && sh == 0) continue;
            boolean dup = false;
            if (seen != null) {
                dup = seen.putIfAbsent(((long) w << 32) | (sh & 0xffffffffL), 1) >= 0;
            } else {
                for (int j = 0; j < k && !dup; j++) dup = e[2 * j] == w && e[2 * j + 1] == sh;
            }
            if (dup) continue;
            e[2 * k] = w;
            e[2 * k + 1] = sh;
            k++;
        }
        edgeCount[v] = k;
    }

    /** Throws when the thread was interrupted (sampled every 1024 steps), so that callers' timeouts work. */
    void checkInterrupt() {
        if ((++steps & 1023) == 0) checkInterruptNow();
    }

    static void checkInterruptNow() {
        if (Thread.interrupted()) {
            Thread.currentThread().interrupt();
            throw new CancellationException("points-to analysis interrupted");
        }
    }

    /** Drops everything only needed while solving; afterwards the sets are only read (by {@link #ptsOf}). */
    void freeze() {
        for (int v = 0; v < nodeCount; v++) find(v);
        edges = null;
        edgeCount = null;
        cons = null;
        consCount = null;
        delta = null;
        queued = null;
        queue = null;
        plainEdges = null;
        shiftEdges = null;
    }

    /** Set statistics over representatives: {number of sets, sum of sizes, largest}. */
    long[] setStats() {
        long sets = 0;
        long sum = 0;
        long max = 0;
        for (int v = 0; v < nodeCount; v++) {
            if (parent[v] != v || pts[v] == null) continue;
            sets++;
            sum += pts[v].size();
            max = Math.max(max, pts[v].size());
        }
        return new long[] {sets, sum, max};
    }
}
