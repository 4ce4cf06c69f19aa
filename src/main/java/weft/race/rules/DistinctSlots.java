package weft.race.rules;

import weft.ir.Variable;
import weft.race.pair.Access;
import weft.race.pair.ExclusionRule;
import weft.race.pair.RaceContext;

/**
 * Two accesses {@code g[j1]} and {@code g[j2]} (or within those elements), each made by a thread through the slot of
 * one bitmask it was started with and has not given back ({@link weft.thread.SlotMasks}: the creator takes a free slot
 * with {@code j = ffs(mask) - 1; mask &= ~(1 << j)} under a mutex, the thread gives it back with {@code mask |= 1 <<
 * j}): the per-thread slots of real programs, handed out by a bitmask of free slots.
 *
 * <p>Soundness. Two accesses of a race are made by two different thread instances at the same time, and two threads
 * that hold the same slot of a mask are ordered by happens-before ({@link weft.thread.SlotMasks}), so the indices
 * differ and the accesses touch different elements of {@code g} ({@link SlotIndex#sameArray}).
 *
 * <p>Assumes: {@link weft.thread.SlotMasks}. Corpus {@code 39-slot-masks}; harness hole {@code slot_mask}.
 */
public final class DistinctSlots implements ExclusionRule {
    @Override
    public boolean mayExclude(Access a, RaceContext ctx) {
        return slot(a, ctx) != null;
    }

    @Override
    public String exclude(Access a, Access b, RaceContext ctx) {
        Variable ka = slot(a, ctx);
        Variable kb = slot(b, ctx);
        if (ka == null || kb == null) return null;
        Variable ma = ctx.slots().slotOf(a.function(), a.edge(), ka);
        if (ma == null || !ma.equals(ctx.slots().slotOf(b.function(), b.edge(), kb))) return null;
        String array = SlotIndex.sameArray(a, ka, b, kb, ctx);
        return array == null ? null : "each thread uses the element of " + array + " its slot of " + ma.name() + " selects";
    }

    /** The local that indexes {@code x}'s element, when it holds the thread's own slot there, or null. */
    private static Variable slot(Access x, RaceContext ctx) {
        Variable v = SlotIndex.indexVariable(x);
        return v != null && ctx.slots().slotOf(x.function(), x.edge(), v) != null ? v : null;
    }
}
