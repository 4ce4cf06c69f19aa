package weft.frontend;

import org.eclipse.cdt.core.dom.ast.IASTDeclSpecifier;
import org.eclipse.cdt.core.dom.ast.IASTDeclaration;
import org.eclipse.cdt.core.dom.ast.IASTDeclarator;
import org.eclipse.cdt.core.dom.ast.IASTFunctionDefinition;
import org.eclipse.cdt.core.dom.ast.IASTNode;
import org.eclipse.cdt.core.dom.ast.IASTSimpleDeclaration;
import org.eclipse.cdt.core.dom.ast.IBinding;
import org.eclipse.cdt.core.dom.ast.IFunction;
import org.eclipse.cdt.core.dom.ast.IVariable;
import org.eclipse.cdt.internal.core.dom.parser.ASTQueries;
import weft.ir.SourceLoc;
import weft.ir.Variable;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

/**
 * What the lowering of one translation unit shares across its functions: the parsed unit, the type
 * translator, the unit's {@code static} objects and the program being built.
 */
final class UnitContext {
    final CdtParser.Unit unit;
    final TypeTranslator types;
    final ProgramBuilder program;
    /** File-scope and function-local objects with internal linkage or no linkage, by binding. */
    final Map<IBinding, Variable> unitStatics = new IdentityHashMap<>();
    /** Decoration appended to the link names of {@code static} functions, empty for a single unit. */
    final String staticSuffix;
    /** Functions with a {@code static} file-scope declaration; computed on first use. */
    private Set<IBinding> staticFunctions;

    UnitContext(CdtParser.Unit unit, TypeTranslator types, ProgramBuilder program, String staticSuffix) {
        this.unit = unit;
        this.types = types;
        this.program = program;
        this.staticSuffix = staticSuffix;
    }

    SourceLoc loc(IASTNode node) {
        return unit.locate(node);
    }

    void error(IASTNode node, String message) {
        program.diagnose(Diagnostic.error(loc(node), message));
    }

    void warning(IASTNode node, String message) {
        program.diagnose(new Diagnostic(loc(node), Diagnostic.Severity.WARNING, message));
    }

    String linkName(IFunction f) {
        return !staticSuffix.isEmpty() && isStatic(f) ? f.getName() + staticSuffix : f.getName();
    }

    /**
     * Whether some file-scope declaration of {@code f} is {@code static} (internal linkage). Computed
     * for all functions in one pass over the unit: CDT's {@code IFunction.isStatic()} walks the whole
     * translation unit for every function it is asked about, which made lowering quadratic.
     */
    boolean isStatic(IFunction f) {
        if (staticFunctions == null) {
            Set<IBinding> s = Collections.newSetFromMap(new IdentityHashMap<>());
            for (IASTDeclaration d : unit.ast().getDeclarations()) {
                IASTDeclSpecifier spec;
                IASTDeclarator[] dtors;
                if (d instanceof IASTSimpleDeclaration sd) {
                    spec = sd.getDeclSpecifier();
                    dtors = sd.getDeclarators();
                } else if (d instanceof IASTFunctionDefinition fd) {
                    spec = fd.getDeclSpecifier();
                    dtors = new IASTDeclarator[]{fd.getDeclarator()};
                } else {
                    continue;
                }
                if (spec == null || spec.getStorageClass() != IASTDeclSpecifier.sc_static) continue;
                for (IASTDeclarator dt : dtors) {
                    IBinding b = ASTQueries.findInnermostDeclarator(dt).getName().resolveBinding();
                    if (b instanceof IFunction) s.add(b);
                }
            }
            staticFunctions = s;
        }
        return staticFunctions.contains(f);
    }

    /** The object a variable binding denotes outside the current function's locals, or null. */
    Variable global(IVariable v) {
        Variable s = unitStatics.get(v);
        if (s != null) return s;
        return program.lookupExternalGlobal(v.getName());
    }
}
