package weft.race.rules;

import weft.race.pair.Access;
import weft.race.pair.ExclusionRule;
import weft.race.pair.RaceContext;
import weft.thread.StopFlags;

/**
 * An access a worker makes while <em>running</em> (it has counted itself in and then read its stop flag set) happens
 * before every access of a thread that has <em>drained</em> the workers (cleared the flag, then read their count as 0
 * under its mutex): the worker either counted itself out before that read, after the access, or counted itself in
 * after it and then cannot read the flag set. The argument is {@link StopFlags}'s class comment.
 *
 * <p>Assumes: {@code Running} enters a worker's state only at an edge {@link StopFlags#runningAt} names; {@code Drained}
 * only at an edge {@link StopFlags#zeroAt} names, in a state holding {@code Cleared} for the flag, in a thread {@link
 * StopFlags#mayDrain} allows; the walk removes both drained and cleared facts at every nonzero write of the flag (every
 * such write is in a function the walk applies). Racy variants: {@code races/34-counter-joins/10}-{@code 12}; {@code 13} (race-free) is not proved.
 */
public final class StoppedBeforeDrained implements ExclusionRule {
    /** Reads only the accesses' threads and states. */
    @Override
    public boolean threadStateOnly() {
        return true;
    }

    @Override
    public String exclude(Access a, Access b, RaceContext ctx) {
        String r = before(a, b);
        return r != null ? r : before(b, a);
    }

    /** Why worker access {@code w} happens before the drainer's {@code d}, or null. */
    private static String before(Access w, Access d) {
        if (w.state().stops().isEmpty() || d.state().stops().isEmpty()) return null;
        for (StopFlags.Fact f : w.state().stops()) {
            if (f instanceof StopFlags.Running r && d.state().stops().contains(new StopFlags.Drained(r.drain()))) {
                return "workers stopped by " + r.drain().flag().name() + " and counted out of " + r.drain().counter().name()
                        + " before " + d.loc().shortString();
            }
        }
        return null;
    }
}
