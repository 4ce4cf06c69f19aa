package weft.race.rules;

import weft.ir.Expr;
import weft.ir.Lvalue;
import weft.ir.Variable;
import weft.pointer.MemObject;
import weft.race.pair.Access;
import weft.race.pair.ExclusionRule;
import weft.race.pair.RaceContext;
import weft.thread.InstanceAccess;
import weft.thread.InstanceKeys;

import java.util.Set;

/**
 * Two accesses {@code g[v1]} and {@code g[v2]} (or within those elements) whose indices each hold a ticket of the same
 * counter ({@link weft.thread.Tickets}: {@code lock(&m); me = next++; unlock(&m)}): the per-thread slots of real
 * programs, handed out by a counter under a lock.
 *
 * <p>Soundness. Two accesses of a race are made by two different thread instances, and no two ticket reads, in any
 * threads, give the same value ({@link weft.thread.Tickets}), so the indices differ and the accesses touch different
 * elements of {@code g}: a named array, or the array a named pointer points to when that pointer is written before any
 * thread exists and never after ({@link RaceContext#fixedWhileThreadsRun}), both accesses with the same element size.
 *
 * <p>Assumes: {@link weft.thread.Tickets}. Corpus {@code 38-tickets}; harness hole {@code ticket}.
 */
public final class DistinctTickets implements ExclusionRule {
    @Override
    public boolean mayExclude(Access a, RaceContext ctx) {
        return ticket(a, ctx) != null;
    }

    @Override
    public String exclude(Access a, Access b, RaceContext ctx) {
        Variable ka = ticket(a, ctx);
        Variable kb = ticket(b, ctx);
        if (ka == null || kb == null) return null;
        Variable ca = ctx.tickets().ticketOf(a.function(), a.edge(), ka);
        if (ca == null || !ca.equals(ctx.tickets().ticketOf(b.function(), b.edge(), kb))) return null;
        InstanceAccess ia = InstanceAccess.of(a.access().lvalue(), Set.of(ka), InstanceKeys.Kind.VALUE);
        InstanceAccess ib = InstanceAccess.of(b.access().lvalue(), Set.of(kb), InstanceKeys.Kind.VALUE);
        if (ia == null || ib == null || !ia.arrayOrNull().equals(ib.arrayOrNull()) || ia.elementSize() != ib.elementSize()
                || ia.throughPointer() != ib.throughPointer()) {
            return null;
        }
        if (ia.throughPointer() && !ctx.fixedWhileThreadsRun().contains(new MemObject.Var(ia.arrayOrNull()))) return null;
        return "each thread uses the element of " + (ia.throughPointer() ? "*" : "") + ia.arrayOrNull().name()
                + " its ticket of " + ca.name() + " selects";
    }

    /** The local that indexes {@code x}'s element, when it holds a ticket there, or null. */
    private static Variable ticket(Access x, RaceContext ctx) {
        Lvalue lv = x.access().lvalue();
        if (lv == null) return null;
        while (lv instanceof Lvalue.Field f) lv = f.base();
        Expr index = lv instanceof Lvalue.Index ix ? ix.index()
                : lv instanceof Lvalue.Deref d && Expr.stripCasts(d.pointer()) instanceof Expr.Binary b && b.op() == Expr.BinOp.ADD ? b.right() : null;
        Variable v = Expr.loadedVariable(index);
        return v != null && ctx.tickets().ticketOf(x.function(), x.edge(), v) != null ? v : null;
    }

}
