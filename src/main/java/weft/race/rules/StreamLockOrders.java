package weft.race.rules;

import weft.race.pair.Access;
import weft.race.pair.ExclusionRule;
import weft.race.pair.RaceContext;

/**
 * Two accesses the stream library makes to a buffer the program handed to a stream ({@code setvbuf}'s array,
 * {@code fmemopen}'s memory, where {@code open_memstream} stores its buffer's address and size) do not race when both
 * are made under the stream's lock and the buffer belongs to one stream only: each is made by a call that reads,
 * writes or positions that stream, and C11 7.21.2p8 has every such call lock the stream first ("All functions that
 * read, write, position, or query the position of a stream lock the stream before accessing it"), so the stream's
 * lock orders the two as a mutex orders its holders. A program's own access to the buffer pairs with them as before.
 *
 * <p>Assumes, both checked where the accesses are made ({@code weft.access.AccessCollector}, marking them
 * {@code underStreamLock}): the calls are ones that lock (the library table's {@code GROUP:p}; the {@code _unlocked}
 * forms and {@code exit}'s flush, {@code GROUP:u}, do not, and keep their pairs); the buffer's object is handed to
 * streams at one call only, which runs at most once in one thread ({@code weft.thread.StreamHandOvers}): a buffer
 * handed to two streams would be used under two locks. Regressions {@code 24-audit/67} (race-free) and {@code 68},
 * {@code 69} (a buffer handed to two streams, unlocked calls: racy).
 */
public final class StreamLockOrders implements ExclusionRule {
    /** Reads only the two memory accesses. */
    @Override
    public boolean accessOnly() {
        return true;
    }

    @Override
    public boolean mayExclude(Access a, RaceContext ctx) {
        return a.access().underStreamLock();
    }

    @Override
    public String exclude(Access a, Access b, RaceContext ctx) {
        return a.access().underStreamLock() && b.access().underStreamLock()
                ? "both made by the stream library under the lock of the one stream the buffer was handed to" : null;
    }
}
