package weft.frontend;

import org.eclipse.cdt.core.dom.ast.*;
import org.eclipse.cdt.core.dom.ast.c.ICASTTypeIdInitializerExpression;
import org.eclipse.cdt.core.dom.ast.gnu.IGNUASTCompoundStatementExpression;
import org.eclipse.cdt.internal.core.dom.parser.c.CExternalFunction;
import org.eclipse.cdt.internal.core.dom.parser.c.CImplicitFunction;
import weft.ir.CType;
import weft.ir.Expr;
import weft.ir.Expr.BinOp;
import weft.ir.Lvalue;
import weft.ir.SourceLoc;
import weft.ir.Stmt;
import weft.ir.StructType;
import weft.ir.Variable;

import java.util.ArrayList;
import java.util.List;

/**
 * Lowers C expressions. Side effects (assignments, increments, calls, {@code &&}, {@code ||},
 * {@code ?:}, comma, statement expressions) become statements emitted into the {@link Body}; what is
 * returned is side-effect free. Each lvalue is evaluated to a pure {@link Lvalue}, so a compound
 * assignment reads and writes the same location.
 */
final class ExprLowerer {
    private static final java.util.Set<String> FUNCTION_NAME_IDS = java.util.Set.of("__func__", "__FUNCTION__", "__PRETTY_FUNCTION__");
    private final UnitContext ctx;
    private final Body body;
    private final StmtLowerer stmts;
    private final TypeTranslator types;
    private VlaSizes vlas;

    ExprLowerer(UnitContext ctx, Body body, StmtLowerer stmts) {
        this.ctx = ctx;
        this.body = body;
        this.stmts = stmts;
        this.types = ctx.types;
    }

    static IASTExpression strip(IASTExpression e) {
        while (e instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_bracketedPrimary) {
            e = u.getOperand();
        }
        return e;
    }

    CType typeOf(IASTExpression e) {
        IType t = e.getExpressionType();
        if (t instanceof IProblemType) return types.intType();
        CType c = types.translate(t);
        if (c.size() < 0 && c.unqualified() instanceof CType.Array) {
            // an array declared without its size takes it from its initializer ({@code static char *names[] = {...}};
            // C11 6.7.9p22): CDT's type of the name stays incomplete, the lowered variable's is complete
            IASTExpression s = strip(e);
            if (s instanceof IASTIdExpression id && id.getName().resolveBinding() instanceof IVariable var) {
                Variable v = body.vars.get(var);
                if (v == null) v = ctx.global(var);
                if (v != null && v.type().size() >= 0 && v.type().unqualified() instanceof CType.Array) return v.type();
            }
        }
        return c;
    }

    private VlaSizes vlas() {
        if (vlas == null) vlas = new VlaSizes(ctx, body, this);
        return vlas;
    }

    // ---------------------------------------------------------------- rvalues

    Expr rvalue(IASTExpression e0) {
        IASTExpression e = strip(e0);
        SourceLoc loc = ctx.loc(e);
        if (e instanceof IASTIdExpression id) return idValue(id, loc);
        if (e instanceof IASTLiteralExpression lit) return Literals.lower(lit, this, ctx, body, loc);
        if (e instanceof IASTUnaryExpression u) return unary(u, loc);
        if (e instanceof IASTBinaryExpression b) return binary(b, loc, true);
        if (e instanceof IASTFunctionCallExpression c) return call(c, null, true);
        if (e instanceof IASTCastExpression c) {
            CType t = types.translate(c.getTypeId() == null ? null : CVisitorShim.typeOf(c.getTypeId()));
            if (c.getTypeId() != null && !body.isStaticContext()) vlas().typeId(c.getTypeId(), t, loc);
            if (t instanceof CType.Void) {
                effect(c.getOperand());
                return new Expr.IntConst(0, t);
            }
            Expr v = rvalue(c.getOperand());
            return v.type().equals(t) ? v : new Expr.Cast(t, v);
        }
        if (e instanceof IASTConditionalExpression c) return conditional(c, loc);
        if (e instanceof IASTExpressionList list) {
            IASTExpression[] es = list.getExpressions();
            for (int i = 0; i < es.length - 1; i++) effect(es[i]);
            return rvalue(es[es.length - 1]);
        }
        if (e instanceof IASTTypeIdExpression t) {
            Long v = ConstEval.eval(t);
            CType ty = types.translate(CVisitorShim.typeOf(t.getTypeId()));
            if (t.getOperator() == IASTTypeIdExpression.op_sizeof && ty.size() < 0 && !body.isStaticContext()) {
                Expr runtime = vlas().typeId(t.getTypeId(), ty, loc);
                return runtime != null ? runtime : vlas().unknownSize(loc);
            }
            long size = t.getOperator() == IASTTypeIdExpression.op_sizeof ? ty.size()
                    : t.getOperator() == IASTTypeIdExpression.op_alignof ? ty.align() : v == null ? 0 : v;
            return new Expr.IntConst(size, types.sizeType());
        }
        if (e instanceof IASTBinaryTypeIdExpression bt) {
            Long v = ConstEval.eval(bt);
            return new Expr.IntConst(v == null ? 0 : v, types.intType());
        }
        if (e instanceof IGNUASTCompoundStatementExpression se) {
            Expr v = stmts.statementExpression(se.getCompoundStatement());
            return v == null ? new Expr.IntConst(0, new CType.Void()) : v;
        }
        if (e instanceof ICASTTypeIdInitializerExpression || e instanceof IASTFieldReference
                || e instanceof IASTArraySubscriptExpression) {
            return load(lvalue(e), loc);
        }
        if (e instanceof IASTProblemExpression) {
            ctx.error(e, "cannot lower expression '" + e.getRawSignature() + "'");
            return new Expr.IntConst(0, types.intType());
        }
        ctx.error(e, "unsupported expression '" + e.getRawSignature() + "'");
        return new Expr.IntConst(0, types.intType());
    }

    /** The value of an lvalue: a load, or the address of its first element for arrays (decay). */
    Expr load(Lvalue lv, SourceLoc loc) {
        CType t = lv.type().unqualified();
        if (t instanceof CType.Array a) {
            return new Expr.AddrOf(new Lvalue.Index(lv, new Expr.IntConst(0, types.intType()), a.element()),
                    types.pointerTo(a.element()));
        }
        if (t instanceof CType.Function) return new Expr.AddrOf(lv, types.pointerTo(t));
        return new Expr.Load(lv, loc);
    }

    private Expr idValue(IASTIdExpression id, SourceLoc loc) {
        IBinding b = id.getName().resolveBinding();
        if (b instanceof IEnumerator en) {
            IValue v = en.getValue();
            Number n = v == null ? null : v.numberValue();
            return new Expr.IntConst(n == null ? 0 : n.longValue(), types.intType());
        }
        if (b instanceof IFunction f) return new Expr.FuncRef(ctx.linkName(f), types.pointerTo(types.translate(f.getType())));
        String name = id.getName().toString();
        if (FUNCTION_NAME_IDS.contains(name) && b instanceof IVariable var && body.vars.get(var) == null) {
            // __func__ and friends: a static array holding the enclosing function's name.
            Variable s = Literals.stringObject("\"" + body.function + "\"", ctx, loc);
            return load(new Lvalue.Var(s), loc);
        }
        Variable v = variable(id, b);
        if (v == null) return new Expr.IntConst(0, types.intType());
        return load(new Lvalue.Var(v), loc);
    }

    Variable variable(IASTIdExpression id, IBinding b) {
        if (b instanceof IVariable var) {
            Variable v = body.vars.get(var);
            if (v == null) v = ctx.global(var);
            if (v != null) return v;
        }
        if (b instanceof IProblemBinding || b == null) {
            ctx.error(id, "use of undeclared identifier '" + id.getName() + "'");
        } else {
            ctx.error(id, "cannot resolve '" + id.getName() + "'");
        }
        return null;
    }

    private Expr unary(IASTUnaryExpression u, SourceLoc loc) {
        int op = u.getOperator();
        switch (op) {
            case IASTUnaryExpression.op_prefixIncr, IASTUnaryExpression.op_prefixDecr,
                 IASTUnaryExpression.op_postFixIncr, IASTUnaryExpression.op_postFixDecr -> {
                return increment(u, true);
            }
            case IASTUnaryExpression.op_minus -> {
                Expr v = rvalue(u.getOperand());
                // Negative literals are constants in the IR (C has none: -1 is minus applied to 1).
                if (v instanceof Expr.IntConst k) return new Expr.IntConst(-k.value(), typeOf(u));
                return new Expr.Unary(Expr.UnOp.NEG, v, typeOf(u));
            }
            case IASTUnaryExpression.op_plus -> {
                return rvalue(u.getOperand());
            }
            case IASTUnaryExpression.op_not -> {
                return new Expr.Unary(Expr.UnOp.NOT, rvalue(u.getOperand()), types.intType());
            }
            case IASTUnaryExpression.op_tilde -> {
                return new Expr.Unary(Expr.UnOp.BITNOT, rvalue(u.getOperand()), typeOf(u));
            }
            case IASTUnaryExpression.op_star -> {
                CType ot = typeOf(u.getOperand()).unqualified();
                if (ot instanceof CType.Function || (ot.pointee() != null && ot.pointee().unqualified() instanceof CType.Function)) {
                    return rvalue(u.getOperand());
                }
                return load(lvalue(u), loc);
            }
            case IASTUnaryExpression.op_amper -> {
                IASTExpression operand = strip(u.getOperand());
                if (operand instanceof IASTIdExpression id && id.getName().resolveBinding() instanceof IFunction f) {
                    return new Expr.FuncRef(ctx.linkName(f), types.pointerTo(types.translate(f.getType())));
                }
                Lvalue lv = lvalue(operand);
                return new Expr.AddrOf(lv, types.pointerTo(lv.type()));
            }
            case IASTUnaryExpression.op_sizeof, IASTUnaryExpression.op_alignOf -> {
                CType t = typeOf(u.getOperand());
                if (op == IASTUnaryExpression.op_sizeof && t.size() < 0 && !body.isStaticContext()) return vlas().sizeOf(u.getOperand(), loc);
                return new Expr.IntConst(op == IASTUnaryExpression.op_sizeof ? Math.max(t.size(), 0) : t.align(), types.sizeType());
            }
            default -> {
                return rvalue(u.getOperand());
            }
        }
    }

    /** {@code ++}/{@code --}: in value context the old (postfix) or new (prefix) value via a temporary. */
    private Expr increment(IASTUnaryExpression u, boolean wantValue) {
        int op = u.getOperator();
        SourceLoc loc = ctx.loc(u);
        Lvalue lv = lvalue(u.getOperand());
        BinOp bop = op == IASTUnaryExpression.op_prefixIncr || op == IASTUnaryExpression.op_postFixIncr ? BinOp.ADD : BinOp.SUB;
        CType t = lv.type().unqualified();
        Expr one = new Expr.IntConst(1, types.intType());
        if (!wantValue) {
            body.emit(new Stmt.Assign(lv, new Expr.Binary(bop, new Expr.Load(lv, loc), one, t), loc));
            return null;
        }
        boolean post = op == IASTUnaryExpression.op_postFixIncr || op == IASTUnaryExpression.op_postFixDecr;
        Variable tmp = body.temp(t, loc);
        Lvalue tv = new Lvalue.Var(tmp);
        if (post) {
            body.emit(new Stmt.Assign(tv, new Expr.Load(lv, loc), loc));
            body.emit(new Stmt.Assign(lv, new Expr.Binary(bop, new Expr.Load(tv, loc), one, t), loc));
        } else {
            body.emit(new Stmt.Assign(tv, new Expr.Binary(bop, new Expr.Load(lv, loc), one, t), loc));
            body.emit(new Stmt.Assign(lv, new Expr.Load(tv, loc), loc));
        }
        return new Expr.Load(tv, loc);
    }

    private Expr binary(IASTBinaryExpression b, SourceLoc loc, boolean wantValue) {
        int op = b.getOperator();
        if (op == IASTBinaryExpression.op_assign || isCompoundAssign(op)) return assign(b, wantValue);
        if (op == IASTBinaryExpression.op_logicalAnd || op == IASTBinaryExpression.op_logicalOr) {
            return viaBranches(b, loc, types.intType(), (t, f) -> cond(b, t, f), null, null);
        }
        BinOp bop = binOp(op);
        if (bop == null) {
            ctx.error(b, "unsupported operator in '" + b.getRawSignature() + "'");
            return new Expr.IntConst(0, types.intType());
        }
        Expr l = rvalue(b.getOperand1());
        Expr r = rvalue(b.getOperand2());
        CType t = bop.isComparison() ? types.intType() : BinaryTypes.binaryType(bop, l.type(), r.type(), typeOf(b), types);
        return new Expr.Binary(bop, l, r, t);
    }

    static boolean isCompoundAssign(int op) {
        return op >= IASTBinaryExpression.op_multiplyAssign && op <= IASTBinaryExpression.op_binaryOrAssign;
    }

    static BinOp binOp(int op) {
        return switch (op) {
            case IASTBinaryExpression.op_multiply, IASTBinaryExpression.op_multiplyAssign -> BinOp.MUL;
            case IASTBinaryExpression.op_divide, IASTBinaryExpression.op_divideAssign -> BinOp.DIV;
            case IASTBinaryExpression.op_modulo, IASTBinaryExpression.op_moduloAssign -> BinOp.MOD;
            case IASTBinaryExpression.op_plus, IASTBinaryExpression.op_plusAssign -> BinOp.ADD;
            case IASTBinaryExpression.op_minus, IASTBinaryExpression.op_minusAssign -> BinOp.SUB;
            case IASTBinaryExpression.op_shiftLeft, IASTBinaryExpression.op_shiftLeftAssign -> BinOp.SHL;
            case IASTBinaryExpression.op_shiftRight, IASTBinaryExpression.op_shiftRightAssign -> BinOp.SHR;
            case IASTBinaryExpression.op_lessThan -> BinOp.LT;
            case IASTBinaryExpression.op_greaterThan -> BinOp.GT;
            case IASTBinaryExpression.op_lessEqual -> BinOp.LE;
            case IASTBinaryExpression.op_greaterEqual -> BinOp.GE;
            case IASTBinaryExpression.op_binaryAnd, IASTBinaryExpression.op_binaryAndAssign -> BinOp.AND;
            case IASTBinaryExpression.op_binaryXor, IASTBinaryExpression.op_binaryXorAssign -> BinOp.XOR;
            case IASTBinaryExpression.op_binaryOr, IASTBinaryExpression.op_binaryOrAssign -> BinOp.OR;
            case IASTBinaryExpression.op_equals -> BinOp.EQ;
            case IASTBinaryExpression.op_notequals -> BinOp.NE;
            default -> null;
        };
    }

    /** {@code lhs = rhs} and {@code lhs op= rhs}; in value context the stored value goes through a temporary. */
    private Expr assign(IASTBinaryExpression b, boolean wantValue) {
        SourceLoc loc = ctx.loc(b);
        int op = b.getOperator();
        IASTExpression rhs = strip(b.getOperand2());
        Lvalue lv = lvalue(b.getOperand1());
        if (op == IASTBinaryExpression.op_assign && !wantValue && rhs instanceof IASTFunctionCallExpression call) {
            call(call, lv, false);
            return null;
        }
        Expr value;
        if (op == IASTBinaryExpression.op_assign) {
            value = rvalue(rhs);
        } else {
            Expr r = rvalue(rhs);
            value = new Expr.Binary(binOp(op), new Expr.Load(lv, loc), r, lv.type().unqualified());
        }
        if (wantValue) value = body.spill(value, loc);
        body.emit(new Stmt.Assign(lv, value, loc));
        return value;
    }

    private Expr conditional(IASTConditionalExpression c, SourceLoc loc) {
        CType t = typeOf(c);
        if (t instanceof CType.Function) t = types.pointerTo(t);
        if (!t.isPointer() && !(t instanceof CType.Void)) {
            // CDT gives no type to "c ? f : g" with a function designator: the operands decay to pointers
            CType other = typeOf(c.getNegativeResultExpression());
            if (other instanceof CType.Function) t = types.pointerTo(other);
            else if (other.isPointer() && c.getPositiveResultExpression() != null
                    && typeOf(c.getPositiveResultExpression()) instanceof CType.Function) t = other;
        }
        if (t instanceof CType.Void) {
            viaBranches(c, loc, null, (tn, fn) -> cond(c.getLogicalConditionExpression(), tn, fn),
                    c.getPositiveResultExpression(), c.getNegativeResultExpression());
            return new Expr.IntConst(0, t);
        }
        IASTExpression pos = c.getPositiveResultExpression();
        return viaBranches(c, loc, t, (tn, fn) -> cond(c.getLogicalConditionExpression(), tn, fn),
                pos == null ? c.getLogicalConditionExpression() : pos, c.getNegativeResultExpression());
    }

    private interface Brancher {
        void branch(int trueNode, int falseNode);
    }

    /**
     * Evaluates a value by branching: {@code t = cond ? ifTrue : ifFalse}; with null operands the value
     * is the truth of the condition (for {@code &&}, {@code ||}). A null type means no value.
     */
    private Expr viaBranches(IASTExpression at, SourceLoc loc, CType type, Brancher brancher,
                             IASTExpression ifTrue, IASTExpression ifFalse) {
        CfgBuilder cfg = body.cfg;
        Variable tmp = type == null ? null : body.temp(type, loc);
        int tn = cfg.newNode();
        int fn = cfg.newNode();
        int join = cfg.newNode();
        brancher.branch(tn, fn);
        cfg.setCurrent(tn);
        if (ifTrue == null) {
            if (tmp != null) body.emit(new Stmt.Assign(new Lvalue.Var(tmp), new Expr.IntConst(1, type), loc));
        } else if (tmp == null) {
            effect(ifTrue);
        } else {
            body.emit(new Stmt.Assign(new Lvalue.Var(tmp), rvalue(ifTrue), loc));
        }
        cfg.fallInto(join, loc);
        cfg.setCurrent(fn);
        if (ifFalse == null) {
            if (tmp != null) body.emit(new Stmt.Assign(new Lvalue.Var(tmp), new Expr.IntConst(0, type), loc));
        } else if (tmp == null) {
            effect(ifFalse);
        } else {
            body.emit(new Stmt.Assign(new Lvalue.Var(tmp), rvalue(ifFalse), loc));
        }
        cfg.fallInto(join, loc);
        return tmp == null ? null : new Expr.Load(new Lvalue.Var(tmp), loc);
    }

    // ---------------------------------------------------------------- effects and conditions

    /** Lowers an expression evaluated only for its side effects. */
    void effect(IASTExpression e0) {
        IASTExpression e = strip(e0);
        if (e instanceof IASTBinaryExpression b && (b.getOperator() == IASTBinaryExpression.op_assign
                || isCompoundAssign(b.getOperator()))) {
            assign(b, false);
        } else if (e instanceof IASTUnaryExpression u && (u.getOperator() == IASTUnaryExpression.op_postFixIncr
                || u.getOperator() == IASTUnaryExpression.op_postFixDecr || u.getOperator() == IASTUnaryExpression.op_prefixIncr
                || u.getOperator() == IASTUnaryExpression.op_prefixDecr)) {
            increment(u, false);
        } else if (e instanceof IASTFunctionCallExpression c) {
            call(c, null, false);
        } else if (e instanceof IASTExpressionList list) {
            for (IASTExpression x : list.getExpressions()) effect(x);
        } else if (e instanceof IASTConditionalExpression c) {
            SourceLoc loc = ctx.loc(c);
            viaBranches(c, loc, null, (tn, fn) -> cond(c.getLogicalConditionExpression(), tn, fn),
                    c.getPositiveResultExpression() == null ? c.getLogicalConditionExpression() : c.getPositiveResultExpression(),
                    c.getNegativeResultExpression());
        } else if (e instanceof IASTCastExpression c && typeOf(c) instanceof CType.Void) {
            effect(c.getOperand());
        } else if (e instanceof IASTBinaryExpression b && (b.getOperator() == IASTBinaryExpression.op_logicalAnd
                || b.getOperator() == IASTBinaryExpression.op_logicalOr)) {
            int join = body.cfg.newNode();
            cond(b, join, join);
            body.cfg.setCurrent(join);
        } else {
            Expr v = rvalue(e);
            // A discarded value still performs its reads (e.g. "x;" or "(void) *p").
            if (v != null && containsLoad(v)) body.spill(v, ctx.loc(e));
        }
    }

    private static boolean containsLoad(Expr e) {
        if (e instanceof Expr.Load) return true;
        if (e instanceof Expr.Unary u) return containsLoad(u.operand());
        if (e instanceof Expr.Binary b) return containsLoad(b.left()) || containsLoad(b.right());
        if (e instanceof Expr.Cast c) return containsLoad(c.operand());
        return false;
    }

    /** Branches to {@code t} if {@code e} is non-zero, else to {@code f}, with short-circuit evaluation. */
    void cond(IASTExpression e0, int t, int f) {
        IASTExpression e = strip(e0);
        CfgBuilder cfg = body.cfg;
        if (e instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_not) {
            cond(u.getOperand(), f, t);
            return;
        }
        if (e instanceof IASTBinaryExpression b && b.getOperator() == IASTBinaryExpression.op_logicalAnd) {
            int mid = cfg.newNode();
            cond(b.getOperand1(), mid, f);
            cfg.setCurrent(mid);
            cond(b.getOperand2(), t, f);
            return;
        }
        if (e instanceof IASTBinaryExpression b && b.getOperator() == IASTBinaryExpression.op_logicalOr) {
            int mid = cfg.newNode();
            cond(b.getOperand1(), t, mid);
            cfg.setCurrent(mid);
            cond(b.getOperand2(), t, f);
            return;
        }
        SourceLoc loc = ctx.loc(e);
        Expr v = rvalue(e);
        branch(v, t, f, loc);
    }

    void branch(Expr v, int t, int f, SourceLoc loc) {
        CfgBuilder cfg = body.cfg;
        Long k = ConstEval.fold(v);
        if (k == null || k != 0) cfg.edge(cfg.current(), t, new Stmt.Assume(v, true, loc));
        if (k == null || k == 0) cfg.edge(cfg.current(), f, new Stmt.Assume(v, false, loc));
    }

    // ---------------------------------------------------------------- calls

    /** Lowers a call; its result goes to {@code target} if given, else to a temporary when wanted. */
    Expr call(IASTFunctionCallExpression c, Lvalue target, boolean wantValue) {
        SourceLoc loc = ctx.loc(c);
        IASTExpression fn = strip(c.getFunctionNameExpression());
        while (fn instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_star
                && strip(u.getOperand()) instanceof IASTIdExpression id && id.getName().resolveBinding() instanceof IFunction) {
            fn = strip(u.getOperand());
        }
        Expr callee;
        // CDT gives a function called without a declaration (a CExternalFunction, but not one of the
        // builtins it declares itself) the type void(); C89 says it returns int.
        boolean implicit = false;
        if (fn instanceof IASTIdExpression id && !(id.getName().resolveBinding() instanceof IVariable)) {
            IBinding b = id.getName().resolveBinding();
            String name = b instanceof IFunction f ? ctx.linkName(f) : id.getName().toString();
            implicit = !(b instanceof IFunction) || (b instanceof CExternalFunction && !(b instanceof CImplicitFunction));
            if (implicit && !GccBuiltins.handles(name, c.getArguments().length)) ctx.warning(id, "implicit declaration of function '" + name + "'");
            if (GccBuiltins.handles(name, c.getArguments().length)) return finishValue(GccBuiltins.lower(name, c, this, body, types, loc), target, loc);
            callee = new Expr.FuncRef(name, types.pointerTo(implicit ? new CType.Function(types.intType(), List.of(), true)
                    : types.translate(((IFunction) b).getType())));
        } else {
            callee = rvalue(fn);
        }
        List<Expr> args = new ArrayList<>();
        for (IASTInitializerClause a : c.getArguments()) {
            if (a instanceof IASTExpression ae) args.add(rvalue(ae));
        }
        CType rt = implicit ? types.intType() : typeOf(c);
        if (callee instanceof Expr.FuncRef ref && !args.isEmpty()) rt = types.genericAtomicResult(ref.name(), args.get(0).type(), rt);
        if (target == null && wantValue && !(rt instanceof CType.Void)) {
            Variable tmp = body.temp(rt, loc);
            body.emit(new Stmt.Call(new Lvalue.Var(tmp), callee, args, loc));
            return new Expr.Load(new Lvalue.Var(tmp), loc);
        }
        body.emit(new Stmt.Call(target, callee, args, loc));
        return wantValue ? new Expr.IntConst(0, rt) : null;
    }

    private Expr finishValue(Expr v, Lvalue target, SourceLoc loc) {
        if (target != null) {
            body.emit(new Stmt.Assign(target, v, loc));
            return null;
        }
        return v;
    }

    // ---------------------------------------------------------------- lvalues

    Lvalue lvalue(IASTExpression e0) {
        IASTExpression e = strip(e0);
        SourceLoc loc = ctx.loc(e);
        if (e instanceof IASTIdExpression id) {
            IBinding b = id.getName().resolveBinding();
            Variable v = variable(id, b);
            if (v != null) return new Lvalue.Var(v);
            return new Lvalue.Var(body.temp(types.intType(), loc));
        }
        if (e instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_star) {
            Expr p = rvalue(u.getOperand());
            return new Lvalue.Deref(p, pointeeOr(p.type(), u));
        }
        if (e instanceof IASTFieldReference fr) return field(fr, loc);
        if (e instanceof IASTArraySubscriptExpression a) return subscript(a, loc);
        if (e instanceof ICASTTypeIdInitializerExpression lit) {
            CType t = types.translate(CVisitorShim.typeOf(lit.getTypeId()));
            if (t instanceof CType.Array arr && arr.length() < 0) {
                t = new CType.Array(arr.element(), InitLowerer.inferLength(ctx, arr, lit.getInitializer()));
            }
            Variable tmp = body.temp(t, loc);
            if (!body.isStaticContext()) body.emit(new Stmt.Decl(tmp, loc, null, InitLowerer.bracedAggregate(lit.getInitializer(), t)));
            new InitLowerer(ctx, body, this).initialize(new Lvalue.Var(tmp), lit.getInitializer(), loc);
            return new Lvalue.Var(tmp);
        }
        if (e instanceof IASTCastExpression c) return lvalue(c.getOperand());
        // Any other expression (a call returning a struct, a conditional...): its value in a temporary.
        Expr v = rvalue(e);
        Variable tmp = body.temp(v.type(), loc);
        body.emit(new Stmt.Assign(new Lvalue.Var(tmp), v, loc));
        return new Lvalue.Var(tmp);
    }

    private Lvalue field(IASTFieldReference fr, SourceLoc loc) {
        Lvalue base;
        CType ownerType;
        if (fr.isPointerDereference()) {
            Expr p = rvalue(fr.getFieldOwner());
            CType pt = p.type().pointee();
            if (pt == null) pt = typeOf(fr.getFieldOwner()).pointee();
            ownerType = pt == null ? types.intType() : pt;
            base = new Lvalue.Deref(p, ownerType);
        } else {
            base = lvalue(fr.getFieldOwner());
            ownerType = base.type();
        }
        String name = fr.getFieldName().toString();
        if (ownerType.unqualified() instanceof StructType s) {
            Lvalue lv = fieldPath(base, s, name);
            if (lv != null) return lv;
        }
        ctx.error(fr, "no member named '" + name + "' in " + ownerType);
        return base;
    }

    /** {@code base.name}, descending through anonymous struct/union members as C11 allows. */
    static Lvalue fieldPath(Lvalue base, StructType s, String name) {
        StructType.Field f = s.field(name);
        if (f != null) return new Lvalue.Field(base, s, f);
        for (StructType.Field anon : s.fields()) {
            if (anon.name().isEmpty() && anon.type().unqualified() instanceof StructType inner) {
                Lvalue lv = fieldPath(new Lvalue.Field(base, s, anon), inner, name);
                if (lv != null) return lv;
            }
        }
        return null;
    }

    private Lvalue subscript(IASTArraySubscriptExpression a, SourceLoc loc) {
        IASTExpression arr = a.getArrayExpression();
        IASTExpression idx = (IASTExpression) a.getArgument();
        CType at = typeOf(arr).unqualified();
        if (!(at instanceof CType.Array) && !(at instanceof CType.Pointer)) {
            IASTExpression tmp = arr;
            arr = idx;
            idx = tmp;
            at = typeOf(arr).unqualified();
        }
        CType elem = pointeeOr(at, a);
        if (at instanceof CType.Array && isLvalueExpr(arr)) {
            Lvalue base = lvalue(arr);
            return new Lvalue.Index(base, rvalue(idx), elem);
        }
        Expr p = rvalue(arr);
        Expr i = rvalue(idx);
        CType pt = p.type().isPointer() ? p.type() : types.pointerTo(elem);
        return new Lvalue.Deref(new Expr.Binary(BinOp.ADD, p, i, pt), elem);
    }

    /**
     * The type of what a pointer (or array) of IR type {@code pt} designates, from that type rather than from
     * CDT's type of the dereference: CDT puts the qualifiers of {@code const volatile __typeof__(int *)} (how
     * {@link SourceText} spells {@code _Atomic(int *)}, an atomic pointer) on the pointee, which would make a
     * plain {@code *q} look atomic. CDT's type is kept for void and function pointees.
     */
    private CType pointeeOr(CType pt, IASTExpression deref) {
        CType t = pt.pointee();
        if (t == null || t.unqualified() instanceof CType.Void || t.unqualified() instanceof CType.Function) return typeOf(deref);
        return t;
    }

    private static boolean isLvalueExpr(IASTExpression e) {
        e = strip(e);
        return e instanceof IASTIdExpression || e instanceof IASTFieldReference || e instanceof IASTArraySubscriptExpression
                || (e instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_star)
                || e instanceof ICASTTypeIdInitializerExpression;
    }
}
