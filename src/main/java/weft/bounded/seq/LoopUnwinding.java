package weft.bounded.seq;

import weft.ir.Cfg;
import weft.ir.Edge;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A function's CFG unwound loop by loop, as C bounded model checkers unwind: a copy is a node with, for each loop
 * containing it, how many times that loop's back edges have been taken since control entered the loop. A back edge
 * that would take a loop past {@code k} iterations is a cut-off (no copy); leaving a loop forgets its count. Loops are
 * the natural loops of the back edges of a depth-first order (retreating edges). Every path of the function that
 * iterates no loop more than {@code k} times (per entry) is a path of the copy graph, which is acyclic for reducible
 * CFGs; for an irreducible one (a cycle left in the copy graph) the copies count the back edges of the whole path
 * instead (at most {@code k}), as {@code weft.bounded.Unwinding} does. Copies are listed in a topological order, so
 * every edge between copies goes forward. Immutable.
 */
public final class LoopUnwinding {
    /** A copy of {@code node}; {@code key} tells the copies of one node apart. */
    public record Copy(int node, String key) {}

    private final List<Copy> order;
    private final Map<Copy, Integer> index;
    private final Map<Long, Integer> targets;

    private LoopUnwinding(List<Copy> order, Map<Long, Integer> targets) {
        this.order = List.copyOf(order);
        this.index = new HashMap<>();
        for (int i = 0; i < order.size(); i++) index.put(order.get(i), i);
        this.targets = targets;
    }

    /** The copies, the entry's first, in an order where edges go forward. */
    public List<Copy> copies() {
        return order;
    }

    /** The copy edge {@code e} (an out edge of copy {@code from}'s node) leads to, or -1 for a cut-off. */
    public int target(int from, int edgeIndex) {
        return targets.getOrDefault(((long) from << 20) | edgeIndex, -1);
    }

    public static LoopUnwinding of(Cfg cfg, int k) {
        int[] rpo = cfg.reversePostOrder();
        LoopUnwinding u = build(cfg, k, rpo, loops(cfg, rpo));
        return u != null ? u : build(cfg, k, rpo, null);
    }

    /** Per header, the nodes of its natural loop(s). */
    private static Map<Integer, BitSet> loops(Cfg cfg, int[] rpo) {
        Map<Integer, BitSet> loops = new HashMap<>();
        for (Edge e : cfg.edges()) {
            if (rpo[e.to()] > rpo[e.from()]) continue;
            BitSet body = loops.computeIfAbsent(e.to(), h -> new BitSet());
            body.set(e.to());
            Deque<Integer> work = new ArrayDeque<>();
            if (!body.get(e.from())) {
                body.set(e.from());
                work.add(e.from());
            }
            while (!work.isEmpty()) {
                int m = work.poll();
                for (Edge in : cfg.in(m)) {
                    if (!body.get(in.from())) {
                        body.set(in.from());
                        work.add(in.from());
                    }
                }
            }
        }
        return loops;
    }

    /** Builds the copy graph; null if it has a cycle. {@code loops} null: count back edges of the whole path. */
    private static LoopUnwinding build(Cfg cfg, int k, int[] rpo, Map<Integer, BitSet> loops) {
        List<Integer> headers = loops == null ? List.of() : new ArrayList<>(loops.keySet());
        headers.sort(Integer::compare);
        Map<String, Integer> ids = new HashMap<>();
        List<int[]> states = new ArrayList<>();
        List<List<int[]>> succ = new ArrayList<>();
        int width = loops == null ? 1 : headers.size();
        int[] start = new int[width + 1];
        start[0] = cfg.entry();
        ids.put(Arrays.toString(start), 0);
        states.add(start);
        succ.add(new ArrayList<>());
        Map<Long, Integer> targets = new HashMap<>();
        for (int s = 0; s < states.size(); s++) {
            int[] st = states.get(s);
            int node = st[0];
            List<Edge> outs = cfg.out(node);
            for (int ei = 0; ei < outs.size(); ei++) {
                Edge e = outs.get(ei);
                boolean back = rpo[e.to()] <= rpo[e.from()];
                int[] next = new int[width + 1];
                next[0] = e.to();
                boolean cut = false;
                if (loops == null) {
                    next[1] = st[1] + (back ? 1 : 0);
                    cut = next[1] > k;
                } else {
                    for (int h = 0; h < headers.size(); h++) {
                        BitSet body = loops.get(headers.get(h));
                        if (!body.get(e.to())) continue;
                        if (back && e.to() == headers.get(h)) next[h + 1] = st[h + 1] + 1;
                        else if (body.get(node)) next[h + 1] = st[h + 1];
                        if (next[h + 1] > k) cut = true;
                    }
                }
                if (cut) continue;
                String key = Arrays.toString(next);
                Integer id = ids.get(key);
                if (id == null) {
                    id = states.size();
                    ids.put(key, id);
                    states.add(next);
                    succ.add(new ArrayList<>());
                }
                succ.get(s).add(new int[] {ei, id});
            }
        }
        // topological order (Kahn), ties by reverse postorder of the node
        int n = states.size();
        int[] indeg = new int[n];
        for (List<int[]> l : succ) for (int[] x : l) indeg[x[1]]++;
        java.util.PriorityQueue<Integer> ready = new java.util.PriorityQueue<>(
                (a, b) -> rpo[states.get(a)[0]] != rpo[states.get(b)[0]] ? Integer.compare(rpo[states.get(a)[0]], rpo[states.get(b)[0]])
                        : Integer.compare(a, b));
        for (int i = 0; i < n; i++) if (indeg[i] == 0) ready.add(i);
        int[] pos = new int[n];
        List<Copy> order = new ArrayList<>();
        while (!ready.isEmpty()) {
            int s = ready.poll();
            pos[s] = order.size();
            int[] st = states.get(s);
            order.add(new Copy(st[0], Arrays.toString(Arrays.copyOfRange(st, 1, st.length)).replaceAll("[^0-9]+", "_")));
            for (int[] x : succ.get(s)) if (--indeg[x[1]] == 0) ready.add(x[1]);
        }
        if (order.size() < n) return null;
        for (int s = 0; s < n; s++) {
            for (int[] x : succ.get(s)) targets.put(((long) pos[s] << 20) | x[0], pos[x[1]]);
        }
        return new LoopUnwinding(order, targets);
    }
}
