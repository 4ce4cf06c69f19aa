package weft.bounded;

import weft.ir.Cfg;
import weft.ir.Edge;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Deque;
import java.util.List;

/**
 * The bounded program of one function towards one target node: the part of its CFG that can reach the target,
 * unwound into an acyclic graph of copies {@code (node, depth)}, where {@code depth} counts the back edges a path
 * from the entry has taken (at most {@code k}).
 *
 * <p>Back edges are the retreating edges of a depth-first order from the entry ({@code rpo(to) <= rpo(from)}); every
 * other edge goes forward in reverse postorder, so the forward edges form a DAG and every path of the function is a
 * sequence of forward edges and back edges. A path with at most {@code k} back edges is therefore a path of the
 * unwound graph (a forward edge keeps the depth, a back edge adds one), and a path that takes a {@code k+1}-th back
 * edge first crosses a <em>cut-off edge</em>: a back edge leaving a copy of depth {@code k}. When no execution can
 * cross a cut-off edge, the unwinding is <em>complete</em>: every execution prefix reaching the target is a path of
 * the unwound graph. Immutable.
 */
public final class Unwinding {
    private final Cfg cfg;
    private final int target;
    private final int[] rpo;
    private final int[] order;
    private final BitSet region;

    private Unwinding(Cfg cfg, int target, int[] rpo, int[] order, BitSet region) {
        this.cfg = cfg;
        this.target = target;
        this.rpo = rpo;
        this.order = order;
        this.region = region;
    }

    /** The unwinding structure of {@code cfg} towards node {@code target}. */
    public static Unwinding of(Cfg cfg, int target) {
        int n = cfg.nodeCount();
        int[] rpo = cfg.reversePostOrder();
        int reached = 0;
        for (int v = 0; v < n; v++) if (rpo[v] >= 0) reached++;
        int[] order = new int[reached];
        for (int v = 0; v < n; v++) if (rpo[v] >= 0) order[rpo[v]] = v;
        BitSet region = new BitSet(n);
        if (target >= 0 && target < n && rpo[target] >= 0) {
            Deque<Integer> work = new ArrayDeque<>();
            work.add(target);
            region.set(target);
            while (!work.isEmpty()) {
                int m = work.poll();
                for (Edge e : cfg.in(m)) {
                    if (rpo[e.from()] >= 0 && !region.get(e.from())) {
                        region.set(e.from());
                        work.add(e.from());
                    }
                }
            }
        }
        return new Unwinding(cfg, target, rpo, order, region);
    }

    public Cfg cfg() { return cfg; }
    public int target() { return target; }

    /** Whether the target is reachable from the entry in the CFG at all (else it is dead code). */
    public boolean targetInCfg() {
        return region.get(target);
    }

    /** Whether {@code node} is reachable from the entry and can reach the target. */
    public boolean inRegion(int node) {
        return region.get(node);
    }

    /** The region's nodes in reverse postorder (forward edges go from earlier to later ones). */
    public int[] regionOrder() {
        return Arrays.stream(order).filter(region::get).toArray();
    }

    /** Whether {@code e} is a back edge (retreating in the depth-first order). */
    public boolean isBack(Edge e) {
        return rpo[e.to()] <= rpo[e.from()];
    }

    /** The edges of the region entering {@code node}. */
    public List<Edge> regionIn(int node) {
        List<Edge> r = new ArrayList<>(2);
        for (Edge e : cfg.in(node)) if (region.get(e.from()) && region.get(e.to())) r.add(e);
        return r;
    }

    /** Whether the region has a cycle (a back edge between two of its nodes): else depth 0 is already complete. */
    public boolean cyclic() {
        for (Edge e : cfg.edges()) if (region.get(e.from()) && region.get(e.to()) && isBack(e)) return true;
        return false;
    }
}
