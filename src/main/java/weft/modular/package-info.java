/**
 * The thread-modular access analysis: for every abstract thread, every memory access it may make, each with the
 * thread-modular state at its statement (locks held, threads created and joined, atomic sections, once-routines),
 * which the race layer then pairs up. Open first: {@link weft.modular.ThreadWalker} (runs the analysis per thread and
 * reports the accesses), {@link weft.access.MemoryAccess} (what is reported), {@link weft.modular.LocalState} (the
 * state reported with it), {@link weft.access.AccessCollector} and {@link weft.lock.LockResolver}.
 *
 * <p>The package currently holds several concerns, which are to be split into packages by concern:
 * <ul>
 *   <li>the access model: {@link weft.access.MemoryAccess}, {@link weft.access.Region},
 *       {@link weft.access.Regions}, {@link weft.access.SymbolicBase}, {@link weft.access.AccessCollector},
 *       {@code SyncAccesses}, {@link weft.access.VariadicPointers}, {@code ThreadVarargs},
 *       {@link weft.modular.ArgumentTargets}, {@link weft.value.IntervalCache};</li>
 *   <li>lock facts: {@link weft.lock.LockResolver}, {@code ExternalReach}, {@link weft.modular.SemaphoreUse};</li>
 *   <li>thread-instance facts: {@link weft.thread.InstanceKeys}, {@link weft.thread.InstanceAccess},
 *       {@link weft.thread.JoinLoops}, {@code TidCells}, {@link weft.thread.ObjectMultiplicity};</li>
 *   <li>the thread-modular walk itself: {@link weft.modular.ThreadWalker}, {@code ContextFixpoint}, {@code Transfer},
 *       {@link weft.modular.LocalState}, {@link weft.modular.ReturnSplit}, {@code VarTest},
 *       {@link weft.ir.Reassigned}, {@code SyncFree}, {@link weft.modular.MemoryBudget}.</li>
 * </ul>
 *
 * <p>Dependencies: builds on weft.ir, weft.model, weft.pointer, weft.value, weft.lock, weft.thread and weft.escape.
 * It is used by race and race.rules (the pairing of accesses and the exclusion rules), and also by cli (the walk's
 * interruption) and bounded (the variadic pointers of a library call); it must import none of them.
 */
package weft.modular;
