/**
 * Thread escape of fresh objects: which accesses touch an object the running thread allocated and has not yet
 * published, so that no other thread can reach it and the access cannot race.
 *
 * <p>Open first: {@link weft.escape.Unpublished} (the question the thread walk asks, per access and calling context,
 * with the soundness argument), {@link weft.escape.FreshVars} (the abstract state: which local pointers certainly point
 * into an unpublished object, grouped by allocation token) and {@code FreshFlow} (the intraprocedural must-analysis
 * computing it). It relies on {@code Publication} (per function, the pointer parameters through which it may publish
 * the argument's object: a least fixpoint over the call graph) and {@code FreshReturns} (calls whose result is a fresh
 * object, as after a direct allocation). Two syntactic helpers are shared with the thread walk (weft.modular):
 * {@link weft.escape.Locals} (the pointer variables only assignments by name change) and {@link weft.escape.Pointers}
 * (which variable a pointer expression is computed from).
 *
 * <p>Dependencies: builds on weft.ir, weft.model (allocation and storing library calls) and weft.pointer (where
 * pointers may point). It is used by thread (an object handed unpublished to each created thread as the key of its
 * instances) and modular (the thread walk, which leaves out accesses to unpublished objects, and the per-context
 * argument targets and variadic lists), and must import neither of them nor anything built on them (lock, race, report,
 * cli).
 */
package weft.escape;
