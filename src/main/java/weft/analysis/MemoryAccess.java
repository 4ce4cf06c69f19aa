package weft.analysis;

import weft.ir.SourceLoc;

/** One memory access a statement performs: where (region), read or write, atomic or not. */
public record MemoryAccess(Region region, boolean write, boolean atomic, SourceLoc loc, String what) {}
