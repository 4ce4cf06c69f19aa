package weft.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.UnmatchedArgumentException;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * The {@code weft} command line: subcommands {@code parse}, {@code check}, {@code reproduce}, {@code bench} and {@code sequentialise}.
 *
 * <p>{@link #run} is the whole program without {@code System.exit}: it never throws, reports usage
 * errors with exit code 2 and internal errors in one line (with the stack trace only under
 * {@code --debug}).
 */
public final class Main {
    /** The version printed by {@code --version}. */
    public static final String VERSION = "0.1.0";

    /** The exit-code table of every {@code --help}. */
    static final String EXIT_CODES_HELP = "Exit codes: 0 race-free proven, 1 data race found, 2 usage or input error, 3 unknown.";

    private Main() {
    }

    public static void main(String[] args) {
        // Java 17 has no per-stream check: a console exists when stdin and stdout are a terminal.
        boolean tty = System.console() != null;
        System.exit(run(args, new Streams(System.out, System.err, tty, tty)));
    }

    /**
     * Runs {@code weft} with the given arguments, writing results to {@code out} and diagnostics to
     * {@code err}.
     *
     * @return the exit code: 0 race-free / success, 1 race, 2 usage or input error, 3 unknown
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return run(args, new Streams(out, err));
    }

    /** Runs {@code weft} writing to {@code io}; see {@link #run(String[], PrintStream, PrintStream)}. */
    public static int run(String[] args, Streams io) {
        PrintStream out = io.out();
        PrintStream err = io.err();
        boolean debug = Arrays.asList(args).contains("--debug");
        try {
            return commandLine(io, debug, args.length > 0 ? args[0] : null).execute(args);
        } catch (Throwable t) {
            io.internalError(t, debug);
            return ExitCode.UNKNOWN;
        } finally {
            out.flush();
            err.flush();
        }
    }

    /** The configured picocli command tree writing to {@code io}. */
    static CommandLine commandLine(Streams io, boolean debug) {
        return commandLine(io, debug, null);
    }

    /**
     * The command tree for a run whose first argument is {@code first}: when it names a subcommand, only that
     * one is built (picocli builds a command's model by reflection over all its options, a good part of a cold
     * start); otherwise (top-level help, {@code help}, a usage error) all of them, so that help lists them all
     * and a mistyped name gets suggestions.
     */
    static CommandLine commandLine(Streams io, boolean debug, String first) {
        CommandLine cl = new CommandLine(new Weft());
        boolean all = first == null || !List.of("parse", "check", "reproduce", "bench", "sequentialise").contains(first);
        if (all || "parse".equals(first)) cl.addSubcommand("parse", new ParseCommand(io));
        if (all || "check".equals(first)) cl.addSubcommand("check", new CheckCommand(io));
        if (all || "reproduce".equals(first)) cl.addSubcommand("reproduce", new ReproduceCommand(io));
        if (all || "bench".equals(first)) cl.addSubcommand("bench", new BenchCommand(io));
        if (all || "sequentialise".equals(first)) cl.addSubcommand("sequentialise", new SequentialiseCommand(io));
        if (all) cl.addSubcommand("help", new CommandLine.HelpCommand());
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setHelpFactory(new HelpLabels());
        cl.setOut(new PrintWriter(io.out(), true));
        cl.setErr(new PrintWriter(io.err(), true));
        cl.setParameterExceptionHandler(Main::usageError);
        cl.setExecutionExceptionHandler((e, line, parsed) -> {
            io.internalError(e, debug);
            return ExitCode.UNKNOWN;
        });
        return cl;
    }

    private static int usageError(ParameterException e, String[] args) {
        CommandLine cl = e.getCommandLine();
        PrintWriter err = cl.getErr();
        err.println("weft: " + e.getMessage());
        UnmatchedArgumentException.printSuggestions(e, err);
        err.println("Try '" + cl.getCommandSpec().qualifiedName() + " --help' for more information.");
        err.flush();
        return ExitCode.INPUT_ERROR;
    }

    /** Supplies {@code weft 0.1.0} to every command's {@code --version}. */
    static final class Version implements IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"weft " + VERSION};
        }
    }

    /** The top-level command; without a subcommand it is a usage error. */
    @Command(name = "weft", mixinStandardHelpOptions = true, versionProvider = Version.class,
            description = "Static data race detector for multi-threaded C programs.",
            footer = {"", EXIT_CODES_HELP})
    static final class Weft implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            throw new ParameterException(spec.commandLine(), "missing command (parse, check, reproduce, bench or sequentialise)");
        }
    }
}
