package weft.frontend;

import org.eclipse.cdt.core.dom.ast.IASTExpression;
import org.eclipse.cdt.internal.core.dom.parser.ValueFactory;
import weft.ir.Expr;

/** Integer constant expressions: CDT's evaluator on the AST, and folding of lowered IR expressions. */
final class ConstEval {
    private ConstEval() {}

    static Long eval(IASTExpression e) {
        try {
            Number n = ValueFactory.getConstantNumericalValue(e);
            return n == null ? null : n.longValue();
        } catch (RuntimeException ex) {
            return null;
        }
    }

    /** The value of a lowered expression built only from integer constants, or null. */
    static Long fold(Expr e) {
        if (e instanceof Expr.IntConst c) return c.value();
        if (e instanceof Expr.Cast c) {
            Long v = fold(c.operand());
            if (v == null || !(c.type().unqualified() instanceof weft.ir.CType.Int it)) return null;
            return truncate(v, it);
        }
        if (e instanceof Expr.Unary u) {
            Long v = fold(u.operand());
            if (v == null) return null;
            return switch (u.op()) { case NEG -> -v; case NOT -> v == 0 ? 1L : 0L; case BITNOT -> ~v; };
        }
        if (e instanceof Expr.Binary b && !b.type().isPointer()) {
            Long l = fold(b.left());
            Long r = fold(b.right());
            if (l == null || r == null) return null;
            return switch (b.op()) {
                case ADD -> l + r; case SUB -> l - r; case MUL -> l * r;
                case DIV -> r == 0 ? null : l / r; case MOD -> r == 0 ? null : l % r;
                case SHL -> l << r; case SHR -> l >> r; case AND -> l & r; case OR -> l | r; case XOR -> l ^ r;
                case EQ -> b(l.equals(r)); case NE -> b(!l.equals(r)); case LT -> b(l < r); case LE -> b(l <= r);
                case GT -> b(l > r); case GE -> b(l >= r);
            };
        }
        return null;
    }

    private static long b(boolean v) {
        return v ? 1 : 0;
    }

    static long truncate(long v, weft.ir.CType.Int t) {
        int bits = (int) Math.min(64, t.size() * 8);
        if (bits >= 64) return v;
        long mask = (1L << bits) - 1;
        long u = v & mask;
        if (t.signed() && (u >> (bits - 1)) != 0) u |= ~mask;
        return u;
    }
}
