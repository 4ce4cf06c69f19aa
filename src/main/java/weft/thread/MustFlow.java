package weft.thread;

import weft.ir.Cfg;
import weft.ir.Edge;
import weft.ir.Function;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.BinaryOperator;

/**
 * The forward must-dataflow the thread facts share ({@link FreshRecords}, {@link ChildJoins}, {@link Tickets}): facts
 * at the entry given, the facts after an edge its transfer of the facts before it, the facts at a node the meet of
 * those its reached incoming edges bring (a value at the entry is never changed: no edge flows back into it). The
 * meet must be the greatest lower bound of a lattice of finite height in which the transfer is monotone (sets under
 * intersection, maps under their common entries), so the iteration in reverse post-order ends at the greatest
 * fixpoint below the first visit: what holds on every path from the entry. Unreached nodes get null.
 */
final class MustFlow {
    private MustFlow() {}

    /** The meet of sets: their intersection. */
    static <V> java.util.Set<V> intersect(java.util.Set<V> a, java.util.Set<V> b) {
        java.util.Set<V> out = new java.util.HashSet<>(a);
        out.retainAll(b);
        return out;
    }

    /** The facts at each node of {@code f} (null where unreached). */
    static <T> List<T> solve(Function f, T entry, BiFunction<Edge, T, T> transfer, BinaryOperator<T> meet) {
        Cfg cfg = f.cfg();
        List<T> in = new ArrayList<>(Collections.nCopies(cfg.nodeCount(), (T) null));
        in.set(cfg.entry(), entry);
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int n : cfg.nodesInReversePostOrder()) {
                T cur = in.get(n);
                if (cur == null) continue;
                for (Edge x : cfg.out(n)) {
                    if (x.to() == cfg.entry()) continue;
                    T out = transfer.apply(x, cur);
                    T old = in.get(x.to());
                    T merged = old == null ? out : meet.apply(old, out);
                    if (!merged.equals(old)) {
                        in.set(x.to(), merged);
                        changed = true;
                    }
                }
            }
        }
        return in;
    }
}
