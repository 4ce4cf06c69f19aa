package weft.analysis;

import weft.ir.CType;
import weft.ir.Expr;
import weft.ir.Lvalue;
import weft.ir.Variable;

/**
 * An lvalue of the form {@code p->f.g[2]}: a constant byte offset inside the object a pointer
 * variable {@code p} points to, whose type is {@code pointee}.
 */
public record SymbolicBase(Variable base, long offset, CType pointee) {

    /** The symbolic base of {@code lv}, or null if it is not of that form. */
    public static SymbolicBase of(Lvalue lv) {
        long off = 0;
        while (true) {
            if (lv instanceof Lvalue.Field f) {
                off += f.field().offset();
                lv = f.base();
            } else if (lv instanceof Lvalue.Index ix && ix.index() instanceof Expr.IntConst k) {
                off += k.value() * Math.max(0, ix.type().size());
                lv = ix.base();
            } else if (lv instanceof Lvalue.Deref d) {
                Expr p = d.pointer();
                while (p instanceof Expr.Cast c && c.operand().type().isPointer()) p = c.operand();
                if (p instanceof Expr.Load l && l.lvalue() instanceof Lvalue.Var v && v.variable().type().isPointer()
                        && !v.variable().isStatic()) {
                    return new SymbolicBase(v.variable(), off, d.type());
                }
                return null;
            } else {
                return null;
            }
        }
    }

    /** The symbolic base of a pointer expression {@code &p->f...}, or null. */
    public static SymbolicBase ofPointer(Expr e) {
        while (e instanceof Expr.Cast c && c.operand().type().isPointer()) e = c.operand();
        return e instanceof Expr.AddrOf a ? of(a.lvalue()) : null;
    }
}
