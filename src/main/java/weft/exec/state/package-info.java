/**
 * The parts of the concrete interpreter's state that know nothing of how a step is executed: byte memory
 * ({@link weft.exec.state.Memory} of {@link weft.exec.state.Block}s, never reused, with the pointers stored in them),
 * {@link weft.exec.state.Value}s (integers normalised to their type, symbolic pointers, aggregates), C integer
 * arithmetic ({@link weft.exec.state.Ints}: undefined behaviour gives the execution up), the synchronisation objects
 * kept beside memory ({@link weft.exec.state.Sync}), the descriptors a run opened ({@link weft.exec.state.Descriptors}),
 * the accesses a step records ({@link weft.exec.state.ByteAccess}), the source of every nondeterministic decision
 * ({@link weft.exec.state.Chooser}), how an execution is given up ({@link weft.exec.state.Abandon}), and for the searches
 * the dead automatic variables a state encoding may leave out ({@link weft.exec.state.Liveness}) and the C text of an
 * lvalue a witness states ({@link weft.exec.state.WitnessNames}).
 *
 * <p>Dependencies: weft.ir, weft.model and weft.trace only; it imports nothing of weft.exec, which builds on it (the
 * interpreter, the library models, the world's answers), nor anything above that.
 */
package weft.exec.state;
