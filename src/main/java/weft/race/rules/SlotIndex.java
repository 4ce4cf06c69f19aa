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
 * written before any instance of either thread exists and never after ({@link RaceContext#fixedFor}), with the same element
 * size; or when they index the same array <em>member</em> ({@code pool->results[v]}, {@code g.slots[v]}): a member
 * lvalue ({@code .f} over {@code *p} or a file-scope variable) that designates, in each function, one location at one
 * offset of a single object allocated at most once ({@code weft.thread.MemberCells}), so both lvalues name the same
 * bytes and, having one type, the same elements.
 */
final class SlotIndex {
    private SlotIndex() {}

    /** The local that indexes {@code x}'s element, or null. */
    static Variable indexVariable(Access x) {
        Lvalue lv = x.access().lvalue();
        if (lv == null) return null;
        Lvalue.Index member = memberElement(lv);
        return Expr.loadedVariable(member != null ? member.index() : elementIndex(lv));
    }

    /** The index of the element {@link InstanceAccess#element} finds ({@code g[k]}, {@code *(p + k)}), or null. */
    private static Expr elementIndex(Lvalue lv) {
        lv = InstanceAccess.element(lv);
        return lv instanceof Lvalue.Index ix ? ix.index()
                : lv instanceof Lvalue.Deref d && Expr.stripCasts(d.pointer()) instanceof Expr.Binary b && b.op() == Expr.BinOp.ADD ? b.right() : null;
    }

    /**
     * The array {@code a} and {@code b} select elements of by {@code ka} and {@code kb}, as a name ({@code *p} for a
     * pointer), when different index values select different elements; else null.
     */
    static String sameArray(Access a, Variable ka, Access b, Variable kb, RaceContext ctx) {
        Lvalue.Index ma = memberElement(a.access().lvalue());
        Lvalue.Index mb = memberElement(b.access().lvalue());
        if (ma != null || mb != null) {
            if (ma == null || mb == null || !ka.equals(Expr.loadedVariable(ma.index())) || !kb.equals(Expr.loadedVariable(mb.index()))) return null;
            Variable array = ctx.tickets().namedArray(a.function(), ma.base());
            return array != null && array.equals(ctx.tickets().namedArray(b.function(), mb.base())) ? array.name() : null;
        }
        InstanceAccess ia = InstanceAccess.of(a.access().lvalue(), Set.of(ka), InstanceKeys.Kind.VALUE);
        InstanceAccess ib = InstanceAccess.of(b.access().lvalue(), Set.of(kb), InstanceKeys.Kind.VALUE);
        if (ia == null || ib == null || !ia.arrayOrNull().equals(ib.arrayOrNull()) || ia.elementSize() != ib.elementSize()
                || ia.throughPointer() != ib.throughPointer()) {
            return null;
        }
        if (ia.throughPointer() && !(ctx.fixedFor(new MemObject.Var(ia.arrayOrNull()), a.thread())
                && ctx.fixedFor(new MemObject.Var(ia.arrayOrNull()), b.thread()))) {
            return null;
        }
        return (ia.throughPointer() ? "*" : "") + ia.arrayOrNull().name();
    }

    /**
     * For an element of an array member ({@code p->a[k]}, {@code g.a[k]}, or within it: {@code p->a[k].f},
     * {@code p->a[k][i]}, in bounds as {@link InstanceAccess#element} assumes): the index lvalue {@code p->a[k]}; null
     * when the array is not a member reached through {@code .} and {@code ->} alone, or when the access lies in an
     * element of an outer array ({@code p[j].a[k]}: {@link #elementIndex}).
     */
    static Lvalue.Index memberElement(Lvalue lv) {
        if (lv == null || elementIndex(lv) != null) return null;
        while (lv != null) {
            if (lv instanceof Lvalue.Index ix && ix.base() instanceof Lvalue.Field f && memberChain(f)) return ix;
            if (lv instanceof Lvalue.Field f) lv = f.base();
            else if (lv instanceof Lvalue.Index ix && (ix.base() instanceof Lvalue.Index || ix.base() instanceof Lvalue.Field)) lv = ix.base();
            else return null;
        }
        return null;
    }

    private static boolean memberChain(Lvalue lv) {
        while (lv instanceof Lvalue.Field f) lv = f.base();
        return lv instanceof Lvalue.Deref || lv instanceof Lvalue.Var;
    }
}
