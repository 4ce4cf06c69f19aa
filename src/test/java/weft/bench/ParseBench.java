package weft.bench;

import weft.frontend.Diagnostic;
import weft.frontend.Frontend;
import weft.frontend.FrontendOptions;
import weft.ir.DataModel;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Speed benchmark of the C front end (a program, not a test).
 *
 * <ol>
 *   <li>Parses and lowers the input files of all tasks of {@code ../shared/benchmarks/svcomp-nodatarace-dev}
 *       (read from its {@code tasks.tsv}) in one JVM, with each task's data model, and prints the
 *       total seconds and files per second (plus the slowest files).</li>
 *   <li>Runs {@code bin/weft parse} as a fresh process on the largest task input (by bytes in
 *       {@code tasks.tsv}) three times and prints the wall time of each run.</li>
 * </ol>
 *
 * <p>How to run, from the project directory ({@code exec:java} is not available offline):
 *
 * <pre>
 * mvn -B -q -o test-compile
 * mvn -B -q -o dependency:build-classpath -Dmdep.outputFile=target/cp.txt
 * mvn -B -q -o -DskipTests package          # builds target/weft.jar used by bin/weft (part 2)
 * java -Xss16m -cp target/classes:target/test-classes:$(cat target/cp.txt) weft.bench.ParseBench [BENCH_DIR]
 * </pre>
 *
 * Targets: under 60 s for all dev tasks, under 3 s wall for the single largest file.
 */
public final class ParseBench {
    private ParseBench() {
    }

    record Task(Path input, long bytes, DataModel model) {}

    public static void main(String[] args) throws Exception {
        Path project = Path.of("").toAbsolutePath();
        Path bench = args.length > 0 ? Path.of(args[0]) : project.resolve("../shared/benchmarks/svcomp-nodatarace-dev").normalize();
        List<Task> tasks = readTasks(bench);
        System.out.printf("%d tasks in %s%n", tasks.size(), bench);

        // (a) all tasks in one JVM.
        Frontend ilp32 = new Frontend(FrontendOptions.defaults(DataModel.ILP32));
        Frontend lp64 = null;
        int failed = 0;
        List<long[]> perFile = new ArrayList<>();
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long cpu0 = threads.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        for (int i = 0; i < tasks.size(); i++) {
            Task t = tasks.get(i);
            Frontend fe = t.model() == DataModel.ILP32 ? ilp32 : (lp64 != null ? lp64 : (lp64 = new Frontend(FrontendOptions.defaults(DataModel.LP64))));
            long s = System.nanoTime();
            List<Diagnostic> ds = fe.check(t.input());
            perFile.add(new long[]{i, System.nanoTime() - s});
            if (ds.stream().anyMatch(Diagnostic::isError)) {
                failed++;
                System.out.println("  errors in " + t.input() + ": " + ds.stream().filter(Diagnostic::isError).findFirst().orElseThrow());
            }
        }
        double secs = (System.nanoTime() - t0) / 1e9;
        double cpu = (threads.getCurrentThreadCpuTime() - cpu0) / 1e9;
        System.out.printf(Locale.ROOT, "(a) parsed+lowered %d files in %.2f s = %.1f files/s (%d with errors); main thread CPU %.2f s%n",
                tasks.size(), secs, tasks.size() / secs, failed, cpu);
        System.out.printf(Locale.ROOT, "    load average now: %.2f on %d cores%n",
                java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                Runtime.getRuntime().availableProcessors());
        perFile.sort((x, y) -> Long.compare(y[1], x[1]));
        System.out.println("    slowest:");
        for (int k = 0; k < Math.min(5, perFile.size()); k++) {
            Task t = tasks.get((int) perFile.get(k)[0]);
            System.out.printf(Locale.ROOT, "    %7.3f s  %7d bytes  %s%n", perFile.get(k)[1] / 1e9, t.bytes(), bench.relativize(t.input()));
        }

        // (b) the largest file, fresh process each time (after letting this JVM's JIT and GC threads settle,
        // which otherwise compete with the child for the CPUs).
        ilp32 = null;
        lp64 = null;
        System.gc();
        Thread.sleep(3000);
        Task largest = tasks.stream().max((x, y) -> Long.compare(x.bytes(), y.bytes())).orElseThrow();
        Path weft = project.resolve("bin/weft");
        System.out.printf("(b) bin/weft parse --data-model %s %s (%d bytes)%n", largest.model(), bench.relativize(largest.input()), largest.bytes());
        for (int run = 1; run <= 3; run++) {
            long s = System.nanoTime();
            Process p = new ProcessBuilder(weft.toString(), "parse", "--data-model", largest.model().name(), largest.input().toString())
                    .redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes()).strip();
            int code = p.waitFor();
            double wall = (System.nanoTime() - s) / 1e9;
            System.out.printf(Locale.ROOT, "    run %d: %.2f s wall, exit %d, %s%n", run, wall, code, out.lines().reduce((a, b) -> b).orElse(""));
            System.out.flush();
        }
    }

    /** The tasks of {@code tasks.tsv}: column 2 is the input file, column 6 its size, column 7 the data model. */
    static List<Task> readTasks(Path bench) throws IOException {
        List<String> lines = Files.readAllLines(bench.resolve("tasks.tsv"));
        List<Task> out = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            if (line.isBlank()) continue;
            String[] cols = line.split("\t");
            Path input = bench.resolve(cols[1]);
            long bytes = cols.length > 5 ? Long.parseLong(cols[5]) : Files.size(input);
            DataModel dm = cols.length > 6 ? DataModel.valueOf(cols[6].trim()) : DataModel.ILP32;
            out.add(new Task(input, bytes, dm));
        }
        return out;
    }
}
