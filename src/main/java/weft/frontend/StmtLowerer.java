package weft.frontend;

import org.eclipse.cdt.core.dom.ast.*;
import org.eclipse.cdt.core.dom.ast.gnu.IGNUASTGotoStatement;
import weft.ir.CType;
import weft.ir.Expr;
import weft.ir.Lvalue;
import weft.ir.SourceLoc;
import weft.ir.Stmt;
import weft.ir.Variable;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Lowers statements of one function body into CFG edges: branches become pairs of assume edges,
 * loops, {@code switch}, {@code goto}, {@code break} and {@code continue} become edges to the right
 * nodes, {@code return} an edge to the exit node.
 */
final class StmtLowerer {
    private final UnitContext ctx;
    private final Body body;
    private final ExprLowerer exprs;
    private final Declarations decls;
    private final Deque<Integer> breaks = new ArrayDeque<>();
    private final Deque<Integer> continues = new ArrayDeque<>();
    private final Deque<SwitchContext> switches = new ArrayDeque<>();
    private final Map<String, Integer> labels = new HashMap<>();

    /** A case label; {@code high} is the upper bound of a GNU case range {@code case lo ... hi:}, else null. */
    private record Case(Expr value, Expr high, int node) {}

    private static final class SwitchContext {
        final List<Case> cases = new ArrayList<>();
        int defaultNode = -1;
    }

    StmtLowerer(UnitContext ctx, Body body) {
        this.ctx = ctx;
        this.body = body;
        this.exprs = new ExprLowerer(ctx, body, this);
        this.decls = new Declarations(ctx, body, exprs);
    }

    ExprLowerer exprs() {
        return exprs;
    }

    private CfgBuilder cfg() {
        return body.cfg;
    }

    void statement(IASTStatement s) {
        if (s == null) return;
        SourceLoc loc = ctx.loc(s);
        if (s instanceof IASTCompoundStatement c) {
            for (IASTStatement x : c.getStatements()) statement(x);
        } else if (s instanceof IASTExpressionStatement es) {
            exprs.effect(es.getExpression());
        } else if (s instanceof IASTDeclarationStatement ds) {
            decls.local(ds.getDeclaration());
        } else if (s instanceof IASTIfStatement is) {
            int t = cfg().newNode();
            int f = cfg().newNode();
            int join = cfg().newNode();
            exprs.cond(is.getConditionExpression(), t, f);
            cfg().setCurrent(t);
            statement(is.getThenClause());
            cfg().fallInto(join, loc);
            cfg().setCurrent(f);
            statement(is.getElseClause());
            cfg().fallInto(join, loc);
        } else if (s instanceof IASTWhileStatement ws) {
            int head = cfg().newNode();
            int b = cfg().newNode();
            int exit = cfg().newNode();
            cfg().fallInto(head, loc);
            exprs.cond(ws.getCondition(), b, exit);
            loop(b, exit, head, ws.getBody(), loc);
            cfg().jump(head, loc);
            cfg().setCurrent(exit);
        } else if (s instanceof IASTDoStatement ds) {
            int b = cfg().newNode();
            int cont = cfg().newNode();
            int exit = cfg().newNode();
            cfg().fallInto(b, loc);
            loop(b, exit, cont, ds.getBody(), loc);
            cfg().fallInto(cont, loc);
            exprs.cond(ds.getCondition(), b, exit);
            cfg().setCurrent(exit);
        } else if (s instanceof IASTForStatement fs) {
            statement(fs.getInitializerStatement());
            int head = cfg().newNode();
            int b = cfg().newNode();
            int cont = cfg().newNode();
            int exit = cfg().newNode();
            cfg().fallInto(head, loc);
            if (fs.getConditionExpression() == null) cfg().fallInto(b, loc);
            else exprs.cond(fs.getConditionExpression(), b, exit);
            loop(b, exit, cont, fs.getBody(), loc);
            cfg().fallInto(cont, loc);
            if (fs.getIterationExpression() != null) exprs.effect(fs.getIterationExpression());
            cfg().jump(head, loc);
            cfg().setCurrent(exit);
        } else if (s instanceof IASTSwitchStatement ss) {
            switchStatement(ss, loc);
        } else if (s instanceof IASTCaseStatement cs) {
            int node = cfg().newNode();
            cfg().fallInto(node, loc);
            if (switches.isEmpty()) ctx.error(s, "case label not within a switch statement");
            else if (ExprLowerer.strip(cs.getExpression()) instanceof IASTBinaryExpression range
                    && range.getOperator() == IASTBinaryExpression.op_ellipses) {
                switches.peek().cases.add(new Case(exprs.rvalue(range.getOperand1()), exprs.rvalue(range.getOperand2()), node));
            } else {
                switches.peek().cases.add(new Case(exprs.rvalue(cs.getExpression()), null, node));
            }
        } else if (s instanceof IASTDefaultStatement) {
            int node = cfg().newNode();
            cfg().fallInto(node, loc);
            if (switches.isEmpty()) ctx.error(s, "default label not within a switch statement");
            else switches.peek().defaultNode = node;
        } else if (s instanceof IASTBreakStatement) {
            if (breaks.isEmpty()) ctx.error(s, "break statement not within loop or switch");
            else cfg().jump(breaks.peek(), loc);
        } else if (s instanceof IASTContinueStatement) {
            if (continues.isEmpty()) ctx.error(s, "continue statement not within a loop");
            else cfg().jump(continues.peek(), loc);
        } else if (s instanceof IASTReturnStatement rs) {
            IASTInitializerClause rv = rs.getReturnArgument();
            Expr v = rv instanceof IASTExpression e ? exprs.rvalue(e) : null;
            cfg().edge(cfg().current(), cfg().exit(), new Stmt.Return(v, loc));
            cfg().setCurrent(cfg().newNode());
        } else if (s instanceof IASTGotoStatement gs) {
            cfg().jump(label(gs.getName().toString()), loc);
        } else if (s instanceof IGNUASTGotoStatement) {
            ctx.error(s, "computed goto is not supported");
        } else if (s instanceof IASTLabelStatement ls) {
            cfg().fallInto(label(ls.getName().toString()), loc);
            statement(ls.getNestedStatement());
        } else if (s instanceof IASTNullStatement) {
            // nothing
        } else if (s instanceof IASTProblemStatement) {
            ctx.error(s, "cannot lower statement '" + s.getRawSignature() + "'");
        } else {
            ctx.error(s, "unsupported statement '" + s.getRawSignature() + "'");
        }
    }

    private void loop(int bodyNode, int exit, int cont, IASTStatement stmt, SourceLoc loc) {
        cfg().setCurrent(bodyNode);
        breaks.push(exit);
        continues.push(cont);
        statement(stmt);
        breaks.pop();
        continues.pop();
    }

    private int label(String name) {
        return labels.computeIfAbsent(name, n -> cfg().newNode());
    }

    private void switchStatement(IASTSwitchStatement ss, SourceLoc loc) {
        Expr v = exprs.rvalue(ss.getControllerExpression());
        if (!(v instanceof Expr.IntConst)) v = body.spill(v, loc);
        int dispatch = cfg().current();
        int exit = cfg().newNode();
        SwitchContext sc = new SwitchContext();
        switches.push(sc);
        breaks.push(exit);
        cfg().setCurrent(cfg().newNode());
        statement(ss.getBody());
        cfg().fallInto(exit, loc);
        breaks.pop();
        switches.pop();
        int at = dispatch;
        CType it = ctx.types.intType();
        for (Case c : sc.cases) {
            Expr test = c.high() == null ? new Expr.Binary(Expr.BinOp.EQ, v, c.value(), it)
                    : new Expr.Binary(Expr.BinOp.AND, new Expr.Binary(Expr.BinOp.GE, v, c.value(), it),
                            new Expr.Binary(Expr.BinOp.LE, v, c.high(), it), it);
            int next = cfg().newNode();
            Long k = ConstEval.fold(test);
            if (k == null || k != 0) cfg().edge(at, c.node(), new Stmt.Assume(test, true, loc));
            if (k == null || k == 0) cfg().edge(at, next, new Stmt.Assume(test, false, loc));
            at = next;
        }
        cfg().edge(at, sc.defaultNode >= 0 ? sc.defaultNode : exit, new Stmt.Skip(loc));
        cfg().setCurrent(exit);
    }

    /** Lowers a GNU statement expression; its value is that of its last expression statement. */
    Expr statementExpression(IASTCompoundStatement c) {
        IASTStatement[] ss = c.getStatements();
        for (int i = 0; i < ss.length - 1; i++) statement(ss[i]);
        if (ss.length == 0) return null;
        IASTStatement last = ss[ss.length - 1];
        if (last instanceof IASTExpressionStatement es) {
            CType t = exprs.typeOf(es.getExpression());
            if (t instanceof CType.Void) {
                exprs.effect(es.getExpression());
                return null;
            }
            Expr v = exprs.rvalue(es.getExpression());
            return body.spill(v, ctx.loc(last));
        }
        statement(last);
        return null;
    }

    /**
     * Declares the parameters of the function being lowered; {@code declarators}, when not null, are the definition's
     * parameter declarators, whose types win where CDT's parameter binding (typed by the first declaration) has a
     * type it could not resolve ({@link CVisitorShim#typeOf(org.eclipse.cdt.core.dom.ast.IASTDeclarator)}).
     */
    void parameters(IParameter[] params, org.eclipse.cdt.core.dom.ast.IASTDeclarator[] declarators, List<Variable> out, SourceLoc loc) {
        for (int i = 0; i < params.length; i++) {
            IParameter p = params[i];
            org.eclipse.cdt.core.dom.ast.IType type = p.getType();
            if (CVisitorShim.hasProblem(type) && declarators != null && i < declarators.length) {
                org.eclipse.cdt.core.dom.ast.IType own = CVisitorShim.typeOf(declarators[i]);
                if (own != null && !CVisitorShim.hasProblem(own)) type = own;
            }
            CType t = ctx.types.translate(type);
            if (t.unqualified() instanceof CType.Array a) t = ctx.types.pointerTo(a.element());
            if (t.unqualified() instanceof CType.Function) t = ctx.types.pointerTo(t);
            if (t instanceof CType.Void) continue;
            Variable v = body.local(p.getName(), t, Variable.Kind.PARAM, false, loc);
            body.vars.put(p, v);
            out.add(v);
        }
    }
}
