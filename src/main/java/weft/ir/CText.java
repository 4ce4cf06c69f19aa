package weft.ir;

/**
 * The C source text of IR lvalues and expressions, as a C programmer writes them, for reports: {@code p->f} for
 * {@code (*p).f}, {@code a[i]} for {@code *(a + i)}, {@code m} for {@code *&m}, {@code p} for {@code &*p}, with only the
 * parentheses C's precedence needs. The IR's own {@code toString} (a fully parenthesised lowered form, for dumps) is
 * unchanged. Lowering temporaries keep their names ({@code __t0}); the report replaces a text that holds one by the
 * source text at the access's column when it can ({@code report.SourceLvalue}).
 */
public final class CText {
    // C precedence levels, higher binds tighter
    private static final int POSTFIX = 16;
    private static final int UNARY = 15;

    private CText() {}

    /** The text of lvalue {@code lv}. */
    public static String of(Lvalue lv) {
        return lvalue(lv).text;
    }

    /** The text of expression {@code e}. */
    public static String of(Expr e) {
        return expr(e).text;
    }

    /** The text of statement {@code s}: assignments and calls as C writes them, other statements as the IR prints them. */
    public static String of(Stmt s) {
        if (s instanceof Stmt.Assign a) return of(a.lhs()) + " = " + of(a.rhs());
        if (s instanceof Stmt.Call c) {
            StringBuilder b = new StringBuilder();
            if (c.result() != null) b.append(of(c.result())).append(" = ");
            b.append(expr(c.callee()).at(POSTFIX)).append('(');
            for (int i = 0; i < c.args().size(); i++) b.append(i == 0 ? "" : ", ").append(of(c.args().get(i)));
            return b.append(')').toString();
        }
        return s.toString();
    }

    /** The text of the object {@code pointer} points to ({@code *pointer}). */
    public static String deref(Expr pointer) {
        return derefOf(pointer).text;
    }

    /**
     * The text of argument {@code index} (0-based) of a call: the argument's own text, or {@code argument N} (1-based)
     * when it holds a lowering temporary, whose name the source does not have.
     */
    public static String argument(Expr arg, int index) {
        return mentionsTemporary(arg) ? "argument " + (index + 1) : of(arg);
    }

    /** Whether {@code e} reads or takes the address of a lowering temporary. */
    public static boolean mentionsTemporary(Expr e) {
        if (e instanceof Expr.Load l) return mentionsTemporary(l.lvalue());
        if (e instanceof Expr.AddrOf a) return mentionsTemporary(a.lvalue());
        if (e instanceof Expr.Unary u) return mentionsTemporary(u.operand());
        if (e instanceof Expr.Cast c) return mentionsTemporary(c.operand());
        if (e instanceof Expr.Binary b) return mentionsTemporary(b.left()) || mentionsTemporary(b.right());
        return false;
    }

    private static boolean mentionsTemporary(Lvalue lv) {
        if (lv instanceof Lvalue.Var v) return v.variable().kind() == Variable.Kind.TEMP;
        if (lv instanceof Lvalue.Field f) return mentionsTemporary(f.base());
        if (lv instanceof Lvalue.Index ix) return mentionsTemporary(ix.base()) || mentionsTemporary(ix.index());
        return mentionsTemporary(((Lvalue.Deref) lv).pointer());
    }

    /** A text and the precedence of its outermost operator. */
    private record T(String text, int prec) {
        String at(int min) {
            return prec >= min ? text : "(" + text + ")";
        }
    }

    private static T lvalue(Lvalue lv) {
        if (lv instanceof Lvalue.Var v) return new T(v.variable().name(), POSTFIX);
        if (lv instanceof Lvalue.Field f) {
            if (f.base() instanceof Lvalue.Deref d && !(d.pointer() instanceof Expr.AddrOf)) {
                T p = pointee(d.pointer());
                if (p != null) return new T(p.text + "." + f.field().name(), POSTFIX);
                return new T(expr(d.pointer()).at(POSTFIX) + "->" + f.field().name(), POSTFIX);
            }
            return new T(lvalue(f.base()).at(POSTFIX) + "." + f.field().name(), POSTFIX);
        }
        if (lv instanceof Lvalue.Index ix) return new T(lvalue(ix.base()).at(POSTFIX) + "[" + expr(ix.index()).text + "]", POSTFIX);
        if (lv instanceof Lvalue.Deref d) return derefOf(d.pointer());
        throw new IllegalArgumentException(lv.toString());
    }

    /** {@code *p} for pointers C writes without a star: {@code *&x} is {@code x}, {@code *(a + i)} is {@code a[i]}; else null. */
    private static T pointee(Expr p) {
        if (p instanceof Expr.AddrOf a) return lvalue(a.lvalue());
        if (p instanceof Expr.Binary b && b.op() == Expr.BinOp.ADD) {
            if (b.left().type().isPointer()) return new T(expr(b.left()).at(POSTFIX) + "[" + expr(b.right()).text + "]", POSTFIX);
            if (b.right().type().isPointer()) return new T(expr(b.right()).at(POSTFIX) + "[" + expr(b.left()).text + "]", POSTFIX);
        }
        return null;
    }

    private static T derefOf(Expr p) {
        T t = pointee(p);
        return t != null ? t : new T("*" + expr(p).at(UNARY), UNARY);
    }

    private static T expr(Expr e) {
        if (e instanceof Expr.IntConst c) return new T(Long.toString(c.value()), POSTFIX);
        if (e instanceof Expr.FloatConst c) return new T(c.toString(), POSTFIX);
        if (e instanceof Expr.FuncRef f) return new T(f.name(), POSTFIX);
        if (e instanceof Expr.Load l) return lvalue(l.lvalue());
        if (e instanceof Expr.AddrOf a) {
            if (a.lvalue() instanceof Lvalue.Deref d) return expr(d.pointer());
            // array-to-pointer decay: &a[0] of an array a is written a
            if (a.lvalue() instanceof Lvalue.Index ix && ix.index() instanceof Expr.IntConst k && k.value() == 0
                    && ix.base().type().unqualified() instanceof CType.Array) {
                return lvalue(ix.base());
            }
            return new T("&" + lvalue(a.lvalue()).at(UNARY), UNARY);
        }
        if (e instanceof Expr.Unary u) {
            String op = switch (u.op()) { case NEG -> "-"; case NOT -> "!"; case BITNOT -> "~"; };
            return new T(op + expr(u.operand()).at(UNARY), UNARY);
        }
        if (e instanceof Expr.Cast c) return new T("(" + c.type() + ")" + expr(c.operand()).at(UNARY), UNARY);
        if (e instanceof Expr.Binary b) {
            int p = precedence(b.op());
            // left-associative: the left operand may share the level, the right one must bind tighter
            return new T(expr(b.left()).at(p) + " " + b.op().symbol + " " + expr(b.right()).at(p + 1), p);
        }
        throw new IllegalArgumentException(e.toString());
    }

    private static int precedence(Expr.BinOp op) {
        return switch (op) {
            case MUL, DIV, MOD -> 13;
            case ADD, SUB -> 12;
            case SHL, SHR -> 11;
            case LT, LE, GT, GE -> 10;
            case EQ, NE -> 9;
            case AND -> 8;
            case XOR -> 7;
            case OR -> 6;
        };
    }
}
