package weft.ir;

import java.util.ArrayList;
import java.util.List;

/**
 * An immutable control-flow graph: nodes are {@code 0..nodeCount-1}, edges carry statements. The exit
 * node is reached by every {@code return}; nodes no path reaches from the entry have been removed.
 */
public final class Cfg {
    private final int nodeCount;
    private final int entry;
    private final int exit;
    private final List<Edge> edges;
    private final List<List<Edge>> out;
    private final List<List<Edge>> in;

    public Cfg(int nodeCount, int entry, int exit, List<Edge> edges) {
        this.nodeCount = nodeCount;
        this.entry = entry;
        this.exit = exit;
        this.edges = List.copyOf(edges);
        List<List<Edge>> o = new ArrayList<>(nodeCount);
        List<List<Edge>> i = new ArrayList<>(nodeCount);
        for (int n = 0; n < nodeCount; n++) {
            o.add(new ArrayList<>(2));
            i.add(new ArrayList<>(2));
        }
        for (Edge e : this.edges) {
            o.get(e.from()).add(e);
            i.get(e.to()).add(e);
        }
        this.out = o.stream().map(List::copyOf).toList();
        this.in = i.stream().map(List::copyOf).toList();
    }

    public int nodeCount() { return nodeCount; }
    public int entry() { return entry; }
    public int exit() { return exit; }
    public List<Edge> edges() { return edges; }
    public List<Edge> out(int node) { return out.get(node); }
    public List<Edge> in(int node) { return in.get(node); }

    /**
     * The nodes reached from {@code starts} (included) along the edges {@code follow} accepts: a node is reached through
     * an edge only when the edge is followed.
     */
    public java.util.BitSet reached(java.util.Collection<Integer> starts, java.util.function.Predicate<Edge> follow) {
        java.util.BitSet seen = new java.util.BitSet(nodeCount);
        java.util.ArrayDeque<Integer> work = new java.util.ArrayDeque<>();
        for (int n : starts) {
            if (!seen.get(n)) {
                seen.set(n);
                work.add(n);
            }
        }
        while (!work.isEmpty()) {
            for (Edge e : out.get(work.poll())) {
                if (seen.get(e.to()) || !follow.test(e)) continue;
                seen.set(e.to());
                work.add(e.to());
            }
        }
        return seen;
    }

    /**
     * The nodes a depth-first search from the entry reaches, in reverse postorder (the order a forward dataflow
     * visits them in); unreachable nodes are left out. Not {@link #reversePostOrder}, which numbers the nodes.
     */
    public int[] nodesInReversePostOrder() {
        int[] num = reversePostOrder();
        int count = 0;
        for (int v : num) if (v >= 0) count++;
        int[] out = new int[count];
        for (int n = 0; n < num.length; n++) if (num[n] >= 0) out[num[n]] = n;
        return out;
    }

    /**
     * Reverse-postorder number of each node of a depth-first search from the entry that takes out-edges in
     * order (iterative), -1 for a node the search does not reach.
     */
    public int[] reversePostOrder() {
        int[] num = new int[nodeCount];
        java.util.Arrays.fill(num, -1);
        boolean[] seen = new boolean[nodeCount];
        int[] stack = new int[nodeCount];
        int[] next = new int[nodeCount];
        int[] post = new int[nodeCount];
        int count = 0;
        int sp = 0;
        stack[sp++] = entry;
        seen[entry] = true;
        while (sp > 0) {
            int v = stack[sp - 1];
            List<Edge> succ = out(v);
            if (next[v] < succ.size()) {
                int w = succ.get(next[v]++).to();
                if (!seen[w]) {
                    seen[w] = true;
                    stack[sp++] = w;
                }
            } else {
                post[count++] = v;
                sp--;
            }
        }
        for (int i = 0; i < count; i++) num[post[i]] = count - 1 - i;
        return num;
    }
}
