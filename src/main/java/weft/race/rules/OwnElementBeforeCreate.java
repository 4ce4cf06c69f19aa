package weft.race.rules;

import weft.race.pair.Access;
import weft.race.pair.ExclusionRule;
import weft.race.pair.RaceContext;
import weft.thread.InstanceAccess;
import weft.thread.InstanceKeys;

/**
 * A thread created in a counting loop with {@code &a[i]} as its argument, accessing its own element
 * through that pointer, against the creator's access to {@code a[i]} in the same loop before the
 * create statement ({@code a[i] = ...; pthread_create(..., &a[i])}). In iteration k the creator touches
 * element k: for the instance created in iteration k or later that happens before the instance is
 * created (program order, then creation); every instance created earlier owns another element. The
 * loop runs once ({@link InstanceKeys}), so each element belongs to one instance.
 *
 * <p>Assumes: {@link InstanceKeys} (POINTER kind: one element per instance, loop runs once) and {@code
 * InstanceKeys.elementBeforeCreate}: the creator's access indexes the same counter, in the same
 * iteration, before the create edge; the child's accesses stay within its element ({@code
 * elementSize}). Probes p36, p37: sound.
 */
public final class OwnElementBeforeCreate implements ExclusionRule {
    /** The (parent thread, creating function) of every pointer-keyed thread, per context: where a creator may be. */
    private RaceContext creatorsOf;
    private java.util.Set<java.util.List<Object>> creators;

    /**
     * An access takes part only as the child (in the routine of a pointer-keyed thread, through an lvalue) or as the
     * creator (in the function that creates such a thread, in its parent thread): {@link #ordered}'s first test.
     */
    @Override
    public boolean mayExclude(Access a, RaceContext ctx) {
        var t = a.thread();
        InstanceKeys keys = ctx.instances();
        if (!t.isMain() && keys.kind(t) == InstanceKeys.Kind.POINTER && a.function().linkName().equals(t.routine())
                && a.access().lvalue() != null) {
            return true;
        }
        if (creatorsOf != ctx) {
            creators = new java.util.HashSet<>();
            for (var c : ctx.threads().threads()) {
                if (!c.isMain() && c.parent() != null && c.createFunction() != null && keys.kind(c) == InstanceKeys.Kind.POINTER) creators.add(java.util.List.of(c.parent(), c.createFunction()));
            }
            creatorsOf = ctx;
        }
        return creators.contains(java.util.List.of(t, a.function().linkName()));
    }

    @Override
    public String exclude(Access a, Access b, RaceContext ctx) {
        String r = ordered(a, b, ctx);
        return r != null ? r : ordered(b, a, ctx);
    }

    private static String ordered(Access child, Access creator, RaceContext ctx) {
        var t = child.thread();
        InstanceKeys keys = ctx.instances();
        if (t.isMain() || keys.kind(t) != InstanceKeys.Kind.POINTER || !creator.thread().equals(t.parent())
                || !creator.function().linkName().equals(t.createFunction())
                || !child.function().linkName().equals(t.routine()) || child.access().lvalue() == null) {
            return null;
        }
        InstanceAccess ia = InstanceAccess.of(child.access().lvalue(), keys.keys(child.function()), InstanceKeys.Kind.POINTER);
        if (ia == null || ia.elementSize() > keys.elementSize(t)) return null;
        return keys.elementBeforeCreate(t, creator.edge(), creator.access().lvalue())
                ? "the creator fills element i before creating the thread that owns it" : null;
    }
}
