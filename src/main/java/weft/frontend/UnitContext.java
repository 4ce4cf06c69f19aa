package weft.frontend;

import org.eclipse.cdt.core.dom.ast.IASTNode;
import org.eclipse.cdt.core.dom.ast.IBinding;
import org.eclipse.cdt.core.dom.ast.IFunction;
import org.eclipse.cdt.core.dom.ast.IVariable;
import weft.ir.SourceLoc;
import weft.ir.Variable;

import java.util.IdentityHashMap;
import java.util.Map;

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
        return f.isStatic() && !staticSuffix.isEmpty() ? f.getName() + staticSuffix : f.getName();
    }

    /** The object a variable binding denotes outside the current function's locals, or null. */
    Variable global(IVariable v) {
        Variable s = unitStatics.get(v);
        if (s != null) return s;
        return program.lookupExternalGlobal(v.getName());
    }
}
