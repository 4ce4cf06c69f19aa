/**
 * Lockset values: which locks the executing thread holds at a program point, in which mode, and how acquisitions,
 * releases and branches change that; and the resolution of the pointer argument of a lock operation into the abstract
 * locks it may denote.
 *
 * <p>Open first: {@link weft.lock.LockState} (the lattice: locks held on every path, pending trylock results, locks
 * named relative to a pointer variable, locks conditional on a tested local, and its join, acquire and release),
 * {@link weft.lock.Lock} (an abstract lock: the memory location of a mutex, rwlock or spin lock as the pointer analysis
 * names it, with the stand-ins for any offset and for the atomic section), {@link weft.lock.HeldLock} (a lock with its
 * read or write mode) and {@link weft.lock.Release} (the locks an unlock or a semaphore post may act on). The
 * refinements: {@link weft.lock.SymbolicLock} (the mutex inside what a pointer variable points to) and
 * {@link weft.lock.ConditionalLock} (a lock held exactly where a local tested earlier was non-zero, or zero). The
 * resolution: {@link weft.lock.LockResolver} (the abstract locks a lock pointer denotes, and whether it denotes exactly
 * one concrete lock, the condition for a must-lockset) and {@link weft.lock.ExternalReach} (the locks a call of
 * external code may release).
 *
 * <p>Dependencies: builds on weft.ir (variables, types), weft.model (lock modes), weft.pointer (memory objects, what
 * external code may reach), weft.access (the byte regions a lock pointer denotes) and weft.thread (which objects exist
 * at most once). It is used by modular (the thread-modular state carries a lock state; the walk resolves lock pointers
 * through the resolver), race and race.rules (exclusion by common and symbolic locks, ranking certain races) and report
 * (printing held locks), and must import none of them.
 */
package weft.lock;
