package weft.frontend;

import org.eclipse.cdt.core.dom.ast.IASTExpression;
import org.eclipse.cdt.core.dom.ast.IASTFunctionCallExpression;
import org.eclipse.cdt.core.dom.ast.IASTInitializerClause;
import org.eclipse.cdt.core.dom.ast.IASTIdExpression;
import org.eclipse.cdt.core.dom.ast.IASTLiteralExpression;
import org.eclipse.cdt.core.dom.ast.IASTNode;
import org.eclipse.cdt.core.dom.ast.IASTUnaryExpression;
import org.eclipse.cdt.core.dom.ast.IVariable;
import weft.ir.CType;
import weft.ir.Expr;
import weft.ir.Expr.BinOp;
import weft.ir.Lvalue;
import weft.ir.SourceLoc;
import weft.ir.Stmt;
import weft.ir.Variable;

import java.util.List;
import java.util.Map;

/**
 * gcc builtins that compute a value from their arguments, lowered to the C expression they compute so that every layer
 * evaluates them exactly: {@code __builtin_expect(v, c)} is {@code v}; {@code __builtin_constant_p(e)} is 1 when
 * {@code e} is an integer constant expression or a string literal, as gcc answers at every optimisation level, and
 * otherwise the call {@code __weft_constant_p()}, without evaluating {@code e}: gcc answers 0 at {@code -O0} (the
 * reproducer's build) and may answer 1 once it has propagated constants (a {@code const int} at {@code -O2}), so the
 * analyses read it as any int and a proof stops there, while the explorer's runs take {@code -O0}'s 0
 * ({@code weft.exec.ComputedCalls}); {@code __builtin_object_size(p, type)} is {@code __weft_object_size(p, type, known)},
 * {@code known} 1 when {@code p} is the address of a declared object (an array, a member, constant offsets: no pointer
 * read), whose size gcc knows at every level, 0 otherwise, where {@code -O0} answers "unknown" and an optimising build
 * may know it;
 * {@code __builtin_bswap16/32/64(x)} (what
 * {@code <byteswap.h>}'s {@code bswap_N} and an optimised {@code htonl} expand to) move the bytes of {@code x}, converted
 * to the unsigned type of that width, to their mirrored places. The argument is evaluated once (a temporary); a
 * constant argument folds to the swapped constant, so the builtin stays an integer constant expression in a static
 * initializer, as gcc folds it (audit D36: the swaps were once taken for the identity, so a program comparing a swapped
 * value was proved race-free behind a condition it met).
 */
final class GccBuiltins {
    private GccBuiltins() {}

    /** The width in bytes of each byte-swap builtin and the unsigned type gcc gives its result. */
    private static final Map<String, String> SWAPS = Map.of(
            "__builtin_bswap16", "unsigned short", "__builtin_bswap32", "unsigned int", "__builtin_bswap64", "unsigned long long");

    /** Whether {@code name} is a builtin this class lowers when called with {@code args} arguments. */
    static boolean handles(String name, int args) {
        return name.equals("__builtin_expect") || name.equals("__builtin_object_size") ? args == 2
                : (name.equals("__builtin_constant_p") || SWAPS.containsKey(name)) && args == 1;
    }

    /** The models the lowering calls: gcc's answer where the optimisation level decides it. */
    static final String CONSTANT_P = "__weft_constant_p", OBJECT_SIZE = "__weft_object_size";

    /** The value of the builtin call {@code c} to {@code name} (one {@link #handles} accepts). */
    static Expr lower(String name, IASTFunctionCallExpression c, ExprLowerer exprs, Body body, TypeTranslator types, SourceLoc loc) {
        IASTInitializerClause[] args = c.getArguments();
        if (name.equals("__builtin_constant_p")) {
            IASTExpression e = ExprLowerer.strip((IASTExpression) args[0]);
            boolean constant = e instanceof IASTLiteralExpression lit && lit.getKind() == IASTLiteralExpression.lk_string_literal
                    || ConstEval.eval(e) != null && !readsVariable(e);
            if (constant || body.function == null) return new Expr.IntConst(constant ? 1 : 0, types.intType());
            Variable t = body.temp(types.intType(), loc);
            body.emit(new Stmt.Call(new Lvalue.Var(t), new Expr.FuncRef(CONSTANT_P, new CType.Function(types.intType(), List.of(), false)),
                    List.of(), loc));
            return new Expr.Load(new Lvalue.Var(t), loc);
        }
        if (name.equals("__builtin_object_size")) {
            IASTExpression pe = ExprLowerer.strip((IASTExpression) args[0]);
            Expr p = exprs.rvalue(pe);
            Expr type = exprs.rvalue((IASTExpression) args[1]);
            CType.Int sizeT = types.sizeType();
            Variable t = body.temp(sizeT, loc);
            body.emit(new Stmt.Call(new Lvalue.Var(t), new Expr.FuncRef(OBJECT_SIZE, new CType.Function(sizeT, List.of(), true)),
                    List.of(p, type, new Expr.IntConst(declaredAddress(pe) ? 1 : 0, types.intType())), loc));
            return new Expr.Load(new Lvalue.Var(t), loc);
        }
        Expr v = exprs.rvalue((IASTExpression) args[0]);
        if (name.equals("__builtin_expect")) {
            exprs.effect((IASTExpression) args[1]);
            return v;
        }
        String typeName = SWAPS.get(name);
        int bytes = name.endsWith("16") ? 2 : name.endsWith("32") ? 4 : 8;
        CType.Int t = new CType.Int(typeName, bytes, bytes, false);
        Expr x = v.type().equals(t) ? v : new Expr.Cast(t, v);
        Long k = ConstEval.fold(x);
        if (k != null) return new Expr.IntConst(swapped(k, bytes), t);
        // the shifts and masks in a type at least as wide as int, as C's promotions would compute them
        CType.Int w = bytes < 4 ? new CType.Int("unsigned int", 4, 4, false) : t;
        Expr b = body.spill(x, loc);
        Expr wide = w.equals(t) ? b : new Expr.Cast(w, b);
        Expr out = null;
        for (int k2 = 0; k2 < bytes; k2++) {
            int shift = 8 * (bytes - 1 - 2 * k2);
            Expr field = new Expr.Binary(BinOp.AND, wide, new Expr.IntConst(0xffL << (8 * k2), w), w);
            Expr moved = new Expr.Binary(shift >= 0 ? BinOp.SHL : BinOp.SHR, field,
                    new Expr.IntConst(Math.abs(shift), w), w);
            out = out == null ? moved : new Expr.Binary(BinOp.OR, out, moved, w);
        }
        return w.equals(t) ? out : new Expr.Cast(t, out);
    }

    /**
     * Whether {@code n} reads a variable outside a {@code sizeof}: CDT's evaluator gives such an expression the value of
     * the variable's initializer (a {@code const int}'s too), which gcc does not take for a constant.
     */
    private static boolean readsVariable(IASTNode n) {
        if (n instanceof IASTUnaryExpression u && (u.getOperator() == IASTUnaryExpression.op_sizeof
                || u.getOperator() == IASTUnaryExpression.op_alignOf)) return false;
        if (n instanceof IASTIdExpression id && id.getName().resolveBinding() instanceof IVariable) return true;
        for (IASTNode k : n.getChildren()) if (readsVariable(k)) return true;
        return false;
    }

    /**
     * Whether {@code e} is the address of a declared object with constant offsets (an array's name, {@code &x},
     * {@code x.m}, {@code a[2]}, {@code a + 4}, casts): gcc knows its object's size without reading a pointer.
     */
    static boolean declaredAddress(IASTExpression e) {
        e = ExprLowerer.strip(e);
        if (e instanceof org.eclipse.cdt.core.dom.ast.IASTCastExpression c) return declaredAddress(c.getOperand()) || declaredObject(c.getOperand());
        if (e instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_amper) return declaredObject(u.getOperand());
        if (e instanceof IASTLiteralExpression lit) return lit.getKind() == IASTLiteralExpression.lk_string_literal;
        if (e instanceof org.eclipse.cdt.core.dom.ast.IASTBinaryExpression b && (b.getOperator() == org.eclipse.cdt.core.dom.ast.IASTBinaryExpression.op_plus
                || b.getOperator() == org.eclipse.cdt.core.dom.ast.IASTBinaryExpression.op_minus)) {
            return declaredAddress(b.getOperand1()) && ConstEval.eval(b.getOperand2()) != null && !readsVariable(b.getOperand2());
        }
        // an array's name, or a member array, decays to its address
        return declaredObject(e) && e.getExpressionType() instanceof org.eclipse.cdt.core.dom.ast.IArrayType;
    }

    /** Whether {@code e} designates a declared object with constant offsets (no pointer read on the way). */
    private static boolean declaredObject(IASTExpression e) {
        e = ExprLowerer.strip(e);
        if (e instanceof IASTIdExpression id) return id.getName().resolveBinding() instanceof IVariable v && fixedSize(v.getType());
        if (e instanceof org.eclipse.cdt.core.dom.ast.IASTFieldReference f) return !f.isPointerDereference() && declaredObject(f.getFieldOwner());
        if (e instanceof org.eclipse.cdt.core.dom.ast.IASTArraySubscriptExpression a) {
            return declaredObject(a.getArrayExpression()) && a.getArrayExpression().getExpressionType() instanceof org.eclipse.cdt.core.dom.ast.IArrayType
                    && a.getArgument() instanceof IASTExpression i && ConstEval.eval(i) != null && !readsVariable(i);
        }
        return false;
    }

    /** Whether {@code t} has a size fixed when compiling (a variable-length array's gcc -O0 does not know). */
    private static boolean fixedSize(org.eclipse.cdt.core.dom.ast.IType t) {
        if (t instanceof org.eclipse.cdt.core.dom.ast.ITypedef d) return fixedSize(d.getType());
        if (t instanceof org.eclipse.cdt.core.dom.ast.IQualifierType q) return fixedSize(q.getType());
        if (t instanceof org.eclipse.cdt.core.dom.ast.IArrayType a) {
            return a.getSize() != null && a.getSize().numberValue() != null && fixedSize(a.getType());
        }
        return true;
    }

    /** The low {@code bytes} bytes of {@code v} in reverse order. */
    static long swapped(long v, int bytes) {
        return Long.reverseBytes(v) >>> (8 * (8 - bytes));
    }
}
