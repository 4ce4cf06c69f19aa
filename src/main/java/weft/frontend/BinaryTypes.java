package weft.frontend;

import weft.ir.CType;
import weft.ir.Expr.BinOp;
import weft.ir.IntConversions;

/**
 * The type of a lowered binary operation from its operands' types: pointer arithmetic, and for integers C's integer
 * promotions and usual arithmetic conversions ({@link IntConversions}, with the data model's {@code int}). CDT's own
 * expression types are not reliable for these.
 */
final class BinaryTypes {
    private BinaryTypes() {}

    /** Type of {@code l op r} for non-comparison operators; {@code fallback} for pointer/float cases. */
    static CType binaryType(BinOp op, CType l, CType r, CType fallback, TypeTranslator types) {
        CType lu = l.unqualified();
        CType ru = r.unqualified();
        if (lu instanceof CType.Pointer || ru instanceof CType.Pointer) {
            if (op == BinOp.SUB && lu instanceof CType.Pointer && ru instanceof CType.Pointer) return types.longType();
            return lu instanceof CType.Pointer ? lu : ru;
        }
        if (!(lu instanceof CType.Int li) || !(ru instanceof CType.Int ri)) return fallback;
        CType.Int intType = types.intType();
        if (op == BinOp.SHL || op == BinOp.SHR) return IntConversions.promote(li, intType);
        return IntConversions.common(li, ri, intType);
    }
}
