package weft.frontend;

import weft.ir.CType;
import weft.ir.Expr.BinOp;

/**
 * C's integer promotions and usual arithmetic conversions (C11 6.3.1), used to type binary operations
 * from their lowered operands (CDT's own expression types are not reliable for these).
 */
final class Conversions {
    private Conversions() {}

    /** Type of {@code l op r} for non-comparison operators; {@code fallback} for pointer/float cases. */
    static CType binaryType(BinOp op, CType l, CType r, CType fallback, TypeTranslator types) {
        CType lu = l.unqualified();
        CType ru = r.unqualified();
        if (lu instanceof CType.Pointer || ru instanceof CType.Pointer) {
            if (op == BinOp.SUB && lu instanceof CType.Pointer && ru instanceof CType.Pointer) return types.longType();
            return lu instanceof CType.Pointer ? lu : ru;
        }
        if (!(lu instanceof CType.Int li) || !(ru instanceof CType.Int ri)) return fallback;
        CType.Int pl = promote(li, types);
        if (op == BinOp.SHL || op == BinOp.SHR) return pl;
        return usual(pl, promote(ri, types));
    }

    static CType.Int promote(CType.Int t, TypeTranslator types) {
        if (t.size() < 4) return types.intType();
        return t;
    }

    /** Usual arithmetic conversions of two promoted integer types. */
    static CType.Int usual(CType.Int a, CType.Int b) {
        if (a.size() == b.size() && a.signed() == b.signed()) return a;
        if (a.signed() == b.signed()) return a.size() >= b.size() ? a : b;
        CType.Int u = a.signed() ? b : a;
        CType.Int s = a.signed() ? a : b;
        if (u.size() >= s.size()) return u;
        return s;
    }
}
