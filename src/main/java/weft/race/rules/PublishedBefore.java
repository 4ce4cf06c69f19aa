package weft.race.rules;

import weft.race.pair.Access;
import weft.race.pair.ExclusionRule;
import weft.race.pair.RaceContext;
import weft.thread.PublicationFlags;

/**
 * A ready flag under a mutex ({@link PublicationFlags}): an access of the flag's unique writer M made before M may have
 * written the flag (the flag is not in M's may-set {@code flagsSet} there) happens before an access of a thread that
 * has certainly read the flag set under its mutex (in its must-set {@code flagsSeen}): M's first write of the flag and
 * its release of the mutex come between them in M, the observer's acquisition and read before its access
 * (happens-before through the mutex; the argument is in {@link PublicationFlags}).
 *
 * <p>Assumes: {@code flagsSeen} holds a flag only after an edge {@link PublicationFlags#observedAt} names, and the walk
 * adds a flag to {@code flagsSet} at every write of it (every write is an assignment the walk applies, in a function
 * that locks the flag's mutex and so is never skipped as sync-free). Racy twins in {@code races/35-ready-flags/}.
 */
public final class PublishedBefore implements ExclusionRule {
    /** Reads only the accesses' threads and states. */
    @Override
    public boolean threadStateOnly() {
        return true;
    }

    @Override
    public String exclude(Access a, Access b, RaceContext ctx) {
        String r = before(a, b);
        return r != null ? r : before(b, a);
    }

    /** Why {@code w} (the writer's) happens before {@code o} (an observer's), or null. */
    private static String before(Access w, Access o) {
        for (PublicationFlags.Flag f : o.state().flagsSeen()) {
            if (f.writer().equals(w.thread()) && !w.state().flagsSet().contains(f.variable())) {
                return "published by " + f.variable().name() + " before " + o.loc().shortString();
            }
        }
        return null;
    }
}
