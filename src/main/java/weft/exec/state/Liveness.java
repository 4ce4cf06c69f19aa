package weft.exec.state;

import weft.ir.Cfg;
import weft.ir.Edge;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.Lvalue;
import weft.ir.Stmt;
import weft.ir.Variable;

import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Live automatic variables of one function, for {@code explore.StateEncoder}: a variable is <em>dead</em> at a CFG node when
 * every path from the node writes the whole variable (or re-declares it) before reading it, or never reads it. The
 * content of a dead variable can never influence the execution, so two states that differ only there behave
 * identically.
 *
 * <p>Only <em>tracked</em> variables can be dead: the function's non-static parameters, locals and temporaries whose
 * address the function never takes (no {@code &v}, no array decay of {@code v}). Their objects are then reached by
 * no pointer, so only this activation's statements read or write them, and the statements do so by name: a read is a
 * {@code Load} of an lvalue based on {@code v} (anywhere in the statement: right-hand side, condition, arguments,
 * indices, the pointer of a dereference, a return value), a whole write is an assignment or call result into the
 * plain lvalue {@code v} (a write into a member or element of {@code v} counts as a read: it keeps the rest), and
 * {@code decl v} starts a new object. A call's result is written when the call returns, so while the caller waits,
 * its result variable is dead unless the arguments read it (which happened already) — see {@link #resultSlot}.
 */
public final class Liveness {
    private final Map<Integer, Integer> index = new HashMap<>();
    /** {@link #index} as an array over the ids from {@link #minId}: slot, or -1. */
    private int[] slots = new int[0];
    private int minId;
    /** Per CFG node, the tracked variables (by index) live on entry. */
    private final BitSet[] liveIn;

    private Liveness(Function fn) {
        Set<Integer> addressed = new HashSet<>();
        Cfg cfg = fn.cfg();
        for (Edge e : cfg.edges()) addressTaken(e.stmt(), addressed);
        for (List<Variable> vs : List.of(fn.params(), fn.locals())) {
            for (Variable v : vs) {
                if (!v.isStatic() && !addressed.contains(v.id()) && !index.containsKey(v.id())) index.put(v.id(), index.size());
            }
        }
        if (!index.isEmpty()) {
            minId = java.util.Collections.min(index.keySet());
            int maxId = java.util.Collections.max(index.keySet());
            slots = new int[maxId - minId + 1];
            java.util.Arrays.fill(slots, -1);
            for (Map.Entry<Integer, Integer> e : index.entrySet()) slots[e.getKey() - minId] = e.getValue();
        }
        int n = cfg.nodeCount();
        BitSet[] use = new BitSet[cfg.edges().size()];
        int[] def = new int[cfg.edges().size()];
        for (int k = 0; k < use.length; k++) {
            Stmt st = cfg.edges().get(k).stmt();
            use[k] = new BitSet();
            uses(st, use[k]);
            def[k] = defined(st);
        }
        Map<Edge, Integer> edgeIndex = new IdentityHashMap<>();
        for (int k = 0; k < use.length; k++) edgeIndex.put(cfg.edges().get(k), k);
        liveIn = new BitSet[n];
        for (int i = 0; i < n; i++) liveIn[i] = new BitSet();
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int node = n - 1; node >= 0; node--) {
                BitSet in = new BitSet();
                for (Edge e : cfg.out(node)) {
                    int k = edgeIndex.get(e);
                    BitSet after = (BitSet) liveIn[e.to()].clone();
                    if (def[k] >= 0) after.clear(def[k]);
                    after.or(use[k]);
                    in.or(after);
                }
                if (!in.equals(liveIn[node])) {
                    liveIn[node] = in;
                    changed = true;
                }
            }
        }
    }

    public static Liveness of(Function fn) {
        return new Liveness(fn);
    }

    /** Whether {@code varId} is tracked: a non-static variable of this function whose address it never takes. */
    public boolean tracked(int varId) {
        return slot(varId) >= 0;
    }

    /** The slot of tracked variable {@code varId} in the sets of {@link #liveIn}, or -1 when it is not tracked. */
    public int slot(int varId) {
        int k = varId - minId;
        return k >= 0 && k < slots.length ? slots[k] : -1;
    }

    /** The tracked variables live on entry of {@code node} (not to be changed). */
    public BitSet liveIn(int node) {
        return liveIn[node];
    }

    /** The slot of the tracked variable a call edge's result overwrites, or -1. */
    public int resultSlot(Edge call) {
        return call.stmt() instanceof Stmt.Call c && c.result() instanceof Lvalue.Var v ? slot(v.variable().id()) : -1;
    }

    // ------------------------------------------------------------------ uses and definitions

    private int defined(Stmt st) {
        Lvalue whole = st instanceof Stmt.Assign a ? a.lhs() : st instanceof Stmt.Call c ? c.result() : null;
        if (whole instanceof Lvalue.Var v) return index.getOrDefault(v.variable().id(), -1);
        if (st instanceof Stmt.Decl d) return index.getOrDefault(d.variable().id(), -1);
        return -1;
    }

    private void uses(Stmt st, BitSet u) {
        if (st instanceof Stmt.Assign a) {
            written(a.lhs(), u);
            expr(a.rhs(), u);
        } else if (st instanceof Stmt.Assume as) {
            expr(as.cond(), u);
        } else if (st instanceof Stmt.Call c) {
            if (c.result() != null) written(c.result(), u);
            expr(c.callee(), u);
            for (Expr a : c.args()) expr(a, u);
        } else if (st instanceof Stmt.Return r) {
            if (r.value() != null) expr(r.value(), u);
        }
    }

    /** The reads a write into {@code lv} implies: a partial write keeps the variable live, indices and pointers are read. */
    private void written(Lvalue lv, BitSet u) {
        if (lv instanceof Lvalue.Var) return;
        read(lv, u);
    }

    private void read(Lvalue lv, BitSet u) {
        if (lv instanceof Lvalue.Var v) {
            Integer i = index.get(v.variable().id());
            if (i != null) u.set(i);
        } else if (lv instanceof Lvalue.Field f) {
            read(f.base(), u);
        } else if (lv instanceof Lvalue.Index x) {
            read(x.base(), u);
            expr(x.index(), u);
        } else if (lv instanceof Lvalue.Deref d) {
            expr(d.pointer(), u);
        }
    }

    private void expr(Expr e, BitSet u) {
        if (e instanceof Expr.Load l) {
            read(l.lvalue(), u);
        } else if (e instanceof Expr.AddrOf a) {
            // the address of a tracked variable is never taken; indices and pointers inside are read
            read(a.lvalue(), u);
        } else if (e instanceof Expr.Unary un) {
            expr(un.operand(), u);
        } else if (e instanceof Expr.Binary b) {
            expr(b.left(), u);
            expr(b.right(), u);
        } else if (e instanceof Expr.Cast c) {
            expr(c.operand(), u);
        }
    }

    // ------------------------------------------------------------------ address-taken variables

    private static void addressTaken(Stmt st, Set<Integer> out) {
        if (st instanceof Stmt.Assign a) {
            lvalue(a.lhs(), out);
            expr(a.rhs(), out);
        } else if (st instanceof Stmt.Assume as) {
            expr(as.cond(), out);
        } else if (st instanceof Stmt.Call c) {
            if (c.result() != null) lvalue(c.result(), out);
            expr(c.callee(), out);
            for (Expr a : c.args()) expr(a, out);
        } else if (st instanceof Stmt.Return r) {
            if (r.value() != null) expr(r.value(), out);
        }
    }

    private static void expr(Expr e, Set<Integer> out) {
        if (e instanceof Expr.Load l) {
            lvalue(l.lvalue(), out);
        } else if (e instanceof Expr.AddrOf a) {
            Lvalue base = a.lvalue();
            while (base instanceof Lvalue.Field f || base instanceof Lvalue.Index) {
                base = base instanceof Lvalue.Field f ? f.base() : ((Lvalue.Index) base).base();
            }
            if (base instanceof Lvalue.Var v) out.add(v.variable().id());
            lvalue(a.lvalue(), out);
        } else if (e instanceof Expr.Unary un) {
            expr(un.operand(), out);
        } else if (e instanceof Expr.Binary b) {
            expr(b.left(), out);
            expr(b.right(), out);
        } else if (e instanceof Expr.Cast c) {
            expr(c.operand(), out);
        }
    }

    private static void lvalue(Lvalue lv, Set<Integer> out) {
        if (lv instanceof Lvalue.Field f) {
            lvalue(f.base(), out);
        } else if (lv instanceof Lvalue.Index x) {
            lvalue(x.base(), out);
            expr(x.index(), out);
        } else if (lv instanceof Lvalue.Deref d) {
            expr(d.pointer(), out);
        }
    }
}
