package weft.frontend;

import org.eclipse.cdt.core.dom.ast.ASTVisitor;
import org.eclipse.cdt.core.dom.ast.IASTArrayDeclarator;
import org.eclipse.cdt.core.dom.ast.IASTArrayModifier;
import org.eclipse.cdt.core.dom.ast.IASTDeclarator;
import org.eclipse.cdt.core.dom.ast.IASTExpression;
import org.eclipse.cdt.core.dom.ast.IASTFunctionCallExpression;
import org.eclipse.cdt.core.dom.ast.IASTFunctionDeclarator;
import org.eclipse.cdt.core.dom.ast.IASTIdExpression;
import org.eclipse.cdt.core.dom.ast.IASTTypeIdExpression;
import org.eclipse.cdt.core.dom.ast.IASTUnaryExpression;
import org.eclipse.cdt.core.dom.ast.IType;
import org.eclipse.cdt.core.dom.ast.IVariable;
import weft.ir.CType;
import weft.ir.Expr;
import weft.ir.Lvalue;
import weft.ir.SourceLoc;
import weft.ir.Stmt;
import weft.ir.Variable;

import java.util.ArrayList;
import java.util.List;

/**
 * Variable-length arrays: which array size expressions are not integer constant expressions, and the
 * evaluation of those that are not where C evaluates them (C11 6.7.6.2p5, 6.9.1p10): when a declaration
 * of an object, a pointer to a VLA or a VLA typedef is reached, on entry to a function for its
 * parameters, and for the type name of {@code sizeof} or a cast.
 *
 * <p>Soundness: each such size expression is lowered as an ordinary rvalue and its value stored into a
 * temporary, so every object it reads is a read access of the statement like any other (paired by the
 * race detector, executed by the explorer). A VLA type has unknown length ({@link CType.Array#length()}
 * -1), never the value CDT folds from a variable's initialiser, so regions of its elements cover the
 * whole object (an element of unknown size has an unknown offset, see {@code analysis.Regions}) and
 * {@code sizeof} of it is the runtime byte size or, where that is not tracked, an unknown value (a
 * temporary never written: any value to the interval analysis, an abandon for the explorer).
 */
final class VlaSizes {
    private final UnitContext ctx;
    private final Body body;
    private final ExprLowerer exprs;

    VlaSizes(UnitContext ctx, Body body, ExprLowerer exprs) {
        this.ctx = ctx;
        this.body = body;
        this.exprs = exprs;
    }

    /**
     * Whether an array size expression is not an integer constant expression: it reads a variable or
     * calls a function outside the operand of a {@code sizeof} of a complete, fixed-size type.
     */
    static boolean isVariable(IASTExpression e, TypeTranslator types) {
        if (e == null) return false;
        boolean[] found = {false};
        e.accept(new ASTVisitor() {
            {
                shouldVisitExpressions = true;
            }

            @Override
            public int visit(IASTExpression x) {
                if (x instanceof IASTUnaryExpression u && (u.getOperator() == IASTUnaryExpression.op_sizeof
                        || u.getOperator() == IASTUnaryExpression.op_alignOf)) {
                    if (typeSize(u.getOperand().getExpressionType(), types) < 0 && !completedByInitializer(u.getOperand())) found[0] = true;
                    return PROCESS_SKIP;
                }
                if (x instanceof IASTTypeIdExpression t) {
                    if (typeSize(CVisitorShim.typeOf(t.getTypeId()), types) < 0) found[0] = true;
                    return PROCESS_SKIP;
                }
                if (x instanceof IASTFunctionCallExpression
                        || x instanceof IASTIdExpression id && id.getName().resolveBinding() instanceof IVariable) {
                    found[0] = true;
                    return PROCESS_ABORT;
                }
                return PROCESS_CONTINUE;
            }
        });
        return found[0];
    }

    /**
     * Whether {@code e} names an array declared without a size whose definition has an initializer (C11 6.7.9p22: the
     * initializer completes the type), so that its {@code sizeof} is a constant although CDT's type of it is incomplete.
     */
    static boolean completedByInitializer(IASTExpression e) {
        IASTExpression s = ExprLowerer.strip(e);
        if (!(s instanceof IASTIdExpression id) || !(id.getName().resolveBinding() instanceof IVariable v)) return false;
        try {
            if (!(v.getType() instanceof org.eclipse.cdt.core.dom.ast.IArrayType)) return false;
        } catch (RuntimeException ex) {
            return false;
        }
        for (org.eclipse.cdt.core.dom.ast.IASTName n : id.getTranslationUnit().getDefinitionsInAST(v)) {
            if (n.getParent() instanceof org.eclipse.cdt.core.dom.ast.IASTDeclarator d && d.getInitializer() != null) return true;
        }
        return false;
    }

    private static long typeSize(IType t, TypeTranslator types) {
        try {
            return types.translate(t).size();
        } catch (RuntimeException ex) {
            return -1;
        }
    }

    /**
     * Evaluates the variable size expressions of a declarator (object, pointer to VLA, typedef, parameter;
     * not those of a function prototype's parameters) and returns the byte size of the declared object if
     * it is itself a variable-length array whose size is known this way, else null.
     */
    Expr declarator(IASTDeclarator dtor, CType declared, SourceLoc loc) {
        List<Expr> dims = new ArrayList<>();
        boolean direct = readDims(dtor, dims, loc, true);
        if (!direct || !(declared.unqualified() instanceof CType.Array a) || a.length() >= 0) return null;
        return byteSize(declared, dims, loc);
    }

    /** The same for the type name of {@code sizeof}, a cast or a compound literal: its runtime byte size, or null. */
    Expr typeId(org.eclipse.cdt.core.dom.ast.IASTTypeId id, CType t, SourceLoc loc) {
        List<Expr> dims = new ArrayList<>();
        boolean direct = readDims(id.getAbstractDeclarator(), dims, loc, true);
        if (!direct || t.size() >= 0) return null;
        return byteSize(t, dims, loc);
    }

    /**
     * {@code sizeof} of an expression of variable-length array type: the size computed at the declaration
     * of a VLA variable, otherwise an unknown value. The operand is evaluated (C11 6.5.3.4p2) for its reads.
     */
    Expr sizeOf(IASTExpression operand, SourceLoc loc) {
        IASTExpression o = ExprLowerer.strip(operand);
        if (o instanceof IASTIdExpression id && id.getName().resolveBinding() instanceof IVariable b) {
            Variable v = body.vars.get(b);
            if (v != null && body.vlaSizes.get(v) != null) return body.vlaSizes.get(v);
        }
        exprs.effect(o);
        return unknownSize(loc);
    }

    /** A value nothing is known about (for {@code sizeof} of a VLA whose size is not tracked). */
    Expr unknownSize(SourceLoc loc) {
        return new Expr.Load(new Lvalue.Var(body.temp(ctx.types.sizeType(), loc)), loc);
    }

    /**
     * Lowers the size expressions of {@code d} and the declarators nested in it, appending to {@code dims}
     * the dimensions of the outermost array level (constants or temporaries). Returns whether the declared
     * name is directly that array (no pointer or function level on the way).
     */
    private boolean readDims(IASTDeclarator d, List<Expr> dims, SourceLoc loc, boolean direct) {
        if (d == null || d instanceof IASTFunctionDeclarator) return false;
        boolean isDirect = direct && d.getPointerOperators().length == 0;
        if (d instanceof IASTArrayDeclarator ad) {
            for (IASTArrayModifier m : ad.getArrayModifiers()) {
                Expr dim = dimension(m.getConstantExpression(), loc);
                if (isDirect) dims.add(dim);
            }
        }
        IASTDeclarator nested = d.getNestedDeclarator();
        if (nested != null) {
            boolean nestedDirect = nested.getPointerOperators().length == 0 && !(nested instanceof IASTFunctionDeclarator);
            if (!nestedDirect) dims.clear();
            readDims(nested, new ArrayList<>(), loc, false);
            return isDirect && nestedDirect;
        }
        return isDirect;
    }

    private Expr dimension(IASTExpression size, SourceLoc loc) {
        if (size == null) return null;
        if (!isVariable(size, ctx.types)) {
            Long v = ConstEval.eval(size);
            return v == null ? null : new Expr.IntConst(v, ctx.types.sizeType());
        }
        Expr v = exprs.rvalue(size);
        CType st = ctx.types.sizeType();
        Variable tmp = body.temp(st, loc);
        body.emit(new Stmt.Assign(new Lvalue.Var(tmp), v.type().equals(st) ? v : new Expr.Cast(st, v), loc));
        return new Expr.Load(new Lvalue.Var(tmp), loc);
    }

    /** dims[0] * ... * dims[k-1] * the size of what is left of {@code t} after k array levels, or null. */
    private Expr byteSize(CType t, List<Expr> dims, SourceLoc loc) {
        CType st = ctx.types.sizeType();
        CType elem = t;
        Expr product = null;
        for (Expr dim : dims) {
            if (dim == null || !(elem.unqualified() instanceof CType.Array a)) return null;
            product = product == null ? dim : new Expr.Binary(Expr.BinOp.MUL, product, dim, st);
            elem = a.element();
        }
        if (product == null || elem.size() < 0) return null;
        Expr bytes = new Expr.Binary(Expr.BinOp.MUL, product, new Expr.IntConst(elem.size(), st), st);
        Variable tmp = body.temp(st, loc);
        body.emit(new Stmt.Assign(new Lvalue.Var(tmp), bytes, loc));
        return new Expr.Load(new Lvalue.Var(tmp), loc);
    }
}
