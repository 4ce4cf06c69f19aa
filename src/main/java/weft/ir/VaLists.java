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
}
