package weft.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Runs one command as a child process under a CPU-time, a wall-clock and a memory limit and measures it:
 * wall time, CPU time (user + system) and peak resident memory of the whole process tree.
 *
 * <p>A sampler reads {@code /proc/<pid>/status} (VmRSS) and the CPU time of every process of the tree
 * every {@value #SAMPLE_MILLIS} ms; when {@code /usr/bin/time} (GNU time) exists the command runs under
 * it, which gives exact CPU time and peak RSS at exit. Over the CPU limit (as sampled), the wall limit or the
 * memory limit, the whole tree is killed. The CPU limit is the one that matters: a busy machine slows a
 * child down in wall-clock time but does not make it use more CPU time, so it is not killed for it; with a CPU
 * limit, the wall limit only catches a stalled tree (one that used no CPU time for that long), since a child
 * on a machine loaded many times over its cores may take any multiple of its CPU time in wall-clock time. Output goes to temporary files, so a chatty child cannot block on a pipe.
 */
public final class ChildProcess {
    static final long SAMPLE_MILLIS = 100;
    private static final Path GNU_TIME = Path.of("/usr/bin/time");

    /** Why the process was stopped, if it was. */
    public enum Stop { NONE, TIME, MEMORY }

    /**
     * Limits of one run.
     *
     * @param wall        wall-clock limit; with a CPU limit, the longest wall-clock time the tree may go without
     *                    using CPU time (a stalled tree)
     * @param cpu         CPU-time limit of the process tree (null: none)
     * @param memoryBytes resident memory limit of the process tree (0: none)
     */
    public record Limits(Duration wall, Duration cpu, long memoryBytes) {
        public Limits(Duration wall, long memoryBytes) {
            this(wall, null, memoryBytes);
        }
    }

    /** What the run did; {@code exitCode} is -1 when it was killed. */
    public record Measurement(int exitCode, String stdout, String stderr, double wallSeconds, double cpuSeconds,
                              long peakRssBytes, Stop stoppedBy) {}

    private ChildProcess() {
    }

    /** Runs {@code command} in {@code workDir} within {@code limits}. */
    public static Measurement run(List<String> command, Limits limits, Path workDir) throws IOException {
        Path out = Files.createTempFile("weft-bench-", ".out");
        Path err = Files.createTempFile("weft-bench-", ".err");
        Path timeOut = Files.createTempFile("weft-bench-", ".time");
        try {
            boolean gnuTime = Files.isExecutable(GNU_TIME);
            List<String> cmd = new ArrayList<>();
            if (gnuTime) cmd.addAll(List.of(GNU_TIME.toString(), "-o", timeOut.toString(), "-f", "WEFT-TIME %e %U %S %M"));
            cmd.addAll(command);
            ProcessBuilder pb = new ProcessBuilder(cmd).directory(workDir.toFile())
                    .redirectOutput(out.toFile()).redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.from(devNull()));
            long t0 = System.nanoTime();
            Process p = pb.start();
            // If this JVM is stopped (Ctrl-C), take the child's process tree with it.
            Thread reaper = new Thread(() -> killTree(p), "weft-bench-reaper");
            Runtime.getRuntime().addShutdownHook(reaper);
            Sampler s = new Sampler(p.toHandle());
            Stop stop;
            try {
                stop = watch(p, s, limits, t0);
            } finally {
                try {
                    Runtime.getRuntime().removeShutdownHook(reaper);
                } catch (IllegalStateException shuttingDown) {
                    // the hook is running already
                }
            }
            double wall = (System.nanoTime() - t0) / 1e9;
            int code = stop == Stop.NONE ? p.exitValue() : -1;
            double cpu = s.cpuSeconds();
            long peak = s.peakRss();
            Optional<double[]> t = gnuTime ? parseTime(Files.readString(timeOut)) : Optional.empty();
            if (t.isPresent()) {
                cpu = Math.max(cpu, t.get()[1] + t.get()[2]);
                peak = Math.max(peak, (long) t.get()[3] * 1024);
            }
            return new Measurement(code, read(out), read(err), wall, cpu, peak, stop);
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
            Files.deleteIfExists(timeOut);
        }
    }

    private static Stop watch(Process p, Sampler s, Limits limits, long t0) {
        long deadline = t0 + limits.wall().toNanos();
        double cpuSeen = 0;
        try {
            while (true) {
                s.sample();
                if (limits.cpu() != null && s.cpuSeconds() > cpuSeen + 0.005) {
                    cpuSeen = s.cpuSeconds();
                    deadline = System.nanoTime() + limits.wall().toNanos();
                }
                if (p.waitFor(SAMPLE_MILLIS, java.util.concurrent.TimeUnit.MILLISECONDS)) return Stop.NONE;
                if (limits.memoryBytes() > 0 && s.currentRss() > limits.memoryBytes()) {
                    killTree(p);
                    return Stop.MEMORY;
                }
                if (System.nanoTime() > deadline || (limits.cpu() != null && s.cpuSeconds() > limits.cpu().toMillis() / 1e3)) {
                    killTree(p);
                    return Stop.TIME;
                }
            }
        } catch (InterruptedException e) {
            killTree(p);
            Thread.currentThread().interrupt();
            return Stop.TIME;
        }
    }

    /** Kills the descendants first (so a wrapper such as GNU time still reports), then the process. */
    static void killTree(Process p) {
        p.toHandle().descendants().forEach(ProcessHandle::destroyForcibly);
        try {
            if (!p.waitFor(2, java.util.concurrent.TimeUnit.SECONDS)) p.destroyForcibly();
            p.waitFor(5, java.util.concurrent.TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /** Parses GNU time's {@code WEFT-TIME wall user sys maxrssKB} line (it may follow other lines). */
    static Optional<double[]> parseTime(String text) {
        List<String> lines = text.lines().toList();
        for (int i = lines.size() - 1; i >= 0; i--) {
            String line = lines.get(i);
            if (!line.startsWith("WEFT-TIME ")) continue;
            String[] f = line.substring(10).strip().split("\\s+");
            if (f.length != 4) return Optional.empty();
            try {
                return Optional.of(new double[] {Double.parseDouble(f[0]), Double.parseDouble(f[1]), Double.parseDouble(f[2]),
                        Double.parseDouble(f[3])});
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    private static String read(Path f) throws IOException {
        return new String(Files.readAllBytes(f), StandardCharsets.UTF_8);
    }

    private static java.io.File devNull() {
        return new java.io.File(System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null");
    }

    /** Samples the process tree: the largest total resident memory seen, the CPU time of each process. */
    static final class Sampler {
        private final ProcessHandle root;
        private final Map<Long, Long> cpuNanos = new HashMap<>();
        private long currentRss;
        private long peakRss;

        Sampler(ProcessHandle root) {
            this.root = root;
        }

        void sample() {
            List<ProcessHandle> tree = new ArrayList<>();
            tree.add(root);
            root.descendants().forEach(tree::add);
            long rss = 0;
            for (ProcessHandle h : tree) {
                rss += residentBytes(h.pid());
                h.info().totalCpuDuration().ifPresent(d -> cpuNanos.merge(h.pid(), d.toNanos(), Math::max));
            }
            currentRss = rss;
            peakRss = Math.max(peakRss, rss);
        }

        long currentRss() {
            return currentRss;
        }

        long peakRss() {
            return peakRss;
        }

        double cpuSeconds() {
            return cpuNanos.values().stream().mapToLong(Long::longValue).sum() / 1e9;
        }

        /** VmRSS of {@code pid} from {@code /proc}, 0 when unavailable. */
        static long residentBytes(long pid) {
            try {
                for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                    if (line.startsWith("VmRSS:")) {
                        return Long.parseLong(line.substring(6).replace("kB", "").strip()) * 1024;
                    }
                }
            } catch (IOException | RuntimeException e) {
                // the process is gone or /proc is not there
            }
            return 0;
        }
    }
}
