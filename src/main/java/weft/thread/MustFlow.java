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
 * The forward must-dataflow the thread facts share ({@link FreshRecords}, {@link ChildJoins}, {@link Tickets},
 * {@link SlotMasks}), and the variables they track: facts
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

    /** The variable {@code s} assigns as a whole ({@code v = ...}, a declaration, a call's result), or null. */
    static weft.ir.Variable assigned(weft.ir.Stmt s) {
        if (s instanceof weft.ir.Stmt.Assign a) return a.lhs() instanceof weft.ir.Lvalue.Var v ? v.variable() : null;
        if (s instanceof weft.ir.Stmt.Decl d) return d.variable();
        if (s instanceof weft.ir.Stmt.Call c) return c.result() instanceof weft.ir.Lvalue.Var v ? v.variable() : null;
        return null;
    }

    /**
     * Whether {@code v} is an automatic variable of {@code f} (a local, parameter or temporary) whose address is never
     * taken: only assignments naming it change it, and no other thread sees it.
     */
    static boolean tracked(weft.ir.AddressTaken addressTaken, Function f, weft.ir.Variable v) {
        weft.ir.Variable.Kind k = v.kind();
        return (k == weft.ir.Variable.Kind.LOCAL || k == weft.ir.Variable.Kind.PARAM || k == weft.ir.Variable.Kind.TEMP)
                && !v.isStatic() && !addressTaken.in(f, v);
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
