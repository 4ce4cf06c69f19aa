package weft.pointer;

import weft.ir.CType;
import weft.ir.Expr;

/**
 * Folding of integer constant expressions (array indices, allocation sizes, pointer-arithmetic
 * operands). Anything that reads memory or takes an address is not constant.
 */
final class Consts {
    private Consts() {
    }

    /** The value of {@code e} if it is an integer constant expression, else null. */
    static Long fold(Expr e) {
        if (e instanceof Expr.IntConst c) return c.value();
        if (e instanceof Expr.Cast c && !c.type().isPointer() && c.operand() instanceof Expr.AddrOf a) {
            // offsetof as the classic macro spells it: (size_t)&((T *)0)->member
            Long off = constantAddress(a.lvalue());
            return off == null ? null : truncate(off, c.type());
        }
        if (e instanceof Expr.Cast c) {
            Long v = fold(c.operand());
            return v == null ? null : truncate(v, c.type());
        }
        if (e instanceof Expr.Unary u) {
            Long v = fold(u.operand());
            if (v == null) return null;
            return switch (u.op()) {
                case NEG -> -v;
                case NOT -> v == 0 ? 1L : 0L;
                case BITNOT -> ~v;
            };
        }
        if (e instanceof Expr.Binary b && !b.type().isPointer()
                && !b.left().type().isPointer() && !b.right().type().isPointer()) {
            Long l = fold(b.left());
            Long r = fold(b.right());
            if (l == null || r == null) return null;
            long x = l;
            long y = r;
            return switch (b.op()) {
                case ADD -> x + y;
                case SUB -> x - y;
                case MUL -> x * y;
                case DIV -> y == 0 ? null : x / y;
                case MOD -> y == 0 ? null : x % y;
                case SHL -> (y < 0 || y > 63) ? null : x << y;
                case SHR -> (y < 0 || y > 63) ? null : x >> y;
                case AND -> x & y;
                case OR -> x | y;
                case XOR -> x ^ y;
                case EQ -> x == y ? 1L : 0L;
                case NE -> x != y ? 1L : 0L;
                case LT -> x < y ? 1L : 0L;
                case LE -> x <= y ? 1L : 0L;
                case GT -> x > y ? 1L : 0L;
                case GE -> x >= y ? 1L : 0L;
            };
        }
        return null;
    }

    /**
     * The address of {@code lv} when it is a constant: members and constant elements of the object a constant
     * pointer points to ({@code ((T *)0)->a[2].b}), else null.
     */
    private static Long constantAddress(weft.ir.Lvalue lv) {
        if (lv instanceof weft.ir.Lvalue.Field f) {
            Long b = constantAddress(f.base());
            return b == null || f.field().isBitField() ? null : b + f.field().offset();
        }
        if (lv instanceof weft.ir.Lvalue.Index ix) {
            Long b = constantAddress(ix.base());
            Long i = fold(ix.index());
            long elem = ix.type().size();
            return b == null || i == null || elem <= 0 ? null : b + i * elem;
        }
        if (lv instanceof weft.ir.Lvalue.Deref d) return fold(d.pointer());
        return null;
    }

    /** True if {@code e} is a constant (so an integer-to-pointer cast of it is NULL or a fixed address). */
    static boolean isConstant(Expr e) {
        if (e instanceof Expr.FloatConst) return true;
        return fold(e) != null;
    }

    private static long truncate(long v, CType type) {
        if (!(type.unqualified() instanceof CType.Int i) || i.size() >= 8 || i.size() <= 0) return v;
        int bits = (int) i.size() * 8;
        long mask = (1L << bits) - 1;
        long u = v & mask;
        if (i.signed() && (u & (1L << (bits - 1))) != 0) u |= ~mask;
        return u;
    }
}
