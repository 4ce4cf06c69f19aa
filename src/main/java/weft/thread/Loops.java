package weft.thread;

import weft.ir.Cfg;
import weft.ir.Edge;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;

/** Which CFG edges lie on a cycle (may execute more than once per call), via strongly connected components. */
public final class Loops {
    private final int[] component;

    public Loops(Cfg cfg) {
        int n = cfg.nodeCount();
        component = new int[n];
        Arrays.fill(component, -1);
        int[] index = new int[n];
        int[] low = new int[n];
        Arrays.fill(index, -1);
        boolean[] onStack = new boolean[n];
        Deque<Integer> stack = new ArrayDeque<>();
        int[] counter = {0, 0};
        for (int v = 0; v < n; v++) if (index[v] < 0) strongConnect(cfg, v, index, low, onStack, stack, counter);
    }

    /** Iterative Tarjan, so deep CFGs do not overflow the stack. */
    private void strongConnect(Cfg cfg, int root, int[] index, int[] low, boolean[] onStack, Deque<Integer> stack, int[] counter) {
        Deque<int[]> work = new ArrayDeque<>();
        work.push(new int[]{root, 0});
        index[root] = low[root] = counter[0]++;
        stack.push(root);
        onStack[root] = true;
        while (!work.isEmpty()) {
            int[] frame = work.peek();
            int v = frame[0];
            var out = cfg.out(v);
            if (frame[1] < out.size()) {
                int w = out.get(frame[1]++).to();
                if (index[w] < 0) {
                    index[w] = low[w] = counter[0]++;
                    stack.push(w);
                    onStack[w] = true;
                    work.push(new int[]{w, 0});
                } else if (onStack[w]) {
                    low[v] = Math.min(low[v], index[w]);
                }
            } else {
                work.pop();
                if (!work.isEmpty()) low[work.peek()[0]] = Math.min(low[work.peek()[0]], low[v]);
                if (low[v] == index[v]) {
                    int c = counter[1]++;
                    int w;
                    do {
                        w = stack.pop();
                        onStack[w] = false;
                        component[w] = c;
                    } while (w != v);
                }
            }
        }
    }

    /** Whether the edge can be taken more than once in one execution of its function. */
    public boolean inCycle(Edge e) {
        return component[e.from()] == component[e.to()];
    }

    /** Whether the node lies on a cycle. */
    public boolean inCycle(int node, Cfg cfg) {
        for (Edge e : cfg.out(node)) if (inCycle(e)) return true;
        return false;
    }
}
