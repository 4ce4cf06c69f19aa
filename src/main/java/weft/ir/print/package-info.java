/**
 * Deterministic text renderings of the IR, for people and golden tests: they only read a program, never change it.
 *
 * <p>{@link weft.ir.print.IrPrinter} dumps a whole program (data model, globals with their initialisers, then every
 * function with its signature, locals and CFG edges, one per line in node order, locations without directories so
 * that dumps do not depend on where the sources live); {@link weft.ir.print.DotPrinter} draws the control-flow graphs
 * as one Graphviz digraph with a cluster per function. Both are used through static methods.
 *
 * <p>Dependencies: builds on weft.ir alone, and weft.ir must never import it back. Its one user is cli (weft parse
 * --dump), which it must not import; nor does it need any analysis package.
 */
package weft.ir.print;
