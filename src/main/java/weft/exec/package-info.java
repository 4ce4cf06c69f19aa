/**
 * The concrete C interpreter: executes the IR exactly as the C abstract machine would, one CFG edge as one step of one
 * thread, on a concrete state of byte memory, threads and synchronisation objects, and gives an execution up on
 * anything it cannot execute faithfully, so that every execution it carries out is a real one. It has no search of its
 * own: the searches over its executions are {@code weft.explore}'s.
 *
 * <p>Open first: {@link weft.exec.Interpreter} (plans a step, evaluating it and collecting its accesses without
 * changing anything, and performs it, by the same code), {@link weft.exec.ExecState} (everything one execution changes:
 * memory, threads, synchronisation objects, the nondeterministic choices made; built once per program and forked),
 * {@link weft.exec.Evaluator} (expressions and lvalues on the concrete state, each read and write recorded as a
 * {@link weft.exec.state.ByteAccess} in the step's {@link weft.exec.Ctx}) and {@link weft.exec.state.Abandon} (thrown when an
 * execution is given up or ends). The state: {@link weft.exec.state.Memory} of {@link weft.exec.state.Block}s (byte images with the
 * pointers stored in them, never reused), {@link weft.exec.state.Value} (integers normalised to their type, symbolic
 * pointers), {@link weft.exec.ThreadState} with its {@link weft.exec.Frame}s, and {@link weft.exec.state.Sync} (locks,
 * barriers, once-controls and keys, kept beside memory). The semantics: {@link weft.exec.state.Ints} (C integer operations,
 * undefined behaviour abandoning), {@link weft.exec.LibraryBehaviour} (library calls by their model: threads, locks,
 * conditions, barriers, once, atomic sections, inputs, allocation), {@link weft.exec.LibraryFunctions} (memory, string
 * and output functions), {@link weft.exec.AtomicOps} (atomic builtins and C11 atomics), {@link weft.exec.MutexTypes}
 * (what a relock or a foreign unlock does to a recursive or error-checking mutex) and {@link weft.exec.Speculation} (an
 * atomic section run to its end, and rolled back, before it is scheduled). The world's answers: {@link weft.exec.Streams}
 * (files), {@link weft.exec.EventLoop} with {@link weft.exec.state.Descriptors} (sockets, event counters, epoll, timers: the
 * descriptors a run opened) and {@link weft.exec.Addresses} ({@code getaddrinfo}, {@code inet_ntop}). For the searches: {@link weft.exec.state.Chooser}
 * (the source of every nondeterministic decision), {@link weft.exec.state.Liveness} (the dead automatic variables a state
 * encoding may leave out) and {@link weft.exec.state.WitnessNames} (the C text of an lvalue whose indeterminate value a
 * witness states).
 *
 * <p>Dependencies: builds on weft.exec.state (the concrete state's parts), weft.ir, weft.model (the library models it
 * executes) and weft.trace (the steps and race witnesses it records); it shares no abstraction with the static layers (no pointer, access, lock, thread or modular
 * import). Its only user is explore, and it must import neither explore nor anything built on it (race, bounded,
 * witness, reproduce, report, cli).
 */
package weft.exec;
