package weft.access;

import weft.ir.Expr;
import weft.ir.Lvalue;
import weft.ir.SourceLoc;

/**
 * One memory access a statement performs: where (region), read or write, atomic or not, and whether
 * it names its variable directly ({@code named}: no pointer dereference on the way, so a thread-local
 * variable is the accessing thread's own instance), and its form {@code p->f} relative to a pointer
 * variable when it has one; {@code lvalue} is the accessed lvalue (null for accesses library
 * functions make through pointer arguments, whose pointer argument is {@code pointer}: the access is to what
 * {@code pointer} points into; null for what a deep argument reaches and for external code's reach). {@code syncOperation}
 * marks the atomic access a synchronisation operation makes to its object ({@link SyncAccesses}); {@code vaList} is the
 * {@code va_list} argument of the library call whose variadic pointers the access goes through, else null
 * ({@code modular.ThreadVarargs}). {@code underStreamLock} marks the stream library's access to a buffer handed to one
 * stream only, made under that stream's lock ({@code AccessCollector}; {@code weft.race.rules.StreamLockOrders}).
 * {@code reached} marks a deep argument's access to an object reached through stored pointers, which the library may
 * or may not make (never {@code certain}: {@code weft.race.MustRace}).
 */
public record MemoryAccess(Region region, boolean write, boolean atomic, SourceLoc loc, String what, boolean named,
                           SymbolicBase symbolic, Lvalue lvalue, Expr pointer, boolean syncOperation, Expr vaList,
                           boolean underStreamLock, boolean reached) {
    public MemoryAccess(Region region, boolean write, boolean atomic, SourceLoc loc, String what, boolean named,
                        SymbolicBase symbolic, Lvalue lvalue, Expr pointer) {
        this(region, write, atomic, loc, what, named, symbolic, lvalue, pointer, false, null, false, false);
    }

    public MemoryAccess(Region region, boolean write, boolean atomic, SourceLoc loc, String what, boolean named,
                        SymbolicBase symbolic, Lvalue lvalue, Expr pointer, boolean syncOperation, Expr vaList) {
        this(region, write, atomic, loc, what, named, symbolic, lvalue, pointer, syncOperation, vaList, false, false);
    }

    /** The stream library's access to {@code region}, under the lock of the one stream the buffer was handed to. */
    static MemoryAccess underStreamLock(Region region, boolean write, SourceLoc loc, String what) {
        return new MemoryAccess(region, write, false, loc, what, false, null, null, null, false, null, true, false);
    }

    /** An access a library call makes through the variadic pointers of its {@code va_list} argument {@code vaList}. */
    static MemoryAccess throughVaList(Region region, boolean write, SourceLoc loc, String what, Expr vaList) {
        return new MemoryAccess(region, write, false, loc, what, false, null, null, null, false, vaList);
    }

    /**
     * A deep argument's access to an object reached through pointers stored in the argument's target (zlib's
     * {@code next_in} buffer from its {@code z_stream}): the library may touch it, not for certain.
     */
    static MemoryAccess reachedBy(Region region, boolean write, SourceLoc loc, String what) {
        return new MemoryAccess(region, write, false, loc, what, false, null, null, null, false, null, false, true);
    }

    /** The type of the synchronisation object a {@code syncOperation} access operates on, or null. */
    public weft.ir.CType syncObjectType() {
        return syncOperation && pointer != null ? pointer.type().pointee() : null;
    }
}
