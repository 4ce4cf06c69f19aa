/**
 * Integer value facts: an intraprocedural interval analysis of the integer variables of one function that neither
 * another thread nor a pointer can change, used to bound array indices and pointer offsets so that accesses to
 * different elements of one object are told apart.
 *
 * <p>Open first: {@link weft.value.Intervals} (the analysis of one function: what is tracked and why that is sound, the
 * worklist fixpoint with widening and narrowing, the interval at each CFG node), {@link weft.value.Interval} (the
 * lattice element, over mathematical integers) and {@link weft.value.IntervalCache} (the results per function, computed
 * on first use, which the whole-program facts share); these three are the package's public surface. Behind them:
 * {@code IntervalEvaluator} (abstract semantics of expressions, assignments and branch conditions over {@code Env}),
 * {@code Env} (the state at a node: intervals per tracked variable plus a few exact facts x == y + c),
 * {@code IntervalVector} (its persistent storage), {@code Arith} and {@code IntKind} (C integer arithmetic and
 * wrap-around per integer type, by the conversion rules of {@link weft.ir.IntConversions}) and {@code LoopOrder} (the
 * weak topological iteration order, whose loop heads are the widening points).
 *
 * <p>Dependencies: builds on weft.ir and weft.model (which library calls may run program code). It is used by access
 * (the byte regions of accesses), thread (the counting loops of joins) and modular (the per-function interval cache
 * among the whole-program facts); it must import none of them, nor anything built on them (lock, race, report, cli).
 */
package weft.value;
