package weft.race.rules;

import weft.race.pair.Access;
import weft.race.pair.ExclusionRule;
import weft.race.pair.RaceContext;
import weft.thread.ThreadId;

/**
 * If access {@code a} of a unique thread A happens while A has certainly not yet created the child C
 * through which {@code b}'s thread descends (C is not in A's may-created set at {@code a}), then
 * {@code a} happens before every access of C and its descendants. With A = main and nothing created
 * yet, this is the single-threaded start phase. Likewise, if {@code b}'s thread is a child C of A that
 * is not in A's may-alive set at {@code a} — on every path either not yet created or certainly joined
 * since — then each of C's instances lies entirely before or after {@code a}. Sound: may-created and
 * may-alive over-approximate, must-joined under-approximates, and A's uniqueness rules out another
 * instance of A having created C.
 *
 * <p>Assumes: {@code ThreadEvents.created} and {@code alive} over-approximate (every create statement
 * executed on some path adds its children; a create repeated by a non-local jump is excluded by making
 * such programs incomplete); {@code joined} under-approximates; {@code ThreadGraph.isUnique(ta)}.
 * Probes p10-p16: sound.
 */
public final class CreatedAfter implements ExclusionRule {
    /** Reads only the accesses' threads, states and locations. */
    @Override
    public boolean threadStateOnly() {
        return true;
    }

    @Override
    public String exclude(Access a, Access b, RaceContext ctx) {
        String r = before(a, b, ctx);
        return r != null ? r : before(b, a, ctx);
    }

    private static String before(Access a, Access b, RaceContext ctx) {
        ThreadId ta = a.thread();
        if (!ctx.threads().isUnique(ta)) return null;
        ThreadId child = b.thread().childOnPathFrom(ta);
        if (child == null) return null;
        if (child.equals(b.thread()) && !a.state().threads().alive().contains(child)) {
            return "thread " + child.displayName() + " not running at " + a.loc().shortString() + " (not yet created or already joined)";
        }
        if (a.state().threads().created().contains(child)) return null;
        if (ta.isMain() && a.state().threads().created().isEmpty()) return "single-threaded (before any thread is created)";
        return "thread " + child.displayName() + " created after " + a.loc().shortString();
    }
}
