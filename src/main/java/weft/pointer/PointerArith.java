package weft.pointer;

import weft.ir.CType;
import weft.ir.Expr;

import java.util.List;

/**
 * Where pointers flow through a binary expression, and at which offset: the one rule the constraint
 * builder and the query evaluator share. {@code p + k} and {@code k + p} move p by {@code k} elements
 * (any offset when k is not constant); whatever the integer operand carries flows too (anywhere) only when
 * p is made from an integer ({@code (char *)0 + (uintptr_t)q}), since otherwise the result stays within p's
 * objects (C11 6.5.6p8; an index passed as a thread argument, {@code (void *)i} cast back, carries the
 * unknown memory of its integer-to-pointer cast, and would otherwise make {@code arr + k} reach every escaped
 * object);
 * integer addition and subtraction on a pointer-carrying integer keep constant byte offsets exact and, like
 * {@code p + k}, stay within the array the address points into ({@link Shift#IN_ARRAY}: an address computed
 * as an integer is assumed to follow the rules of pointer arithmetic); pointer
 * differences and comparisons carry no pointer; bitwise operations keep their operands' targets at any
 * offset; other operators carry nothing.
 */
final class PointerArith {
    private PointerArith() {
    }

    /**
     * An operand whose targets reach the result, moved by {@code bytes} (null: to any offset; within the array
     * the operand points into if {@code inArray}, the pointer operand of {@code p + k}, see {@link Shift#IN_ARRAY}).
     */
    record Flow(Expr operand, Long bytes, boolean inArray) {
        Flow(Expr operand, Long bytes) {
            this(operand, bytes, false);
        }
    }

    static List<Flow> flows(Expr.Binary b) {
        Expr.BinOp op = b.op();
        boolean additive = op == Expr.BinOp.ADD || op == Expr.BinOp.SUB;
        boolean bitwise = op == Expr.BinOp.AND || op == Expr.BinOp.OR || op == Expr.BinOp.XOR;
        if (!additive && !bitwise) return List.of();
        Expr l = b.left();
        Expr r = b.right();
        boolean lp = ConstraintBuilder.pointerLike(l.type());
        boolean rp = ConstraintBuilder.pointerLike(r.type());
        if (b.type().isPointer() && additive && (lp || rp) && !(op == Expr.BinOp.SUB && !lp)) {
            Expr ptr = lp ? l : r;
            Expr other = lp ? r : l;
            CType pointee = b.type().pointee();
            long elem = pointee == null || pointee.size() <= 0 ? 1 : pointee.size();
            Long c = pointee != null && pointee.size() < 0 ? null : Consts.fold(other); // VLA pointee: stride unknown
            Flow moved = new Flow(ptr, c == null ? null : c * elem * (op == Expr.BinOp.SUB ? -1 : 1), true);
            return fromInteger(ptr) ? List.of(moved, new Flow(other, null)) : List.of(moved);
        }
        if (!b.type().isPointer() && lp && rp) return List.of(); // pointer difference or comparison
        if (additive && !b.type().isPointer()) {
            Long cr = Consts.fold(r);
            if (cr != null) return List.of(new Flow(l, op == Expr.BinOp.SUB ? -cr : cr, true));
            Long cl = Consts.fold(l);
            if (cl != null && op == Expr.BinOp.ADD) return List.of(new Flow(r, cl, true));
            // an integer holding an address moved by another integer: like p + k, within p's array
            return List.of(new Flow(l, null, true), new Flow(r, null, true));
        }
        return List.of(new Flow(l, null), new Flow(r, null));
    }

    /**
     * True if the pointer operand of {@code p + k} is made from an integer ({@code (char *)0 + (uintptr_t)q},
     * {@code (char *)base + k}): then the integer operand may be where the address comes from. Otherwise
     * {@code p + k} points into the objects p points to (C11 6.5.6p8: leaving the object is undefined), which
     * p's own flow covers, whatever k carries.
     */
    private static boolean fromInteger(Expr ptr) {
        Expr e = ptr;
        while (e instanceof Expr.Cast c && ConstraintBuilder.pointerLike(c.operand().type())) e = c.operand();
        return e instanceof Expr.Cast c && !ConstraintBuilder.pointerLike(c.operand().type()) || Consts.isConstant(e);
    }
}
