/**
 * The thread-modular walk: for every abstract thread, a dataflow analysis of its locks, its effects on other threads,
 * its atomic sections and once-routines over the thread's code in calling contexts, then every memory access it may
 * make, reported with the final state at its statement, which the race layer pairs up. The whole-program facts the walk
 * and the pairing read are built here, once.
 *
 * <p>Open first: {@link weft.modular.ThreadWalker} (runs the analysis of each thread, then reports each access with its
 * state), {@link weft.modular.LocalState} (the state: locks, atomic-section depth, thread events, once-flags),
 * {@link weft.modular.ProgramFacts} (the one place the whole-program facts are built, bottom-up, each from those below
 * it: IR, pointer and value facts, byte regions, thread-instance facts, lock resolution; the walk and the exclusion
 * rules receive them and build none of their own) and {@code ContextFixpoint} (the fixpoint per function and distinct
 * entry state, recursion, and one joined context per function under memory pressure). The steps: {@code Transfer} (the
 * effect of one statement other than a call into user code), {@link weft.modular.ReturnSplit} (the states after a call,
 * one per constant returned, until the result is tested), {@code VarTest} (what a branch says about one variable) and
 * {@code SyncFree} (functions that leave the state as they entered it, which need no analysis). Precision per calling
 * context: {@link weft.modular.ArgumentTargets} (what pointer parameters, and the locals computed from them, may point
 * into in one context) and {@code ThreadVarargs} (per thread, what the variadic arguments of its own calls may point
 * to, which bounds what a library call reads through a {@code va_list}). Around the walk:
 * {@link weft.modular.SemaphoreUse} (which semaphores are used as mutexes, fed with the final states) and
 * {@link weft.modular.MemoryBudget} (the soft memory limit past which the walk keeps fewer contexts).
 *
 * <p>Dependencies: builds on weft.ir, weft.model, weft.pointer, weft.value, weft.access (the accesses it reports),
 * weft.escape (unpublished objects, trackable pointer variables), weft.thread (threads, call graph, thread-instance
 * facts) and weft.lock (lock states, lock resolution). It is used by race (which runs the walk and pairs the accesses),
 * race.rules (exclusions by the states) and cli (the walk's interruption), and must import none of them.
 */
package weft.modular;
