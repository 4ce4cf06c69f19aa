package weft.soundness;

import java.util.List;
import java.util.Random;
import java.util.function.UnaryOperator;

/**
 * Accesses through the arguments of variadic functions, for {@link ProgramGenerator} (issue 32: each variadic function
 * has its own argument object in the pointer analysis, and a {@code va_list} handed on carries it): the object's address
 * goes to a variadic helper among other arguments and comes back through {@code va_arg}, directly ({@code va_pick}) or
 * through a {@code va_list} passed to a second function ({@code va_fwd}, {@code va_last}); another variadic function
 * ({@code va_sum}) is called with a local, so that one function's arguments must not hide another's. The access keeps the
 * discipline of the statement it replaces (a hole elsewhere breaks it).
 */
final class VariadicForms {
    private VariadicForms() {}

    static final String PICK = "static int *va_pick(int n, ...) { va_list ap; va_start(ap, n); int *p = 0; "
            + "for (int i = 0; i < n; i++) p = va_arg(ap, int *); va_end(ap); return p; }";
    static final String LAST = "static int *va_last(int n, va_list ap) { int *p = 0; for (int i = 0; i < n; i++) p = va_arg(ap, int *); return p; }";
    static final String FWD = "static int *va_fwd(int n, ...) { va_list ap; va_start(ap, n); int *p = va_last(n, ap); va_end(ap); return p; }";
    static final String SUM = "static int va_sum(int n, ...) { va_list ap; va_start(ap, n); int s = 0; "
            + "for (int i = 0; i < n; i++) s += *va_arg(ap, int *); va_end(ap); return s; }";

    /** The access {@code access} (a statement over its argument) to int lvalue {@code lv}, through a variadic helper. */
    static String access(List<String> decls, Random r, String lv, UnaryOperator<String> access) {
        boolean forward = r.nextBoolean();
        for (String d : forward ? List.of(LAST, FWD, SUM) : List.of(PICK, SUM)) if (!decls.contains(d)) decls.add(d);
        String helper = forward ? "va_fwd" : "va_pick";
        return "{ int vd = 0; r += va_sum(1, &vd); " + access.apply("*" + helper + "(2, &vd, &(" + lv + "))") + " }";
    }
}
