/**
 * The concrete layer: executes the IR exactly as the C abstract machine would, under thread schedules and
 * nondeterministic choices, to find data race witnesses that are real executions and, for small closed programs, to
 * prove race freedom by visiting every reachable state. Open first: {@link weft.explore.Explorer} (the witness search),
 * {@link weft.explore.StateSpace} (the exhaustive exploration), {@link weft.trace.RaceWitness} (what both report)
 * and {@code Interpreter} (one CFG edge as one step of a thread, planned or performed by the same code).
 *
 * <p>The package currently holds several concerns, which are to be split into packages by concern:
 * <ul>
 *   <li>the concrete C semantics: {@code Interpreter}, {@code Evaluator}, {@code Ctx}, {@code Value},
 *       {@link weft.exec.Ints}, {@code Memory}, {@code Block}, {@code ExecState}, {@code ThreadState},
 *       {@code Frame}, {@code Sync}, {@code MutexTypes}, {@code LibraryBehaviour}, {@code LibraryFunctions},
 *       {@code AtomicOps}, {@code Speculation}, {@code ByteAccess}, {@code Abandon};</li>
 *   <li>the stateless search: {@link weft.explore.Explorer}, {@link weft.explore.ExploreOptions}, {@code Search},
 *       {@code Execution} (one run with its race check, which the state space reuses), {@code Chooser},
 *       {@code Schedulers};</li>
 *   <li>the exhaustive state space: {@link weft.explore.StateSpace}, {@code Transitions}, {@code Sharing},
 *       {@code StateEncoder}, {@code Liveness}, {@code LocalEdges};</li>
 *   <li>the witness records: {@link weft.trace.RaceWitness}, {@link weft.trace.RaceAccess},
 *       {@link weft.trace.Step}, {@link weft.trace.WitnessThread}, {@code WitnessNames}.</li>
 * </ul>
 *
 * <p>Dependencies: builds on weft.ir, weft.model and weft.budget (CPU-time limits); it shares no abstraction with
 * the static layers (no pointer, lock, thread or analysis import). It is used by race (as a prover and witness
 * finder), bounded, witness, reproduce, report and cli, and must import none of them.
 */
package weft.explore;
