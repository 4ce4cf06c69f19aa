/**
 * Z3 encodings of Weft's IR for the bounded layer, each an over-approximation, the property the layer's proofs rest on.
 * Open {@link weft.smt.ExprEncoder} first: it encodes side-effect-free integer expressions as bit-vectors of
 * their type's width with C's promotions and conversions, every value the expression can have and never fewer (anything
 * unmodelled, and undefined operations, are fresh constants), and reads memory and pointers through its
 * {@code Operands} where a caller supplies them. Then {@link weft.bounded.encode.PathEncoder}: "one run of a function
 * reaches a node" over an unwound CFG ({@code weft.bounded.Unwinding}) in SSA of the function's tracked locals, with
 * the {@code reach} formula every such execution prefix satisfies and the {@code cutoff} formula every longer one does;
 * each class's comment gives the argument.
 *
 * <p>Builds on {@code weft.ir} (with {@code IntConversions}: C's integer promotions, usual arithmetic conversions and
 * truncation, as the interpreter applies them), {@code weft.model} (library models: calls that end the thread,
 * {@code __VERIFIER_assume}), {@code weft.bounded} ({@code Unwinding} only), {@code weft.smt} and Z3 ({@code com.microsoft.z3}). It is
 * used by {@code weft.bounded} ({@code Reachability}) and {@code weft.bounded.bmc} ({@code SeqEncoder}, {@code Steps},
 * {@code Values}, {@code Frame}, {@code LibraryEffects}); it must not import {@code weft.bounded.bmc},
 * {@code weft.bounded.seq}, {@code weft.race} or {@code weft.cli}, nor anything of {@code weft.bounded} beyond
 * {@code Unwinding}.
 */
package weft.bounded.encode;
