/**
 * The thread-modular access analysis: for every abstract thread, every memory access it may make, each with the
 * thread-modular state at its statement (locks held, threads created and joined, atomic sections, once-routines),
 * which the race layer then pairs up. Open first: {@link weft.analysis.ThreadWalker} (runs the analysis per thread and
 * reports the accesses), {@link weft.analysis.MemoryAccess} (what is reported), {@link weft.analysis.LocalState} (the
 * state reported with it), {@link weft.analysis.AccessCollector} and {@link weft.analysis.LockResolver}.
 *
 * <p>The package currently holds several concerns, which are to be split into packages by concern:
 * <ul>
 *   <li>the access model: {@link weft.analysis.MemoryAccess}, {@link weft.analysis.Region},
 *       {@link weft.analysis.Regions}, {@link weft.analysis.SymbolicBase}, {@link weft.analysis.AccessCollector},
 *       {@code SyncAccesses}, {@link weft.analysis.VariadicPointers}, {@code ThreadVarargs},
 *       {@link weft.analysis.ArgumentTargets}, {@link weft.analysis.IntervalCache};</li>
 *   <li>lock facts: {@link weft.analysis.LockResolver}, {@code ExternalReach}, {@link weft.analysis.SemaphoreUse};</li>
 *   <li>thread-instance facts: {@link weft.analysis.InstanceKeys}, {@link weft.analysis.InstanceAccess},
 *       {@link weft.analysis.JoinLoops}, {@code TidCells}, {@link weft.analysis.ObjectMultiplicity};</li>
 *   <li>the thread-modular walk itself: {@link weft.analysis.ThreadWalker}, {@code ContextFixpoint}, {@code Transfer},
 *       {@link weft.analysis.LocalState}, {@link weft.analysis.ReturnSplit}, {@code VarTest},
 *       {@link weft.analysis.Reassigned}, {@code SyncFree}, {@link weft.analysis.MemoryBudget}.</li>
 * </ul>
 *
 * <p>Dependencies: builds on weft.ir, weft.model, weft.pointer, weft.value, weft.lock, weft.thread and weft.escape.
 * It is used by race and race.rules (the pairing of accesses and the exclusion rules), and also by cli (the walk's
 * interruption) and bounded (the variadic pointers of a library call); it must import none of them.
 */
package weft.analysis;
