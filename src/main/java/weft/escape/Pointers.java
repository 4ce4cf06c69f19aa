package weft.escape;

import weft.ir.Expr;
import weft.ir.Lvalue;
import weft.ir.Variable;

/** Syntactic shapes of pointer expressions: which variable a pointer is computed from. */
public final class Pointers {
    private Pointers() {
    }

    /**
     * The variable {@code e} is a pointer into the pointee of: {@code p}, {@code (T *) p},
     * {@code p + k}, {@code &p->f[i]}; null for any other shape.
     */
    public static Variable base(Expr e) {
        while (true) {
            if (e instanceof Expr.Cast c && c.type().isPointer() && c.operand().type().isPointer()) {
                e = c.operand();
            } else if (e instanceof Expr.Binary b && (b.op() == Expr.BinOp.ADD || b.op() == Expr.BinOp.SUB)
                    && b.left().type().isPointer() && !b.right().type().isPointer()) {
                e = b.left();
            } else if (e instanceof Expr.AddrOf a) {
                return lvalueBase(a.lvalue());
            } else if (e instanceof Expr.Load l && l.lvalue() instanceof Lvalue.Var v && v.variable().type().isPointer()) {
                return v.variable();
            } else {
                return null;
            }
        }
    }

    /** The variable an lvalue {@code p->f}, {@code p[i].g}, {@code (*p).h} dereferences; null if none. */
    public static Variable lvalueBase(Lvalue lv) {
        while (true) {
            if (lv instanceof Lvalue.Field f) lv = f.base();
            else if (lv instanceof Lvalue.Index ix) lv = ix.base();
            else if (lv instanceof Lvalue.Deref d) return base(d.pointer());
            else return null;
        }
    }

    /** Whether {@code e} is the null pointer constant ({@code 0}, possibly cast). */
    public static boolean isNull(Expr e) {
        while (e instanceof Expr.Cast c) e = c.operand();
        return e instanceof Expr.IntConst k && k.value() == 0;
    }
}
