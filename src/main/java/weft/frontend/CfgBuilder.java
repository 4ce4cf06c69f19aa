package weft.frontend;

import weft.ir.Cfg;
import weft.ir.Edge;
import weft.ir.SourceLoc;
import weft.ir.Stmt;

import java.util.ArrayList;
import java.util.List;

/**
 * Builds one function's CFG. Statements are appended at the current node; {@link #build} drops nodes
 * not reachable from the entry and renumbers the rest in creation order.
 */
final class CfgBuilder {
    private int nodes;
    private final List<Edge> edges = new ArrayList<>();
    private final int entry;
    private final int exit;
    private int current;

    CfgBuilder() {
        entry = newNode();
        exit = newNode();
        current = entry;
    }

    int newNode() {
        return nodes++;
    }

    int current() { return current; }
    int exit() { return exit; }

    void setCurrent(int node) { current = node; }

    /** Appends {@code s} at the current node and moves to a fresh node after it. */
    void append(Stmt s) {
        int next = newNode();
        edges.add(new Edge(current, next, s));
        current = next;
    }

    void edge(int from, int to, Stmt s) {
        edges.add(new Edge(from, to, s));
    }

    /** Jumps from the current node to {@code target}; control continues at a fresh unreachable node. */
    void jump(int target, SourceLoc loc) {
        edges.add(new Edge(current, target, new Stmt.Skip(loc)));
        current = newNode();
    }

    /** Continues at {@code node}, falling through to it from the current node. */
    void fallInto(int node, SourceLoc loc) {
        edges.add(new Edge(current, node, new Stmt.Skip(loc)));
        current = node;
    }

    Cfg build() {
        List<List<Edge>> out = new ArrayList<>(nodes);
        for (int i = 0; i < nodes; i++) out.add(new ArrayList<>());
        for (Edge e : edges) out.get(e.from()).add(e);
        int[] map = new int[nodes];
        java.util.Arrays.fill(map, -1);
        boolean[] seen = new boolean[nodes];
        java.util.ArrayDeque<Integer> work = new java.util.ArrayDeque<>();
        seen[entry] = true;
        seen[exit] = true;
        work.push(entry);
        while (!work.isEmpty()) {
            int n = work.pop();
            for (Edge e : out.get(n)) {
                if (!seen[e.to()]) {
                    seen[e.to()] = true;
                    work.push(e.to());
                }
            }
        }
        int count = 0;
        for (int i = 0; i < nodes; i++) if (seen[i]) map[i] = count++;
        List<Edge> kept = new ArrayList<>();
        for (Edge e : edges) {
            if (seen[e.from()]) kept.add(new Edge(map[e.from()], map[e.to()], e.stmt()));
        }
        return new Cfg(count, map[entry], map[exit], kept);
    }
}
