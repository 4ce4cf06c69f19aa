package weft.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import weft.bounded.seq.AccessFilter;
import weft.bounded.seq.SeqOptions;
import weft.bounded.seq.Sequentialiser;
import weft.frontend.Diagnostic;
import weft.frontend.FrontendException;
import weft.ir.Program;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code weft sequentialise}: prints the lazily sequentialised, race-instrumented bounded program of the input
 * ({@link Sequentialiser}) on stdout or into {@code -o FILE}: a sequential C program in which {@code reach_error()}
 * is reachable exactly when a data race of the bounded program is, for any C bounded model checker. Exit 0 on success,
 * 2 on bad input.
 */
@Command(name = "sequentialise", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "Print the lazily sequentialised, race-instrumented bounded program (C).")
final class SequentialiseCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    CommonOptions common = new CommonOptions();

    @Option(names = {"-o", "--output"}, paramLabel = "OUT.c", description = "Write the program to OUT.c (default: stdout).")
    Path output;

    @Option(names = "--rounds", paramLabel = "R", defaultValue = "3", description = "Round-robin rounds (default: ${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--unwind", paramLabel = "K", defaultValue = "2", description = "Loop unwinding bound (default: ${DEFAULT-VALUE}).")
    int unwind;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "4",
            description = "Thread instances, main included (default: ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--recursion", paramLabel = "D", defaultValue = "2",
            description = "Instances of a function on an inlining stack (default: ${DEFAULT-VALUE}).")
    int recursion;

    private final Streams io;

    SequentialiseCommand(Streams io) {
        this.io = io;
    }

    @Override
    public Integer call() {
        CliOptions c = common.toOptions();
        if (c.files().isEmpty() && c.compileCommands() == null) throw new ParameterException(spec.commandLine(), "no input files");
        SeqOptions bounds;
        try {
            bounds = new SeqOptions(rounds, unwind, threads, recursion);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        List<Diagnostic> problems = Inputs.problems(c.files());
        if (!problems.isEmpty()) {
            io.print(problems);
            return ExitCode.INPUT_ERROR;
        }
        Program program;
        try {
            program = Inputs.load(c);
        } catch (FrontendException e) {
            io.print(e.diagnostics());
            return ExitCode.INPUT_ERROR;
        }
        String source = c.files().isEmpty() ? String.valueOf(c.compileCommands()) : c.files().get(0).getFileName().toString();
        Sequentialiser.Result r;
        try {
            r = Sequentialiser.sequentialise(program, bounds, AccessFilter.ALL, source);
        } catch (IllegalArgumentException e) {
            Path f = c.files().isEmpty() ? c.compileCommands() : c.files().get(0);
            io.print(List.of(Inputs.fileError(f, e.getMessage())));
            return ExitCode.INPUT_ERROR;
        }
        if (output == null) {
            io.out().print(r.text());
            io.out().flush();
            return ExitCode.RACE_FREE;
        }
        try {
            Files.writeString(output, r.text());
        } catch (IOException e) {
            io.err().println(output + ": error: cannot write: " + e.getMessage());
            return ExitCode.INPUT_ERROR;
        }
        return ExitCode.RACE_FREE;
    }
}
