package weft.reproduce;

import weft.ir.DataModel;
import weft.race.AnalysisOptions;
import weft.trace.RaceWitness;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Reproduction rate (a bench that prints figures, not a test): for every confirmed race of the chosen programs, builds
 * and runs the reproducer ({@link ReproducerRuns}) and prints per program the outcome, then the rate over the
 * programs gcc could build and, for the rest, why they did not reproduce.
 * <pre>
 * mvn -B -q -o -DskipTests package test-compile
 * mvn -B -q -o dependency:build-classpath -Dmdep.outputFile=target/cp.txt
 * java -Xss512m -cp target/classes:target/test-classes:$(cat target/cp.txt) weft.reproduce.ReproducerBench devset [STRIDE]
 * java -Xss512m -cp target/classes:target/test-classes:$(cat target/cp.txt) weft.reproduce.ReproducerBench corpus [STRIDE]
 * </pre>
 * A third argument, a regular expression, keeps only the programs whose path it finds (e.g. {@code pthread-ext/}).
 * {@code devset}: the tasks of {@code ../shared/benchmarks/svcomp-nodatarace-dev} labelled {@code false}, analysed as
 * SV-COMP runs them (ILP32, its race limit, no library-state races; 20 s each). {@code corpus}: the racy programs of
 * {@code src/test/resources/races} (LP64).
 */
public final class ReproducerBench {
    static final Path DEV = Path.of("../shared/benchmarks/svcomp-nodatarace-dev");
    static final Path CORPUS = Path.of("src/test/resources/races");

    private ReproducerBench() {
    }

    static List<Path> devTasks(int stride) throws Exception {
        List<Path> out = new ArrayList<>();
        List<String> rows = Files.readAllLines(DEV.resolve("tasks.tsv"));
        int n = 0;
        for (String row : rows.subList(1, rows.size())) {
            String[] c = row.split("\t");
            if (c[2].equals("false") && n++ % stride == 0) out.add(DEV.resolve(c[1]));
        }
        return out;
    }

    static List<Path> corpusPrograms(int stride) throws Exception {
        List<Path> out = new ArrayList<>();
        int n = 0;
        try (Stream<Path> s = Files.walk(CORPUS)) {
            for (Path p : s.filter(p -> p.toString().endsWith(".c")).sorted().toList()) {
                if (Files.readAllLines(p).get(0).contains("expect: racy") && n++ % stride == 0) out.add(p);
            }
        }
        return out;
    }

    public static void main(String[] args) throws Exception {
        boolean dev = args.length == 0 || args[0].equals("devset");
        int stride = args.length > 1 ? Integer.parseInt(args[1]) : 1;
        String unavailable = ReproducerRuns.unavailable();
        if (unavailable != null) {
            System.out.println("reproducers: skipped: " + unavailable);
            return;
        }
        java.util.regex.Pattern only = java.util.regex.Pattern.compile(args.length > 2 ? args[2] : "");
        List<Path> programs = (dev ? devTasks(stride) : corpusPrograms(stride)).stream()
                .filter(p -> only.matcher(p.toString()).find()).toList();
        DataModel model = dev ? DataModel.ILP32 : DataModel.LP64;
        AnalysisOptions options = dev
                ? AnalysisOptions.defaults().withLibcStateRaces(false).withClosedCommandLine(true).withMaxRaces(AnalysisOptions.SVCOMP_MAX_RACES)
                : new AnalysisOptions(200, 1000, true, 3000);
        Path dir = Files.createTempDirectory("weft-reproducers");
        Map<ReproducerRuns.Kind, Integer> counts = new EnumMap<>(ReproducerRuns.Kind.class);
        List<String> rest = new ArrayList<>();
        int confirmed = 0;
        long start = System.nanoTime();
        for (Path p : programs) {
            Optional<RaceWitness> w = ReproducerRuns.witness(p, model, options, 20);
            if (w.isEmpty()) continue;
            confirmed++;
            ReproducerRuns.Outcome o = ReproducerRuns.run(w.get(), p, Files.createDirectories(dir.resolve(Integer.toString(confirmed))));
            counts.merge(o.kind(), 1, Integer::sum);
            System.out.println(o.kind() + "\t" + p + "\t" + dir.resolve(Integer.toString(confirmed)) + "\t" + o.detail());
            if (o.kind() != ReproducerRuns.Kind.REPRODUCED) rest.add(o.kind() + " " + p + ": " + o.detail());
        }
        int built = confirmed - counts.getOrDefault(ReproducerRuns.Kind.BUILD_FAILED, 0);
        int ok = counts.getOrDefault(ReproducerRuns.Kind.REPRODUCED, 0);
        System.out.println("--- not reproduced:");
        rest.forEach(System.out::println);
        System.out.printf("reproducers (%s, stride %d): %d programs, %d confirmed races, %d built by gcc, %d reproduced by TSan at the "
                + "witnessed lines (%.1f %% of those built); %s; %d s%n", dev ? "dev set false tasks" : "corpus racy programs", stride,
                programs.size(), confirmed, built, ok, built == 0 ? 0.0 : 100.0 * ok / built, counts,
                (System.nanoTime() - start) / 1_000_000_000L);
    }
}
