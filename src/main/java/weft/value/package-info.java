/**
 * Integer value facts: an intraprocedural interval analysis of the integer variables of one function that neither
 * another thread nor a pointer can change, used to bound array indices and pointer offsets so that accesses to
 * different elements of one object are told apart.
 *
 * <p>Open first: {@link weft.value.Intervals} (the analysis of one function: what is tracked and why that is sound,
 * the worklist fixpoint with widening and narrowing, the interval at each CFG node) and {@link weft.value.Interval}
 * (the lattice element, over mathematical integers); these two are the package's public surface. Behind them:
 * {@code Evaluator} (abstract semantics of expressions, assignments and branch conditions over {@code Env}),
 * {@code Env} (the state at a node: intervals per tracked variable plus a few exact facts x == y + c),
 * {@code IntervalVector} (its persistent storage), {@code Arith} and {@code IntKind} (C integer arithmetic,
 * conversions and wrap-around per integer type) and {@code LoopOrder} (the weak topological iteration order, whose
 * loop heads are the widening points).
 *
 * <p>Dependencies: builds on weft.ir alone. Its only user is analysis (the per-function interval cache, the byte
 * regions of accesses, the counting loops of joins); it must import neither analysis nor anything built on analysis
 * (race, report, cli).
 */
package weft.value;
