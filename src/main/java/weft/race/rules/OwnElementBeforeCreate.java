package weft.race.rules;

import weft.race.pair.Access;
import weft.race.pair.RaceContext;
import weft.thread.InstanceKeys;
import weft.thread.ThreadId;

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
public final class OwnElementBeforeCreate extends KeyedChildAndCreator {
    @Override
    String creatorSide(ThreadId child, Access creator, RaceContext ctx) {
        return ctx.instances().elementBeforeCreate(child, creator.edge(), creator.access().lvalue())
                ? "the creator fills element i before creating the thread that owns it" : null;
    }
}
