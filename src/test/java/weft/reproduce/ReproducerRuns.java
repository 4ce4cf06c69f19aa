package weft.reproduce;

import weft.frontend.Frontend;
import weft.frontend.FrontendOptions;
import weft.ir.DataModel;
import weft.ir.Program;
import weft.race.AnalysisOptions;
import weft.race.AnalysisResult;
import weft.race.RaceAnalysis;
import weft.race.Verdict;
import weft.trace.RaceWitness;
import weft.witness.WitnessTrace;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Builds and runs reproducers and reads ThreadSanitizer's reports: {@link #run} says whether TSan reported a race
 * whose two accesses are at the witness's two lines (the first frame of each access's stack in the program file).
 */
public final class ReproducerRuns {
    /** How a reproducer run ended. */
    public enum Kind { REPRODUCED, BUILD_FAILED, OTHER_RACE, NO_RACE, TIMEOUT }

    /** The outcome of one run, with a short explanation (the harness's notes, the races TSan saw, the build error). */
    public record Outcome(Kind kind, String detail) {}

    private static final Pattern ACCESS = Pattern.compile("\\s*(?:Previous )?(?:[Aa]tomic )?(?:[Ww]rite|[Rr]ead) of size .*");
    private static final Pattern FRAME = Pattern.compile("\\s*#\\d+ \\S+ (.+):(\\d+)(?::\\d+)? \\(.*");

    /** How long a reproducer may run (a program that never ends is stopped; the races TSan reported until then count). */
    static final long RUN_SECONDS = 30;

    private ReproducerRuns() {
    }

    /** Why TSan reproducers cannot be built here (gcc cannot link a trivial {@code -fsanitize=thread} program), or null. */
    static String unavailable() {
        try {
            Path dir = Files.createTempDirectory("weft-tsan-probe");
            Path c = Files.writeString(dir.resolve("t.c"), "#include <pthread.h>\nint main(void) { return 0; }\n");
            Process p = new ProcessBuilder("gcc", "-fsanitize=thread", "-pthread", "-o", dir.resolve("t").toString(), c.toString())
                    .redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) return "gcc -fsanitize=thread cannot link (no libtsan?)";
            Process r = new ProcessBuilder(dir.resolve("t").toString()).redirectErrorStream(true).start();
            String out = new String(r.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!r.waitFor(60, TimeUnit.SECONDS) || r.exitValue() != 0) return "a TSan program does not run here: " + out.strip();
            return null;
        } catch (IOException e) {
            return "no gcc: " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    /** The witness of {@code file}'s confirmed race within {@code seconds}, if the analysis answers {@code false}. */
    public static Optional<RaceWitness> witness(Path file, DataModel model, AnalysisOptions options, long seconds) throws Exception {
        AtomicReference<Optional<RaceWitness>> out = new AtomicReference<>(Optional.empty());
        AtomicReference<Exception> failure = new AtomicReference<>();
        Thread t = new Thread(null, () -> {
            try {
                Program p = new Frontend(FrontendOptions.defaults(model)).load(List.of(file));
                AnalysisResult r = new RaceAnalysis(options).run(p);
                if (r.verdict() == Verdict.FALSE) out.set(r.witness());
            } catch (Exception e) {
                failure.set(e);
            }
        }, "reproducer-analysis", 512L << 20);
        t.setDaemon(true);
        t.start();
        t.join(seconds * 1000);
        if (t.isAlive()) {
            t.interrupt();
            t.join(10_000);
            return Optional.empty();
        }
        if (failure.get() != null) throw failure.get();
        return out.get();
    }

    /** Writes the reproducer of {@code w} into {@code dir}, builds and runs it. */
    public static Outcome run(RaceWitness w, Path program, Path dir) throws IOException, InterruptedException {
        return run(w, program, dir, weft.ir.DataModel.LP64);
    }

    /** The same for a program checked with {@code model} (ILP32: replayed with the low heap). */
    static Outcome run(RaceWitness w, Path program, Path dir, weft.ir.DataModel model) throws IOException, InterruptedException {
        Reproducer.Result written = new Reproducer(model).write(w, program, dir);
        Set<String> want = new LinkedHashSet<>();
        want.add(WitnessTrace.lineIn(w.first().loc(), program) + "");
        want.add(WitnessTrace.lineIn(w.second().loc(), program) + "");
        return buildAndRun(dir, want, written.notes());
    }

    private static final Pattern RACE_LINES = Pattern.compile("const int weft_race_line\\[2\\] = \\{(\\d+), (\\d+)\\};");

    /** Builds and runs the reproducer {@code weft reproduce} wrote into {@code dir}, the witness's lines read from its plan. */
    static Outcome buildAndRun(Path dir) throws IOException, InterruptedException {
        Matcher m = RACE_LINES.matcher(Files.readString(dir.resolve("weft_plan.c")));
        if (!m.find()) return new Outcome(Kind.BUILD_FAILED, "no race lines in weft_plan.c");
        return buildAndRun(dir, new LinkedHashSet<>(List.of(m.group(1), m.group(2))), List.of());
    }

    private static Outcome buildAndRun(Path dir, Set<String> want, List<String> writtenNotes) throws IOException, InterruptedException {
        Exec build = exec(dir, 300, "sh", "build.sh");
        if (build.code != 0) return new Outcome(Kind.BUILD_FAILED, firstError(build.output));
        Exec run = exec(dir, RUN_SECONDS, dir.resolve("reproducer").toString());
        List<List<String>> races = races(run.output);
        String harness = String.join("; ", run.output.lines().filter(l -> l.startsWith("weft-harness:")).toList());
        String notes = writtenNotes.isEmpty() ? "" : " notes: " + writtenNotes;
        for (List<String> lines : races) {
            if (new LinkedHashSet<>(lines).equals(want)) return new Outcome(Kind.REPRODUCED, harness + notes);
        }
        if (races.isEmpty() && run.code < 0) return new Outcome(Kind.TIMEOUT, "no race reported, still running after " + RUN_SECONDS + " s; " + harness + notes);
        if (races.isEmpty()) return new Outcome(Kind.NO_RACE, "exit " + run.code + ", " + harness + notes);
        return new Outcome(Kind.OTHER_RACE, "TSan lines " + races + ", witness " + want + "; " + harness + notes);
    }

    /** Per TSan race report, the lines (in the program file) of its two accesses. */
    static List<List<String>> races(String output) {
        List<List<String>> out = new ArrayList<>();
        List<String> current = null;
        boolean inAccess = false;
        for (String line : output.split("\n")) {
            if (line.contains("WARNING: ThreadSanitizer: data race") || line.contains("WARNING: ThreadSanitizer: heap-use-after-free")) {
                current = new ArrayList<>();
                out.add(current);
                continue;
            }
            if (current == null) continue;
            if (ACCESS.matcher(line).matches()) {
                inAccess = true;
                continue;
            }
            Matcher f = FRAME.matcher(line);
            if (inAccess && f.matches()) {
                String file = f.group(1);
                if (inProgram(file)) {
                    current.add(f.group(2));
                    inAccess = false;
                }
            } else if (line.isBlank()) {
                inAccess = false;
            }
        }
        return out;
    }

    /** Whether a stack frame's file is the program's (not the harness runtime, the C library or TSan). */
    private static boolean inProgram(String file) {
        return !file.endsWith("weft_runtime.c") && !file.endsWith("weft_wrappers.c") && !file.endsWith("weft_libaccess.c") && !file.endsWith("weft_inputs.c") && !file.endsWith("weft_low_heap.c")
                && !file.endsWith("weft_pipes.c") && !file.endsWith("weft_commands.c") && !file.endsWith("weft_files.c") && !file.endsWith("weft_openssl.c") && !file.startsWith("/usr/") && !file.contains("sanitizer") && !file.startsWith("<");
    }

    private static String firstError(String output) {
        return output.lines().filter(l -> l.contains("error")).findFirst().orElse(output.strip().lines().findFirst().orElse(""));
    }

    private record Exec(int code, String output) {}

    /** Runs {@code cmd} in {@code dir} with its output in a log file (the first 4 MB are read); null when it runs over {@code seconds}. */
    private static Exec exec(Path dir, long seconds, String... cmd) throws IOException, InterruptedException {
        Path log = dir.resolve(cmd[0].endsWith("reproducer") ? "run.log" : "build.log");
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        boolean ended = p.waitFor(seconds, TimeUnit.SECONDS);
        if (!ended) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
        }
        byte[] head;
        try (java.io.InputStream in = Files.newInputStream(log)) {
            head = in.readNBytes(4 << 20);
        }
        String out = new String(head, StandardCharsets.ISO_8859_1);
        return ended ? new Exec(p.exitValue(), out) : new Exec(-1, out);
    }
}
