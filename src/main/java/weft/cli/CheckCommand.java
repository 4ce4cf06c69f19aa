package weft.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import weft.frontend.Diagnostic;
import weft.frontend.FrontendException;
import weft.ir.Program;
import weft.race.AnalysisOptions;
import weft.race.AnalysisResult;
import weft.race.RaceAnalysis;
import weft.report.TextReport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code weft check}: loads the program and decides whether it has a data race. The analysis runs on
 * a worker thread with a large stack, bounded by {@code --timeout}; the verdict maps to the exit code
 * (0 race-free, 1 race, 2 input error, 3 unknown) and, with {@code --svcomp}, to a
 * {@code RESULT: true|false|unknown} line.
 */
@Command(name = "check", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "Check a C program for data races.")
public final class CheckCommand implements Callable<Integer> {
    private static final long WORKER_STACK_BYTES = 512L << 20;

    /**
     * Options of one {@code check} invocation.
     *
     * @param property an SV-COMP property file, or null
     * @param timeout wall-clock limit of the analysis, or null for none
     */
    public record Options(CliOptions common, boolean svcomp, Path property, Duration timeout, boolean atomicSectionsRace) {}

    /** Outcome of a check, with its exit code and SV-COMP result (null: none printed). */
    public enum Verdict {
        RACE_FREE(ExitCode.RACE_FREE, "true"),
        RACE(ExitCode.RACE, "false"),
        INPUT_ERROR(ExitCode.INPUT_ERROR, null),
        UNKNOWN(ExitCode.UNKNOWN, "unknown");

        final int exitCode;
        final String svcompResult;

        Verdict(int exitCode, String svcompResult) {
            this.exitCode = exitCode;
            this.svcompResult = svcompResult;
        }
    }

    @Spec
    CommandSpec spec;

    @Mixin
    CommonOptions common = new CommonOptions();

    @Option(names = "--svcomp", description = "Print an SV-COMP verdict line (RESULT: true|false|unknown).")
    boolean svcomp;

    @Option(names = "--atomic-sections-race", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Count a plain access against one inside a __VERIFIER_atomic section as a race "
                    + "(SV-COMP's reading; default: ${DEFAULT-VALUE}). --no-atomic-sections-race treats sections as "
                    + "indivisible steps of the whole program.")
    boolean atomicSectionsRace = true;

    @Option(names = "--property", paramLabel = "FILE", description = "SV-COMP property file (must be no-data-race).")
    Path property;

    @Option(names = "--timeout", paramLabel = "SECONDS", description = "Give up (verdict unknown) after SECONDS.")
    Long timeoutSeconds;

    private final Streams io;

    CheckCommand(Streams io) {
        this.io = io;
    }

    Options options() {
        CliOptions c = common.toOptions();
        if (c.compileCommands() != null && !c.files().isEmpty()) {
            throw new ParameterException(spec.commandLine(), "give either FILE... or --compile-commands, not both");
        }
        if (c.compileCommands() == null && c.files().isEmpty()) {
            throw new ParameterException(spec.commandLine(), "no input files");
        }
        if (timeoutSeconds != null && timeoutSeconds <= 0) {
            throw new ParameterException(spec.commandLine(), "--timeout must be a positive number of seconds");
        }
        return new Options(c, svcomp, property, timeoutSeconds == null ? null : Duration.ofSeconds(timeoutSeconds), atomicSectionsRace);
    }

    @Override
    public Integer call() {
        return check(options());
    }

    /** Runs the check and reports; returns the exit code. */
    public int check(Options o) {
        return report(o, decide(o));
    }

    private Verdict decide(Options o) {
        if (o.property() != null) {
            Diagnostic d = Inputs.unreadable(o.property());
            if (d != null) {
                io.err().println(d);
                return Verdict.INPUT_ERROR;
            }
            try {
                if (!Files.readString(o.property()).contains("data-race")) {
                    io.err().println("weft: unsupported property " + o.property() + " (only no-data-race is checked)");
                    return Verdict.UNKNOWN;
                }
            } catch (IOException e) {
                io.err().println(Inputs.fileError(o.property(), "cannot read file: " + e.getMessage()));
                return Verdict.INPUT_ERROR;
            }
        }
        return runBounded(o);
    }

    /** Runs {@link #analyse} on a large-stack worker thread, within the timeout if one is set. */
    private Verdict runBounded(Options o) {
        AtomicReference<Verdict> verdict = new AtomicReference<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread worker = new Thread(null, () -> {
            try {
                verdict.set(analyse(o));
            } catch (Throwable t) {
                failure.set(t);
            }
        }, "weft-check", WORKER_STACK_BYTES);
        worker.setDaemon(true);
        worker.start();
        try {
            worker.join(o.timeout() == null ? 0 : o.timeout().toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (worker.isAlive()) {
            worker.interrupt();
            io.err().println("weft: timeout after " + o.timeout().toSeconds() + " s");
            return Verdict.UNKNOWN;
        }
        if (failure.get() != null) {
            io.internalError(failure.get(), o.common().debug());
            return Verdict.UNKNOWN;
        }
        return verdict.get();
    }

    /** Loads the program and analyses it. */
    private Verdict analyse(Options o) {
        Program program;
        try {
            program = Inputs.load(o.common());
        } catch (FrontendException e) {
            io.print(e.diagnostics());
            return Verdict.INPUT_ERROR;
        }
        AnalysisResult r = new RaceAnalysis(AnalysisOptions.defaults().withAtomicSectionsRace(o.atomicSectionsRace())).run(program);
        TextReport.print(r, io.out());
        return switch (r.verdict()) {
            case TRUE -> Verdict.RACE_FREE;
            case FALSE -> Verdict.RACE;
            case UNKNOWN -> Verdict.UNKNOWN;
        };
    }

    private int report(Options o, Verdict v) {
        if (o.svcomp() && v.svcompResult != null) io.out().println("RESULT: " + v.svcompResult);
        io.out().flush();
        return v.exitCode;
    }
}
