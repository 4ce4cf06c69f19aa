package weft.race.rules;

import weft.race.pair.Access;
import weft.race.pair.ExclusionRule;
import weft.race.pair.RaceContext;

/**
 * Two creators of fork-joins, each using the object it handed its own child: {@code free(l)} in one thread instance
 * against {@code l->sum} in another, where each {@code l} is the local of a tracked create that holds
 * ({@link weft.thread.ChildJoins}).
 *
 * <p>Soundness. Each side goes through its local {@code l}, within the object it points into, and {@code l} still
 * points into the object its instance allocated itself and handed, unpublished, to the child its create started last.
 * Two accesses of a race are made by two different thread instances, and two instances' own allocations are two
 * objects (an object freed by one and returned by the allocator to the other is allocated only after the first
 * one's accesses): the accesses touch different objects. Within one instance there is no race.
 *
 * <p>Assumes: {@link weft.thread.ChildJoins}. Corpus {@code 37-join-trees}; harness hole {@code join_tree}.
 */
public final class DistinctOwnAllocations implements ExclusionRule {
    @Override
    public boolean mayExclude(Access a, RaceContext ctx) {
        return OwnChildAfterJoin.creatorLocal(a, ctx, false) != null;
    }

    @Override
    public String exclude(Access a, Access b, RaceContext ctx) {
        return OwnChildAfterJoin.creatorLocal(a, ctx, false) != null && OwnChildAfterJoin.creatorLocal(b, ctx, false) != null
                ? "each thread uses an object it allocated itself" : null;
    }
}
