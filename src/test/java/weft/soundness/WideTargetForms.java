package weft.soundness;

import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Accesses through a pointer with many possible targets, for {@link ProgramGenerator}: the pointer holds the object's
 * address, unless a global that stays 0 says otherwise, when it takes one of 64 decoy globals from a table. Its
 * points-to set has 65 objects, past the size from which {@code weft.access.Regions} keeps a points-to answer's
 * regions once per answer instead of making them per edge (and past the sizes the other forms reach), so the pairing of
 * accesses with many regions per site ({@code RaceDetector}'s memos per pair of distinct memory accesses) is exercised
 * too. Three shapes: an {@code int *} ({@code *wp}); an {@code int **} to one of 65 pointer cells ({@code **wpp}: a
 * read of a large set of locations, which {@code weft.pointer.Queries} keeps per answer); and a struct pointer to one
 * of 65 structs whose pointer member is followed ({@code *ws->p}: a member of a large answer, kept per answer by
 * {@code Queries} and {@code weft.access.Regions.Shared}, and the regions of the member's read grouped once per
 * shared set by {@code AccessCollector}). The decoys are never accessed when the program runs; the access keeps the
 * discipline of the statement it replaces.
 */
final class WideTargetForms {
    private WideTargetForms() {}

    static final int DECOYS = 64;
    private static final String TABLE = "int *weft_decoys[" + DECOYS + "]";

    /**
     * The access {@code access} (a statement over its argument) to int lvalue {@code lv}, through a wide pointer of
     * shape {@code shape} (0: {@code int *}, 1: {@code int **}, 2: a struct's pointer member).
     */
    static String access(List<String> decls, String lv, UnaryOperator<String> access, int shape) {
        if (decls.stream().noneMatch(d -> d.startsWith(TABLE))) {
            StringBuilder vars = new StringBuilder("int");
            StringBuilder table = new StringBuilder(TABLE + " = {");
            StringBuilder cells = new StringBuilder("int *");
            StringBuilder cellTable = new StringBuilder("int **weft_cells[" + DECOYS + "] = {");
            StringBuilder structs = new StringBuilder("struct weft_ws ");
            StringBuilder structTable = new StringBuilder("struct weft_ws *weft_structs[" + DECOYS + "] = {");
            for (int i = 0; i < DECOYS; i++) {
                String sep = i == 0 ? "" : ", ";
                vars.append(i == 0 ? " " : ", ").append("weft_d").append(i);
                table.append(sep).append("&weft_d").append(i);
                cells.append(i == 0 ? "" : ", *").append("weft_c").append(i).append(" = &weft_d").append(i);
                cellTable.append(sep).append("&weft_c").append(i);
                structs.append(sep).append("weft_s").append(i).append(" = {0, &weft_d").append(i).append('}');
                structTable.append(sep).append("&weft_s").append(i);
            }
            decls.add(vars.append(';').toString());
            decls.add(table.append("};").toString());
            decls.add(cells.append(';').toString());
            decls.add(cellTable.append("};").toString());
            decls.add("struct weft_ws { int pad; int *p; };");
            decls.add(structs.append(';').toString());
            decls.add(structTable.append("};").toString());
            decls.add("int weft_pick;");
        }
        String pick = "weft_pick % " + DECOYS;
        return switch (shape) {
            case 1 -> "{ int *wc = &(" + lv + "); int **wpp = &wc; if (weft_pick) wpp = weft_cells[" + pick + "]; "
                    + access.apply("**wpp") + " }";
            case 2 -> "{ struct weft_ws wl = {0, &(" + lv + ")}; struct weft_ws *ws = &wl; if (weft_pick) ws = weft_structs["
                    + pick + "]; " + access.apply("*ws->p") + " }";
            default -> "{ int *wp = &(" + lv + "); if (weft_pick) wp = weft_decoys[" + pick + "]; " + access.apply("*wp") + " }";
        };
    }
}
