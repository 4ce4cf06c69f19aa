package weft.trace;

import weft.ir.SourceLoc;

/**
 * One side of a race: the access a thread is about to perform in the racing state.
 *
 * @param what human-readable description, e.g. {@code "write of g (4 bytes)"}
 * @param offset first byte accessed, relative to the start of {@code object}
 * @param size number of bytes accessed
 * @param object the accessed object: a variable name or a heap block description
 */
public record RaceAccess(int thread, String threadName, SourceLoc loc, String what, boolean write, long offset,
                         long size, String object) {
    @Override
    public String toString() {
        return threadName + " @" + loc.shortString() + ": " + what;
    }
}
