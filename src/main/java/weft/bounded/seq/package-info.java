/**
 * Lazy sequentialisation: turns a bounded multi-threaded IR program into one sequential C program with race
 * instrumentation, in which every data race of the program within the bounds makes {@code reach_error()} reachable.
 * Open {@link weft.bounded.seq.Sequentialiser} (the scheduler in {@code main}, the header and its notes),
 * {@link weft.bounded.seq.ThreadEmitter} (one thread instance as a loop-free simulation function with context-switch
 * points), {@link weft.bounded.seq.Instrumentation} (arming and checking accesses, and why the flag means a race),
 * {@link weft.bounded.seq.LibraryCalls} (the sequential meaning of synchronisation and thread calls) and
 * {@link weft.bounded.seq.SeqOptions} (rounds, unwinding, threads, recursion) first.
 *
 * <p>The rest serves them: {@link weft.bounded.seq.AccessFilter} narrows the instrumented accesses,
 * {@link weft.bounded.seq.Accesses} lists a statement's own accesses, {@link weft.bounded.seq.LoopUnwinding} unwinds a
 * CFG loop by loop, {@link weft.bounded.seq.CreatedIds} finds the joins whose id certainly names a started thread,
 * {@link weft.bounded.seq.CExprs} and {@link weft.bounded.seq.CTypes} print IR as C, {@link weft.bounded.seq.SeqState}
 * is what the emitters share, and {@link weft.bounded.seq.SwitchPoint} names a context-switch point in the input
 * program's terms. Runs beyond the bounds reach {@code w_cut} and the header lists what else the program leaves out;
 * whether an unreachable {@code reach_error()} is then a proof is decided by {@code weft.bounded.bmc.RaceBmc}.
 *
 * <p>Builds only on {@code weft.ir} and {@code weft.model} (library behaviour as data, never by name). It is used by
 * {@code weft.bounded.bmc} ({@code RaceBmc}, {@code SeqEncoder}, {@code Memory}, {@code Steps}), {@code weft.race}
 * ({@code BoundedCandidates}: {@code AccessFilter}) and {@code weft.cli} ({@code weft sequentialise}); it must not
 * import {@code weft.bounded} or its other subpackages, {@code weft.race} or {@code weft.cli}.
 */
package weft.bounded.seq;
