/**
 * The symbolic bounded layer, which settles with Z3 the candidate races the thread-modular layer leaves open; this
 * package holds its per-function proof and the answer the layer gives the precise layers. Open
 * {@link weft.bounded.DeadSites} (which statement sites no execution reaches), {@link weft.bounded.Reachability}
 * (whether one run of a function can reach a CFG node, under rising unwinding bounds), {@link weft.bounded.Unwinding}
 * (a function's CFG unwound towards a target, with its cut-off edges), {@link weft.bounded.Bounds} and
 * {@link weft.bounded.BoundedAnswer} (a proof, input hints, a racing schedule, or what was established) first.
 *
 * <p>The whole-program part is in the subpackages: {@code weft.bounded.seq} sequentialises the program with race
 * instrumentation, {@code weft.bounded.bmc} model-checks the sequential program ({@code RaceBmc}), and
 * {@code weft.bounded.encode} encodes IR expressions and function paths as Z3 formulas.
 * {@code weft.race.BoundedCandidates} combines the dead sites and the model checker into the layer that
 * {@code weft.race.PreciseLayers} runs. A proof is claimed only on unsatisfiable formulas; an undecided solver, a bound
 * reached or a budget used up leaves the answer open, never race-free.
 *
 * <p>Builds on {@code weft.ir}, {@code weft.model}, {@code weft.budget}, Z3 ({@code com.microsoft.z3}),
 * {@code weft.bounded.encode} ({@code PathEncoder}) and {@code weft.bounded.bmc} ({@code Schedule}). It is used by
 * {@code weft.race} ({@code BoundedCandidates}, {@code PreciseLayers}, {@code RaceAnalysis}) and, for
 * {@link weft.bounded.Unwinding} only, by {@code weft.bounded.encode}; it must not import {@code weft.race},
 * {@code weft.report} or {@code weft.cli}.
 */
package weft.bounded;
