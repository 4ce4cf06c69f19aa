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
}
