/**
 * The searches over concrete executions: they run the interpreter of {@code weft.exec} under thread schedules and
 * nondeterministic choices to find data race witnesses that are real executions and, for small closed programs, to
 * prove race freedom by visiting every reachable state.
 *
 * <p>Open first: {@link weft.explore.Explorer} (the witness search: many executions under different schedules and
 * inputs; a witness it reports is a real execution, an empty result proves nothing), {@link weft.explore.StateSpace}
 * (the exhaustive exploration: every reachable state under every interleaving, a proof of race freedom when visited
 * whole; its closed variants only find races) and {@link weft.explore.ExploreOptions} (the limits of a search, and the
 * value hints that steer it). Behind the witness search: {@code Search} (which executions are tried, in which order),
 * {@code Schedulers} (its strategies, each a {@link weft.exec.state.Chooser}) and {@code Execution} (one execution with its
 * race check, which the state space reuses) and {@code Prefixes} (the program's single-threaded start run once and
 * shared: executions whose choices agree resume from its snapshots, exactly). Behind the state space: {@code Transitions} (a step fused with the
 * thread's following local steps), {@code Sharing} (the objects only one thread reaches), {@code LocalEdges} (steps
 * local by their syntax alone) and {@code StateEncoder} (the canonical encoding of the visited set). Both report a
 * {@link weft.trace.RaceWitness}.
 *
 * <p>Dependencies: builds on weft.exec (the interpreter and its state), weft.trace (the witnesses it reports), weft.ir,
 * weft.model and weft.budget (CPU-time limits); it shares no abstraction with the static layers (no pointer, access,
 * lock, thread or modular import). It is used by race (as a prover and witness finder), bounded.bmc (replaying the
 * racing schedule the model checker found), witness (replaying a witness) and cli (the search's options), and must
 * import none of them.
 */
package weft.explore;
