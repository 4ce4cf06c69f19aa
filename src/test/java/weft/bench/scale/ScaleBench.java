package weft.bench.scale;

import weft.bench.ChildProcess;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Scalability benchmark (a program that prints figures, not a test): generates programs of growing
 * size with {@link ProgramGenerator}, runs {@code weft check} on each as a fresh process and prints a
 * Markdown table: lines, functions, thread roles / instances, variant ({@code racy}: planted races,
 * {@code free}: none), verdict, wall and CPU seconds, peak resident memory, how many planted races the
 * report shows, and — from {@link AllPairsProbe}, a second fresh process that lists every possible race
 * without the report's limits — how many planted races are among all possible races and how many
 * other (extra) line pairs are reported, and the wall time of that second run (the analysis without
 * the confirmation search, whose budget is 4 s).
 *
 * <p>Run from the project directory:
 *
 * <pre>
 * mvn -B -q -o -DskipTests package test-compile
 * mvn -B -q -o dependency:build-classpath -Dmdep.outputFile=target/cp.txt
 * java -cp target/classes:target/test-classes:$(cat target/cp.txt) weft.bench.scale.ScaleBench [SIZE...]
 * </pre>
 *
 * Default sizes: 1k, 2k, 5k, 10k, 20k, 50k, 100k and 200k lines. Each run gets {@code -Xmx4g}; the
 * generated files stay in {@code target/scale/}.
 */
public final class ScaleBench {
    private static final Pattern DIAG = Pattern.compile("^(.*?):(\\d+):(\\d+): (warning|note): ");
    private static final int[] SIZES = {1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000};

    private ScaleBench() {
    }

    public static void main(String[] args) throws Exception {
        int[] sizes = args.length == 0 ? SIZES : java.util.Arrays.stream(args).mapToInt(ScaleBench::size).toArray();
        Path dir = Path.of("target/scale");
        Files.createDirectories(dir);
        String java = ProcessHandle.current().info().command().orElse("java");
        String cp = weft.bench.TaskRunner.Config.absoluteClassPath(System.getProperty("java.class.path"));
        System.out.println("| lines | functions | roles / threads | variant | verdict | wall s | CPU s | peak RSS MB | planted races in report | planted races in all pairs | extra pairs | all-pairs run wall s |");
        System.out.println("|---:|---:|---:|---|---|---:|---:|---:|---:|---:|---:|---:|");
        for (int size : sizes) {
            for (boolean racy : new boolean[] {true, false}) {
                ProgramGenerator.Program p = ProgramGenerator.generate(size, racy);
                Path file = dir.resolve("gen-" + size + (racy ? "-racy" : "-free") + ".c").toAbsolutePath();
                Files.writeString(file, p.source());
                ChildProcess.Measurement check = ChildProcess.run(List.of(java, "-Xss16m", "-Xmx4g", "-cp", cp, "weft.cli.Main", "check",
                        "--timeout", "900", file.toString()), new ChildProcess.Limits(Duration.ofSeconds(960), 0), dir);
                ChildProcess.Measurement all = ChildProcess.run(List.of(java, "-Xss16m", "-Xmx4g", "-cp", cp,
                        AllPairsProbe.class.getName(), file.toString()), new ChildProcess.Limits(Duration.ofSeconds(960), 0), dir);
                Files.writeString(dir.resolve(file.getFileName() + ".report"), check.stdout() + check.stderr());
                Files.writeString(dir.resolve(file.getFileName() + ".pairs"), all.stdout() + all.stderr());
                List<int[]> shown = reportPairs(check.stdout());
                List<int[]> pairs = probePairs(all.stdout());
                int extra = 0;
                for (int[] q : pairs) {
                    if (planted(p, q) == null) extra++;
                }
                System.out.printf(Locale.ROOT, "| %d | %d | %d / %d | %s | %s | %.1f | %.1f | %.0f | %d / %d | %d / %d | %d | %.1f |%n", p.lines(),
                        p.functions(), p.roles(), p.threadInstances(), racy ? "racy" : "free", verdict(check), check.wallSeconds(),
                        check.cpuSeconds(), check.peakRssBytes() / 1048576.0, found(p, shown), p.races().size(), found(p, pairs),
                        p.races().size(), extra, all.wallSeconds());
                System.out.flush();
            }
        }
    }

    private static int size(String s) {
        String t = s.toLowerCase(Locale.ROOT);
        return t.endsWith("k") ? Integer.parseInt(t.substring(0, t.length() - 1)) * 1000 : Integer.parseInt(t);
    }

    private static String verdict(ChildProcess.Measurement m) {
        return switch (m.exitCode()) {
            case 0 -> "true";
            case 1 -> "false";
            case 3 -> "unknown";
            default -> m.stoppedBy() != ChildProcess.Stop.NONE ? m.stoppedBy().name().toLowerCase(Locale.ROOT) : "exit " + m.exitCode();
        };
    }

    /** The planted race both lines of {@code pair} belong to, or null. */
    static ProgramGenerator.PlantedRace planted(ProgramGenerator.Program p, int[] pair) {
        for (ProgramGenerator.PlantedRace r : p.races()) {
            if (r.lines().contains(pair[0]) && r.lines().contains(pair[1])) return r;
        }
        return null;
    }

    static int found(ProgramGenerator.Program p, List<int[]> pairs) {
        Set<String> hit = new HashSet<>();
        for (int[] q : pairs) {
            ProgramGenerator.PlantedRace r = planted(p, q);
            if (r != null) hit.add(r.variable());
        }
        return hit.size();
    }

    /**
     * The line pairs of a {@code weft check} report: each warning with the first note after it (source
     * excerpts may come between them; colour codes are ignored).
     */
    static List<int[]> reportPairs(String report) {
        List<String> lines = report.replaceAll("\u001b\\[[0-9;]*m", "").lines().toList();
        Set<String> seen = new LinkedHashSet<>();
        List<int[]> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher w = DIAG.matcher(lines.get(i));
            if (!w.find() || !w.group(4).equals("warning")) continue;
            for (int j = i + 1; j < lines.size(); j++) {
                Matcher n = DIAG.matcher(lines.get(j));
                if (!n.find()) continue;
                if (n.group(4).equals("note")) {
                    int a = Integer.parseInt(w.group(2));
                    int b = Integer.parseInt(n.group(2));
                    if (seen.add(Math.min(a, b) + " " + Math.max(a, b))) out.add(new int[] {a, b});
                }
                break;
            }
        }
        return out;
    }

    static List<int[]> probePairs(String text) {
        List<int[]> out = new ArrayList<>();
        for (String l : text.lines().toList()) {
            if (!l.startsWith("PAIR ")) continue;
            String[] f = l.split(" ");
            out.add(new int[] {Integer.parseInt(f[1]), Integer.parseInt(f[2])});
        }
        return out;
    }
}
