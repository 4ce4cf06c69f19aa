package weft.bounded.seq;

import weft.ir.CType;
import weft.ir.Expr;
import weft.ir.Lvalue;
import weft.ir.Stmt;

import java.util.ArrayList;
import java.util.List;

/**
 * The memory accesses a statement makes itself (not those of a called function): the write of an assignment's left
 * side or a call's result, and every read of an expression it evaluates, including the reads inside lvalues (index
 * expressions, dereferenced pointers). An array-typed load is a decay, not a read; an address-of reads only what
 * computes the address.
 */
final class Accesses {
    /** One access: {@code lvalue} read or written. */
    record Access(Lvalue lvalue, boolean write) {}

    private Accesses() {
    }

    /** The accesses of {@code s}, the result write of a call excluded (it happens when the call returns). */
    static List<Access> of(Stmt s) {
        List<Access> out = new ArrayList<>();
        if (s instanceof Stmt.Assign a) {
            inside(a.lhs(), out);
            expr(a.rhs(), out);
            out.add(new Access(a.lhs(), true));
        } else if (s instanceof Stmt.Call c) {
            expr(c.callee(), out);
            for (Expr x : c.args()) expr(x, out);
            if (c.result() != null) inside(c.result(), out);
        } else if (s instanceof Stmt.Assume a) {
            expr(a.cond(), out);
        } else if (s instanceof Stmt.Return r && r.value() != null) {
            expr(r.value(), out);
        }
        return out;
    }

    static void expr(Expr e, List<Access> out) {
        if (e instanceof Expr.Load l) {
            inside(l.lvalue(), out);
            if (!(l.lvalue().type().unqualified() instanceof CType.Array)) out.add(new Access(l.lvalue(), false));
        } else if (e instanceof Expr.AddrOf a) {
            inside(a.lvalue(), out);
        } else if (e instanceof Expr.Unary u) {
            expr(u.operand(), out);
        } else if (e instanceof Expr.Binary b) {
            expr(b.left(), out);
            expr(b.right(), out);
        } else if (e instanceof Expr.Cast c) {
            expr(c.operand(), out);
        }
    }

    /** The reads that locate {@code lv} (not the access of {@code lv} itself). */
    static void inside(Lvalue lv, List<Access> out) {
        if (lv instanceof Lvalue.Field f) {
            inside(f.base(), out);
        } else if (lv instanceof Lvalue.Index i) {
            inside(i.base(), out);
            expr(i.index(), out);
        } else if (lv instanceof Lvalue.Deref d) {
            expr(d.pointer(), out);
        }
    }
}
