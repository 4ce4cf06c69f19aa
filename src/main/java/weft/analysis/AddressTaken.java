package weft.analysis;

import weft.ir.Expr;
import weft.ir.Lvalue;
import weft.ir.Stmt;
import weft.ir.Variable;

import java.util.Set;

/**
 * Variables whose address a function takes ({@code &x}, {@code &x.f}, {@code &x[i]}, array decay):
 * only the others are sure to change by assignment to them alone. One instance caches per function.
 */
public final class AddressTaken {
    private final java.util.Map<String, Set<Variable>> byFunction = new java.util.HashMap<>();

    /** Whether {@code f} takes the address of {@code v} anywhere. */
    public boolean in(weft.ir.Function f, Variable v) {
        return byFunction.computeIfAbsent(f.linkName(), k -> {
            Set<Variable> seen = new java.util.HashSet<>();
            for (weft.ir.Edge e : f.cfg().edges()) collect(e.stmt(), seen);
            return seen;
        }).contains(v);
    }

    static void collect(Stmt s, Set<Variable> out) {
        if (s instanceof Stmt.Assign a) {
            lvalue(a.lhs(), out);
            expr(a.rhs(), out);
        } else if (s instanceof Stmt.Call c) {
            expr(c.callee(), out);
            for (Expr e : c.args()) expr(e, out);
            if (c.result() != null) lvalue(c.result(), out);
        } else if (s instanceof Stmt.Assume a) {
            expr(a.cond(), out);
        } else if (s instanceof Stmt.Return r && r.value() != null) {
            expr(r.value(), out);
        }
    }

    private static void expr(Expr e, Set<Variable> out) {
        if (e instanceof Expr.AddrOf a) {
            Lvalue lv = a.lvalue();
            while (true) {
                if (lv instanceof Lvalue.Var v) {
                    out.add(v.variable());
                    break;
                } else if (lv instanceof Lvalue.Field f) {
                    lv = f.base();
                } else if (lv instanceof Lvalue.Index i) {
                    expr(i.index(), out);
                    lv = i.base();
                } else {
                    lvalue(lv, out);
                    break;
                }
            }
        } else if (e instanceof Expr.Load l) {
            lvalue(l.lvalue(), out);
        } else if (e instanceof Expr.Unary u) {
            expr(u.operand(), out);
        } else if (e instanceof Expr.Binary b) {
            expr(b.left(), out);
            expr(b.right(), out);
        } else if (e instanceof Expr.Cast c) {
            expr(c.operand(), out);
        }
    }

    private static void lvalue(Lvalue lv, Set<Variable> out) {
        if (lv instanceof Lvalue.Field f) lvalue(f.base(), out);
        else if (lv instanceof Lvalue.Index i) {
            lvalue(i.base(), out);
            expr(i.index(), out);
        } else if (lv instanceof Lvalue.Deref d) expr(d.pointer(), out);
    }
}
