package weft.race.rules;

import weft.race.Access;
import weft.race.ExclusionRule;
import weft.race.RaceContext;

/**
 * If {@code b}'s thread B is in the must-joined set at {@code a}, B terminated before {@code a}, so
 * all of B's accesses happen before {@code a}. Sound: a thread is must-joined only if it is unique and
 * the joined id certainly belongs to it (see {@code ThreadEvents}).
 */
public final class JoinedBefore implements ExclusionRule {
    @Override
    public String exclude(Access a, Access b, RaceContext ctx) {
        if (a.state().threads().joined().contains(b.thread())) return "thread " + b.thread().displayName() + " joined before " + a.loc().shortString();
        if (b.state().threads().joined().contains(a.thread())) return "thread " + a.thread().displayName() + " joined before " + b.loc().shortString();
        return null;
    }
}
