package weft.bench;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Runs one task as a fresh {@code weft check --svcomp} process and turns what it printed into a
 * {@link TaskResult}: the {@code RESULT:} line gives the verdict; a kill by the wall or memory limit,
 * Weft's own timeout or an {@code OutOfMemoryError} give {@code timeout} / {@code out of memory}; an
 * input error, internal error or crash gives {@code error}. The reason is the report's
 * {@code weft: unknown: ...} line or the first diagnostic.
 */
public final class TaskRunner {
    /**
     * The counts the text report appends to its summary line, e.g. {@code " (2 threads, 13 shared accesses)"} or
     * {@code " (more races may exist, 4 threads, 99 shared accesses)"}.
     */
    private static final java.util.regex.Pattern COUNTS =
            java.util.regex.Pattern.compile("\\s*\\([^()]*\\d+ threads?, \\d+ shared accesses[^()]*\\)$");

    /** Extra CPU time the process gets beyond its limit, for JVM start-up and Weft's own timeout. */
    static final Duration GRACE = Duration.ofSeconds(10);
    /** The CPU-time limit of a child given no {@code --timeout} (weft check's short default then bounds it itself). */
    static final Duration DEFAULT_CPU_GUARD = Duration.ofSeconds(120);
    /** A child that uses no CPU time for this long (wall-clock) has stalled and is killed. */
    static final Duration STALL = Duration.ofSeconds(120);
    /** System property holding the JVM options of the children, one a line (set by {@code bin/weft}). */
    public static final String CHILD_JVM_OPTIONS = "weft.childJvmOptions";

    /**
     * How to start Weft.
     *
     * @param java      the java executable
     * @param jvmOptions options of the child JVM (stack size, JIT, collector, class-data-sharing archive)
     * @param classPath the class path holding {@code weft.cli.Main}
     * @param timeout   the CPU-time limit of one task (Weft's {@code --timeout}; the process is killed
     *                  {@link #GRACE} later), or null for {@code weft check}'s own default
     * @param memoryBytes the memory limit: the JVM's {@code -Xmx} and the resident-memory limit of the process
     * @param checkArgs extra arguments for {@code weft check}
     */
    public record Config(String java, List<String> jvmOptions, String classPath, Duration timeout, long memoryBytes,
                         List<String> checkArgs) {
        public Config {
            jvmOptions = List.copyOf(jvmOptions);
            checkArgs = List.copyOf(checkArgs);
        }

        public Config(String java, String classPath, Duration timeout, long memoryBytes, List<String> checkArgs) {
            this(java, List.of("-Xss16m"), classPath, timeout, memoryBytes, checkArgs);
        }

        /**
         * The running JVM's java and class path (how a child runs the same Weft as this process), with the JVM options
         * {@code bin/weft} chose for short runs ({@link #CHILD_JVM_OPTIONS}), else only a large stack.
         */
        public static Config ofCurrentJvm(Duration timeout, long memoryBytes, List<String> checkArgs) {
            String java = ProcessHandle.current().info().command()
                    .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            return new Config(java, jvmOptions(System.getProperty(CHILD_JVM_OPTIONS)),
                    absoluteClassPath(System.getProperty("java.class.path")), timeout, memoryBytes, checkArgs);
        }

        /** The options of {@link #CHILD_JVM_OPTIONS}' value (one a line), or only a large stack when it is unset or empty. */
        static List<String> jvmOptions(String lines) {
            List<String> out = new ArrayList<>();
            if (lines != null) for (String l : lines.split("\n")) if (!l.isBlank()) out.add(l.strip());
            return out.isEmpty() ? List.of("-Xss16m") : out;
        }

        /** The CPU time after which a child is killed. */
        Duration cpuLimit() {
            return (timeout == null ? DEFAULT_CPU_GUARD : timeout).plus(GRACE);
        }

        /** {@code classPath} with every entry made absolute (tasks run in their own folders). */
        public static String absoluteClassPath(String classPath) {
            List<String> out = new ArrayList<>();
            for (String e : classPath.split(File.pathSeparator)) {
                if (!e.isEmpty()) out.add(Path.of(e).toAbsolutePath().toString());
            }
            return String.join(File.pathSeparator, out);
        }
    }

    private final Config config;

    public TaskRunner(Config config) {
        this.config = config;
    }

    /** The command that checks {@code task}. */
    public List<String> command(Task task) {
        List<String> cmd = new ArrayList<>();
        cmd.add(config.java());
        cmd.addAll(config.jvmOptions());
        cmd.addAll(List.of("-Xmx" + Math.max(64, config.memoryBytes() >> 20) + "m",
                "-cp", config.classPath(), "weft.cli.Main", "check", "--svcomp", "--no-witness",
                "--property", task.propertyFile().toString()));
        if (config.timeout() != null) cmd.addAll(List.of("--timeout", Long.toString(Math.max(1, config.timeout().toSeconds()))));
        if (task.dataModel() != null) cmd.addAll(List.of("--data-model", task.dataModel()));
        cmd.addAll(config.checkArgs());
        for (Path in : task.inputs()) cmd.add(in.toString());
        return cmd;
    }

    /** Runs {@code task}; never throws (a failure to start is an {@code error} result). */
    public TaskResult run(Task task) {
        ChildProcess.Measurement m;
        try {
            Duration cpu = config.cpuLimit();
            m = ChildProcess.run(command(task), new ChildProcess.Limits(STALL, cpu, config.memoryBytes()),
                    task.definition().toAbsolutePath().getParent());
        } catch (IOException e) {
            return new TaskResult(task.id(), task.expected(), Outcome.ERROR, 0, 0, 0, "cannot start: " + e.getMessage());
        }
        return classify(task, m, config.memoryBytes());
    }

    /** The result that measurement {@code m} of {@code task} amounts to. */
    static TaskResult classify(Task task, ChildProcess.Measurement measured, long memoryBytes) {
        ChildProcess.Measurement m = plain(measured);
        Outcome outcome;
        String reason;
        String result = lastLineStarting(m.stdout(), "RESULT:");
        String oom = firstLineContaining(m.stderr(), "OutOfMemoryError");
        String timeout = firstLineContaining(m.stderr(), "weft: timeout");
        String internal = firstLineContaining(m.stderr(), "weft: internal error");
        if (m.stoppedBy() == ChildProcess.Stop.TIME) {
            outcome = Outcome.TIMEOUT;
            reason = String.format(Locale.ROOT, "killed after %.0f s wall", m.wallSeconds());
        } else if (m.stoppedBy() == ChildProcess.Stop.MEMORY) {
            outcome = Outcome.OUT_OF_MEMORY;
            reason = "killed above " + (memoryBytes >> 20) + " MB resident";
        } else if (oom != null) {
            outcome = Outcome.OUT_OF_MEMORY;
            reason = oom;
        } else if (timeout != null) {
            outcome = Outcome.TIMEOUT;
            reason = timeout;
        } else if (result != null && (result.endsWith(" true") || result.endsWith(" false"))) {
            outcome = result.endsWith(" true") ? Outcome.TRUE : Outcome.FALSE;
            reason = "";
        } else if (internal != null) {
            outcome = Outcome.ERROR;
            reason = internal;
        } else if (result != null && result.endsWith(" unknown")) {
            outcome = Outcome.UNKNOWN;
            String why = lastLineStarting(m.stdout(), "weft: unknown:");
            reason = why != null ? COUNTS.matcher(why.substring("weft: unknown:".length()).strip()).replaceFirst("") : lastLine(m.stderr());
        } else {
            outcome = Outcome.ERROR;
            String first = firstLine(m.stderr());
            reason = "exit code " + m.exitCode() + (first.isEmpty() ? "" : ": " + first);
        }
        return new TaskResult(task.id(), task.expected(), outcome, m.cpuSeconds(), m.wallSeconds(),
                m.peakRssBytes() / (1024.0 * 1024.0), reason);
    }

    /** {@code m} with terminal colour codes removed from its output. */
    private static ChildProcess.Measurement plain(ChildProcess.Measurement m) {
        String ansi = "\u001b\\[[0-9;]*m";
        return new ChildProcess.Measurement(m.exitCode(), m.stdout().replaceAll(ansi, ""), m.stderr().replaceAll(ansi, ""),
                m.wallSeconds(), m.cpuSeconds(), m.peakRssBytes(), m.stoppedBy());
    }

    private static String lastLineStarting(String text, String prefix) {
        String found = null;
        for (String l : text.lines().toList()) {
            if (l.startsWith(prefix)) found = l.strip();
        }
        return found;
    }

    private static String firstLineContaining(String text, String part) {
        return text.lines().filter(l -> l.contains(part)).map(String::strip).findFirst().orElse(null);
    }

    private static String firstLine(String text) {
        return text.lines().map(String::strip).filter(l -> !l.isEmpty()).findFirst().orElse("");
    }

    private static String lastLine(String text) {
        return text.lines().map(String::strip).filter(l -> !l.isEmpty()).reduce((a, b) -> b).orElse("");
    }
}
