package weft.soundness;

import weft.race.Verdict;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs the differential check on {@code count} programs from a base seed ({@code seed(base, i)} for the i-th),
 * {@code jobs} at a time, minimising each failure and saving it when a directory is given. The figures it keeps
 * are what {@link SoundnessBench} prints and {@link SoundnessHarnessTest} asserts.
 */
final class Campaign {
    /** A failure found: the program, the failure, and the saved file (null when not saved). */
    record Found(GenProgram program, Failure failure, Minimiser.Result minimised, Path saved) {}

    /** The figures of a run. */
    static final class Stats {
        int programs;
        int withHole;
        final Map<String, Integer> verdicts = new TreeMap<>();
        final Map<String, Integer> oracles = new TreeMap<>();
        final Map<Failure.Kind, Integer> failures = new EnumMap<>(Failure.Kind.class);
        int falseConfirmed;
        int falseUnsettled;
        int tsanRuns;
        final List<Found> found = new ArrayList<>();
        long wallMillis;
        long cpuMillis;
        final PhaseTimes times = new PhaseTimes();

        synchronized void add(GenProgram g, DifferentialCheck.Outcome o) {
            programs++;
            if (g.summary().contains("hole")) withHole++;
            verdicts.merge("tm=" + o.threadModular() + (o.exploration() == null ? "" : " expl=" + o.exploration() + " bnd=" + o.bounded())
                    + " final=" + o.verdict(), 1, Integer::sum);
            if (o.explore() != null) oracles.merge("exploration " + o.explore().kind(), 1, Integer::sum);
            if (o.tsan() != null) {
                tsanRuns++;
                oracles.merge("tsan " + o.tsan().kind(), 1, Integer::sum);
            }
            if (o.falseConfirmed()) falseConfirmed++;
            else if (o.verdict() == Verdict.FALSE && o.failure().isEmpty()) falseUnsettled++;
            o.failure().ifPresent(f -> failures.merge(f.kind(), 1, Integer::sum));
        }

        int failureCount() {
            return failures.values().stream().mapToInt(Integer::intValue).sum();
        }
    }

    private final ProgramGenerator.Options genOptions;
    private final DifferentialCheck.TsanMode tsanMode;
    private final int tsanRuns;
    private final Path save;
    private final boolean minimise;

    private final boolean provers;
    private final boolean stability;

    Campaign(ProgramGenerator.Options genOptions, DifferentialCheck.TsanMode tsanMode, int tsanRuns, Path save, boolean minimise) {
        this(genOptions, tsanMode, tsanRuns, save, minimise, false, false);
    }

    /** With {@code provers}: each prover also alone; {@code stability}: budget variants ({@link DifferentialCheck}). */
    Campaign(ProgramGenerator.Options genOptions, DifferentialCheck.TsanMode tsanMode, int tsanRuns, Path save, boolean minimise,
             boolean provers, boolean stability) {
        this.provers = provers;
        this.stability = stability;
        this.genOptions = genOptions;
        this.tsanMode = tsanMode;
        this.tsanRuns = tsanRuns;
        this.save = save;
        this.minimise = minimise;
    }

    /** The seed of the i-th program of a run from {@code base} (splitmix64). */
    static long seed(long base, long i) {
        long z = base + (i + 1) * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    Stats run(long base, int count, int jobs, Progress progress) throws Exception {
        Stats stats = new Stats();
        long t0 = System.nanoTime();
        long cpu0 = cpuMillis();
        AtomicInteger next = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(jobs);
        List<Future<?>> futures = new ArrayList<>();
        for (int j = 0; j < jobs; j++) {
            futures.add(pool.submit(() -> {
                Path dir = Files.createTempDirectory("weft-soundness");
                ProgramGenerator gen = new ProgramGenerator(genOptions);
                DifferentialCheck check = new DifferentialCheck(tsanMode, tsanRuns, base, provers, stability, stats.times);
                try {
                    for (int i; (i = next.getAndIncrement()) < count; ) {
                        GenProgram g = gen.generate(seed(base, i));
                        DifferentialCheck.Outcome o = check.check(g, Collections.emptySet(), dir);
                        stats.add(g, o);
                        if (o.failure().isPresent()) {
                            Found f = handle(g, o.failure().get(), check, dir);
                            synchronized (stats) {
                                stats.found.add(f);
                            }
                            progress.failure(i, f);
                        }
                        progress.done(i, stats);
                    }
                } finally {
                    deleteTree(dir);
                }
                return null;
            }));
        }
        pool.shutdown();
        for (Future<?> f : futures) f.get();
        stats.wallMillis = (System.nanoTime() - t0) / 1_000_000;
        stats.cpuMillis = cpuMillis() - cpu0;
        return stats;
    }

    private Found handle(GenProgram g, Failure f, DifferentialCheck check, Path dir) throws Exception {
        if (!minimise) return new Found(g, f, null, null);
        Minimiser.Result m = Minimiser.minimise(g, f, removed -> check.check(g, removed, dir).failure());
        Path saved = save != null ? Minimiser.save(g, m, save) : null;
        return new Found(g, f, m, saved);
    }

    /** CPU time of this process (all threads and children are not included: TSan runs are separate processes). */
    static long cpuMillis() {
        var bean = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        if (bean instanceof com.sun.management.OperatingSystemMXBean os) return os.getProcessCpuTime() / 1_000_000;
        return 0;
    }

    private static void deleteTree(Path dir) {
        try (var s = Files.walk(dir)) {
            s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (Exception ignored) {
            // temporary files only
        }
    }

    /** Progress callbacks. */
    interface Progress {
        void done(int index, Stats stats);

        void failure(int index, Found found);

        Progress NONE = new Progress() {
            @Override
            public void done(int index, Stats stats) {}

            @Override
            public void failure(int index, Found found) {}
        };
    }

    static Optional<Found> first(Stats s) {
        return s.found.stream().findFirst();
    }
}
