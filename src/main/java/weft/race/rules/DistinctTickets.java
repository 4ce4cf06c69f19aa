package weft.race.rules;

import weft.ir.Variable;
import weft.race.pair.Access;
import weft.race.pair.ExclusionRule;
import weft.race.pair.RaceContext;

/**
 * Two accesses {@code g[v1]} and {@code g[v2]} (or within those elements) whose indices each hold a ticket of the same
 * counter ({@link weft.thread.Tickets}: {@code lock(&m); me = next++; unlock(&m)}): the per-thread slots of real
 * programs, handed out by a counter under a lock.
 *
 * <p>Soundness. Two accesses of a race are made by two different thread instances, and no two ticket reads, in any
 * threads, give the same value ({@link weft.thread.Tickets}), so the indices differ and the accesses touch different
 * elements of {@code g} ({@link SlotIndex#sameArray}).
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
        String array = SlotIndex.sameArray(a, ka, b, kb, ctx);
        return array == null ? null : "each thread uses the element of " + array + " its ticket of " + ca.name() + " selects";
    }

    /** The local that indexes {@code x}'s element, when it holds a ticket there, or null. */
    private static Variable ticket(Access x, RaceContext ctx) {
        Variable v = SlotIndex.indexVariable(x);
        return v != null && ctx.tickets().ticketOf(x.function(), x.edge(), v) != null ? v : null;
    }
}
