package weft.race;

import weft.pointer.MemObject;
import weft.race.pair.Access;

import java.util.List;

/**
 * Two accesses no exclusion rule could separate: a possible data race, standing for every pair of
 * accesses at the same two source locations with the same kinds (across calling contexts, thread
 * instances and objects a pointer may denote), with the best evidence among them as {@code first},
 * {@code second}.
 *
 * @param object      the shared object (group) of the representative pair
 * @param objects     every object (group) on which the two locations race, {@code object} first
 * @param rank        {@link Rank#CERTAIN} or {@link Rank#POSSIBLE} (confirmation is the report's business)
 * @param accessPairs how many racing pairs of accesses (contexts, thread pairs, objects) this pair stands for
 * @param threadPairs how many distinct unordered pairs of abstract threads among them
 */
public record RacePair(Access first, Access second, MemObject object, List<MemObject> objects, Rank rank, int accessPairs,
                       int threadPairs) {
    public RacePair {
        objects = List.copyOf(objects);
    }

    /** A single pair of accesses, possible, on the first access's object. */
    public RacePair(Access first, Access second) {
        this(first, second, first.region().object(), List.of(first.region().object()), Rank.POSSIBLE, 1, 1);
    }
}
