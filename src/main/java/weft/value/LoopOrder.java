package weft.value;

import weft.ir.Cfg;
import weft.ir.Edge;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The iteration order of the fixpoint: a flattened weak topological order in the manner of Bourdoncle.
 * Strongly connected components come in topological order; each non-trivial component starts with its
 * head (the node first reached in depth-first order), followed by the order of the component without
 * its head, recursively. A worklist that always takes the pending node earliest in this order thus
 * stabilises an inner loop before moving on, instead of re-running the rest of the function after
 * every loop iteration. Every cycle passes through a head, so heads are the widening points.
 */
final class LoopOrder {
    /** Beyond this nesting, components are not decomposed further: every retreating target is a head. */
    private static final int MAX_DEPTH = 64;

    /** Nodes reachable from the entry, in iteration order. */
    final int[] order;
    /** Widening points, by node. */
    final boolean[] head;

    private final Cfg cfg;
    private final int[] rpo;
    /** Call id of the subset a node currently belongs to. */
    private final int[] mark;
    private int calls;
    /** Tarjan's per-node state, reset for the subset of each call. */
    private final int[] index;
    private final int[] low;
    private final int[] next;
    private final boolean[] onStack;
    private final List<Integer> out = new ArrayList<>();

    private LoopOrder(Cfg cfg) {
        this.cfg = cfg;
        int n = cfg.nodeCount();
        this.head = new boolean[n];
        this.mark = new int[n];
        this.index = new int[n];
        this.low = new int[n];
        this.next = new int[n];
        this.onStack = new boolean[n];
        this.rpo = cfg.reversePostOrder();
        List<Integer> reached = new ArrayList<>();
        for (int v = 0; v < n; v++) if (rpo[v] >= 0) reached.add(v);
        reached.sort(Comparator.comparingInt(v -> rpo[v]));
        decompose(reached, 0);
        this.order = out.stream().mapToInt(Integer::intValue).toArray();
    }

    static LoopOrder of(Cfg cfg) {
        return new LoopOrder(cfg);
    }


    /** Appends the order of the subgraph induced by {@code nodes} (sorted by RPO number). */
    private void decompose(List<Integer> nodes, int depth) {
        int id = ++calls;
        for (int v : nodes) mark[v] = id;
        for (List<Integer> scc : components(nodes, id)) {
            int h = scc.get(0);
            boolean cyclic = scc.size() > 1 || cfg.out(h).stream().anyMatch(e -> e.to() == h);
            out.add(h);
            if (!cyclic) continue;
            head[h] = true;
            List<Integer> rest = scc.subList(1, scc.size());
            if (depth < MAX_DEPTH) {
                decompose(rest, depth + 1);
            } else {
                out.addAll(rest);
                for (int v : rest) {
                    for (Edge e : cfg.in(v)) if (mark[e.from()] == id && rpo[e.from()] >= rpo[v]) head[v] = true;
                }
            }
        }
    }

    /** Strongly connected components of the subgraph marked {@code id}, topologically, each sorted by RPO. */
    private List<List<Integer>> components(List<Integer> nodes, int id) {
        for (int v : nodes) {
            index[v] = 0;
            next[v] = 0;
        }
        int counter = 0;
        int[] stack = new int[nodes.size()];
        int sp = 0;
        int[] call = new int[nodes.size()];
        List<List<Integer>> result = new ArrayList<>();
        for (int root : nodes) {
            if (index[root] != 0) continue;
            int cp = 0;
            call[cp++] = root;
            index[root] = low[root] = ++counter;
            stack[sp++] = root;
            onStack[root] = true;
            while (cp > 0) {
                int v = call[cp - 1];
                List<Edge> succ = cfg.out(v);
                if (next[v] < succ.size()) {
                    int w = succ.get(next[v]++).to();
                    if (mark[w] != id) continue;
                    if (index[w] == 0) {
                        index[w] = low[w] = ++counter;
                        stack[sp++] = w;
                        onStack[w] = true;
                        call[cp++] = w;
                    } else if (onStack[w]) {
                        low[v] = Math.min(low[v], index[w]);
                    }
                    continue;
                }
                cp--;
                if (cp > 0) low[call[cp - 1]] = Math.min(low[call[cp - 1]], low[v]);
                if (low[v] == index[v]) {
                    List<Integer> scc = new ArrayList<>();
                    int w;
                    do {
                        w = stack[--sp];
                        onStack[w] = false;
                        scc.add(w);
                    } while (w != v);
                    scc.sort(Comparator.comparingInt(x -> rpo[x]));
                    result.add(scc);
                }
            }
        }
        // Tarjan finds a component only after all those reachable from it.
        java.util.Collections.reverse(result);
        return result;
    }
}
