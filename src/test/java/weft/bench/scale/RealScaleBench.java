package weft.bench.scale;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import weft.bench.ChildProcess;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Scale benchmark over real and generated programs (a program that prints figures, not a test): each
 * program is checked by {@code weft check --format json} as a fresh process, one at a time, and one
 * Markdown row is printed per program: lines, verdict, wall and CPU seconds of the process tree, peak
 * resident memory, shared accesses recorded, pairs checked, races (possible / confirmed, and per rank
 * when the report has ranks) and gaps. After the generated programs (the race-free variant of
 * {@link ProgramGenerator}, 10k, 50k, 100k and 200k lines by default) it prints the growth exponent of
 * wall time, CPU time, memory and accesses between successive sizes: {@code log(y2/y1) / log(n2/n1)},
 * 1 for linear growth (n·log n from 50k to 200k lines is about 1.1).
 *
 * <p>Real programs are those of {@code ../shared/benchmarks/realworld/} (or the folder given with
 * {@code --realworld DIR}): pfscan, ctrace, knot, smtprc, qsort_mt as single files, pigz and sol through the
 * {@code compile_commands.json} their {@code compile_commands.sh} writes (skipped when zlib's or OpenSSL's headers
 * are missing); whatever is absent is skipped. The last column is the phase of {@code --stats} that took the most
 * CPU time. Run from the project directory:
 *
 * <pre>
 * mvn -B -q -o -DskipTests package test-compile
 * mvn -B -q -o dependency:build-classpath -Dmdep.outputFile=target/cp.txt
 * java -cp target/classes:target/test-classes:$(cat target/cp.txt) weft.bench.scale.RealScaleBench \
 *     [--realworld DIR] [--jar JAR | --weft bin/weft] [--jvm-arg ARG]... [--check-arg ARG]... [--no-real] [--no-generated] [SIZE...]
 * </pre>
 *
 * {@code --jar} runs another build's {@code weft.jar} instead of this class path (for before/after figures);
 * {@code --weft} runs a launcher script instead, as users do ({@code bin/weft}, with its own JVM flags: the C1 compiler
 * only and the serial collector for short runs; {@code --jvm-arg} does not apply).
 * {@code --jvm-arg} is passed to the checked JVM (default only {@code -Xss16m}, so the JVM sizes its heap
 * as a user's would), {@code --check-arg} to {@code weft check}. Generated files and every report stay
 * in {@code target/scale/}.
 */
public final class RealScaleBench {
    private static final int[] SIZES = {10_000, 50_000, 100_000, 200_000};
    private static final Duration LIMIT = Duration.ofSeconds(900);

    /** One real program: its name, the {@code weft check} arguments, its size in lines. */
    private record Real(String name, List<String> args, long lines) {}

    /** One measured row. */
    private record Row(String name, long lines, String verdict, double wall, double cpu, double rssMb, long accesses, long pairs,
                       String races, int gaps, String longest) {}

    private RealScaleBench() {
    }

    public static void main(String[] args) throws Exception {
        Path realworld = Path.of("../shared/benchmarks/realworld");
        List<String> jvmArgs = new ArrayList<>(List.of("-Xss16m"));
        List<String> checkArgs = new ArrayList<>();
        List<Integer> sizes = new ArrayList<>();
        boolean real = true;
        boolean generated = true;
        String jar = null;
        String launcher = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--realworld" -> realworld = Path.of(args[++i]);
                case "--jvm-arg" -> jvmArgs.add(args[++i]);
                case "--jar" -> jar = Path.of(args[++i]).toAbsolutePath().toString();
                case "--weft" -> launcher = Path.of(args[++i]).toAbsolutePath().toString();
                case "--check-arg" -> checkArgs.add(args[++i]);
                case "--no-real" -> real = false;
                case "--no-generated" -> generated = false;
                default -> sizes.add(size(args[i]));
            }
        }
        if (sizes.isEmpty()) for (int s : SIZES) sizes.add(s);
        Path dir = Path.of("target/scale").toAbsolutePath();
        Files.createDirectories(dir);
        String java = ProcessHandle.current().info().command().orElse("java");
        String cp = weft.bench.TaskRunner.Config.absoluteClassPath(System.getProperty("java.class.path"));
        List<String> base = new ArrayList<>();
        if (launcher != null) {
            base.add(launcher); // what users run, with its own JVM flags (bin/weft: C1 only for short runs)
        } else {
            base.add(java);
            base.addAll(jvmArgs);
            base.addAll(jar != null ? List.of("-jar", jar) : List.of("-cp", cp, "weft.cli.Main"));
        }
        base.addAll(List.of("check", "--format", "json", "--quiet", "--stats"));
        base.addAll(checkArgs);
        System.out.println("| program | lines | verdict | wall s | CPU s | peak RSS MB | accesses | pairs checked | races (possible / confirmed; by rank) | gaps | longest phase (CPU s) |");
        System.out.println("|---|---:|---|---:|---:|---:|---:|---:|---|---:|---|");
        if (real) {
            for (Real r : realPrograms(realworld.toAbsolutePath().normalize(), dir)) {
                List<String> cmd = new ArrayList<>(base);
                cmd.addAll(r.args());
                print(measure(r.name(), r.lines(), cmd, dir));
            }
        }
        if (!generated) return;
        List<Row> gen = new ArrayList<>();
        for (int size : sizes) {
            ProgramGenerator.Program p = ProgramGenerator.generate(size, false);
            Path file = dir.resolve("gen-" + size + "-free.c");
            Files.writeString(file, p.source());
            List<String> cmd = new ArrayList<>(base);
            cmd.add(file.toString());
            Row row = measure("generated " + (size / 1000) + "k", p.lines(), cmd, dir);
            print(row);
            gen.add(row);
        }
        System.out.println();
        System.out.println("| growth between | wall | CPU | peak RSS | accesses |");
        System.out.println("|---|---:|---:|---:|---:|");
        for (int i = 1; i < gen.size(); i++) {
            Row a = gen.get(i - 1);
            Row b = gen.get(i);
            System.out.printf(Locale.ROOT, "| %s → %s | %.2f | %.2f | %.2f | %.2f |%n", a.name(), b.name(), exponent(a.lines(), b.lines(), a.wall(), b.wall()),
                    exponent(a.lines(), b.lines(), a.cpu(), b.cpu()), exponent(a.lines(), b.lines(), a.rssMb(), b.rssMb()),
                    exponent(a.lines(), b.lines(), a.accesses(), b.accesses()));
        }
    }

    /** {@code log(y2/y1) / log(n2/n1)}: the exponent k of y ~ n^k between two sizes (NaN when undefined). */
    static double exponent(long n1, long n2, double y1, double y2) {
        if (n1 <= 0 || n2 <= 0 || n1 == n2 || y1 <= 0 || y2 <= 0) return Double.NaN;
        return Math.log(y2 / y1) / Math.log((double) n2 / n1);
    }

    private static List<Real> realPrograms(Path rw, Path dir) throws IOException, InterruptedException {
        List<Real> out = new ArrayList<>();
        addFile(out, rw, "pfscan", "pfscan/pfscan-1.0.c", List.of());
        addFile(out, rw, "ctrace", "cil-merged/ctrace_comb.c", List.of("--data-model", "ILP32"));
        addFile(out, rw, "knot", "cil-merged/knot_comb.c", List.of("--data-model", "ILP32"));
        addFile(out, rw, "smtprc", "cil-merged/smtprc_comb.c", List.of("--data-model", "ILP32"));
        addFile(out, rw, "qsort_mt", "qsort_mt/qsort_mt.c", List.of());
        addProject(out, rw, dir, "pigz", "/usr/include/zlib.h", "zlib1g-dev");
        addProject(out, rw, dir, "sol", "/usr/include/openssl/ssl.h", "libssl-dev");
        return out;
    }

    /** A project checked through the {@code compile_commands.json} its {@code compile_commands.sh} writes. */
    private static void addProject(List<Real> out, Path rw, Path dir, String name, String header, String debianPackage)
            throws IOException, InterruptedException {
        Path script = rw.resolve(name + "/compile_commands.sh");
        if (!Files.isRegularFile(script) || !Files.isRegularFile(Path.of(header))) {
            System.err.println("skipped " + name + ": no " + script + " or no " + header + " (Debian " + debianPackage + ")");
            return;
        }
        Path projectDir = Files.createDirectories(dir.resolve(name));
        Process p = new ProcessBuilder("bash", script.toString(), projectDir.toString()).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        Path db = projectDir.resolve("compile_commands.json");
        if (p.waitFor() == 0 && Files.isRegularFile(db)) {
            long lines = 0;
            for (JsonNode e : new ObjectMapper().readTree(db.toFile())) {
                Path f = Path.of(e.path("file").asText());
                lines += lines(f.isAbsolute() ? f : Path.of(e.path("directory").asText()).resolve(f));
            }
            out.add(new Real(name + " (compile_commands)", List.of("--compile-commands", db.toString()), lines));
        }
    }

    private static void addFile(List<Real> out, Path rw, String name, String rel, List<String> extra) throws IOException {
        Path f = rw.resolve(rel);
        if (!Files.isRegularFile(f)) {
            System.err.println("skipped " + name + ": no " + f);
            return;
        }
        List<String> args = new ArrayList<>(extra);
        args.add(f.toString());
        out.add(new Real(name, args, lines(f)));
    }

    private static long lines(Path f) throws IOException {
        try (var s = Files.lines(f, java.nio.charset.StandardCharsets.ISO_8859_1)) {
            return s.count();
        }
    }

    private static Row measure(String name, long lines, List<String> cmd, Path dir) throws IOException {
        ChildProcess.Measurement m = ChildProcess.run(cmd, new ChildProcess.Limits(LIMIT, 0), dir);
        Files.writeString(dir.resolve(name.replaceAll("[^A-Za-z0-9]+", "_") + ".json"), m.stdout());
        Files.writeString(dir.resolve(name.replaceAll("[^A-Za-z0-9]+", "_") + ".err"), m.stderr());
        long accesses = -1;
        long pairs = -1;
        String races = "-";
        int gaps = -1;
        String verdict = switch (m.exitCode()) {
            case 0 -> "true";
            case 1 -> "false";
            case 3 -> "unknown";
            default -> m.stoppedBy() != ChildProcess.Stop.NONE ? m.stoppedBy().name().toLowerCase(Locale.ROOT) : "exit " + m.exitCode();
        };
        try {
            JsonNode r = new ObjectMapper().readTree(m.stdout());
            if (r != null && r.has("summary")) {
                JsonNode s = r.path("summary");
                accesses = s.path("accesses").asLong(-1);
                pairs = s.path("pairsChecked").asLong(-1);
                races = s.path("possible").asInt() + (s.path("truncated").asBoolean() ? "+" : "") + " / " + s.path("confirmed").asInt()
                        + ranks(r.path("races"));
                gaps = r.path("gaps").size();
                if (m.exitCode() == 3 && r.path("reason").asText().startsWith("out of memory")) verdict = "unknown (out of memory)";
                else if (m.exitCode() == 3 && r.path("reason").asText().startsWith("timeout")) verdict = "unknown (timeout)";
            }
        } catch (IOException e) {
            // no report: the verdict column says why
        }
        return new Row(name, lines, verdict, m.wallSeconds(), m.cpuSeconds(), m.peakRssBytes() / 1048576.0, accesses, pairs, races, gaps,
                longestPhase(m.stderr()));
    }

    private static final java.util.regex.Pattern PHASE = java.util.regex.Pattern.compile("^weft: stats:   (.+?)\\s+(\\d+)\\s+(\\d+)\\s+(\\d+)$");

    /** The phase of {@code --stats} with the most CPU time of the analysis thread, e.g. {@code "walking (12.1)"}. */
    static String longestPhase(String stderr) {
        String best = "-";
        long most = -1;
        for (String line : stderr.split("\\R")) {
            java.util.regex.Matcher m = PHASE.matcher(line);
            if (m.matches() && Long.parseLong(m.group(3)) > most) {
                most = Long.parseLong(m.group(3));
                best = m.group(1).replaceAll("\\s+\\d.*$", "").replaceAll(" \\(.*$", "").trim();
            }
        }
        return most < 0 ? "-" : String.format(Locale.ROOT, "%s (%.1f)", best, most / 1000.0);
    }

    /** {@code "; rank A: n, ..."} when the report's races carry a {@code rank}, else empty. */
    private static String ranks(JsonNode races) {
        Map<String, Integer> by = new TreeMap<>();
        for (JsonNode r : races) if (r.has("rank")) by.merge(r.path("rank").asText(), 1, Integer::sum);
        if (by.isEmpty()) return "";
        StringBuilder b = new StringBuilder(";");
        by.forEach((k, v) -> b.append(" rank ").append(k).append(": ").append(v).append(','));
        b.setLength(b.length() - 1);
        return b.toString();
    }

    private static void print(Row r) {
        System.out.printf(Locale.ROOT, "| %s | %d | %s | %.1f | %.1f | %.0f | %d | %d | %s | %d | %s |%n", r.name(), r.lines(), r.verdict(), r.wall(),
                r.cpu(), r.rssMb(), r.accesses(), r.pairs(), r.races(), r.gaps(), r.longest());
        System.out.flush();
    }

    private static int size(String s) {
        String t = s.toLowerCase(Locale.ROOT);
        return t.endsWith("k") ? Integer.parseInt(t.substring(0, t.length() - 1)) * 1000 : Integer.parseInt(t);
    }
}
