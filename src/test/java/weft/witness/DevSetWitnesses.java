package weft.witness;

import weft.ir.DataModel;
import weft.race.AnalysisOptions;
import weft.trace.RaceWitness;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Witnesses of the SV-COMP dev set's {@code false} answers ({@code ../shared/benchmarks/svcomp-nodatarace-dev}): runs
 * the analysis as {@code SvcompBenchmarkTest} does (ILP32, SV-COMP's race limit, no library-state races) on the
 * chosen tasks and checks every witness with {@link WitnessChecks}. {@link #main} runs all the tasks labelled
 * {@code false} and those whose label is disputed, and prints the figures:
 * <pre>
 * mvn -B -q -o -DskipTests package test-compile
 * mvn -B -q -o dependency:build-classpath -Dmdep.outputFile=target/cp.txt
 * java -Xss512m -cp target/classes:target/test-classes:$(cat target/cp.txt) weft.witness.DevSetWitnesses [STRIDE]
 * </pre>
 */
public final class DevSetWitnesses {
    static final Path DIR = Path.of("../shared/benchmarks/svcomp-nodatarace-dev");
    static final long TASK_SECONDS = 20;

    /** Counts of one run. */
    record Figures(int tasks, int falseAnswers, int clean, List<String> problems) {
        List<String> replays(String ext) {
            return problems.stream().filter(p -> WitnessChecks.replayOf(p, ext)).toList();
        }

        /** Lint and structure problems. */
        List<String> lint() {
            return problems.stream().filter(p -> !WitnessChecks.replayOf(p, "graphml") && !WitnessChecks.replayOf(p, "yml")).toList();
        }
    }

    private DevSetWitnesses() {
    }

    /** The input files of the tasks labelled {@code false} or with a disputed label, every {@code stride}-th of them. */
    static List<Path> tasks(int stride) throws Exception {
        List<String> disputed = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of("src/test/resources/svcomp-disputed-labels.tsv"))) {
            if (!line.isBlank() && !line.startsWith("#")) disputed.add(line.split("\t")[0]);
        }
        List<Path> out = new ArrayList<>();
        List<String> rows = Files.readAllLines(DIR.resolve("tasks.tsv"));
        int n = 0;
        for (String row : rows.subList(1, rows.size())) {
            String[] c = row.split("\t");
            boolean chosen = c[2].equals("false") || disputed.stream().anyMatch(d -> c[0].contains(d));
            if (chosen && n++ % stride == 0) out.add(DIR.resolve(c[1]));
        }
        return out;
    }

    static Figures run(List<Path> tasks, Path dir, String python) throws Exception {
        List<String> problems = new ArrayList<>();
        int falseAnswers = 0;
        int clean = 0;
        for (Path task : tasks) {
            WitnessTestSupport.Analysed a = analyse(task);
            if (a == null || a.witness().isEmpty()) continue;
            Optional<RaceWitness> w = a.witness();
            falseAnswers++;
            Path sub = Files.createDirectories(dir.resolve(Integer.toString(falseAnswers)));
            List<String> p = WitnessChecks.check(a.program(), w.get(), task, DataModel.ILP32, sub, python, false);
            if (p.stream().allMatch(x -> WitnessChecks.replayOf(x, "graphml") || WitnessChecks.replayOf(x, "yml"))) clean++;
            for (String x : p) problems.add(task + ": " + x);
        }
        return new Figures(tasks.size(), falseAnswers, clean, problems);
    }

    /** The witness of a {@code false} answer within {@link #TASK_SECONDS}, on a thread with a large stack. */
    private static WitnessTestSupport.Analysed analyse(Path task) throws Exception {
        AtomicReference<WitnessTestSupport.Analysed> out = new AtomicReference<>();
        AtomicReference<Exception> failure = new AtomicReference<>();
        Thread t = new Thread(null, () -> {
            try {
                out.set(WitnessTestSupport.analysed(task, DataModel.ILP32, AnalysisOptions.defaults().withLibcStateRaces(false).withClosedCommandLine(true)
                        .withMaxRaces(AnalysisOptions.SVCOMP_MAX_RACES)));
            } catch (Exception e) {
                failure.set(e);
            }
        }, "witness-task", 512L << 20);
        t.setDaemon(true);
        t.start();
        t.join(TASK_SECONDS * 1000);
        if (t.isAlive()) {
            t.interrupt();
            t.join(10_000);
            return null;
        }
        if (failure.get() != null && !Thread.interrupted()) throw failure.get();
        return out.get();
    }

    public static void main(String[] args) throws Exception {
        int stride = args.length > 0 ? Integer.parseInt(args[0]) : 1;
        String python = WitnessTestSupport.lintUnavailable() == null ? WitnessTestSupport.pythonWithLxml() : null;
        Path dir = Files.createTempDirectory("weft-witnesses");
        long start = System.nanoTime();
        Figures f = run(tasks(stride), dir, python);
        f.problems().forEach(System.out::println);
        System.out.printf("dev-set witnesses: %d tasks, %d false answers, %d with both witnesses lint- and structure-clean (%.1f %%), "
                + "linted: %s; replay confirms %d GraphML, %d YAML; %d s%n", f.tasks(), f.falseAnswers(), f.clean(),
                f.falseAnswers() == 0 ? 0.0 : 100.0 * f.clean() / f.falseAnswers(), python != null,
                f.falseAnswers() - f.replays("graphml").size(), f.falseAnswers() - f.replays("yml").size(),
                (System.nanoTime() - start) / 1_000_000_000L);
        System.exit(f.lint().isEmpty() ? 0 : 1);
    }
}
