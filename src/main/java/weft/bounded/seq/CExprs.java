package weft.bounded.seq;

import weft.ir.CType;
import weft.ir.Expr;
import weft.ir.Lvalue;
import weft.ir.StructType;
import weft.ir.Variable;

import java.util.function.Function;

/**
 * Prints IR expressions and lvalues as C, fully parenthesised, with variables named by {@code names} (the sequential
 * program renames every object: globals once, locals per thread and inlined instance). Every operation is cast back
 * to its IR type, so C's usual conversions cannot give it another one; dereferences go through a pointer to the IR's
 * access type. A function's address is printed as {@code fnRef} says (the sequential program has no user functions).
 */
final class CExprs {
    private final CTypes types;
    private final Function<Variable, String> names;
    private final Function<Expr.FuncRef, String> fnRef;

    CExprs(CTypes types, Function<Variable, String> names, Function<Expr.FuncRef, String> fnRef) {
        this.types = types;
        this.names = names;
        this.fnRef = fnRef;
    }

    CTypes types() {
        return types;
    }

    String expr(Expr e) {
        if (e instanceof Expr.IntConst c) return intConst(c.value(), c.type());
        if (e instanceof Expr.FloatConst f) return floatConst(f.value(), f.type());
        if (e instanceof Expr.Load l) return lvalue(l.lvalue());
        if (e instanceof Expr.AddrOf a) return "(" + types.cast(a.type()) + "&" + lvalue(a.lvalue()) + ")";
        if (e instanceof Expr.FuncRef f) return fnRef.apply(f);
        if (e instanceof Expr.Unary u) {
            String op = switch (u.op()) { case NEG -> "-"; case NOT -> "!"; case BITNOT -> "~"; };
            return "(" + types.cast(u.type()) + "(" + op + expr(u.operand()) + "))";
        }
        if (e instanceof Expr.Binary b) {
            String inner = "(" + expr(b.left()) + " " + b.op().symbol + " " + expr(b.right()) + ")";
            return castable(b.type()) ? "(" + types.cast(b.type()) + inner + ")" : inner;
        }
        if (e instanceof Expr.Cast c) {
            return castable(c.type()) ? "(" + types.cast(c.type()) + expr(c.operand()) + ")" : expr(c.operand());
        }
        throw new IllegalStateException("expression " + e);
    }

    String lvalue(Lvalue lv) {
        if (lv instanceof Lvalue.Var v) return names.apply(v.variable());
        if (lv instanceof Lvalue.Field f) return "(" + lvalue(f.base()) + ")." + CTypes.member(f.owner(), f.field());
        if (lv instanceof Lvalue.Index i) return "(" + lvalue(i.base()) + ")[" + expr(i.index()) + "]";
        if (lv instanceof Lvalue.Deref d) {
            return "(*" + types.cast(new CType.Pointer(d.type(), 8)) + expr(d.pointer()) + ")";
        }
        throw new IllegalStateException("lvalue " + lv);
    }

    /**
     * The first byte of {@code lv} as an integer ({@code unsigned long}) and its byte count, for the race
     * instrumentation: a bit-field's storage bytes from its member offset.
     */
    String address(Lvalue lv) {
        if (lv instanceof Lvalue.Field f && f.field().isBitField()) {
            return "((unsigned long)&" + lvalue(f.base()) + " + " + f.field().offset() + "UL)";
        }
        return "((unsigned long)&" + lvalue(lv) + ")";
    }

    static long length(Lvalue lv) {
        if (lv instanceof Lvalue.Field f && f.field().isBitField()) return f.field().byteSize();
        return Math.max(1, lv.byteSize());
    }

    private static boolean castable(CType t) {
        CType u = t.unqualified();
        return u.isScalar();
    }

    String intConst(long v, CType t) {
        CType u = t.unqualified();
        String lit;
        if (v == Long.MIN_VALUE) lit = "(-9223372036854775807LL - 1)";
        else if (u instanceof CType.Int i && !i.signed()) lit = Long.toUnsignedString(v) + "ULL";
        else lit = v < 0 ? "(" + v + "LL)" : v + "LL";
        return castable(t) ? "(" + types.cast(t) + lit + ")" : lit;
    }

    private String floatConst(double v, CType t) {
        String lit;
        if (Double.isNaN(v)) lit = "__builtin_nan(\"\")";
        else if (Double.isInfinite(v)) lit = v > 0 ? "__builtin_inf()" : "(-__builtin_inf())";
        else lit = Double.toHexString(v);
        return "(" + types.cast(t) + lit + ")";
    }

    /** The member {@code f} of {@code owner}, for callers that print a field access themselves. */
    static String member(StructType owner, StructType.Field f) {
        return CTypes.member(owner, f);
    }
}
