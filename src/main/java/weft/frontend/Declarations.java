package weft.frontend;

import org.eclipse.cdt.core.dom.ast.IASTASMDeclaration;
import org.eclipse.cdt.core.dom.ast.IASTArrayDeclarator;
import org.eclipse.cdt.core.dom.ast.IASTArrayModifier;
import org.eclipse.cdt.core.dom.ast.IASTDeclSpecifier;
import org.eclipse.cdt.core.dom.ast.IASTDeclaration;
import org.eclipse.cdt.core.dom.ast.IASTDeclarator;
import org.eclipse.cdt.core.dom.ast.IASTExpression;
import org.eclipse.cdt.core.dom.ast.IASTFileLocation;
import org.eclipse.cdt.core.dom.ast.IASTFunctionDefinition;
import org.eclipse.cdt.core.dom.ast.IASTProblemDeclaration;
import org.eclipse.cdt.core.dom.ast.IASTSimpleDeclaration;
import org.eclipse.cdt.core.dom.ast.IBinding;
import org.eclipse.cdt.core.dom.ast.IVariable;
import org.eclipse.cdt.internal.core.dom.parser.ASTQueries;
import weft.ir.CType;
import weft.ir.Expr;
import weft.ir.Lvalue;
import weft.ir.SourceLoc;
import weft.ir.Stmt;
import weft.ir.Variable;

/**
 * Declarations of objects: file-scope ones (declared for the whole program first, initialised later)
 * and those inside a function body (locals, {@code static} locals, {@code extern} references).
 */
final class Declarations {
    private final UnitContext ctx;
    private final Body body;
    private final ExprLowerer exprs;
    private final VlaSizes vlas;

    Declarations(UnitContext ctx, Body body, ExprLowerer exprs) {
        this.ctx = ctx;
        this.body = body;
        this.exprs = exprs;
        this.vlas = new VlaSizes(ctx, body, exprs);
    }

    /** Pass 1 for a file-scope declaration: create the objects it declares. */
    static void declareGlobal(UnitContext ctx, IASTSimpleDeclaration d) {
        if (d.getDeclSpecifier().getStorageClass() == IASTDeclSpecifier.sc_typedef) return;
        boolean tls = threadLocal(ctx, d);
        for (IASTDeclarator dtor : d.getDeclarators()) {
            IBinding b = ASTQueries.findInnermostDeclarator(dtor).getName().resolveBinding();
            if (declaresFunction(ctx, b, dtor, true)) continue;
            if (!(b instanceof IVariable v)) continue;
            CType t = variableType(ctx, v, dtor);
            SourceLoc loc = nameLoc(ctx, dtor);
            if (v.isStatic()) {
                if (!ctx.unitStatics.containsKey(v)) {
                    Variable g = ctx.program.newVariable(v.getName(), t, Variable.Kind.GLOBAL, null, tls, loc);
                    ctx.program.markInternalLinkage(g);
                    ctx.unitStatics.put(v, g);
                }
            } else {
                ctx.program.refineExternalGlobal(v.getName(), t, tls, loc);
                // a file-scope declaration without extern is a (tentative) definition, as is one with an initialiser
                if (d.getDeclSpecifier().getStorageClass() != IASTDeclSpecifier.sc_extern || dtor.getInitializer() != null) {
                    ctx.program.markDefined(v.getName());
                }
            }
        }
    }

    /** Pass 2 for a file-scope declaration: lower initialisers. */
    static void initializeGlobal(UnitContext ctx, IASTSimpleDeclaration d) {
        for (IASTDeclarator dtor : d.getDeclarators()) {
            if (dtor.getInitializer() == null) continue;
            IBinding b = ASTQueries.findInnermostDeclarator(dtor).getName().resolveBinding();
            if (!(b instanceof IVariable v)) continue;
            Variable var = ctx.global(v);
            if (var == null) continue;
            staticInit(ctx, var, dtor);
        }
    }

    private static void staticInit(UnitContext ctx, Variable var, IASTDeclarator dtor) {
        Body init = new Body(null, ctx.program);
        StmtLowerer sl = new StmtLowerer(ctx, init);
        new InitLowerer(ctx, init, sl.exprs()).initialize(new Lvalue.Var(var), dtor.getInitializer(), ctx.loc(dtor));
        if (init.emittedInStaticContext()) ctx.error(dtor, "initializer element is not constant");
    }

    private static CType variableType(UnitContext ctx, IVariable v, IASTDeclarator dtor) {
        CType t = ctx.types.translate(v.getType());
        if (typeofComma(dtor)) t = t.unqualified();
        if (t.unqualified() instanceof CType.Array a && a.length() < 0 && !variableLength(ctx, dtor)) {
            long n = dtor.getInitializer() != null ? InitLowerer.inferLength(ctx, a, dtor.getInitializer()) : constantLength(ctx, dtor);
            if (n >= 0) t = CType.qualify(new CType.Array(a.element(), n), t.isAtomic(), t.isVolatile());
        }
        return t;
    }

    /**
     * The length of an array declared with an integer constant expression CDT does not evaluate: one that takes the
     * size of an array completed by its initializer ({@code int flags[sizeof names / sizeof names[0]]}), folded from
     * the lowered expression ({@link ExprLowerer#typeOf} completes the array); -1 when it is not a constant.
     */
    private static long constantLength(UnitContext ctx, IASTDeclarator dtor) {
        IASTDeclarator d = ASTQueries.findInnermostDeclarator(dtor);
        while (d != null && !(d instanceof IASTArrayDeclarator) && d.getParent() instanceof IASTDeclarator p) d = p;
        if (!(d instanceof IASTArrayDeclarator ad) || ad.getArrayModifiers().length == 0) return -1;
        IASTExpression size = ad.getArrayModifiers()[0].getConstantExpression();
        if (size == null) return -1;
        Body b = new Body(null, ctx.program);
        Long n = ConstEval.fold(new StmtLowerer(ctx, b).exprs().rvalue(size));
        return n == null || b.emittedInStaticContext() ? -1 : n;
    }

    /**
     * Whether {@code dtor} declares a plain name whose type is {@code __typeof__} of a comma expression: the
     * comma's result is a value (C11 6.5.17, after lvalue conversion, 6.3.2.1p2), so its type has no qualifiers
     * (gcc's {@code <stdatomic.h>} declares its non-atomic temporaries as {@code __typeof__((void)0, *ptr)}, and
     * {@link SourceText} writes {@code __auto_type x = e} so), but CDT keeps those of the right operand; an
     * {@code _Atomic} one would make the temporary an atomic object.
     */
    private static boolean typeofComma(IASTDeclarator dtor) {
        if (dtor.getPointerOperators().length > 0 || dtor.getNestedDeclarator() != null || dtor instanceof IASTArrayDeclarator
                || dtor instanceof org.eclipse.cdt.core.dom.ast.IASTFunctionDeclarator) return false;
        if (!(dtor.getParent() instanceof IASTSimpleDeclaration d
                && d.getDeclSpecifier() instanceof org.eclipse.cdt.core.dom.ast.IASTSimpleDeclSpecifier s)) return false;
        org.eclipse.cdt.core.dom.ast.IASTExpression e = s.getDeclTypeExpression();
        if (e == null && s instanceof org.eclipse.cdt.core.dom.ast.gnu.c.IGCCASTSimpleDeclSpecifier g) e = g.getTypeofExpression();
        while (e instanceof org.eclipse.cdt.core.dom.ast.IASTUnaryExpression u
                && u.getOperator() == org.eclipse.cdt.core.dom.ast.IASTUnaryExpression.op_bracketedPrimary) e = u.getOperand();
        return e instanceof org.eclipse.cdt.core.dom.ast.IASTExpressionList;
    }

    /** Whether the outermost array level of {@code dtor} has a size expression that is not constant. */
    private static boolean variableLength(UnitContext ctx, IASTDeclarator dtor) {
        IASTDeclarator d = ASTQueries.findInnermostDeclarator(dtor);
        for (IASTDeclarator x = dtor; x != null; x = x.getNestedDeclarator()) {
            if (x instanceof IASTArrayDeclarator ad) {
                for (IASTArrayModifier m : ad.getArrayModifiers()) {
                    if (VlaSizes.isVariable(m.getConstantExpression(), ctx.types)) return true;
                }
            }
            if (x == d) break;
        }
        return false;
    }

    /**
     * Records a declaration of a function ({@link ProgramBuilder#declareFunction}; one at block scope counts as the
     * program's own, wherever its text comes from); false if {@code b} is no function.
     */
    private static boolean declaresFunction(UnitContext ctx, IBinding b, IASTDeclarator dtor, boolean fileScope) {
        if (!(b instanceof org.eclipse.cdt.core.dom.ast.IFunction f)) return false;
        ctx.program.declareFunction(ctx.linkName(f), nameLoc(ctx, dtor), fileScope);
        return true;
    }

    /** Where a declarator's name is (for {@code int *p} the {@code p}, not the {@code *}). */
    static SourceLoc nameLoc(UnitContext ctx, IASTDeclarator dtor) {
        SourceLoc at = ctx.loc(ASTQueries.findInnermostDeclarator(dtor).getName());
        return at.line() > 0 ? at : ctx.loc(dtor);
    }

    static boolean threadLocal(UnitContext ctx, IASTSimpleDeclaration d) {
        IASTFileLocation fl = d.getFileLocation();
        IASTFileLocation spec = d.getDeclSpecifier().getFileLocation();
        if (fl == null || spec == null) return false;
        SourceText t = ctx.unit.text(fl.getFileName());
        return t != null && t.threadLocalIn(fl.getNodeOffset(), spec.getNodeOffset() + spec.getNodeLength());
    }

    /** A declaration inside a function body. */
    void local(IASTDeclaration decl) {
        SourceLoc loc = ctx.loc(decl);
        if (decl instanceof IASTASMDeclaration asm) {
            body.emit(new Stmt.Asm(asm.getAssembly(), loc));
            return;
        }
        if (decl instanceof IASTProblemDeclaration) {
            ctx.error(decl, "cannot lower declaration '" + decl.getRawSignature() + "'");
            return;
        }
        if (decl instanceof IASTFunctionDefinition) {
            ctx.error(decl, "nested function definitions are not supported");
            return;
        }
        if (!(decl instanceof IASTSimpleDeclaration d)) return;
        int storage = d.getDeclSpecifier().getStorageClass();
        if (storage == IASTDeclSpecifier.sc_typedef) {
            for (IASTDeclarator dtor : d.getDeclarators()) vlas.declarator(dtor, new CType.Void(), ctx.loc(dtor));
            return;
        }
        boolean tls = threadLocal(ctx, d);
        for (IASTDeclarator dtor : d.getDeclarators()) {
            IBinding b = ASTQueries.findInnermostDeclarator(dtor).getName().resolveBinding();
            if (declaresFunction(ctx, b, dtor, false)) continue;
            if (!(b instanceof IVariable v)) continue;
            CType t = variableType(ctx, v, dtor);
            SourceLoc dl = nameLoc(ctx, dtor);
            if (storage == IASTDeclSpecifier.sc_extern) {
                Variable g = ctx.global(v);
                if (g == null) g = ctx.program.externalGlobal(v.getName(), t, tls, dl);
                body.vars.put(v, g);
            } else if (storage == IASTDeclSpecifier.sc_static) {
                Variable s = ctx.program.newVariable(body.function + "." + v.getName(), t, Variable.Kind.STATIC_LOCAL,
                        body.function, tls, dl);
                ctx.unitStatics.put(v, s);
                body.vars.put(v, s);
                if (dtor.getInitializer() != null) staticInit(ctx, s, dtor);
            } else {
                Expr vlaSize = vlas.declarator(dtor, t, dl);
                Variable l = body.local(v.getName(), t, Variable.Kind.LOCAL, tls, dl);
                body.vars.put(v, l);
                if (vlaSize != null) body.vlaSizes.put(l, vlaSize);
                body.emit(new Stmt.Decl(l, dl, vlaSize, dtor.getInitializer() != null && InitLowerer.bracedAggregate(dtor.getInitializer(), t)));
                if (dtor.getInitializer() != null) {
                    new InitLowerer(ctx, body, exprs).initialize(new Lvalue.Var(l), dtor.getInitializer(), dl);
                }
            }
        }
    }
}
