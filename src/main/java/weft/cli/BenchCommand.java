package weft.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import weft.bench.Bench;
import weft.bench.BenchInputException;
import weft.bench.Comparison;
import weft.bench.QuantilePlot;
import weft.bench.ResultsJson;
import weft.bench.ResultsTsv;
import weft.bench.RunInfo;
import weft.bench.Summary;
import weft.bench.Task;
import weft.bench.TaskParser;
import weft.bench.TaskResult;
import weft.bench.TaskRunner;
import weft.bench.TaskSelection;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code weft bench}: runs SV-COMP task definitions, each as a fresh {@code weft check --svcomp}
 * process within {@code --timeout} and {@code --memory}, {@code --jobs} at a time; writes the results
 * as TSV and JSON, prints the score table, and optionally the changes against an earlier results file
 * and a quantile plot. {@code --show FILE} prints the table of an existing results file instead of running.
 */
@Command(name = "bench", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "Run SV-COMP task definitions (.yml files, directories or list files) and score the results.")
final class BenchCommand implements Callable<Integer> {
    /** Options of one {@code bench} invocation. */
    record Options(List<Path> tasks, Path show, int jobs, Duration timeout, long memoryBytes, Path output, Path compare,
                   Path plot, String property, List<String> checkArgs, boolean quiet, boolean debug) {}

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "TASKS", arity = "0..*",
            description = "Task definitions (.yml), directories searched for them, or list files (one path or glob per line).")
    List<Path> tasks = new ArrayList<>();

    @Option(names = "--show", paramLabel = "RESULTS", description = "Print the summary of an existing results file (.tsv or .json) instead of running.")
    Path show;

    @Option(names = {"-j", "--jobs"}, paramLabel = "N", defaultValue = "1", description = "Tasks run in parallel (default: ${DEFAULT-VALUE}).")
    int jobs;

    @Option(names = "--timeout", paramLabel = "SECONDS", description = "CPU-time limit per task, passed to weft check as --timeout "
            + "(default: weft check's short interactive default, 10 s).")
    Long timeoutSeconds;

    @Option(names = "--memory", paramLabel = "SIZE", defaultValue = "3g",
            description = "Memory limit per task, e.g. 3g or 2048m (JVM heap and resident memory; default: ${DEFAULT-VALUE}).")
    String memory;

    @Option(names = {"-o", "--output"}, paramLabel = "BASE",
            description = "Write BASE.tsv and BASE.json (default: bench-results/weft-<date>-<time>).")
    Path output;

    @Option(names = "--compare", paramLabel = "OLD", description = "List every task whose outcome differs from the results file OLD (.tsv or .json).")
    Path compare;

    @Option(names = "--plot", paramLabel = "FILE.svg", description = "Write a quantile plot (CPU time per correct result over accumulated score).")
    Path plot;

    @Option(names = "--property", paramLabel = "NAME", defaultValue = "no-data-race",
            description = "Check the property whose file is NAME.prp (default: ${DEFAULT-VALUE}).")
    String property;

    @Option(names = "--check-arg", paramLabel = "ARG", description = "Pass ARG on to every 'weft check' (repeatable).")
    List<String> checkArgs = new ArrayList<>();

    @Option(names = {"-q", "--quiet"}, description = "Do not print a line per finished task.")
    boolean quiet;

    @Option(names = "--debug", description = "Print stack traces of internal errors.")
    boolean debug;

    private final Streams io;

    BenchCommand(Streams io) {
        this.io = io;
    }

    Options options() {
        if (show == null && tasks.isEmpty()) throw new ParameterException(spec.commandLine(), "no tasks given");
        if (show != null && !tasks.isEmpty()) throw new ParameterException(spec.commandLine(), "give either TASKS or --show, not both");
        if (jobs < 1) throw new ParameterException(spec.commandLine(), "--jobs must be at least 1");
        if (timeoutSeconds != null && timeoutSeconds <= 0) throw new ParameterException(spec.commandLine(), "--timeout must be a positive number of seconds");
        long mem = parseSize(memory);
        Path out = output;
        if (out != null) {
            String s = out.toString();
            if (s.endsWith(".tsv") || s.endsWith(".json")) out = Path.of(s.substring(0, s.lastIndexOf('.')));
        }
        return new Options(tasks, show, jobs, timeoutSeconds == null ? CheckCommand.DEFAULT_LIMIT : Duration.ofSeconds(timeoutSeconds), mem, out, compare, plot, property, checkArgs, quiet, debug);
    }

    private long parseSize(String s) {
        try {
            return Sizes.parse("--memory", s, 64L << 20);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        Options o = options();
        try {
            return o.show() != null ? show(o) : bench(o);
        } catch (BenchInputException e) {
            io.err().println(e.diagnostic());
            return ExitCode.INPUT_ERROR;
        } catch (IOException e) {
            io.err().println("weft: cannot write " + e.getMessage());
            return ExitCode.INPUT_ERROR;
        }
    }

    private int show(Options o) throws BenchInputException, IOException {
        List<TaskResult> results = ResultsJson.readAny(o.show());
        io.out().println("results of " + o.show());
        Summary.of(results).print(io.out());
        compareAndPlot(o, results);
        return ExitCode.RACE_FREE;
    }

    private int bench(Options o) throws BenchInputException, IOException, InterruptedException {
        if (o.compare() != null) ResultsJson.readAny(o.compare()); // fail early on a bad file
        TaskSelection.Result sel = TaskSelection.collect(o.tasks(), new TaskParser(o.property()));
        if (sel.tasks().isEmpty()) {
            io.err().println("weft: no task definitions with property " + o.property() + " found");
            return ExitCode.INPUT_ERROR;
        }
        OffsetDateTime started = OffsetDateTime.now();
        Path base = o.output() != null ? o.output()
                : Path.of("bench-results", "weft-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        io.err().printf(Locale.ROOT, "weft bench: %d tasks%s, %d at a time, timeout %s, memory %d MB%n", sel.tasks().size(),
                sel.skipped() > 0 ? " (" + sel.skipped() + " definitions without " + o.property() + " skipped)" : "",
                o.jobs(), o.timeout().toSeconds() + " s", o.memoryBytes() >> 20);
        TaskRunner runner = new TaskRunner(TaskRunner.Config.ofCurrentJvm(o.timeout(), o.memoryBytes(), o.checkArgs()));
        long t0 = System.nanoTime();
        List<TaskResult> results = new Bench(o.jobs(), runner::run).run(sel.tasks(), this::progress);
        double elapsed = (System.nanoTime() - t0) / 1e9;
        Path tsv = Path.of(base + ".tsv");
        Path json = Path.of(base + ".json");
        ResultsTsv.write(tsv, results);
        ResultsJson.write(json, new RunInfo(Main.VERSION, started.toString(), settings(o)), results);
        Summary.of(results).print(io.out());
        io.out().printf(Locale.ROOT, "elapsed:          %.1f s with %d job(s)%n", elapsed, o.jobs());
        io.out().println("results:          " + tsv + ", " + json);
        compareAndPlot(o, results);
        return ExitCode.RACE_FREE;
    }

    private void compareAndPlot(Options o, List<TaskResult> results) throws BenchInputException, IOException {
        List<TaskResult> old = o.compare() == null ? null : ResultsJson.readAny(o.compare());
        if (old != null) Comparison.of(old, results).print(io.out(), o.compare().toString());
        if (o.plot() != null) writePlot(o, results, old);
    }

    private void writePlot(Options o, List<TaskResult> results, List<TaskResult> old) throws IOException {
        List<QuantilePlot.Series> series = new ArrayList<>();
        series.add(new QuantilePlot.Series(o.show() != null ? o.show().getFileName().toString() : "this run", results));
        if (old != null) series.add(new QuantilePlot.Series(o.compare().getFileName().toString(), old));
        QuantilePlot.write(o.plot(), series);
        io.out().println("plot:             " + o.plot());
    }

    private void progress(int done, int total, Task task, TaskResult r) {
        if (quiet) return;
        String cat = r.category().label();
        io.err().printf(Locale.ROOT, "[%" + Integer.toString(total).length() + "d/%d] %-13s %-15s %6.2f s %5.0f MB  %s%s%n", done, total,
                r.outcome().label(), cat.equals(r.outcome().label()) ? "" : cat, r.wallSeconds(), r.memoryMb(), task.id(),
                r.reason().isEmpty() ? "" : "  (" + shorten(r.reason()) + ")");
    }

    private static String shorten(String s) {
        return s.length() <= 100 ? s : s.substring(0, 97) + "...";
    }

    private static Map<String, String> settings(Options o) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("tasks", String.join(" ", o.tasks().stream().map(Path::toString).toList()));
        m.put("property", o.property());
        m.put("jobs", Integer.toString(o.jobs()));
        m.put("timeout_s", Long.toString(o.timeout().toSeconds()));
        m.put("memory_mb", Long.toString(o.memoryBytes() >> 20));
        m.put("check_args", String.join(" ", o.checkArgs()));
        m.put("java", System.getProperty("java.version"));
        m.put("cores", Integer.toString(Runtime.getRuntime().availableProcessors()));
        return m;
    }
}
