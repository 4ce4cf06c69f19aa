/**
 * The {@code weft} command line: parses arguments (with picocli), runs the subcommands {@code parse}, {@code check},
 * {@code reproduce}, {@code bench} and {@code sequentialise}, and maps their outcome to exit codes.
 *
 * <p>Open first: {@link weft.cli.Main} (the program; {@link weft.cli.Main#run} runs it without
 * {@code System.exit}, driven by {@link weft.cli.Streams}), {@link weft.cli.CheckCommand} (loads and configures the
 * program, runs the race analysis under its time budget, renders the report and writes witnesses and reproducers
 * through {@link weft.cli.WitnessWriting} and {@link weft.cli.ReproducerWriting}, or validates a witness through
 * {@link weft.cli.WitnessValidation}), {@link weft.cli.CommonOptions} with {@link weft.cli.CliOptions} (the options
 * every subcommand shares) and {@link weft.cli.ExitCode}.
 *
 * <p>This is the top of the package graph: it builds on {@code weft.frontend}, {@code weft.config}, {@code weft.model},
 * {@code weft.ir} (and {@code weft.ir.print}), {@code weft.pointer}, {@code weft.modular} (the walk's interruption),
 * {@code weft.race}, {@code weft.explore}, {@code weft.trace}, {@code weft.bounded.bmc}, {@code weft.bounded.seq},
 * {@code weft.budget}, {@code weft.report}, {@code weft.witness}, {@code weft.reproduce} and {@code weft.bench}. No
 * package imports it ({@code weft.bench} only starts {@code weft.cli.Main} as a child process, by name), and none may:
 * the other packages stay usable without the command line.
 */
package weft.cli;
