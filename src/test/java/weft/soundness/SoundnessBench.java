package weft.soundness;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Map;

/**
 * The soundness benchmark: {@code SoundnessBench --seed S --count N [--jobs J] [--tsan on|off|when-true]
 * [--tsan-runs R] [--save DIR] [--no-minimise] [--pending-holes on|off] [--holes H,...] [--provers on|off]
 * [--stability on|off] [--truths-often]}, or {@code SoundnessBench --mutate ...} (the mutation mode, {@link MutationBench}). {@code --provers}
 * (on by default) also runs each prover alone, {@code --stability} (on) repeats their answers with other budgets
 * ({@link DifferentialCheck}); {@code --truths-often} hides one locked access in two behind a library truth (the
 * generator's default is one in {@value ProgramGenerator.Options#TRUTH_ONE_IN}), to test how they combine with the holes. {@code --holes}
 * restricts the holes to the named ones (e.g. {@code exit_handler,cancel_relay}), with one in every program. Runs the differential check on N
 * generated programs and prints programs tried, verdict counts, oracle outcomes, failures per class (each
 * minimised, and saved as an annotated program under DIR), programs per second and CPU time.
 */
public final class SoundnessBench {
    private SoundnessBench() {}

    public static void main(String[] args) throws Exception {
        long seed = 1;
        int count = 100;
        int jobs = 1;
        int tsanRuns = 4;
        DifferentialCheck.TsanMode tsan = DifferentialCheck.TsanMode.WHEN_TRUE;
        Path save = null;
        boolean minimise = true;
        boolean provers = true;
        boolean stability = true;
        boolean pending = true;
        EnumSet<Hole> only = null;
        int truthOneIn = ProgramGenerator.Options.TRUTH_ONE_IN;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--seed" -> seed = Long.parseLong(args[++i]);
                case "--count" -> count = Integer.parseInt(args[++i]);
                case "--jobs" -> jobs = Integer.parseInt(args[++i]);
                case "--tsan" -> tsan = DifferentialCheck.TsanMode.valueOf(args[++i].toUpperCase().replace('-', '_'));
                case "--tsan-runs" -> tsanRuns = Integer.parseInt(args[++i]);
                case "--save" -> save = Path.of(args[++i]);
                case "--no-minimise" -> minimise = false;
                case "--provers" -> provers = args[++i].equals("on");
                case "--stability" -> stability = args[++i].equals("on");
                case "--mutate" -> {
                    MutationBench.main(java.util.Arrays.copyOfRange(args, i + 1, args.length));
                    return;
                }
                case "--pending-holes" -> pending = args[++i].equals("on");
                case "--truths-often" -> truthOneIn = 2;
                case "--holes" -> {
                    only = EnumSet.noneOf(Hole.class);
                    for (String h : args[++i].split(",")) only.add(Hole.valueOf(h.trim().toUpperCase()));
                }
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        ProgramGenerator.Options gen = only != null ? new ProgramGenerator.Options(1.0, only)
                : pending ? ProgramGenerator.Options.all() : SoundnessHarnessTest.settledHoles();
        gen = gen.withTruthsOneIn(truthOneIn);
        Campaign c = new Campaign(gen, tsan, tsanRuns, save, minimise, provers, stability);
        long start = System.nanoTime();
        final int total = count;
        Campaign.Stats s = c.run(seed, count, jobs, new Campaign.Progress() {
            @Override
            public void done(int index, Campaign.Stats stats) {
                if (stats.programs % 100 == 0) {
                    double secs = (System.nanoTime() - start) / 1e9;
                    System.err.printf("%d/%d programs, %d failures, %.2f programs/s%n", stats.programs, total, stats.failureCount(), stats.programs / secs);
                }
            }

            @Override
            public void failure(int index, Campaign.Found f) {
                System.err.println("FAILURE " + f.failure().kind().label() + " at program " + index + " (seed " + f.program().seed() + "): "
                        + f.failure().detail() + (f.saved() != null ? " -> " + f.saved() : ""));
            }
        });
        print(s, seed, count, jobs, tsan, EnumSet.copyOf(gen.holes()).size());
    }

    static void print(Campaign.Stats s, long seed, int count, int jobs, DifferentialCheck.TsanMode tsan, int holes) {
        System.out.printf("seed %d, %d programs, %d jobs, tsan %s%s, %d hole kinds%n", seed, count, jobs, tsan.name().toLowerCase(),
                TsanOracle.available() ? "" : " (gcc/libtsan absent: skipped)", holes);
        System.out.printf("programs tried: %d (%d with a hole)%n", s.programs, s.withHole);
        for (Map.Entry<String, Integer> e : s.verdicts.entrySet()) System.out.printf("  %-32s %d%n", e.getKey(), e.getValue());
        for (Map.Entry<String, Integer> e : s.oracles.entrySet()) System.out.printf("  oracle %-25s %d%n", e.getKey(), e.getValue());
        System.out.printf("false confirmed by an oracle or by its witness replayed under TSan: %d, false neither confirmed nor refuted: %d%n", s.falseConfirmed, s.falseUnsettled);
        System.out.printf("failures: %d%n", s.failureCount());
        for (Failure.Kind k : Failure.Kind.values()) System.out.printf("  %-20s %d%n", k.label(), s.failures.getOrDefault(k, 0));
        for (Campaign.Found f : s.found) {
            System.out.println("  " + f.failure().kind().label() + " seed " + f.program().seed() + ": " + f.program().summary()
                    + (f.saved() != null ? " -> " + f.saved() : ""));
        }
        System.out.printf("wall %.1f s, JVM CPU %.1f s, %.2f programs/s%n", s.wallMillis / 1000.0, s.cpuMillis / 1000.0,
                s.programs / Math.max(0.001, s.wallMillis / 1000.0));
        System.out.print("time by phase (CPU of the checking thread; TSan: wall):\n" + s.times.table());
    }
}
