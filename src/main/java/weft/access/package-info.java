/**
 * The access model: which memory each statement reads and writes, as byte regions of the pointer analysis's abstract
 * objects, and how those regions are found. The package says nothing about which thread makes an access or in which
 * state: that is the thread walk's ({@code weft.modular}).
 *
 * <p>Open first: {@link weft.access.MemoryAccess} (one access a statement performs: its region, read or write, atomic
 * or not, whether it names its variable directly, its form relative to a pointer variable, and whether it is a
 * synchronisation operation's), {@link weft.access.AccessCollector} (the accesses of one CFG edge: loads, the written
 * lvalue, what library models read and write through their arguments, hidden library state, a deallocation as a write
 * of the whole object, and what unknown external code may reach) and {@link weft.access.Regions} (the byte regions an
 * lvalue or a pointer may designate at a program point: points-to objects with offsets refined by the interval
 * analysis, an access through a pointer into an array member kept in that member), with {@link weft.access.Region} (the
 * bytes an access may touch in one object). Smaller pieces: {@link weft.access.SymbolicBase} (an lvalue at a constant
 * offset inside what a pointer variable points to, or inside the element of an array that a local index selects),
 * {@link weft.access.VariadicPointers} (where the pointers a {@code va_list} argument stands for may point, and whether
 * a call writes through them) and {@code SyncAccesses} (the synchronisation objects a library call operates on, each
 * recorded as an atomic write of the whole object).
 *
 * <p>Dependencies: builds on weft.ir, weft.model (what library calls read and write), weft.pointer (abstract objects,
 * locations and points-to sets) and weft.value (the per-function intervals that bound indices and offsets). It is used
 * by thread (the regions of thread-id cells and id arrays, the symbolic base of an instance access), lock (the regions
 * a lock pointer denotes), modular (the accesses the walk reports with their state), race (which builds the collector
 * and pairs the accesses), race.rules (disjoint members and subobjects, symbolic locks) and bounded.bmc (the variadic
 * pointers of a library call), and must import none of them.
 */
package weft.access;
