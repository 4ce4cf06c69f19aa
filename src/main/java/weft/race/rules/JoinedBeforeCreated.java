package weft.race.rules;

import weft.modular.LocalState;
import weft.race.pair.Access;
import weft.race.pair.ExclusionRule;
import weft.race.pair.RaceContext;
import weft.thread.ThreadId;

import java.util.List;

/**
 * Two sibling threads A and B of one unique parent: if in every state in which the parent creates B
 * it has already joined A, all of A happens before B starts. Sound: the creation states cover every
 * way the parent reaches B's create statement, and must-joined under-approximates.
 *
 * <p>Assumes: {@code creationStates} lists the parent's state at every execution of the child's create
 * statement (recorded while analysing, for every calling context); the parent is unique; must-joined
 * under-approximates. Probe p71: sound.
 */
public final class JoinedBeforeCreated implements ExclusionRule {
    /** Reads only the accesses' threads, states and locations. */
    @Override
    public boolean threadStateOnly() {
        return true;
    }

    @Override
    public String exclude(Access a, Access b, RaceContext ctx) {
        String r = check(a.thread(), b.thread(), ctx);
        return r != null ? r : check(b.thread(), a.thread(), ctx);
    }

    private static String check(ThreadId first, ThreadId second, RaceContext ctx) {
        if (first.isMain() || second.isMain() || first.equals(second)) return null;
        ThreadId parent = first.parent();
        if (!parent.equals(second.parent()) || !ctx.threads().isUnique(parent)) return null;
        List<LocalState> states = ctx.creationStates().apply(second);
        if (states.isEmpty()) return null;
        for (LocalState s : states) if (!s.threads().joined().contains(first)) return null;
        return "thread " + first.displayName() + " joined before " + second.displayName() + " is created";
    }
}
