package weft.modular;

import weft.ir.Expr;
import weft.ir.Lvalue;
import weft.ir.Stmt;
import weft.ir.Variable;

/**
 * What a branch edge says about one variable: {@code var == value} ({@code equal}) or
 * {@code var != value}. Recognises {@code v}, {@code !v}, {@code v == k}, {@code k != v} and their
 * negations, through casts.
 */
record VarTest(Variable var, long value, boolean equal) {

    static VarTest of(Stmt.Assume a) {
        Expr cond = strip(a.cond());
        boolean positive = a.positive();
        while (cond instanceof Expr.Unary u && u.op() == Expr.UnOp.NOT) {
            cond = strip(u.operand());
            positive = !positive;
        }
        if (cond instanceof Expr.Load l && l.lvalue() instanceof Lvalue.Var v) {
            return new VarTest(v.variable(), 0, !positive); // "if (v)" holds when v != 0
        }
        if (cond instanceof Expr.Binary b && (b.op() == Expr.BinOp.EQ || b.op() == Expr.BinOp.NE)) {
            Expr l = strip(b.left());
            Expr r = strip(b.right());
            if (r instanceof Expr.Load && !(l instanceof Expr.Load)) {
                Expr tmp = l;
                l = r;
                r = tmp;
            }
            if (l instanceof Expr.Load ll && ll.lvalue() instanceof Lvalue.Var v && r instanceof Expr.IntConst k) {
                return new VarTest(v.variable(), k.value(), (b.op() == Expr.BinOp.EQ) == positive);
            }
        }
        return null;
    }

    private static Expr strip(Expr e) {
        while (e instanceof Expr.Cast c) e = c.operand();
        return e;
    }
}
