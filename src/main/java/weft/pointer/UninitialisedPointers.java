package weft.pointer;

import weft.ir.Cfg;
import weft.ir.Edge;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.Lvalue;
import weft.ir.SourceLoc;
import weft.ir.Stmt;
import weft.ir.Variable;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads of pointer-typed automatic variables that may happen before any write to them on some path (issue 31,
 * indeterminate values). An uninitialised pointer is an input: it may hold any address, one of no object, or one of
 * an object the points-to sets never name (C11 6.2.4p6: its value is indeterminate; using it is undefined). The
 * constraint graph gives such a variable only the targets of its assignments, so a dereference, a lock or a
 * {@code pthread_once} through it would act on fewer objects than it may; rather than assume, the analysis reports
 * each such read as a reason of incompleteness of its function ({@link Solver#markIncomplete(String, String)}), which
 * makes a race-free verdict impossible while the function runs.
 *
 * <p>Soundness: a forward may-analysis over the function's CFG of the tracked variables that may be unwritten:
 * every tracked variable at the entry and again at each of its declarations ({@link Stmt.Decl}, also one reached
 * again in a loop), cleared only by a whole-variable assignment or a call's result naming it. Tracked are the
 * {@code LOCAL} variables of pointer type whose address the function never takes (only its own statements name them,
 * so no other write is missed). Every read ({@link Expr.Load} of the variable) in a state where its bit may be set is
 * reported. What it does not cover: address-taken pointer locals, pointers inside aggregate locals and heap cells
 * (documented in {@code docs/soundness-audit.md}).
 */
final class UninitialisedPointers {
    private UninitialisedPointers() {
    }

    /** The reads of possibly uninitialised pointer locals of {@code f}, one line each (variable and place). */
    static List<String> reads(Function f) {
        Set<Variable> taken = new HashSet<>();
        for (Edge e : f.cfg().edges()) weft.ir.AddressScan.stmt(e.stmt(), taken);
        Map<Variable, Integer> idx = new HashMap<>();
        List<Variable> vars = new ArrayList<>();
        for (Variable v : f.locals()) {
            if (v.kind() != Variable.Kind.LOCAL || v.isStatic() || !v.type().isPointer() || taken.contains(v)) continue;
            idx.put(v, vars.size());
            vars.add(v);
        }
        if (vars.isEmpty()) return List.of();
        Cfg cfg = f.cfg();
        BitSet[] in = new BitSet[cfg.nodeCount()];
        BitSet start = new BitSet();
        start.set(0, vars.size());
        in[cfg.entry()] = start;
        Deque<Integer> work = new ArrayDeque<>(List.of(cfg.entry()));
        Set<String> found = new LinkedHashSet<>();
        while (!work.isEmpty()) {
            int n = work.poll();
            for (Edge e : cfg.out(n)) {
                BitSet out = (BitSet) in[n].clone();
                List<Variable> read = new ArrayList<>();
                reads(e.stmt(), read);
                for (Variable r : read) {
                    Integer i = idx.get(r);
                    if (i != null && out.get(i)) found.add(r.name() + " at " + where(e.stmt().loc()));
                }
                transfer(e.stmt(), out, idx);
                int t = e.to();
                if (in[t] == null) {
                    in[t] = out;
                    work.add(t);
                } else {
                    BitSet j = (BitSet) in[t].clone();
                    j.or(out);
                    if (!j.equals(in[t])) {
                        in[t] = j;
                        work.add(t);
                    }
                }
            }
        }
        return List.copyOf(found);
    }

    private static String where(SourceLoc l) {
        return l == null ? "?" : l.toString();
    }

    private static void transfer(Stmt s, BitSet st, Map<Variable, Integer> idx) {
        if (s instanceof Stmt.Decl d) {
            Integer i = idx.get(d.variable());
            if (i != null) st.set(i);
        } else if (s instanceof Stmt.Assign a && a.lhs() instanceof Lvalue.Var v) {
            Integer i = idx.get(v.variable());
            if (i != null) st.clear(i);
        } else if (s instanceof Stmt.Call c && c.result() instanceof Lvalue.Var v) {
            Integer i = idx.get(v.variable());
            if (i != null) st.clear(i);
        } else if (s instanceof Stmt.Asm) {
            st.clear();
        }
    }

    /** Adds the variables {@code s} reads (loads of them, not the variables it only writes). */
    private static void reads(Stmt s, List<Variable> out) {
        if (s instanceof Stmt.Assign a) {
            lvalue(a.lhs(), out);
            expr(a.rhs(), out);
        } else if (s instanceof Stmt.Call c) {
            if (c.result() != null) lvalue(c.result(), out);
            expr(c.callee(), out);
            for (Expr x : c.args()) expr(x, out);
        } else if (s instanceof Stmt.Assume a) {
            expr(a.cond(), out);
        } else if (s instanceof Stmt.Return r && r.value() != null) {
            expr(r.value(), out);
        } else if (s instanceof Stmt.Decl d && d.size() != null) {
            expr(d.size(), out);
        }
    }

    private static void expr(Expr e, List<Variable> out) {
        if (e instanceof Expr.Load l) {
            if (l.lvalue() instanceof Lvalue.Var v) out.add(v.variable());
            else lvalue(l.lvalue(), out);
        } else if (e instanceof Expr.AddrOf a) {
            lvalue(a.lvalue(), out);
        } else if (e instanceof Expr.Unary u) {
            expr(u.operand(), out);
        } else if (e instanceof Expr.Binary b) {
            expr(b.left(), out);
            expr(b.right(), out);
        } else if (e instanceof Expr.Cast c) {
            expr(c.operand(), out);
        }
    }

    /** The reads an lvalue makes to find its place (indices, pointers), not of the place itself. */
    private static void lvalue(Lvalue lv, List<Variable> out) {
        if (lv instanceof Lvalue.Field f) {
            lvalue(f.base(), out);
        } else if (lv instanceof Lvalue.Index i) {
            lvalue(i.base(), out);
            expr(i.index(), out);
        } else if (lv instanceof Lvalue.Deref d) {
            expr(d.pointer(), out);
        }
    }
}
