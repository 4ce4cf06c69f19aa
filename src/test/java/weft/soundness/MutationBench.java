package weft.soundness;

import weft.explore.StateSpace;
import weft.frontend.Frontend;
import weft.frontend.FrontendOptions;
import weft.ir.DataModel;
import weft.ir.Program;
import weft.race.RaceAnalysis;
import weft.race.Verdict;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The mutation mode of the soundness harness ({@code SoundnessBench --mutate [--seed S] [--per-file N] [--max M]
 * [--save DIR] [--dev DIR] [--tsan-runs R]}): the annotated corpus ({@code src/test/resources/races/**}{@code /*.c}) and
 * a few small directories of the dev set ({@link #DEV_DIRS}; skipped when absent) mutated by {@link Mutator}, N
 * mutants a file (seeded), each checked like a generated program: every prover alone and the final verdict
 * ({@link DifferentialCheck#runs}); where one says true, the oracles run — the exhaustive exploration of the mutant
 * (or of its closed variants when it stops at an input) and ThreadSanitizer (corpus files only: the dev set's
 * {@code .i} files are preprocessed for ILP32, which needs a 32-bit C library; not for programs with
 * {@code __VERIFIER_atomic_*} functions, which TSan would not serialise). A true while an oracle finds a race is a
 * failure, saved under DIR; mutants that do not compile ({@code gcc -fsyntax-only}) or that the front end rejects are
 * skipped and counted.
 */
public final class MutationBench {
    static final String[] DEV_DIRS = {"pthread-race-challenges", "pthread", "pthread-atomic", "goblint-regression"};
    static final Path DEV = Path.of("../shared/benchmarks/svcomp-nodatarace-dev");

    /** The figures of a run. */
    static final class Stats {
        int sources;
        int mutants;
        int notCompiled;
        int frontendRejected;
        final Map<String, Integer> verdicts = new TreeMap<>();
        final Map<String, Integer> oracles = new TreeMap<>();
        final Map<Failure.Kind, Integer> failures = new EnumMap<>(Failure.Kind.class);
        final List<String> found = new ArrayList<>();
    }

    private MutationBench() {}

    public static void main(String[] args) throws Exception {
        long seed = 1;
        int perFile = 3;
        int max = Integer.MAX_VALUE;
        Path save = null;
        Path dev = DEV;
        int tsanRuns = 3;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--seed" -> seed = Long.parseLong(args[++i]);
                case "--per-file" -> perFile = Integer.parseInt(args[++i]);
                case "--max" -> max = Integer.parseInt(args[++i]);
                case "--save" -> save = Path.of(args[++i]);
                case "--dev" -> dev = Path.of(args[++i]);
                case "--tsan-runs" -> tsanRuns = Integer.parseInt(args[++i]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        long t0 = System.nanoTime();
        List<Path> sources = new ArrayList<>(sources(AnnotatedRoot.ROOT, dev));
        // a seeded order, so that a run cut short by --max samples the corpus and the dev set alike
        java.util.Collections.shuffle(sources, new java.util.Random(seed));
        Stats s = run(sources, perFile, max, seed, save, tsanRuns, true);
        print(s);
        System.out.printf("wall %.1f s%n", (System.nanoTime() - t0) / 1e9);
    }

    /** Where the annotated corpus is. */
    static final class AnnotatedRoot {
        static final Path ROOT = Path.of("src/test/resources/races");
    }

    /** The corpus's .c files and the dev directories' .i files, sorted. */
    static List<Path> sources(Path corpus, Path dev) throws IOException {
        List<Path> out = new ArrayList<>();
        try (Stream<Path> w = Files.walk(corpus)) {
            w.filter(p -> p.toString().endsWith(".c")).sorted().forEach(out::add);
        }
        if (dev != null && Files.isDirectory(dev.resolve("c"))) {
            for (String d : DEV_DIRS) {
                Path dir = dev.resolve("c").resolve(d);
                if (!Files.isDirectory(dir)) continue;
                try (Stream<Path> w = Files.list(dir)) {
                    w.filter(p -> p.toString().endsWith(".i")).sorted().forEach(out::add);
                }
            }
        }
        return out;
    }

    static Stats run(List<Path> sources, int perFile, int max, long seed, Path save, int tsanRuns, boolean verbose) throws Exception {
        Stats s = new Stats();
        Path dir = Files.createTempDirectory("weft-mutants");
        List<DifferentialCheck.Run> runs = DifferentialCheck.runs(true);
        boolean tsan = tsanRuns > 0 && TsanOracle.available();
        for (Path src : sources) {
            if (s.mutants >= max) break;
            String text = Files.readString(src);
            s.sources++;
            for (Mutator.Mutant m : Mutator.sample(text, perFile, seed ^ src.toString().hashCode())) {
                if (s.mutants >= max) break;
                s.mutants++;
                Optional<Failure> f = check(src, m, dir, runs, tsan ? tsanRuns : 0, s);
                if (f.isPresent()) {
                    s.failures.merge(f.get().kind(), 1, Integer::sum);
                    String where = src + " " + m.label();
                    Path saved = save != null ? saveMutant(src, m, f.get(), save) : null;
                    s.found.add(f.get().kind().label() + " " + where + ": " + f.get().detail() + (saved != null ? " -> " + saved : ""));
                    if (verbose) System.err.println("FAILURE " + s.found.get(s.found.size() - 1));
                }
                if (verbose && s.mutants % 10 == 0) System.err.printf("%d mutants, %d failures%n", s.mutants, s.found.size());
            }
        }
        return s;
    }

    private static Optional<Failure> check(Path src, Mutator.Mutant m, Path dir, List<DifferentialCheck.Run> runs, int tsanRuns, Stats s)
            throws Exception {
        boolean dotI = src.toString().endsWith(".i");
        Path file = dir.resolve("mutant" + (dotI ? ".i" : ".c"));
        Files.writeString(file, m.text());
        if (gcc(dir, List.of("gcc", "-fsyntax-only", "-w", "-pthread", file.toString())) != 0) {
            s.notCompiled++;
            return Optional.empty();
        }
        Program p;
        try {
            p = new Frontend(FrontendOptions.defaults(dotI ? DataModel.ILP32 : DataModel.LP64)).load(List.of(file));
        } catch (Exception e) {
            s.frontendRejected++;
            return Optional.empty();
        }
        Verdict[] v = new Verdict[runs.size()];
        StringBuilder key = new StringBuilder();
        for (int i = 0; i < v.length; i++) {
            try {
                v[i] = new RaceAnalysis(runs.get(i).options()).run(p).verdict();
            } catch (Exception | StackOverflowError e) {
                return Optional.of(new Failure(Failure.Kind.CRASH, "weft", java.util.Set.of(), runs.get(i).prover() + ": " + e));
            }
            key.append(runs.get(i).prover()).append('=').append(v[i]).append(' ');
        }
        s.verdicts.merge(key.toString().trim(), 1, Integer::sum);
        int t = java.util.Arrays.asList(v).indexOf(Verdict.TRUE);
        if (t < 0) return Optional.empty();
        OracleResult ex = explore(p);
        s.oracles.merge("exploration " + ex.kind(), 1, Integer::sum);
        OracleResult raced = ex.race() ? ex : null;
        if (raced == null && tsanRuns > 0 && !dotI && !m.text().matches("(?s).*__VERIFIER_atomic_(?!begin|end).*")) {
            OracleResult ts = tsan(file, dir, tsanRuns);
            s.oracles.merge("tsan " + ts.kind(), 1, Integer::sum);
            if (ts.race()) raced = ts;
        }
        if (raced == null) return Optional.empty();
        List<String> said = new ArrayList<>();
        for (int i = 0; i < v.length; i++) if (v[i] == Verdict.TRUE) said.add(runs.get(i).prover());
        return Optional.of(new Failure(runs.get(t).kind(), raced == ex ? "exploration" : "tsan", raced.lines(),
                "true from " + String.join(", ", said) + "; " + raced.detail()));
    }

    /** The exhaustive exploration of the mutant, or of its closed variants (inputs 1, then 0) when it meets an input. */
    static OracleResult explore(Program p) {
        StateSpace.Limits limits = new StateSpace.Limits(500_000, 256L << 20, 3000);
        StateSpace whole = StateSpace.of(p, true, true);
        StateSpace.Outcome o = whole.resume(limits);
        if (o.kind() == StateSpace.Kind.RACE) return raceOf(o, "exhaustive exploration");
        if (o.kind() == StateSpace.Kind.RACE_FREE) return new OracleResult(OracleResult.Kind.RACE_FREE, java.util.Set.of(), "exhaustive exploration");
        if (!whole.metInput()) return OracleResult.inconclusive(o.detail());
        for (int c : new int[] {1, 0}) {
            StateSpace.Outcome v = StateSpace.closedVariant(p, true, true, c).resume(limits);
            if (v.kind() == StateSpace.Kind.RACE) return raceOf(v, "closed variant (inputs " + c + ")");
        }
        return OracleResult.inconclusive("closed variants: no race");
    }

    private static OracleResult raceOf(StateSpace.Outcome o, String what) {
        var w = o.witness().orElseThrow();
        return new OracleResult(OracleResult.Kind.RACE, new java.util.HashSet<>(List.of(w.first().loc().line(), w.second().loc().line())),
                what + ": " + w.first() + " / " + w.second());
    }

    /** Definitions of SV-COMP's functions for ThreadSanitizer builds, weak so that a program's own win; not instrumented. */
    static final String SUPPORT = """
            #include <pthread.h>
            #include <stdlib.h>
            static unsigned long long s;
            static unsigned long long nx(void) { if (!s) { const char *e = getenv("WY_SEED"); s = 88172645463325252ULL ^ (e ? strtoull(e, 0, 10) : 1); }
                s ^= s << 13; s ^= s >> 7; s ^= s << 17; return s; }
            #define ND(T, N) __attribute__((weak)) T __VERIFIER_nondet_##N(void) { return (T) (nx() % 4); }
            ND(int, int) ND(unsigned, uint) ND(long, long) ND(unsigned long, ulong) ND(char, char) ND(unsigned char, uchar)
            ND(short, short) ND(unsigned short, ushort) ND(_Bool, bool) ND(unsigned long, size_t) ND(long long, longlong)
            __attribute__((weak)) void *__VERIFIER_nondet_pointer(void) { return 0; }
            __attribute__((weak)) void __VERIFIER_assume(int c) { if (!c) exit(0); }
            __attribute__((weak)) void reach_error(void) {}
            static pthread_mutex_t va = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
            __attribute__((weak)) void __VERIFIER_atomic_begin(void) { pthread_mutex_lock(&va); }
            __attribute__((weak)) void __VERIFIER_atomic_end(void) { pthread_mutex_unlock(&va); }
            """;

    /** ThreadSanitizer on the mutant: a race report in any of {@code runs} runs is a race. */
    static OracleResult tsan(Path file, Path dir, int runs) throws IOException, InterruptedException {
        Path support = dir.resolve("support.o");
        if (!Files.exists(support)) {
            Files.writeString(dir.resolve("support.c"), SUPPORT);
            if (gcc(dir, List.of("gcc", "-D_GNU_SOURCE", "-c", "-w", "support.c", "-o", support.toString())) != 0) {
                return OracleResult.inconclusive("support file does not compile");
            }
        }
        Path bin = dir.resolve("mutant-tsan");
        Files.deleteIfExists(bin);
        List<String> link = new java.util.ArrayList<>(List.of("gcc", "-fsanitize=thread", "-O1", "-g", "-w", "-pthread", file.toString(), support.toString(),
                "-o", bin.toString()));
        if (Files.readString(file).contains("#include <zlib.h>")) link.add("-lz");
        if (Files.readString(file).contains("#include <math.h>")) link.add("-lm");
        // and one that uses OpenSSL (wy_tls_ok) the installed OpenSSL
        if (Files.readString(file).contains("#include <openssl/ssl.h>")) link.addAll(List.of("-lssl", "-lcrypto"));
        if (gcc(dir, link) != 0) {
            return OracleResult.inconclusive("does not link with ThreadSanitizer");
        }
        for (int i = 0; i < runs; i++) {
            ProcessBuilder pb = new ProcessBuilder(bin.toString()).directory(dir.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD);
            pb.environment().put("TSAN_OPTIONS", "halt_on_error=1 report_thread_leaks=0 detect_deadlocks=0 exitcode=66");
            pb.environment().put("WY_SEED", String.valueOf(i + 1));
            Path err = dir.resolve("tsan-err.txt");
            pb.redirectError(err.toFile());
            Process pr = pb.start();
            if (!pr.waitFor(10, TimeUnit.SECONDS)) {
                pr.destroyForcibly().waitFor();
                continue;
            }
            String e = Files.readString(err);
            if (e.contains("WARNING: ThreadSanitizer: data race")) {
                java.util.Set<Integer> lines = new java.util.TreeSet<>();
                java.util.regex.Matcher mm = java.util.regex.Pattern.compile(file.getFileName() + ":(\\d+)").matcher(e);
                while (mm.find() && lines.size() < 2) lines.add(Integer.parseInt(mm.group(1)));
                return new OracleResult(OracleResult.Kind.RACE, lines, "ThreadSanitizer (run " + (i + 1) + "): "
                        + e.lines().filter(l -> l.contains("data race") || l.contains(file.getFileName().toString())).limit(3).reduce((a, b) -> a + " | " + b).orElse(""));
            }
        }
        return OracleResult.inconclusive("no report in " + runs + " runs");
    }

    private static int gcc(Path dir, List<String> cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
            return -1;
        }
        return p.exitValue();
    }

    /** Saves a failing mutant, marked racy, under {@code save}. */
    static Path saveMutant(Path src, Mutator.Mutant m, Failure f, Path save) throws IOException {
        Files.createDirectories(save);
        String name = src.getFileName().toString().replaceAll("\\.[ci]$", "") + "-" + m.label().replace('@', '-') + "-" + f.kind().label()
                + (src.toString().endsWith(".i") ? ".i" : ".c");
        String text = m.text();
        if (text.startsWith("/* expect:")) text = "/* expect: racy */" + text.substring(text.indexOf("*/") + 2);
        Path out = save.resolve(name);
        Files.writeString(out, text + "\n/* mutant " + m.label() + " of " + src + "; " + f.kind().label() + " (race seen by " + f.oracle() + ") */\n");
        return out;
    }

    static void print(Stats s) {
        System.out.printf("sources %d, mutants tried %d (%d do not compile, %d rejected by the front end: skipped)%n", s.sources, s.mutants,
                s.notCompiled, s.frontendRejected);
        for (Map.Entry<String, Integer> e : s.verdicts.entrySet()) System.out.printf("  %-70s %d%n", e.getKey(), e.getValue());
        for (Map.Entry<String, Integer> e : s.oracles.entrySet()) System.out.printf("  oracle %-25s %d%n", e.getKey(), e.getValue());
        System.out.printf("failures: %d%n", s.found.size());
        for (Failure.Kind k : Failure.Kind.values()) if (s.failures.containsKey(k)) System.out.printf("  %-28s %d%n", k.label(), s.failures.get(k));
        for (String f : s.found) System.out.println("  " + f);
    }
}
