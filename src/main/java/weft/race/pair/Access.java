package weft.race.pair;

import weft.access.MemoryAccess;
import weft.access.Region;
import weft.ir.Edge;
import weft.ir.Function;
import weft.ir.SourceLoc;
import weft.modular.LocalState;
import weft.thread.ThreadId;

/** A memory access to shared memory by an abstract thread, with the thread-modular state at it. */
public record Access(ThreadId thread, Function function, Edge edge, LocalState state, MemoryAccess access) {
    public Region region() { return access.region(); }
    public boolean isWrite() { return access.write(); }
    public boolean isAtomic() { return access.atomic(); }
    public SourceLoc loc() { return access.loc(); }

    @Override
    public String toString() {
        return (isWrite() ? "write" : "read") + " of " + access.what() + " at " + loc().shortString() + " in " + thread;
    }
}
