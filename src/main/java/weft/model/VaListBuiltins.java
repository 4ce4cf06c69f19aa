package weft.model;

/**
 * The compiler's {@code va_start}, {@code va_copy} and {@code va_end} ({@code __builtin_va_*}, macros of
 * {@code <stdarg.h>} that reach the IR as calls of functions no library defines). They set, copy or end the
 * calling function's {@code va_list} and touch nothing else:
 *
 * <ul>
 *   <li>points-to ({@code weft.pointer.CallEffects}): the {@code va_list} they set in function {@code f} points to
 *       {@code f}'s variadic-arguments object ({@link #objectName}), where every variadic argument of every call of
 *       {@code f} goes ({@code weft.pointer.Calls#bindUser}), so {@code va_arg} (lowered to a read through the
 *       {@code va_list}) sees every argument {@code f} may get (one object for all variadic functions made a
 *       formatting helper's {@code memcpy(buf, va_arg(ap, char *), n)} copy every logged object into every buffer); they hand no pointer to outside code, so, unlike unknown external
 *       functions, they neither make the globals escape nor hand the arguments to the external world (which reads
 *       and writes everything it reaches: every pointer read from memory a variadic logger was given would then
 *       point to every escaped object, and every function stored there would escape);</li>
 *   <li>accesses ({@code weft.access.AccessCollector}): {@code va_start(ap, last)} writes {@code ap},
 *       {@code va_copy(d, s)} writes {@code d} and reads {@code s}, {@code va_end(ap)} writes {@code ap}; the
 *       named parameter {@code last} is only used for its position, never read through. They touch nothing the
 *       variadic arguments point to: {@code va_arg}'s read of an argument and the program's own accesses through
 *       it are accesses of the IR, and the library functions that take a {@code va_list} read or write what its
 *       arguments point to where they are called (the table's {@code rvN}/{@code wvN}, with {@code %n} through
 *       {@code fN}: {@code weft.access.VariadicPointers}).</li>
 * </ul>
 * A {@code va_list} handed to unknown external code escapes with what it points to, so the external world then
 * reaches the arguments as well.
 * Sound because the builtins are compiled in place by the compiler and do exactly this; a {@code va_list} given
 * in any other form than the variable's value or address keeps the effects of unknown external code.
 */
public final class VaListBuiltins {
    private VaListBuiltins() {
    }

    /**
     * The name of the pseudo-object holding every variadic argument of every call of the variadic user function
     * {@code function} (its link name), which {@code va_start} in it points its {@code va_list} at (made by the front
     * end for each variadic function the program defines). Only {@code va_start}/{@code va_copy} in {@code function}
     * and the {@code va_list}s they set reach it: a call binds its variadic arguments to its callee's object only.
     */
    public static String objectName(String function) {
        return OBJECT_PREFIX + function + ">";
    }

    private static final String OBJECT_PREFIX = "<libc:variadic arguments of ";

    /** Whether {@code name} is a variadic-arguments object's ({@link #objectName}; the IR's: {@code weft.ir.VaLists}). */
    public static boolean isObjectName(String name) {
        return name.startsWith(OBJECT_PREFIX);
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
}
