package weft.access;

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
public record SymbolicBase(Variable base, long offset, CType pointee, Variable array, long span) {
    /** The {@code span} of a base whose offset is exactly where the access starts. */
    public static final long EXACT = -1;

    public SymbolicBase(Variable base, long offset, CType pointee, Variable array) {
        this(base, offset, pointee, array, EXACT);
    }

    public SymbolicBase(Variable base, long offset, CType pointee) {
        this(base, offset, pointee, null, EXACT);
    }

    /**
     * The bytes of the object (from its start) the access of {@code size} bytes may touch: from the offset
     * for {@code size} bytes, or, for a base through a non-constant index ({@link #within}), the whole
     * member array that starts at the offset ({@code span} bytes); null if not inside the object.
     */
    public long[] bytes(long size) {
        long len = span == EXACT ? size : Math.max(span, size);
        if (offset < 0 || len <= 0 || pointee.size() <= 0 || offset + len > pointee.size()) return null;
        return new long[] {offset, offset + len};
    }

    /** The symbolic base of {@code lv}, or null if it is not of that form. */
    public static SymbolicBase of(Lvalue lv) {
        return of(lv, false);
    }

    /**
     * Like {@link #of(Lvalue)}, but also through elements with a non-constant index of an array member
     * inside the object ({@code p->buf[i]}, {@code a[i].hist[j]}): the offset is then that of the member
     * array's start, so it only says that the access lies inside the object (indices stay in bounds, as
     * C requires), not where. For accesses, never for locks (whose identity is their exact offset).
     */
    public static SymbolicBase within(Lvalue lv) {
        return of(lv, true);
    }

    private static SymbolicBase of(Lvalue lv, boolean inexactIndices) {
        long off = 0;
        long span = EXACT;
        while (true) {
            if (lv instanceof Lvalue.Field f) {
                off += f.field().offset();
                lv = f.base();
            } else if (lv instanceof Lvalue.Index ix && ix.index() instanceof Expr.IntConst k) {
                off += k.value() * Math.max(0, ix.type().size());
                lv = ix.base();
            } else if (lv instanceof Lvalue.Index ix && ix.base() instanceof Lvalue.Var arr && !arr.variable().type().isPointer()
                    && indexVariable(ix.index()) != null) {
                return new SymbolicBase(indexVariable(ix.index()), off, ix.type(), arr.variable(), span);
            } else if (inexactIndices && lv instanceof Lvalue.Index ix && !(ix.base() instanceof Lvalue.Var)
                    && ix.base().type().unqualified() instanceof weft.ir.CType.Array at && at.size() > 0) {
                off = 0; // somewhere in the member array: only its start is known, and the access lies inside it
                span = at.size();
                lv = ix.base();
            } else if (lv instanceof Lvalue.Deref d) {
                Expr p = d.pointer();
                while (p instanceof Expr.Cast c && c.operand().type().isPointer()) p = c.operand();
                if (p instanceof Expr.Load l && l.lvalue() instanceof Lvalue.Var v && v.variable().type().isPointer()
                        && !v.variable().isStatic()) {
                    return new SymbolicBase(v.variable(), off, d.type(), null, span);
                }
                return null;
            } else {
                return null;
            }
        }
    }

    /** The local variable an index expression {@code i} or {@code (T) i} reads, or null. */
    public static Variable indexVariable(Expr e) {
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
