package weft.race.rules;

import weft.ir.Expr;
import weft.ir.Lvalue;
import weft.ir.Variable;
import weft.pointer.MemObject;
import weft.race.pair.Access;
import weft.race.pair.RaceContext;
import weft.thread.InstanceAccess;
import weft.thread.InstanceKeys;

import java.util.Set;

/**
 * The element an access selects by a local index ({@code g[v]}, {@code p[v]}, or within such an element): what
 * {@link DistinctTickets} and {@link DistinctSlots} share. Two such accesses whose indices differ touch different
 * elements when they index the same named array, or the array one named pointer points to while that pointer is
 * written before any thread exists and never after ({@link RaceContext#fixedWhileThreadsRun}), with the same element
 * size.
 */
final class SlotIndex {
    private SlotIndex() {}

    /** The local that indexes {@code x}'s element, or null. */
    static Variable indexVariable(Access x) {
        Lvalue lv = x.access().lvalue();
        if (lv == null) return null;
        lv = InstanceAccess.element(lv);
        Expr index = lv instanceof Lvalue.Index ix ? ix.index()
                : lv instanceof Lvalue.Deref d && Expr.stripCasts(d.pointer()) instanceof Expr.Binary b && b.op() == Expr.BinOp.ADD ? b.right() : null;
        return Expr.loadedVariable(index);
    }

    /**
     * The array {@code a} and {@code b} select elements of by {@code ka} and {@code kb}, as a name ({@code *p} for a
     * pointer), when different index values select different elements; else null.
     */
    static String sameArray(Access a, Variable ka, Access b, Variable kb, RaceContext ctx) {
        InstanceAccess ia = InstanceAccess.of(a.access().lvalue(), Set.of(ka), InstanceKeys.Kind.VALUE);
        InstanceAccess ib = InstanceAccess.of(b.access().lvalue(), Set.of(kb), InstanceKeys.Kind.VALUE);
        if (ia == null || ib == null || !ia.arrayOrNull().equals(ib.arrayOrNull()) || ia.elementSize() != ib.elementSize()
                || ia.throughPointer() != ib.throughPointer()) {
            return null;
        }
        if (ia.throughPointer() && !ctx.fixedWhileThreadsRun().contains(new MemObject.Var(ia.arrayOrNull()))) return null;
        return (ia.throughPointer() ? "*" : "") + ia.arrayOrNull().name();
    }
}
