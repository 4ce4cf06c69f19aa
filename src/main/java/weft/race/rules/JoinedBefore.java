package weft.race.rules;

import weft.race.pair.Access;
import weft.race.pair.ExclusionRule;
import weft.race.pair.RaceContext;

/**
 * If {@code b}'s thread B is in the must-joined set at {@code a}, B terminated before {@code a}, so
 * all of B's accesses happen before {@code a}. Joins are transitive: if a joined thread had certainly
 * joined C at every point where it can terminate (return or {@code pthread_exit}), C ended before too.
 * Sound: a thread is must-joined only if all its instances are certainly joined (unique with a known
 * id, or a verified join loop — see {@code ThreadEvents}, {@code JoinLoops}).
 *
 * <p>Assumes: {@code joined} holds only unique threads whose id cell certainly holds them ({@code
 * ThreadEvents}, {@code TidCells}, {@code JoinLoops}); {@code ThreadWalker.joinedAtEnd} joins the
 * states at every point where the thread may end: returns, and {@code pthread_exit} also inside helpers
 * (fixed: {@code SyncFree} no longer skips functions that end the thread, probe p07), and not at all
 * when a thread may be cancelled ({@code CallGraph.cancels}, fixed, probe p23). Joins through pointers,
 * in callees, with unknown index, overwritten tids: probes p10-p16, sound.
 */
public final class JoinedBefore implements ExclusionRule {
    /** Reads only the accesses' threads, states and locations. */
    @Override
    public boolean threadStateOnly() {
        return true;
    }

    @Override
    public String exclude(Access a, Access b, RaceContext ctx) {
        if (joined(a, ctx).contains(b.thread())) return "thread " + b.thread().displayName() + " joined before " + a.loc().shortString();
        if (joined(b, ctx).contains(a.thread())) return "thread " + a.thread().displayName() + " joined before " + b.loc().shortString();
        return null;
    }

    private static java.util.Set<weft.thread.ThreadId> joined(Access a, RaceContext ctx) {
        var j = a.state().threads().joined();
        return j.isEmpty() ? j : ctx.transitivelyJoined(j);
    }
}
