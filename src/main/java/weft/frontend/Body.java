package weft.frontend;

import org.eclipse.cdt.core.dom.ast.IBinding;
import weft.ir.CType;
import weft.ir.Expr;
import weft.ir.Lvalue;
import weft.ir.SourceLoc;
import weft.ir.Stmt;
import weft.ir.Variable;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The function being lowered: its CFG under construction, locals and temporaries, and the bindings
 * of its local names. A body with {@code function == null} stands for a static initialiser, where no
 * statement may be emitted.
 */
final class Body {
    final String function;
    final CfgBuilder cfg = new CfgBuilder();
    final List<Variable> locals = new ArrayList<>();
    final Map<IBinding, Variable> vars = new IdentityHashMap<>();
    /** Byte sizes of the variable-length arrays declared so far (a side-effect-free read of a temporary). */
    final Map<Variable, Expr> vlaSizes = new java.util.HashMap<>();
    private final ProgramBuilder program;
    private int temps;
    private boolean emittedInStaticContext;

    Body(String function, ProgramBuilder program) {
        this.function = function;
        this.program = program;
    }

    boolean isStaticContext() {
        return function == null;
    }

    boolean emittedInStaticContext() {
        return emittedInStaticContext;
    }

    void emit(Stmt s) {
        if (function == null) emittedInStaticContext = true;
        cfg.append(s);
    }

    Variable local(String name, CType type, Variable.Kind kind, boolean threadLocal, SourceLoc loc) {
        Variable v = program.newVariable(name, type, kind, function, threadLocal, loc);
        locals.add(v);
        return v;
    }

    /** A fresh temporary (static storage in a static initialiser, e.g. for compound literals). */
    Variable temp(CType type, SourceLoc loc) {
        String name = "__t" + (temps++);
        if (function == null) return program.newVariable(name, type, Variable.Kind.STATIC_LOCAL, null, false, loc);
        return local(name, type, Variable.Kind.TEMP, false, loc);
    }

    /** Stores {@code value} into a fresh temporary and returns a read of it. */
    Expr spill(Expr value, SourceLoc loc) {
        if (value instanceof Expr.IntConst || value instanceof Expr.FuncRef) return value;
        if (value instanceof Expr.Load l && l.lvalue() instanceof Lvalue.Var v && v.variable().kind() == Variable.Kind.TEMP) {
            return value;
        }
        Variable t = temp(value.type(), loc);
        emit(new Stmt.Assign(new Lvalue.Var(t), value, loc));
        return new Expr.Load(new Lvalue.Var(t), loc);
    }
}
