/**
 * Points-to analysis: which memory every pointer and lvalue of the program may designate, and which functions every
 * call may invoke. It is whole-program, flow-insensitive, field-sensitive (a location is an abstract object plus a
 * byte offset) and inclusion-based (Andersen-style), context-insensitive except for allocation wrappers
 * ({@link weft.pointer.Wrappers}), cloned per call so that the heap blocks they allocate are split by context.
 *
 * <p>Open {@link weft.pointer.PointsTo} first: {@link weft.pointer.PointsTo#analyze} solves a program once, and the
 * immutable, thread-safe result answers what an expression or cell may point to, which locations an lvalue may
 * designate, the callees and thread start routines of a call, what is reachable from some roots, whether two objects
 * may alias, and whether the analysis is complete; answers are sets of {@link weft.pointer.Loc} over
 * {@link weft.pointer.MemObject}s. Behind it, {@link weft.pointer.ConstraintBuilder} translates the IR into
 * constraints, {@link weft.pointer.Solver} solves them on the {@link weft.pointer.ConstraintGraph} (difference
 * propagation, cycle collapsing), {@link weft.pointer.CallEffects} models library and external code, and
 * {@link weft.pointer.Queries} evaluates queries on the frozen solution.
 *
 * <p>Assumptions (documented unsoundness): pointers are copied whole; {@code p + k} stays within p's objects (C11
 * 6.5.6p8, {@link weft.pointer.PointerArith}) and within the outermost array member p is known to point into
 * ({@link weft.pointer.Extents}); inline assembly has no pointer effects; library models are faithful. What it sees
 * but cannot account for (unresolved indirect calls or start routines, function pointers reaching external code,
 * possibly uninitialised pointer locals) makes {@link weft.pointer.PointsTo#isComplete} false: no race freedom then.
 *
 * <p>Builds on {@code weft.ir} and {@code weft.model} only. It is used by {@code weft.access}, {@code weft.escape},
 * {@code weft.thread}, {@code weft.lock}, {@code weft.modular}, {@code weft.race}, {@code weft.report} and
 * {@code weft.cli}, and must not import any of them, nor any other package above it.
 */
package weft.pointer;
