package weft.frontend;

import org.eclipse.cdt.core.dom.ast.IASTDeclaration;
import org.eclipse.cdt.core.dom.ast.IASTDeclSpecifier;
import org.eclipse.cdt.core.dom.ast.IASTFunctionDefinition;
import org.eclipse.cdt.core.dom.ast.IASTProblemDeclaration;
import org.eclipse.cdt.core.dom.ast.IASTSimpleDeclaration;
import org.eclipse.cdt.core.dom.ast.IASTParameterDeclaration;
import org.eclipse.cdt.core.dom.ast.IASTStandardFunctionDeclarator;
import org.eclipse.cdt.core.dom.ast.IBinding;
import org.eclipse.cdt.core.dom.ast.IFunction;
import org.eclipse.cdt.internal.core.dom.parser.ASTQueries;
import weft.ir.CType;
import weft.ir.Function;
import weft.ir.SourceLoc;
import weft.ir.Stmt;
import weft.ir.Variable;

import java.util.ArrayList;
import java.util.List;

/** Lowers one translation unit in two passes: declare file-scope objects, then lower bodies and initialisers. */
final class UnitLowerer {
    private final UnitContext ctx;

    UnitLowerer(UnitContext ctx) {
        this.ctx = ctx;
    }

    void declare() {
        for (IASTDeclaration d : ctx.unit.ast().getDeclarations()) {
            if (d instanceof IASTSimpleDeclaration sd) Declarations.declareGlobal(ctx, sd);
        }
    }

    void lower() {
        for (IASTDeclaration d : ctx.unit.ast().getDeclarations()) {
            if (d instanceof IASTSimpleDeclaration sd) {
                Declarations.initializeGlobal(ctx, sd);
            } else if (d instanceof IASTFunctionDefinition fd) {
                function(fd);
            } else if (d instanceof IASTProblemDeclaration) {
                ctx.error(d, "cannot lower declaration '" + d.getRawSignature() + "'");
            }
        }
    }

    private void function(IASTFunctionDefinition fd) {
        IBinding b = ASTQueries.findInnermostDeclarator(fd.getDeclarator()).getName().resolveBinding();
        if (!(b instanceof IFunction f)) {
            ctx.error(fd, "cannot resolve function definition");
            return;
        }
        String link = ctx.linkName(f);
        SourceLoc loc = Declarations.nameLoc(ctx, fd.getDeclarator());
        IASTDeclSpecifier spec = fd.getDeclSpecifier();
        if (spec != null && spec.isInline() && spec.getStorageClass() == IASTDeclSpecifier.sc_extern
                && ctx.program.models().lookup(link).isPresent()) {
            // a GNU extern inline body of a C library function (glibc's error.h wrapper, which forwards its arguments
            // with __builtin_va_arg_pack): only an inline definition, equivalent to the library's external one, which
            // the library model describes; calls go to the model
            return;
        }
        if (ctx.program.hasFunction(link)) {
            ctx.error(fd.getDeclarator(), "redefinition of function '" + f.getName() + "'");
            return;
        }
        Body body = new Body(link, ctx.program);
        StmtLowerer sl = new StmtLowerer(ctx, body);
        List<Variable> params = new ArrayList<>();
        org.eclipse.cdt.core.dom.ast.IASTDeclarator[] declarators = null;
        if (fd.getDeclarator() instanceof IASTStandardFunctionDeclarator sfd) {
            IASTParameterDeclaration[] ps = sfd.getParameters();
            declarators = new org.eclipse.cdt.core.dom.ast.IASTDeclarator[ps.length];
            for (int i = 0; i < ps.length; i++) declarators[i] = ps[i].getDeclarator();
        }
        sl.parameters(f.getParameters(), declarators, params, loc);
        if (fd.getDeclarator() instanceof IASTStandardFunctionDeclarator sfd) {
            // size expressions of variably modified parameters are evaluated on entry (C11 6.9.1p10)
            VlaSizes vlas = new VlaSizes(ctx, body, sl.exprs());
            for (IASTParameterDeclaration p : sfd.getParameters()) vlas.declarator(p.getDeclarator(), new CType.Void(), loc);
        }
        sl.statement(fd.getBody());
        CfgBuilder cfg = body.cfg;
        cfg.edge(cfg.current(), cfg.exit(), new Stmt.Return(null, ctx.loc(fd.getBody()).line() > 0 ? endOf(fd) : loc));
        CType t = ctx.types.translate(f.getType());
        CType.Function ft = t instanceof CType.Function fn ? fn : new CType.Function(ctx.types.intType(), List.of(), true);
        if (CVisitorShim.hasProblem(f.getType()) && ft.params().size() == params.size()) {
            // the definition's parameter types (see StmtLowerer#parameters) where the first declaration's did not resolve
            ft = new CType.Function(ft.returnType(), params.stream().map(Variable::type).toList(), ft.varargs());
        }
        List<Variable> locals = body.locals.stream().filter(v -> v.kind() != Variable.Kind.PARAM).toList();
        ctx.program.addFunction(new Function(f.getName(), link, ft, params, locals, cfg.build(), ctx.isStatic(f), loc));
    }

    /** Location of the closing brace of a function body. */
    private SourceLoc endOf(IASTFunctionDefinition fd) {
        var fl = fd.getBody().getFileLocation();
        SourceText t = ctx.unit.text(fl.getFileName());
        if (t == null) return ctx.loc(fd.getBody());
        return t.locate(fl.getNodeOffset() + Math.max(0, fl.getNodeLength() - 1));
    }
}
