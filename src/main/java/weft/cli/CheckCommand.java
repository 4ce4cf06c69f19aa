package weft.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;
import weft.budget.CpuClock;
import weft.config.Config;
import weft.config.ConfigException;
import weft.config.ConfigLoader;
import weft.config.ConfiguredProgram;
import weft.config.LibraryMode;
import weft.frontend.Diagnostic;
import weft.frontend.FrontendException;
import weft.ir.Program;
import weft.model.LibraryModels;
import weft.race.AnalysisOptions;
import weft.race.AnalysisResult;
import weft.race.PhaseClock;
import weft.race.RaceAnalysis;
import weft.report.HtmlReport;
import weft.report.JsonReport;
import weft.report.Report;
import weft.report.ReportBuilder;
import weft.report.SarifReport;
import weft.report.SourceFiles;
import weft.report.TextReport;
import weft.trace.RaceWitness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code weft check}: loads the program (with the {@code weft.yml} configuration, if any) and decides
 * whether it has a data race. The analysis runs on a worker thread with a large stack, bounded by
 * {@code --timeout}; the result becomes a {@link Report} rendered as text, JSON or SARIF on stdout (and
 * as HTML with {@code --html}), and the verdict maps to the exit code (0 race-free, 1 race, 2 usage or
 * input error, 3 unknown) and, with {@code --svcomp}, to a {@code RESULT: true|false|unknown} line.
 */
@Command(name = "check", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "Check a C program for data races.",
        footer = {"", Main.EXIT_CODES_HELP,
                "Configuration: weft.yml in the working directory, or --config FILE (see the README)."})
public final class CheckCommand implements Callable<Integer> {
    private static final long WORKER_STACK_BYTES = 512L << 20;
    /** CPU time of the whole check without {@code --timeout}: short, for interactive use. */
    static final Duration DEFAULT_LIMIT = Duration.ofSeconds(10);
    /** CPU time of the whole check with {@code --svcomp} and without {@code --timeout} (SV-COMP allows 900 s). */
    static final Duration SVCOMP_LIMIT = Duration.ofSeconds(880);
    /** Share of the CPU time left after loading that the analysis thread may use; the rest is for the JIT and GC threads. */
    private static final double ANALYSIS_SHARE = 0.8;
    /** CPU time kept for writing the report (ms). */
    private static final long REPORT_RESERVE_MILLIS = 300;
    /** The analysis gets at least this much (ms), however long loading took. */
    private static final long MIN_BUDGET_MILLIS = 1000;
    /**
     * CPU time the process had used when this check started: the limit counts from there (in a fresh process
     * that leaves out only the JVM's start, well within the margin BenchExec's module keeps; in a process
     * that runs several checks, as the tests do, it leaves out the earlier ones).
     */
    private long cpuStartNanos;

    /** Output formats of {@code --format}. */
    public enum Format { TEXT, JSON, SARIF }

    /** When to colour text output. */
    public enum ColorMode { AUTO, ALWAYS, NEVER }

    /**
     * Options of one {@code check} invocation.
     *
     * @param property an SV-COMP property file, or null
     * @param timeout CPU-time limit of the whole check, or null for the default ({@link #limit()})
     * @param format what to print on stdout
     * @param explain say why each excluded pair of accesses cannot race
     * @param html directory to write {@code index.html} into, or null
     * @param config configuration file, or null to look for {@code weft.yml} in the working directory
     * @param quiet no progress display
     * @param color when to colour text output
     * @param libcStateRaces count races on the hidden state of non-thread-safe C library functions (see {@link #effectiveLibcStateRaces})
     * @param maxRaces stop listing races after this many (the report then says it is truncated); 0: no limit
     * @param stats print the time, CPU time and heap of each phase and the analysis' counts on stderr
     * @param memoryBytes soft memory limit of the analysis ({@code --memory}); 0: derived from the JVM's maximum heap
     * @param witness where to write the GraphML witness of a confirmed race (the YAML one goes beside it), or null
     *     ({@code witness.graphml} in the working directory with {@code --svcomp})
     * @param noWitness write no witness, not even with {@code --svcomp}
     * @param reproducer directory to write the runnable reproducer of a confirmed race into ({@code weft.reproduce}), or null
     * @param bounded    bounds of the symbolic bounded layer ({@code --rounds}, {@code --unwind}, {@code --threads},
     *     {@code --recursion})
     * @param provers    the layers whose proof of race freedom is accepted ({@code --prover}, {@link weft.race.Prover})
     * @param fast       the thread-modular layer only ({@code --fast}): no precise layer runs
     */
    public record Options(CliOptions common, boolean svcomp, Path property, Duration timeout, boolean atomicSectionsRace,
                          Format format, boolean explain, Path html, Path config, boolean quiet, ColorMode color,
                          boolean libcStateRaces, int maxRaces, boolean stats, long memoryBytes, Path witness, boolean noWitness,
                          Path reproducer, weft.bounded.bmc.RaceBmc.Options bounded, java.util.Set<weft.race.Prover> provers,
                          boolean fast) {
        public Options(CliOptions common, boolean svcomp, Path property, Duration timeout, boolean atomicSectionsRace,
                       Format format, boolean explain, Path html, Path config, boolean quiet, ColorMode color,
                       boolean libcStateRaces, int maxRaces, boolean stats, long memoryBytes, Path witness, boolean noWitness,
                       Path reproducer, weft.bounded.bmc.RaceBmc.Options bounded, java.util.Set<weft.race.Prover> provers) {
            this(common, svcomp, property, timeout, atomicSectionsRace, format, explain, html, config, quiet, color, libcStateRaces,
                    maxRaces, stats, memoryBytes, witness, noWitness, reproducer, bounded, provers, false);
        }

        public Options(CliOptions common, boolean svcomp, Path property, Duration timeout, boolean atomicSectionsRace,
                       Format format, boolean explain, Path html, Path config, boolean quiet, ColorMode color,
                       boolean libcStateRaces, int maxRaces, boolean stats, long memoryBytes, Path witness, boolean noWitness,
                       Path reproducer, weft.bounded.bmc.RaceBmc.Options bounded) {
            this(common, svcomp, property, timeout, atomicSectionsRace, format, explain, html, config, quiet, color, libcStateRaces,
                    maxRaces, stats, memoryBytes, witness, noWitness, reproducer, bounded, weft.race.Prover.all());
        }

        public Options(CliOptions common, boolean svcomp, Path property, Duration timeout, boolean atomicSectionsRace,
                       Format format, boolean explain, Path html, Path config, boolean quiet, ColorMode color,
                       boolean libcStateRaces, int maxRaces, boolean stats, long memoryBytes, Path witness, boolean noWitness,
                       Path reproducer) {
            this(common, svcomp, property, timeout, atomicSectionsRace, format, explain, html, config, quiet, color, libcStateRaces,
                    maxRaces, stats, memoryBytes, witness, noWitness, reproducer, weft.bounded.bmc.RaceBmc.Options.defaults());
        }

        public Options(CliOptions common, boolean svcomp, Path property, Duration timeout, boolean atomicSectionsRace,
                       Format format, boolean explain, Path html, Path config, boolean quiet, ColorMode color,
                       boolean libcStateRaces, int maxRaces, boolean stats, long memoryBytes, Path witness, boolean noWitness) {
            this(common, svcomp, property, timeout, atomicSectionsRace, format, explain, html, config, quiet, color, libcStateRaces,
                    maxRaces, stats, memoryBytes, witness, noWitness, null);
        }

        public Options(CliOptions common, boolean svcomp, Path property, Duration timeout, boolean atomicSectionsRace,
                       Format format, boolean explain, Path html, Path config, boolean quiet, ColorMode color,
                       boolean libcStateRaces, int maxRaces, boolean stats, long memoryBytes) {
            this(common, svcomp, property, timeout, atomicSectionsRace, format, explain, html, config, quiet, color, libcStateRaces,
                    maxRaces, stats, memoryBytes, null, false);
        }

        /** Where the GraphML witness of a confirmed race goes: {@code --witness}, else {@code witness.graphml} with {@code --svcomp}, else null. */
        public Path witnessPath() {
            return witness != null ? witness : svcomp && !noWitness ? Path.of(WitnessWriting.SVCOMP_GRAPHML) : null;
        }
        public Options(CliOptions common, boolean svcomp, Path property, Duration timeout, boolean atomicSectionsRace,
                       Format format, boolean explain, Path html, Path config, boolean quiet, ColorMode color,
                       boolean libcStateRaces) {
            this(common, svcomp, property, timeout, atomicSectionsRace, format, explain, html, config, quiet, color, libcStateRaces,
                    0, false, 0);
        }

        public Options(CliOptions common, boolean svcomp, Path property, Duration timeout, boolean atomicSectionsRace) {
            this(common, svcomp, property, timeout, atomicSectionsRace, Format.TEXT, false, null, null, true, ColorMode.AUTO, true);
        }

        public Options(CliOptions common, boolean svcomp, Path property, Duration timeout, boolean atomicSectionsRace,
                       Format format, boolean explain, Path html, Path config, boolean quiet, ColorMode color) {
            this(common, svcomp, property, timeout, atomicSectionsRace, format, explain, html, config, quiet, color, true);
        }

        /**
         * The CPU time the whole check may use: {@code --timeout}; without it {@link #SVCOMP_LIMIT} with
         * {@code --svcomp}, else the short {@link #DEFAULT_LIMIT}.
         */
        public Duration limit() {
            return timeout != null ? timeout : svcomp ? SVCOMP_LIMIT : DEFAULT_LIMIT;
        }

        /** Whether the check is stopped when it reaches {@link #limit()} (a limit was set, not the interactive default). */
        public boolean hardLimit() {
            return timeout != null || svcomp;
        }

        /** Hidden-state races of the C library count, unless turned off or in SV-COMP mode. */
        public boolean effectiveLibcStateRaces() {
            return libcStateRaces && !svcomp;
        }
    }

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

    /** What the analysis worker produced: a report to render (null after an input error), the confirmed race's witness. */
    private record Outcome(Verdict verdict, Report report, Optional<RaceWitness> witness) {
        Outcome(Verdict verdict, Report report) {
            this(verdict, report, Optional.empty());
        }
    }

    @Spec
    CommandSpec spec;

    @Mixin
    CommonOptions common = new CommonOptions();

    @Option(names = "--svcomp", description = "Print an SV-COMP verdict line (RESULT: true|false|unknown).")
    boolean svcomp;

    @Option(names = "--entry", paramLabel = "FUNCTION", description = "Library mode: FUNCTION is an entry point that any number of "
            + "client threads may call at once (repeatable; without main, every function of external linkage is one).")
    List<String> entries = new java.util.ArrayList<>();

    @Option(names = "--atomic-sections-race", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Count a plain access against one inside a __VERIFIER_atomic section as a race "
                    + "(SV-COMP's reading; default: ${DEFAULT-VALUE}). --no-atomic-sections-race treats sections as "
                    + "indivisible steps of the whole program.")
    boolean atomicSectionsRace = true;

    @Option(names = "--libc-state-races", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Report calls of C library functions POSIX does not require to be thread-safe (rand, strtok, "
                    + "localtime...) that may run in parallel as races on the library's hidden state, e.g. <libc:rand state> "
                    + "(default: ${DEFAULT-VALUE}; always off with --svcomp, whose property is about the program's memory).")
    boolean libcStateRaces = true;

    @Option(names = "--property", paramLabel = "FILE", description = "SV-COMP property file (must be no-data-race).")
    Path property;

    @Option(names = "--timeout", paramLabel = "SECONDS", description = "CPU time the whole check may use (verdict unknown when "
            + "exceeded); the precise layers use what loading and the thread-modular layer leave. Default: 10 s, of which the "
            + "precise layers stop in time; 880 s with --svcomp.")
    Long timeoutSeconds;

    @Option(names = "--format", paramLabel = "FORMAT", converter = FormatConverter.class, defaultValue = "text",
            description = "Report format on stdout: text (default), json or sarif (SARIF 2.1.0).")
    Format format = Format.TEXT;

    @Option(names = "--max-races", paramLabel = "N",
            description = "Stop listing races after N distinct pairs of source locations (the report then says it is "
                    + "truncated and more races may exist). Default: no limit.")
    Integer maxRaces;

    @Option(names = "--explain", description = "Also say, per shared variable, why each other pair of accesses cannot race.")
    boolean explain;

    @Option(names = "--html", paramLabel = "DIR", description = "Also write a self-contained HTML report to DIR/index.html.")
    Path html;

    @Option(names = "--config", paramLabel = "FILE", description = "Configuration file (default: weft.yml in the working directory, if any).")
    Path config;

    @Option(names = "--stats", description = "Print the wall time, CPU time and heap of each phase and the analysis' counts on stderr.")
    boolean stats;

    @Option(names = "--memory", paramLabel = "SIZE",
            description = "Soft memory limit of the analysis, e.g. 1500m or 2g: above it the analysis keeps fewer calling "
                    + "contexts (less precise, still sound); if memory truly runs out the verdict is unknown "
                    + "(default: 3/4 of the JVM's maximum heap, -Xmx).")
    String memory;

    @Option(names = "--witness", paramLabel = "FILE",
            description = "Write the GraphML 1.0 violation witness of a confirmed race to FILE and the YAML 2.2 one beside it "
                    + "(FILE with extension .yml). With --svcomp, by default witness.graphml and witness.yml in the working directory.")
    Path witness;

    @Option(names = "--validate-witness", paramLabel = "FILE",
            description = "Instead of checking, replay the GraphML or YAML race witness FILE on the program and say whether it "
                    + "reaches the race at its end (exit code 1: confirmed, 3: not confirmed, 2: bad witness or program).")
    Path validateWitness;

    @Option(names = "--reproducer", paramLabel = "DIR",
            description = "Write a runnable reproducer of a confirmed race into DIR: the program with a harness forcing the "
                    + "witnessed interleaving and build.sh (gcc -fsanitize=thread); running it makes ThreadSanitizer report the race.")
    Path reproducer;

    @Option(names = "--no-witness", description = "Write no witness files, not even with --svcomp (weft bench's children).")
    boolean noWitness;

    @Option(names = "--rounds", paramLabel = "R",
            description = "Bounded layer: round-robin rounds of its sequentialised program (default: as many as a proof needs, "
                    + "up to 16, else 3 and a search for races only).")
    Integer rounds;

    @Option(names = "--unwind", paramLabel = "K", description = "Bounded layer: loop unwinding bound (default: 3; a loop whose "
            + "bound is known is unwound completely).")
    Integer unwind;

    @Option(names = "--threads", paramLabel = "N", description = "Bounded layer: thread instances, main included (default: 4).")
    Integer threads;

    @Option(names = "--recursion", paramLabel = "D",
            description = "Bounded layer: instances of one function on an inlining stack (default: 2).")
    Integer recursion;

    @Option(names = "--prover", paramLabel = "LAYER", defaultValue = "all",
            description = "Which layer may answer race-free: thread-modular, exploration, bounded or all (default); "
                    + "the others still run where it needs them and to find races. For testing each layer alone.")
    String prover = "all";

    @Option(names = "--fast", description = "The thread-modular layer only (for editors and CI): race-free when it proves it, "
            + "else the possible races, unknown; no exploration, bounded layer or witness search.")
    boolean fast;

    @Option(names = {"-q", "--quiet"}, description = "No progress display on stderr.")
    boolean quiet;

    @Option(names = "--color", paramLabel = "WHEN", converter = ColorConverter.class, defaultValue = "auto",
            description = "Colour the text report: auto (only on a terminal, unless NO_COLOR is set), always or never.")
    ColorMode color = ColorMode.AUTO;

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
        if (maxRaces != null && maxRaces <= 0) {
            throw new ParameterException(spec.commandLine(), "--max-races must be a positive number");
        }
        long memoryBytes = 0;
        if (memory != null) {
            try {
                memoryBytes = Sizes.parse("--memory", memory, 64L << 20);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), e.getMessage());
            }
        }
        java.util.Set<weft.race.Prover> provers;
        try {
            provers = weft.race.Prover.parse(prover);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--prover: " + e.getMessage());
        }
        weft.bounded.bmc.RaceBmc.Options bounded;
        try {
            bounded = weft.bounded.bmc.RaceBmc.Options.defaults().withBounds(rounds, unwind, threads, recursion);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--rounds, --threads and --recursion must be at least 1, --unwind at least 0");
        }
        return new Options(c, svcomp, property, timeoutSeconds == null ? null : Duration.ofSeconds(timeoutSeconds),
                atomicSectionsRace, format, explain, html, config, quiet, color, libcStateRaces, maxRaces == null ? 0 : maxRaces,
                stats, memoryBytes, noWitness ? null : witness, noWitness, reproducer, bounded, provers, fast);
    }

    @Override
    public Integer call() {
        if (validateWitness != null) return new WitnessValidation(io).run(options(), validateWitness);
        return check(options());
    }

    /** Runs the check and reports; returns the exit code. */
    public int check(Options o) {
        Path cwd = Path.of("").toAbsolutePath();
        Config cfg;
        try {
            cfg = ConfigLoader.find(o.config(), Path.of(""));
            if (!entries.isEmpty()) cfg = cfg.withLibraryEntryPoints(entries);
        } catch (ConfigException e) {
            io.err().println(e.diagnostic());
            return finish(o, Verdict.INPUT_ERROR);
        }
        if (o.property() != null) {
            Verdict v = checkProperty(o.property());
            if (v != null) return finish(o, v);
        }
        SourceFiles sources = SourceFiles.fromWorkingDirectory();
        Outcome out;
        long start = System.nanoTime();
        cpuStartNanos = CpuClock.process().nanos();
        try (ProgressDisplay display = new ProgressDisplay(io.err(), io.errTerminal() && !o.quiet())) {
            PhaseClock clock = new PhaseClock(display);
            out = runBounded(o, cfg, cwd, sources, clock, start);
            clock.stop();
            if (o.stats()) printStats(clock, start);
        }
        Report report = out.report();
        if (out.verdict() == Verdict.RACE && out.witness().isPresent() && o.witnessPath() != null) {
            List<Path> written = new WitnessWriting(io, Main.VERSION).write(o, out.witness().get());
            if (written.isEmpty() && o.witness() != null) return finish(o, Verdict.INPUT_ERROR);
            report = report.withWitnessFiles(written.stream().map(Path::toString).toList());
        }
        if (o.reproducer() != null) {
            ReproducerWriting.Outcome r = new ReproducerWriting(io).write(o, out.verdict() == Verdict.RACE ? out.witness() : Optional.empty());
            if (r.failed()) return finish(o, Verdict.INPUT_ERROR);
            if (report != null && r.written() != null) report = report.withReproducer(r.written().toString());
        }
        if (report != null && !render(o, report, sources)) return finish(o, Verdict.INPUT_ERROR);
        return finish(o, out.verdict());
    }

    /** The {@code --stats} table on stderr: per phase wall, CPU (analysing thread) and heap; counts; process totals. */
    private void printStats(PhaseClock clock, long startNanos) {
        var err = io.err();
        err.println("weft: stats: phase                         wall ms    cpu ms   heap MB");
        for (PhaseClock.Phase p : clock.phases()) {
            err.printf(java.util.Locale.ROOT, "weft: stats:   %-26s %9d %9d %9d%n", p.name(), p.wallMillis(), p.cpuMillis(), p.heapMb());
        }
        clock.counts().entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(e -> err.printf(java.util.Locale.ROOT, "weft: stats: %-28s %,d%n", e.getKey(), e.getValue()));
        long cpu = Math.max(0, weft.budget.CpuClock.process().nanos() / 1_000_000);
        err.printf(java.util.Locale.ROOT, "weft: stats: total: wall %d ms since the check started, process CPU %d ms, peak heap %d MB, max heap %d MB%n",
                (System.nanoTime() - startNanos) / 1_000_000, cpu, PhaseClock.peakHeapMb(), Runtime.getRuntime().maxMemory() >> 20);
    }

    /** Null if the property is the data-race one, else the verdict to stop with. */
    private Verdict checkProperty(Path property) {
        Diagnostic d = Inputs.unreadable(property);
        if (d != null) {
            io.err().println(d);
            return Verdict.INPUT_ERROR;
        }
        try {
            if (!Files.readString(property).contains("data-race")) {
                io.err().println("weft: unsupported property " + property + " (only no-data-race is checked)");
                return Verdict.UNKNOWN;
            }
        } catch (IOException e) {
            io.err().println(Inputs.fileError(property, "cannot read file: " + e.getMessage()));
            return Verdict.INPUT_ERROR;
        }
        return null;
    }

    /**
     * Runs {@link #analyse} on a large-stack worker thread. With a hard limit ({@link Options#hardLimit}) a watchdog
     * stops it when the process has used the limit in CPU time. There is no wall-clock limit: the analysis never
     * waits, so on a busy machine it only takes longer, and a wall-clock limit would make the verdict depend on the
     * load (a harness such as BenchExec or {@code weft bench} keeps its own wall-clock limit).
     */
    private Outcome runBounded(Options o, Config cfg, Path cwd, SourceFiles sources, PhaseClock progress, long startNanos) {
        AtomicReference<Outcome> outcome = new AtomicReference<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread worker = new Thread(null, () -> {
            try {
                outcome.set(analyse(o, cfg, cwd, sources, progress, startNanos));
            } catch (Throwable t) {
                failure.set(t);
            }
        }, "weft-check", WORKER_STACK_BYTES);
        worker.setDaemon(true);
        worker.start();
        try {
            if (o.hardLimit()) {
                CpuClock cpu = CpuClock.process();
                long limit = o.limit().toNanos();
                boolean asked = false;
                while (worker.isAlive() && cpu.nanos() - cpuStartNanos < limit) {
                    if (!asked && askToStop(cpu.nanos() - cpuStartNanos, limit, progress.inPreciseLayers())) {
                        // the analysis ends its phase and answers with what it found (RaceAnalysis: stopping early)
                        worker.interrupt();
                        asked = true;
                    }
                    worker.join(50);
                }
            } else {
                worker.join();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (worker.isAlive()) {
            worker.interrupt();
            String why = "timeout after " + o.limit().toSeconds() + " s";
            io.err().println("weft: " + why);
            return new Outcome(Verdict.UNKNOWN, unknownReport(why, cwd, sources));
        }
        if (failure.get() instanceof weft.modular.ThreadWalker.AnalysisInterrupted
                || failure.get() instanceof java.util.concurrent.CancellationException) {
            // stopped where no partial answer is kept (loading the program)
            String why = "timeout after " + o.limit().toSeconds() + " s";
            io.err().println("weft: " + why);
            return new Outcome(Verdict.UNKNOWN, unknownReport(why, cwd, sources));
        }
        if (failure.get() instanceof OutOfMemoryError) {
            // the analysis' data became garbage when its stack unwound: there is room for the report again
            String why = "out of memory (maximum heap " + (Runtime.getRuntime().maxMemory() >> 20)
                    + " MB; give the JVM more with -Xmx or check fewer files)";
            io.err().println("weft: " + why);
            return new Outcome(Verdict.UNKNOWN, unknownReport(why, cwd, sources));
        }
        if (failure.get() != null) {
            io.internalError(failure.get(), o.common().debug());
            return new Outcome(Verdict.UNKNOWN, unknownReport("internal error: " + Streams.describe(failure.get()), cwd, sources));
        }
        return outcome.get();
    }

    /** Loads the program, applies the configuration and analyses it. */
    private Outcome analyse(Options o, Config cfg, Path cwd, SourceFiles sources, PhaseClock progress, long startNanos) {
        Program program;
        try {
            program = Inputs.load(o.common(), LibraryModels.standard().with(cfg.models()), progress::phase);
            program = ConfiguredProgram.apply(program, cfg);
            // SV-COMP's property speaks of the runs of main: no library mode there
            var library = o.svcomp() ? Optional.<LibraryMode.Result>empty() : LibraryMode.ifLibrary(program, cfg);
            if (library.isPresent()) {
                program = library.get().program();
                io.err().println("weft: library mode" + (cfg.library() ? "" : " (no main function)") + ": "
                        + library.get().entryPoints().size() + " entry point(s), each called by any number of client threads: "
                        + String.join(", ", library.get().entryPoints()));
            }
        } catch (FrontendException e) {
            io.print(e.diagnostics());
            return new Outcome(Verdict.INPUT_ERROR, null);
        } catch (ConfigException e) {
            io.err().println(e.diagnostic());
            return new Outcome(Verdict.INPUT_ERROR, null);
        }
        AnalysisOptions options = AnalysisOptions.defaults().withAtomicSectionsRace(o.atomicSectionsRace()).withExplain(o.explain())
                .withLibcStateRaces(o.effectiveLibcStateRaces()).withMemoryBytes(o.memoryBytes())
                .withMaxRaces(o.maxRaces() == 0 && o.svcomp() ? AnalysisOptions.SVCOMP_MAX_RACES : o.maxRaces())
                .withBounded(o.bounded()).withProvers(o.provers()).withClosedCommandLine(o.svcomp());
        if (o.fast()) options = options.threadModularOnly();
        options = options.withBudgetMillis(analysisBudgetMillis(o.limit().toMillis(), (CpuClock.process().nanos() - cpuStartNanos) / 1_000_000))
                // the precise layers' deterministic work: from the limit alone, not from what start-up and parsing used
                .withWorkMillis(analysisBudgetMillis(o.limit().toMillis(), 0));
        AnalysisResult r = new RaceAnalysis(options).run(program, progress);
        Thread.interrupted(); // a stop request that came as the analysis ended is answered: the report is written in full
        progress.phase("writing the report");
        ReportBuilder.Options ro = new ReportBuilder.Options(cwd, cfg.suppressions(), r.truncated());
        Report report = new ReportBuilder(ro, sources).build(r);
        progress.stop();
        return new Outcome(switch (report.status()) {
            case RACE_FREE -> Verdict.RACE_FREE;
            case RACE -> Verdict.RACE;
            case UNKNOWN -> Verdict.UNKNOWN;
        }, report, r.witness());
    }

    /**
     * Whether the analysis is asked to stop when the process has used {@code usedNanos} of a hard limit of
     * {@code limitNanos}: from {@link #softReserveNanos} before the limit on, unless the precise layers run; from half
     * that before it on, also while they run: they keep to a budget of their thread's CPU time, but the limit counts
     * the process's (compiler and collector threads: 30 % more on qsort_mt in library mode, whose report was lost to
     * the limit), so the report of what was found still comes before the limit.
     */
    static boolean askToStop(long usedNanos, long limitNanos, boolean inPreciseLayers) {
        long reserve = softReserveNanos(limitNanos);
        return usedNanos >= limitNanos - reserve && !inPreciseLayers || usedNanos >= limitNanos - reserve / 2;
    }

    /**
     * How long before a hard limit of {@code limitNanos} the analysis is asked to stop and answer with what it found
     * (while its precise layers run, which keep to a budget of their own, only half as long before it): a twentieth of the limit, at least 1.5 s (the
     * pairing of what was collected, 1 s of the analysis thread, and the report), at most half of it. As late as that,
     * so that a thread-modular proof that takes most of the limit still comes.
     */
    static long softReserveNanos(long limitNanos) {
        return Math.min(limitNanos / 2, Math.max(1_500_000_000L, limitNanos / 20));
    }

    /**
     * The analysis's budget (CPU time of its thread) when the whole check may use {@code limitMillis} of CPU time
     * and has used {@code spentMillis} (JVM start-up, loading): a share of what is left, so that the compiler and
     * collector threads and the report fit in the limit too, and so that the precise layers end with their own
     * answer before a hard limit stops the check.
     */
    static long analysisBudgetMillis(long limitMillis, long spentMillis) {
        long left = (long) ((limitMillis - spentMillis) * ANALYSIS_SHARE) - REPORT_RESERVE_MILLIS;
        return Math.max(Math.min(MIN_BUDGET_MILLIS, limitMillis / 2), left);
    }

    private static Report unknownReport(String reason, Path cwd, SourceFiles sources) {
        AnalysisResult r = new AnalysisResult(weft.race.Verdict.UNKNOWN, reason, List.of(), Optional.empty(), Map.of(),
                new AnalysisResult.Stats(0, 0, 0, 0), List.of(reason), List.of());
        return new ReportBuilder(new ReportBuilder.Options(cwd, weft.report.Suppressions.NONE, false), sources).build(r);
    }

    /** Prints the report in the chosen format and writes the HTML page; false if the page cannot be written. */
    private boolean render(Options o, Report report, SourceFiles sources) {
        switch (o.format()) {
            case TEXT -> new TextReport(new TextReport.Options(colour(o), o.explain()), sources).print(report, io.out());
            case JSON -> new JsonReport(sources, Main.VERSION).write(report, io.out());
            case SARIF -> new SarifReport(sources, Main.VERSION).write(report, io.out());
        }
        if (o.html() == null) return true;
        try {
            Path page = new HtmlReport(sources, Main.VERSION).write(report, o.html());
            if (!o.quiet()) io.err().println("weft: HTML report written to " + page);
            return true;
        } catch (IOException e) {
            io.err().println(Inputs.fileError(o.html(), "cannot write the HTML report: " + e.getMessage()));
            return false;
        }
    }

    private boolean colour(Options o) {
        return switch (o.color()) {
            case ALWAYS -> true;
            case NEVER -> false;
            case AUTO -> io.outTerminal() && System.getenv("NO_COLOR") == null;
        };
    }

    private int finish(Options o, Verdict v) {
        if (o.svcomp() && v.svcompResult != null) io.out().println("RESULT: " + v.svcompResult);
        io.out().flush();
        return v.exitCode;
    }

    /** Converts {@code text}, {@code json}, {@code sarif}. */
    static final class FormatConverter implements ITypeConverter<Format> {
        @Override
        public Format convert(String value) {
            return switch (value) {
                case "text" -> Format.TEXT;
                case "json" -> Format.JSON;
                case "sarif" -> Format.SARIF;
                default -> throw new TypeConversionException("expected text, json or sarif but was '" + value + "'");
            };
        }
    }

    /** Converts {@code auto}, {@code always}, {@code never}. */
    static final class ColorConverter implements ITypeConverter<ColorMode> {
        @Override
        public ColorMode convert(String value) {
            return switch (value) {
                case "auto" -> ColorMode.AUTO;
                case "always" -> ColorMode.ALWAYS;
                case "never" -> ColorMode.NEVER;
                default -> throw new TypeConversionException("expected auto, always or never but was '" + value + "'");
            };
        }
    }
}
