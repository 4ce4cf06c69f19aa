package weft.analysis;

import weft.ir.CType;
import weft.ir.Expr;
import weft.ir.Lvalue;
import weft.ir.Variable;

/**
 * An lvalue of the form {@code p->f.g[2]}: a constant byte offset inside the object a pointer
 * variable {@code p} points to, whose type is {@code pointee}; or, when {@code array} is set, of the
 * form {@code a[i].f}: inside the element of array variable {@code a} that local {@code base = i}
 * selects. Either way the object is fixed as long as {@code base} is not assigned.
 */
public record SymbolicBase(Variable base, long offset, CType pointee, Variable array) {
    public SymbolicBase(Variable base, long offset, CType pointee) {
        this(base, offset, pointee, null);
    }

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
            } else if (lv instanceof Lvalue.Index ix && ix.base() instanceof Lvalue.Var arr && !arr.variable().type().isPointer()
                    && indexVariable(ix.index()) != null) {
                return new SymbolicBase(indexVariable(ix.index()), off, ix.type(), arr.variable());
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

    /** The local variable an index expression {@code i} or {@code (T) i} reads, or null. */
    static Variable indexVariable(Expr e) {
        while (e instanceof Expr.Cast c) e = c.operand();
        if (!(e instanceof Expr.Load l) || !(l.lvalue() instanceof Lvalue.Var v)) return null;
        Variable.Kind k = v.variable().kind();
        return k == Variable.Kind.LOCAL || k == Variable.Kind.PARAM || k == Variable.Kind.TEMP ? v.variable() : null;
    }

    /** The symbolic base of a pointer expression {@code &p->f...}, or null. */
    public static SymbolicBase ofPointer(Expr e) {
        while (e instanceof Expr.Cast c && c.operand().type().isPointer()) e = c.operand();
        return e instanceof Expr.AddrOf a ? of(a.lvalue()) : null;
    }
}
