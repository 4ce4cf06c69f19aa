package weft.ir;

import java.util.function.Consumer;

/**
 * The places an expression reads: the lvalue of each {@link Expr.Load} in it, including the loads that locate a place
 * (its indices, the pointers it dereferences; an {@link Expr.AddrOf} reads only those). The one walk of expressions for
 * them, shared by the bounded layer's accesses, the reads of indeterminate pointers and the isolation scan of member
 * cells.
 */
public final class Loads {
    private Loads() {
    }

    /**
     * Gives {@code out} each lvalue {@code e} loads: a loaded place after the loads that locate it when
     * {@code locateFirst} (the order they happen in), else before them.
     */
    public static void of(Expr e, boolean locateFirst, Consumer<Lvalue> out) {
        if (e instanceof Expr.Load l) {
            if (!locateFirst) out.accept(l.lvalue());
            locating(l.lvalue(), locateFirst, out);
            if (locateFirst) out.accept(l.lvalue());
        } else if (e instanceof Expr.AddrOf a) {
            locating(a.lvalue(), locateFirst, out);
        } else if (e instanceof Expr.Unary u) {
            of(u.operand(), locateFirst, out);
        } else if (e instanceof Expr.Binary b) {
            of(b.left(), locateFirst, out);
            of(b.right(), locateFirst, out);
        } else if (e instanceof Expr.Cast c) {
            of(c.operand(), locateFirst, out);
        }
    }

    /** Gives {@code out} the loads that locate {@code lv} (its indices and dereferenced pointers), not {@code lv} itself. */
    public static void locating(Lvalue lv, boolean locateFirst, Consumer<Lvalue> out) {
        if (lv instanceof Lvalue.Field f) {
            locating(f.base(), locateFirst, out);
        } else if (lv instanceof Lvalue.Index i) {
            locating(i.base(), locateFirst, out);
            of(i.index(), locateFirst, out);
        } else if (lv instanceof Lvalue.Deref d) {
            of(d.pointer(), locateFirst, out);
        }
    }
}
