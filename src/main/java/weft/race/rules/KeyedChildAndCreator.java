package weft.race.rules;

import weft.race.pair.Access;
import weft.race.pair.ExclusionRule;
import weft.race.pair.RaceContext;
import weft.thread.InstanceAccess;
import weft.thread.InstanceKeys;
import weft.thread.ThreadId;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The shape shared by the rules that order a pointer-keyed thread's accesses to its own element or record against its
 * creator's accesses in the creating function ({@link OwnElementBeforeCreate}, {@link OwnRecordAfterJoin}): the child
 * side is an access in the thread's start routine through its key ({@link InstanceKeys}, POINTER kind), staying within
 * the element each instance owns; the creator side, an access of the thread's parent in the function that creates it,
 * is for the subclass to judge. This class only selects the two sides; the soundness argument is each subclass's.
 */
abstract class KeyedChildAndCreator implements ExclusionRule {
    /** The (parent thread, creating function) of every pointer-keyed thread, per context: where a creator may be. */
    private RaceContext creatorsOf;
    private Set<List<Object>> creators;

    /**
     * An access takes part only as the child (in the routine of a pointer-keyed thread, through an lvalue) or as the
     * creator (in the function that creates such a thread, in its parent thread).
     */
    @Override
    public final boolean mayExclude(Access a, RaceContext ctx) {
        var t = a.thread();
        InstanceKeys keys = ctx.instances();
        if (!t.isMain() && keys.kind(t) == InstanceKeys.Kind.POINTER && a.function().linkName().equals(t.routine())
                && a.access().lvalue() != null) {
            return true;
        }
        if (creatorsOf != ctx) {
            creators = new HashSet<>();
            for (var c : ctx.threads().threads()) {
                if (!c.isMain() && c.parent() != null && c.createFunction() != null && keys.kind(c) == InstanceKeys.Kind.POINTER) {
                    creators.add(List.of(c.parent(), c.createFunction()));
                }
            }
            creatorsOf = ctx;
        }
        return creators.contains(List.of(t, a.function().linkName()));
    }

    @Override
    public final String exclude(Access a, Access b, RaceContext ctx) {
        String r = ordered(a, b, ctx);
        return r != null ? r : ordered(b, a, ctx);
    }

    private String ordered(Access child, Access creator, RaceContext ctx) {
        ThreadId t = child.thread();
        InstanceKeys keys = ctx.instances();
        if (t.isMain() || keys.kind(t) != InstanceKeys.Kind.POINTER || !creator.thread().equals(t.parent())
                || !creator.function().linkName().equals(t.createFunction())
                || !child.function().linkName().equals(t.routine()) || child.access().lvalue() == null) {
            return null;
        }
        InstanceAccess ia = InstanceAccess.of(child.access().lvalue(), keys.keys(child.function()), InstanceKeys.Kind.POINTER);
        if (ia == null || ia.elementSize() > keys.elementSize(t)) return null;
        return creatorSide(t, creator, ctx);
    }

    /**
     * The reason {@code creator}'s access (in {@code child}'s parent, in the creating function) cannot race with the
     * child's access to its own element through its key, or null.
     */
    abstract String creatorSide(ThreadId child, Access creator, RaceContext ctx);
}
