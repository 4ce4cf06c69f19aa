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
import weft.ir.SourceLoc;

import java.util.Map;

/**
 * gcc builtins that compute a value from their arguments, lowered to the C expression they compute so that every layer
 * evaluates them exactly: {@code __builtin_expect(v, c)} is {@code v}; {@code __builtin_constant_p(e)} is 1 when
 * {@code e} is an integer constant expression or a string literal and 0 otherwise, without evaluating {@code e}, as gcc
 * answers at {@code -O0} (the reproducer's build: an optimising build may answer 1 for more, after inlining);
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
        return name.equals("__builtin_expect") ? args == 2
                : (name.equals("__builtin_constant_p") || SWAPS.containsKey(name)) && args == 1;
    }

    /** The value of the builtin call {@code c} to {@code name} (one {@link #handles} accepts). */
    static Expr lower(String name, IASTFunctionCallExpression c, ExprLowerer exprs, Body body, TypeTranslator types, SourceLoc loc) {
        IASTInitializerClause[] args = c.getArguments();
        if (name.equals("__builtin_constant_p")) {
            IASTExpression e = ExprLowerer.strip((IASTExpression) args[0]);
            boolean constant = e instanceof IASTLiteralExpression lit && lit.getKind() == IASTLiteralExpression.lk_string_literal
                    || ConstEval.eval(e) != null && !readsVariable(e);
            return new Expr.IntConst(constant ? 1 : 0, types.intType());
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

    /** The low {@code bytes} bytes of {@code v} in reverse order. */
    static long swapped(long v, int bytes) {
        return Long.reverseBytes(v) >>> (8 * (8 - bytes));
    }
}
