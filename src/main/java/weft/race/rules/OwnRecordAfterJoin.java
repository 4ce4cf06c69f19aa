package weft.race.rules;

import weft.race.pair.Access;
import weft.race.pair.RaceContext;
import weft.thread.InstanceKeys;
import weft.thread.ThreadId;


/**
 * A thread given its own record ({@code ts[i] = t; pthread_create(&t->tid, .., t)} in a counting loop), accessing it
 * through its key, against the creator's access to {@code ts[j]} in a later join loop after joining {@code ts[j]->tid}
 * in the same iteration ({@code pthread_join(ts[j]->tid, 0); free(ts[j]);}): the creator touches record j after the
 * thread that owns it has ended, and every other instance owns another record.
 *
 * <p>Assumes: {@link weft.thread.RecordJoins} (its soundness argument: one record per instance, the slot and the id
 * member written only at creation, the join loop within the create loop's range and after it, the access after the
 * join and before the counter's increment) and {@link InstanceKeys} (POINTER kind: the child's accesses through its
 * key stay within its record). Corpus {@code 36-per-thread-records}.
 */
public final class OwnRecordAfterJoin extends KeyedChildAndCreator {
    @Override
    String creatorSide(ThreadId child, Access creator, RaceContext ctx) {
        return ctx.records().ownRecordAfterJoin(child, creator.function(), creator.edge(), creator.access())
                ? "the creator uses record j after joining the thread that owns it" : null;
    }
}
