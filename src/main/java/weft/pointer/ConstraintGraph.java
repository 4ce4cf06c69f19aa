package weft.pointer;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.CancellationException;

/**
 * Nodes holding sets of locations (ints), edges {@code src -> dst} meaning pts(dst) ⊇ shift(pts(src)),
 * complex constraints reacting to each location entering a node, and a FIFO worklist with difference
 * propagation: each node keeps the delta of locations not yet pushed along its edges and constraints, so
 * every location travels every edge once and cycles cost no repeated work. What locations and shifts
 * mean is up to the subclass ({@link Solver}).
 */
abstract class ConstraintGraph {
    /** Reaction of a complex constraint to one location entering its node's set. */
    interface Constraint {
        void apply(Solver s, int loc);
    }

    private record ShiftEdge(int src, int dst, int shift) {}

    // nodes
    IntSet[] pts = new IntSet[1024];
    private IntList[] delta = new IntList[1024];
    private int[][] edges = new int[1024][];
    private int[] edgeCount = new int[1024];
    private Constraint[][] cons = new Constraint[1024][];
    private int[] consCount = new int[1024];
    private boolean[] queued = new boolean[1024];
    int nodeCount;
    private LongIntMap plainEdges = new LongIntMap();
    private Set<ShiftEdge> shiftEdges = new HashSet<>();
    private int[] queue = new int[1024];
    private int qHead;
    private int qSize;
    private long steps;

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
        }
        return n;
    }

    /** A node initially holding {@code loc}. */
    int seededNode(int loc) {
        int n = newNode();
        addLoc(n, loc);
        return n;
    }

    int[] ptsArray(int node) {
        IntSet p = pts[node];
        return p == null ? new int[0] : p.toArray();
    }

    void addLoc(int node, int loc) {
        IntSet p = pts[node];
        if (p == null) pts[node] = p = new IntSet();
        if (!p.add(loc)) return;
        IntList d = delta[node];
        if (d == null) delta[node] = d = new IntList(2);
        d.add(loc);
        if (!queued[node]) {
            queued[node] = true;
            if (qSize == queue.length) {
                int[] nq = new int[queue.length * 2];
                for (int i = 0; i < qSize; i++) nq[i] = queue[(qHead + i) % queue.length];
                queue = nq;
                qHead = 0;
            }
            queue[(qHead + qSize++) % queue.length] = node;
        }
    }

    /** pts(dst) ⊇ shift(pts(src)). */
    void addEdge(int src, int dst, int shift) {
        if (src < 0 || dst < 0 || (src == dst && shift == 0)) return;
        if (shift == 0) {
            if (plainEdges.putIfAbsent(((long) src << 32) | dst, 1) >= 0) return;
        } else if (!shiftEdges.add(new ShiftEdge(src, dst, shift))) {
            return;
        }
        int[] e = edges[src];
        int c = edgeCount[src];
        if (e == null) edges[src] = e = new int[4];
        else if (2 * c + 2 > e.length) edges[src] = e = Arrays.copyOf(e, e.length * 2);
        e[2 * c] = dst;
        e[2 * c + 1] = shift;
        edgeCount[src] = c + 1;
        IntSet p = pts[src];
        if (p != null) for (int l : p.toArray()) addLoc(dst, shift == 0 ? l : shift(l, shift));
    }

    /** Attaches {@code c} to {@code node}; it sees every location the node holds now or later. */
    void addConstraint(int node, Constraint c) {
        if (node < 0) return;
        Constraint[] a = cons[node];
        int n = consCount[node];
        if (a == null) cons[node] = a = new Constraint[2];
        else if (n == a.length) cons[node] = a = Arrays.copyOf(a, n * 2);
        a[n] = c;
        consCount[node] = n + 1;
        IntSet p = pts[node];
        if (p != null) for (int l : p.toArray()) c.apply(solver(), l);
    }

    /** Runs the worklist to a fixpoint. */
    void solve() {
        while (qSize > 0) {
            checkInterrupt();
            int n = queue[qHead];
            qHead = (qHead + 1) % queue.length;
            qSize--;
            queued[n] = false;
            IntList d = delta[n];
            delta[n] = null;
            if (d == null) continue;
            int[] e = edges[n];
            int ec = edgeCount[n];
            for (int i = 0; i < ec; i++) {
                int dst = e[2 * i];
                int sh = e[2 * i + 1];
                for (int j = 0; j < d.size(); j++) addLoc(dst, sh == 0 ? d.get(j) : shift(d.get(j), sh));
            }
            Constraint[] cs = cons[n];
            int cc = consCount[n];
            for (int i = 0; i < cc; i++) {
                for (int j = 0; j < d.size(); j++) cs[i].apply(solver(), d.get(j));
            }
        }
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

    /** Drops everything only needed while solving; afterwards the sets are only read. */
    void freeze() {
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
}
