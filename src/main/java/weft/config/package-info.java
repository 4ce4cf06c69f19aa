/**
 * The {@code weft.yml} configuration and what it does to a program: library models for in-house or RTOS APIs, extra
 * entry points run as threads, suppressions, and library mode for programs analysed through their entry points.
 *
 * <p>Open first: {@link weft.config.ConfigLoader} reads and validates {@code weft.yml} (with SnakeYAML) into a
 * {@link weft.config.Config}, reporting every problem as a {@link weft.config.ConfigException} with its file, line
 * and column; {@link weft.config.ConfiguredProgram} applies a configuration to a loaded program (drops definitions
 * of configured functions, turns entry points into thread roots created from {@code main}); and
 * {@link weft.config.LibraryMode} builds, as IR, the client harness that becomes the {@code main} of a library:
 * pools of client objects and any number of client threads calling the entry points.
 *
 * <p>Builds on {@code weft.ir} (the program it rewrites), {@code weft.model} (library models and the C library
 * table), {@code weft.frontend} (its {@code Diagnostic}) and {@code weft.report} (its {@code Suppressions}). It is
 * used only by {@code weft.cli}, and must not import it.
 */
package weft.config;
