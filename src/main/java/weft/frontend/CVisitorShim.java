package weft.frontend;

import org.eclipse.cdt.core.dom.ast.IASTTypeId;
import org.eclipse.cdt.core.dom.ast.IType;
import org.eclipse.cdt.internal.core.dom.parser.c.CVisitor;

/** Access to CDT's (internal) computation of the type a type-id names. */
final class CVisitorShim {
    private CVisitorShim() {}

    /**
     * The type a declarator of a parameter of a function definition gives, or null. CDT's {@code IParameter} shares
     * one binding between a prototype and the definition and takes its type from the first declarator: a struct tag
     * that the prototype names before the tag's definition can resolve to nothing there (a {@code ProblemType}), while
     * the definition's declarator, after the definition of the tag, names the struct.
     */
    static IType typeOf(org.eclipse.cdt.core.dom.ast.IASTDeclarator d) {
        try {
            return CVisitor.createType(d);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** Whether {@code t} is, or is built on, a type CDT could not resolve. */
    static boolean hasProblem(IType t) {
        for (int depth = 0; t != null && depth < 64; depth++) {
            if (t instanceof org.eclipse.cdt.core.dom.ast.IProblemType) return true;
            if (t instanceof org.eclipse.cdt.core.dom.ast.IFunctionType f) {
                for (IType p : f.getParameterTypes()) if (hasProblem(p)) return true;
                t = f.getReturnType();
            } else if (t instanceof org.eclipse.cdt.internal.core.dom.parser.ITypeContainer c) {
                t = c.getType();
            } else {
                return false;
            }
        }
        return false;
    }

    static IType typeOf(IASTTypeId id) {
        try {
            return CVisitor.createType(id.getAbstractDeclarator());
        } catch (RuntimeException e) {
            return null;
        }
    }
}
