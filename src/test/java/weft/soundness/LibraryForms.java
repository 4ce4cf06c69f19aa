package weft.soundness;

import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Accesses through a pointer an installed library hands back, for {@link ProgramGenerator} (issue 32: a function that
 * only an installed library's header declares, and no table lists, no longer makes every global reachable by external
 * code; what it returns may point only to what it was given). The object's address goes to glibc's {@code wmemchr},
 * declared by {@code <wchar.h>} and in none of Weft's tables, which searches the one-element array for the value it
 * holds and so returns that address; the access goes through the result. The object's address escapes only as the
 * argument: a pointer analysis that forgot arguments of installed functions would lose the access. The access keeps
 * the discipline of the statement it replaces (a hole elsewhere breaks it); the search reads the object under the same
 * discipline.
 */
final class LibraryForms {
    private LibraryForms() {}

    static final String INCLUDE = "#include <wchar.h>";

    /** The access {@code access} (a statement over its argument) to int lvalue {@code lv}, through {@code wmemchr}'s result. */
    static String access(List<String> decls, String lv, UnaryOperator<String> access) {
        if (!decls.contains(INCLUDE)) decls.add(0, INCLUDE);
        return "{ int *lp = (int *)wmemchr((const wchar_t *)&(" + lv + "), *(const wchar_t *)&(" + lv + "), 1); "
                + "if (lp) " + access.apply("*lp") + " }";
    }
}
