package weft.model;

/**
 * The compiler's {@code va_start}, {@code va_copy} and {@code va_end} ({@code __builtin_va_*}, macros of
 * {@code <stdarg.h>} that reach the IR as calls of functions no library defines). They set, copy or end the
 * calling function's {@code va_list} and touch nothing else:
 *
 * <ul>
 *   <li>points-to ({@code weft.pointer.CallEffects}): the {@code va_list} they set points to unknown memory,
 *       where every variadic argument of a user function goes ({@code weft.pointer.Calls#bindUser}), so
 *       {@code va_arg} and the {@code v*printf} family see every argument; they hand no pointer to outside code,
 *       so, unlike unknown external functions, they do not make the globals escape (which made every pointer
 *       read from escaped memory point to every global);</li>
 *   <li>accesses ({@code weft.analysis.AccessCollector}): {@code va_start(ap, last)} writes {@code ap},
 *       {@code va_copy(d, s)} writes {@code d} and reads {@code s}, {@code va_end(ap)} writes {@code ap}; the
 *       named parameter {@code last} is only used for its position, never read through. {@code va_start} and
 *       {@code va_copy} also read and write unknown memory as a whole: the variadic arguments and what they point
 *       to, which {@code va_arg} and the {@code v*printf} family read (a {@code %s} argument) and write
 *       ({@code %n}) later; the table's {@code v*} rows do not read through their {@code va_list}, so without
 *       this a string handed to a variadic logger and written by another thread was missed.</li>
 * </ul>
 * Sound because the builtins are compiled in place by the compiler and do exactly this; a {@code va_list} given
 * in any other form than the variable's value or address keeps the effects of unknown external code.
 */
public final class VaListBuiltins {
    private VaListBuiltins() {
    }

    public static boolean is(String name) {
        return name != null && (name.equals("__builtin_va_start") || name.equals("__builtin_va_copy")
                || name.equals("__builtin_va_end"));
    }

    /** Whether the builtin reads its argument {@code k} (the source of {@code va_copy}); argument 0 is written. */
    public static boolean readsArgument(String name, int k) {
        return k == 1 && name.equals("__builtin_va_copy");
    }

    /** How many of the builtin's arguments are {@code va_list}s: two for {@code va_copy}, else one. */
    public static int listArguments(String name) {
        return name.equals("__builtin_va_copy") ? 2 : 1;
    }

    /**
     * A {@code va_list} argument as the builtins receive it: the variable's value ({@code addressOf} false) or its
     * address, casts left out.
     */
    public record ListArgument(weft.ir.Lvalue lvalue, boolean addressOf) {}

    /** The {@code va_list} variable {@code e} denotes, or null for any other form (then: effects of unknown code). */
    public static ListArgument listArgument(weft.ir.Expr e) {
        while (e instanceof weft.ir.Expr.Cast c) e = c.operand();
        if (e instanceof weft.ir.Expr.Load ld) return new ListArgument(ld.lvalue(), false);
        if (e instanceof weft.ir.Expr.AddrOf ad) return new ListArgument(ad.lvalue(), true);
        return null;
    }
}
