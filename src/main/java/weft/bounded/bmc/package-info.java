/**
 * Bounded model checking of the sequentialised program for data races: {@link weft.bounded.bmc.RaceBmc} sequentialises
 * the program with the instrumentation of {@code weft.bounded.seq}, parses the sequential C text back with Weft's own
 * front end, and asks Z3 whether {@code reach_error()} is reachable, answering {@code RACE} with a
 * {@link weft.bounded.bmc.Schedule}, {@code RACE_FREE} with a proof (its argument is in {@code RaceBmc}'s class
 * comment), or {@code OPEN} with the bounds used. Open {@link weft.bounded.bmc.RaceBmc},
 * {@link weft.bounded.bmc.SeqEncoder} (the symbolic execution of the sequential program in SSA and its {@code error}
 * and {@code cut} formulas), {@link weft.bounded.bmc.Steps}, {@link weft.bounded.bmc.LibraryEffects} and
 * {@link weft.bounded.bmc.SymMemory} first.
 *
 * <p>The rest is the symbolic state and its parts: {@link weft.bounded.bmc.SymState}, {@link weft.bounded.bmc.SymFrame},
 * {@link weft.bounded.bmc.Values}, byte memory as {@link weft.bounded.bmc.Bytes} over a {@link weft.bounded.bmc.Rest}
 * history (no array terms), {@link weft.bounded.bmc.Candidates} for terms with few constant values,
 * {@link weft.bounded.bmc.Observed} for reading models, and {@link weft.bounded.bmc.SolverWatch}, which keeps a solver
 * call within the CPU-time budget. Every step is the statement's effect or an over-approximation of it, which the
 * proofs rest on; a {@code Schedule} only steers the explorer, which alone answers a race.
 *
 * <p>Builds on {@code weft.bounded.seq}, {@code weft.bounded.encode} ({@code PathEncoder}), {@code weft.smt} ({@code ExprEncoder}), {@code weft.ir},
 * {@code weft.model}, {@code weft.frontend}, {@code weft.explore} ({@code Explorer}, which a schedule guides),
 * {@code weft.trace} ({@code Step}, the executed steps a schedule steers by), {@code weft.access}
 * ({@code VariadicPointers}), {@code weft.budget} and Z3 ({@code com.microsoft.z3}). It is used by {@code weft.bounded}
 * ({@code BoundedAnswer}), {@code weft.race} ({@code BoundedCandidates}, {@code AnalysisOptions}) and {@code weft.cli}
 * ({@code CheckCommand}: {@code RaceBmc.Options}); it must not import {@code weft.bounded} itself, {@code weft.race},
 * {@code weft.report} or {@code weft.cli}.
 */
package weft.bounded.bmc;
