/**
 * The C front end: turns C sources (preprocessed {@code .i} files, {@code .c} files with include directories and
 * macros, or a Clang compilation database) into one linked, lowered {@code weft.ir} program, or reports why it
 * cannot as {@link weft.frontend.Diagnostic}s.
 *
 * <p>Open first: {@link weft.frontend.Frontend} (the entry point), {@link weft.frontend.FrontendOptions} (include
 * directories, macros, data model, and whether to ask the installed compiler for its predefined macros and system
 * include directories, {@link weft.frontend.CompilerProbe}), and {@link weft.frontend.FrontendException}. Inside,
 * {@link weft.frontend.CdtParser} parses each translation unit with the Eclipse CDT GNU C parser over
 * {@link weft.frontend.SourceText} (which rewrites the C11 keywords CDT does not know and maps locations back),
 * {@link weft.frontend.UnitLowerer} lowers declarations, statements, expressions and initialisers into per-function
 * CFGs (types through {@link weft.frontend.TypeTranslator}), {@link weft.frontend.CallbackLowering} turns the
 * callbacks library functions call into ordinary calls and thread creations, and {@link weft.frontend.ProgramBuilder}
 * links the units into a program.
 *
 * <p>Builds on {@code weft.ir} (what it produces) and {@code weft.model} (the library models and C library facts
 * the program carries and the callback lowering reads), besides CDT and Jackson. It is used by {@code weft.config},
 * {@code weft.cli}, {@code weft.bench} and {@code weft.bounded.bmc}, and must not import any of them, nor any other
 * package above it (the analyses, such as {@code weft.pointer} or {@code weft.race}, work on its output).
 */
package weft.frontend;
