package weft.ir;

import weft.model.VaListBuiltins;

/**
 * The compiler's {@code va_list} builtins ({@link VaListBuiltins}: what they do) as the IR holds them: the
 * variadic-arguments objects among a program's variables and the {@code va_list} a builtin's argument denotes.
 */
public final class VaLists {
    private VaLists() {
    }

    /** Whether {@code v} is the variadic-arguments object of one of {@code program}'s functions. */
    public static boolean isArgumentsObject(Program program, Variable v) {
        return VaListBuiltins.isObjectName(v.name()) && program.isLibcObject(v);
    }

    /**
     * A {@code va_list} argument as the builtins receive it: the variable's value ({@code addressOf} false) or its
     * address, casts left out.
     */
    public record ListArgument(Lvalue lvalue, boolean addressOf) {}

    /** The {@code va_list} variable {@code e} denotes, or null for any other form (then: effects of unknown code). */
    public static ListArgument listArgument(Expr e) {
        while (e instanceof Expr.Cast c) e = c.operand();
        if (e instanceof Expr.Load ld) return new ListArgument(ld.lvalue(), false);
        if (e instanceof Expr.AddrOf ad) return new ListArgument(ad.lvalue(), true);
        return null;
    }

    /**
     * Whether {@code e} is the step {@code va_arg} takes ({@code weft.frontend.CdtParser}'s macro): an assignment
     * {@code v = (T) ((char *) v + k)} of a variable to itself moved by a constant {@code k} (an expression without
     * loads). The list then points into the same variadic-arguments object as before, at another slot.
     */
    public static boolean advancesItself(Edge e) {
        if (!(e.stmt() instanceof Stmt.Assign as) || !(as.lhs() instanceof Lvalue.Var v)) return false;
        Expr rhs = as.rhs();
        while (rhs instanceof Expr.Cast c) rhs = c.operand();
        if (!(rhs instanceof Expr.Binary b) || b.op() != Expr.BinOp.ADD && b.op() != Expr.BinOp.SUB) return false;
        Expr base = b.left();
        while (base instanceof Expr.Cast c) base = c.operand();
        return base instanceof Expr.Load ld && ld.lvalue() instanceof Lvalue.Var w && w.variable().equals(v.variable())
                && constant(b.right());
    }

    private static boolean constant(Expr e) {
        if (e instanceof Expr.IntConst) return true;
        if (e instanceof Expr.Cast c) return constant(c.operand());
        if (e instanceof Expr.Unary u) return constant(u.operand());
        if (e instanceof Expr.Binary b) return constant(b.left()) && constant(b.right());
        return false;
    }
}
