/**
 * C's integer semantics in Z3 bit-vectors: the one encoding of side-effect-free IR expressions as SMT terms
 * ({@link weft.smt.ExprEncoder}), with C's promotions and usual arithmetic conversions ({@code weft.ir.IntConversions}),
 * every value an expression can have and never fewer. Two readers: the bounded layer ({@code weft.bounded.encode},
 * {@code weft.bounded.bmc}), whose proofs rest on that over-approximation, and the thread layer's join-tree proofs
 * ({@code weft.thread.JoinTrees}), which read it in its wrapping mode (signed arithmetic as GCC implements it, only
 * division traps undefined).
 *
 * <p>Builds on {@code weft.ir} and Z3 ({@code com.microsoft.z3}) alone; it must not import any analysis package.
 */
package weft.smt;
