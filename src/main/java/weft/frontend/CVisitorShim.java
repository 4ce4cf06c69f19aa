package weft.frontend;

import org.eclipse.cdt.core.dom.ast.IASTTypeId;
import org.eclipse.cdt.core.dom.ast.IType;
import org.eclipse.cdt.internal.core.dom.parser.c.CVisitor;

/** Access to CDT's (internal) computation of the type a type-id names. */
final class CVisitorShim {
    private CVisitorShim() {}

    static IType typeOf(IASTTypeId id) {
        try {
            return CVisitor.createType(id.getAbstractDeclarator());
        } catch (RuntimeException e) {
            return null;
        }
    }
}
