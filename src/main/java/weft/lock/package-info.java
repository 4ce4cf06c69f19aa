/**
 * Lockset values: which locks the executing thread holds at a program point, in which mode, and how acquisitions,
 * releases and branches change that; the package decides nothing about which pointer denotes which lock.
 *
 * <p>Open first: {@link weft.lock.LockState} (the lattice: locks held on every path, pending trylock results, locks
 * named relative to a pointer variable, locks conditional on a tested local, and its join, acquire and release),
 * {@link weft.lock.Lock} (an abstract lock: the memory location of a mutex, rwlock or spin lock as the pointer
 * analysis names it, with the stand-ins for any offset and for the atomic section), {@link weft.lock.HeldLock} (a
 * lock with its read or write mode) and {@link weft.lock.Release} (the locks an unlock or a semaphore post may act
 * on). The refinements: {@link weft.lock.SymbolicLock} (the mutex inside what a pointer variable points to) and
 * {@link weft.lock.ConditionalLock} (a lock held exactly where a local tested earlier was non-zero, or zero).
 *
 * <p>Dependencies: builds on weft.ir (variables, types), weft.model (lock modes) and weft.pointer (memory objects).
 * It is used by analysis (the thread-modular state carries a lock state; the lock resolver turns lock pointers into
 * locks), race and race.rules (exclusion by common locks, ranking certain races) and report (printing held locks),
 * and must import none of them.
 */
package weft.lock;
