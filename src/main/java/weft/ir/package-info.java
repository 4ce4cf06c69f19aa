/**
 * The intermediate representation every later stage reads: a whole linked C program after the front end's lowering,
 * held as immutable values: typed globals with flattened static initialisers, and functions as control-flow graphs
 * whose edges carry simple statements (at most one memory write or one call) over side-effect-free expressions.
 *
 * <p>Open first: {@link weft.ir.Program} (globals, functions by link name, what each call invokes),
 * {@link weft.ir.Function} and its {@link weft.ir.Cfg} of {@link weft.ir.Edge}s, then {@link weft.ir.Stmt},
 * {@link weft.ir.Expr} and {@link weft.ir.Lvalue}. Around them: types after data-model layout ({@link weft.ir.CType},
 * {@link weft.ir.StructType}, {@link weft.ir.DataModel}), storage objects ({@link weft.ir.Variable},
 * {@link weft.ir.GlobalInit}), source positions ({@link weft.ir.SourceLoc}), call targets ({@link weft.ir.CallTarget}),
 * and a few syntactic facts several analyses share ({@link weft.ir.AddressScan}, {@link weft.ir.AddressTaken}, {@link weft.ir.Loads},
 * {@link weft.ir.Reassigned}, {@link weft.ir.MainArguments}, {@link weft.ir.VaLists}). {@link weft.ir.IntConversions}
 * is the one home of C's integer conversion rules (the integer promotions, the usual arithmetic conversions, the
 * truncation to a narrower type), which the front end, the interpreter, the interval analysis and the bounded layer all
 * type and compute integers by.
 *
 * <p>Dependencies: builds on weft.model alone, so that a call can name the library model it invokes
 * ({@link weft.ir.CallTarget}, resolved by {@link weft.ir.Program} against the table of models) and the va_list
 * builtins can be recognised ({@link weft.ir.VaLists}). Every other weft package but model and budget uses it: frontend
 * (which builds it), ir.print, pointer, value, access, thread, lock, escape, modular, trace, exec, explore, bounded,
 * race, report, witness, reproduce, config, cli and bench. It must import none of them, its own printers in ir.print
 * included.
 */
package weft.ir;
