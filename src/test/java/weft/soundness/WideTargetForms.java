package weft.soundness;

import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Accesses through a pointer with many possible targets, for {@link ProgramGenerator}: the pointer holds the object's
 * address, unless a global that stays 0 says otherwise, when it takes one of 64 decoy globals from a table. Its
 * points-to set has 65 objects, past the size from which {@code weft.analysis.Regions} keeps a points-to answer's
 * regions once per answer instead of making them per edge (and past the sizes the other forms reach), so the pairing of
 * accesses with many regions per site ({@code RaceDetector}'s memos per pair of distinct memory accesses) is exercised
 * too. The decoys are never accessed when the program runs; the access keeps the discipline of the statement it
 * replaces.
 */
final class WideTargetForms {
    private WideTargetForms() {}

    static final int DECOYS = 64;
    private static final String TABLE = "int *weft_decoys[" + DECOYS + "]";

    /** The access {@code access} (a statement over its argument) to int lvalue {@code lv}, through the wide pointer. */
    static String access(List<String> decls, String lv, UnaryOperator<String> access) {
        if (decls.stream().noneMatch(d -> d.startsWith(TABLE))) {
            StringBuilder vars = new StringBuilder("int");
            StringBuilder table = new StringBuilder(TABLE + " = {");
            for (int i = 0; i < DECOYS; i++) {
                vars.append(i == 0 ? " " : ", ").append("weft_d").append(i);
                table.append(i == 0 ? "" : ", ").append("&weft_d").append(i);
            }
            decls.add(vars.append(';').toString());
            decls.add(table.append("};").toString());
            decls.add("int weft_pick;");
        }
        return "{ int *wp = &(" + lv + "); if (weft_pick) wp = weft_decoys[weft_pick % " + DECOYS + "]; "
                + access.apply("*wp") + " }";
    }
}
