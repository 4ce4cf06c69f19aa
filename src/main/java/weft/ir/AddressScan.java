package weft.ir;

import java.util.Set;

/**
 * Finds the variables whose address a statement takes: {@code &v}, {@code &v.f}, {@code &v[i]} (array
 * decay included, which the front end lowers to {@code &v[0]}). Only these can change other than by
 * an assignment naming them.
 */
public final class AddressScan {
    private AddressScan() {
    }

    /** Adds to {@code taken} the variables {@code s} takes the address of. */
    public static void stmt(Stmt s, Set<Variable> taken) {
        if (s instanceof Stmt.Assign a) {
            lvalue(a.lhs(), taken);
            expr(a.rhs(), taken);
        } else if (s instanceof Stmt.Call c) {
            if (c.result() != null) lvalue(c.result(), taken);
            expr(c.callee(), taken);
            for (Expr x : c.args()) expr(x, taken);
        } else if (s instanceof Stmt.Assume a) {
            expr(a.cond(), taken);
        } else if (s instanceof Stmt.Return r && r.value() != null) {
            expr(r.value(), taken);
        }
    }

    /** Adds to {@code taken} the variables {@code e} takes the address of. */
    public static void expr(Expr e, Set<Variable> taken) {
        if (e instanceof Expr.AddrOf a) {
            Variable root = root(a.lvalue());
            if (root != null) taken.add(root);
            lvalue(a.lvalue(), taken);
        } else if (e instanceof Expr.Load l) {
            lvalue(l.lvalue(), taken);
        } else if (e instanceof Expr.Unary u) {
            expr(u.operand(), taken);
        } else if (e instanceof Expr.Binary b) {
            expr(b.left(), taken);
            expr(b.right(), taken);
        } else if (e instanceof Expr.Cast c) {
            expr(c.operand(), taken);
        }
    }

    private static void lvalue(Lvalue lv, Set<Variable> taken) {
        if (lv instanceof Lvalue.Field f) {
            lvalue(f.base(), taken);
        } else if (lv instanceof Lvalue.Index i) {
            lvalue(i.base(), taken);
            expr(i.index(), taken);
        } else if (lv instanceof Lvalue.Deref d) {
            expr(d.pointer(), taken);
        }
    }

    private static Variable root(Lvalue lv) {
        if (lv instanceof Lvalue.Var v) return v.variable();
        if (lv instanceof Lvalue.Field f) return root(f.base());
        if (lv instanceof Lvalue.Index i) return root(i.base());
        return null;
    }

    /** Adds to {@code out} the functions {@code s} names (called directly or used as a pointer value). */
    public static void functionRefs(Stmt s, Set<String> out) {
        if (s instanceof Stmt.Assign a) {
            functionRefs(a.lhs(), out);
            functionRefs(a.rhs(), out);
        } else if (s instanceof Stmt.Call c) {
            if (c.result() != null) functionRefs(c.result(), out);
            functionRefs(c.callee(), out);
            for (Expr x : c.args()) functionRefs(x, out);
        } else if (s instanceof Stmt.Assume a) {
            functionRefs(a.cond(), out);
        } else if (s instanceof Stmt.Return r && r.value() != null) {
            functionRefs(r.value(), out);
        }
    }

    /**
     * Adds to {@code out} the functions {@code s} uses as values (their address taken: anywhere but as the callee
     * of a direct call).
     */
    public static void addressedFunctions(Stmt s, Set<String> out) {
        if (s instanceof Stmt.Call c) {
            if (c.result() != null) functionRefs(c.result(), out);
            if (!(c.callee() instanceof Expr.FuncRef)) functionRefs(c.callee(), out);
            for (Expr x : c.args()) functionRefs(x, out);
        } else {
            functionRefs(s, out);
        }
    }

    /** Adds to {@code out} the functions {@code e} names. */
    public static void functionRefs(Expr e, Set<String> out) {
        if (e instanceof Expr.FuncRef f) out.add(f.name());
        else if (e instanceof Expr.Load l) functionRefs(l.lvalue(), out);
        else if (e instanceof Expr.AddrOf a) functionRefs(a.lvalue(), out);
        else if (e instanceof Expr.Unary u) functionRefs(u.operand(), out);
        else if (e instanceof Expr.Binary b) {
            functionRefs(b.left(), out);
            functionRefs(b.right(), out);
        } else if (e instanceof Expr.Cast c) functionRefs(c.operand(), out);
    }

    private static void functionRefs(Lvalue lv, Set<String> out) {
        if (lv instanceof Lvalue.Field f) functionRefs(f.base(), out);
        else if (lv instanceof Lvalue.Index i) {
            functionRefs(i.base(), out);
            functionRefs(i.index(), out);
        } else if (lv instanceof Lvalue.Deref d) functionRefs(d.pointer(), out);
    }

    /** Adds to {@code out} every variable {@code s} names (read, written or taken the address of). */
    public static void variables(Stmt s, Set<Variable> out) {
        if (s instanceof Stmt.Assign a) {
            variables(a.lhs(), out);
            variables(a.rhs(), out);
        } else if (s instanceof Stmt.Call c) {
            if (c.result() != null) variables(c.result(), out);
            variables(c.callee(), out);
            for (Expr x : c.args()) variables(x, out);
        } else if (s instanceof Stmt.Assume a) {
            variables(a.cond(), out);
        } else if (s instanceof Stmt.Return r && r.value() != null) {
            variables(r.value(), out);
        }
    }

    /** Adds to {@code out} every variable {@code e} names. */
    public static void variables(Expr e, Set<Variable> out) {
        if (e instanceof Expr.Load l) variables(l.lvalue(), out);
        else if (e instanceof Expr.AddrOf a) variables(a.lvalue(), out);
        else if (e instanceof Expr.Unary u) variables(u.operand(), out);
        else if (e instanceof Expr.Binary b) {
            variables(b.left(), out);
            variables(b.right(), out);
        } else if (e instanceof Expr.Cast c) variables(c.operand(), out);
    }

    private static void variables(Lvalue lv, Set<Variable> out) {
        if (lv instanceof Lvalue.Var v) out.add(v.variable());
        else if (lv instanceof Lvalue.Field f) variables(f.base(), out);
        else if (lv instanceof Lvalue.Index i) {
            variables(i.base(), out);
            variables(i.index(), out);
        } else if (lv instanceof Lvalue.Deref d) variables(d.pointer(), out);
    }
}
