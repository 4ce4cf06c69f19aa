package weft.explore;

import weft.ir.Program;

import java.util.Optional;

/**
 * Stateless exploration: executes the program from its initial state many times under different choosers, until
 * one execution reaches a racing state or the limits are used up. Order: one default run (if it meets no choice at
 * all, every run would be identical and the search stops), a few systematic schedules (round robin, run to
 * completion oldest/newest first) under several nondet policies, a depth-first search over choice points bounded
 * to one preemption and one non-default input, then seeded random walks.
 */
final class Search {
    private static final Schedulers.ValuePolicy[] POLICIES = {
        Schedulers.ValuePolicy.ZERO, Schedulers.ValuePolicy.ONE, Schedulers.ValuePolicy.LAST, Schedulers.ValuePolicy.RANDOM
    };
    private static final double[] SWITCH = {0.5, 0.1, 1.0, 0.25, 0.02};

    private static final boolean DEBUG = Boolean.getBoolean("weft.explore.debug");

    private final Program program;
    private final ExploreOptions options;
    private ExecState initial;
    private long deadline;
    private int executions;
    /** Statistics of the last search. */
    String lastStop;
    int abandoned;

    Search(Program program, ExploreOptions options) {
        this.program = program;
        this.options = options;
    }

    int executions() {
        return executions;
    }

    Optional<RaceWitness> run() {
        long start = System.nanoTime();
        deadline = start + options.timeBudgetMillis() * 1_000_000L;
        try {
            initial = ExecState.initial(program);
        } catch (Abandon a) {
            lastStop = "initialisation: " + a.getMessage();
            return Optional.empty();
        } catch (RuntimeException e) {
            lastStop = "initialisation failed: " + e;
            return Optional.empty();
        }
        RaceWitness w = search();
        return Optional.ofNullable(w);
    }

    private boolean exhausted() {
        return executions >= options.maxExecutions() || System.nanoTime() > deadline || Thread.currentThread().isInterrupted();
    }

    private Execution last;
    private long visibleEstimate = 100;

    private RaceWitness runOne(Chooser chooser) {
        ExecState s = initial.fork(chooser);
        Execution ex = new Execution(s, options.maxSteps(), deadline);
        last = ex;
        executions++;
        RaceWitness w;
        try {
            w = ex.run();
        } catch (StackOverflowError | RuntimeException e) {
            // an interpreter failure is never a witness
            ex.stopReason = "internal: " + e;
            w = null;
        }
        lastStop = ex.stopReason;
        visibleEstimate = Math.max(visibleEstimate, ex.visibleSteps);
        if (DEBUG) System.err.println("execution " + executions + " " + chooser.getClass().getSimpleName() + ": " + ex.schedule.size() + " steps, " + ex.stopReason);
        if (w == null && ex.stopReason != null && !ex.stopReason.startsWith("all threads")) abandoned++;
        return w;
    }

    private RaceWitness search() {
        long seed = options.seed();
        Schedulers.Replay first = new Schedulers.Replay(new int[0], seed);
        RaceWitness w = runOne(first);
        if (w != null) return w;
        if (first.trace.isEmpty() && last.maxEnabled <= 1) return null; // deterministic: every execution is this one
        for (Schedulers.ValuePolicy p : POLICIES) {
            Chooser[] systematic = {
                new Schedulers.RoundRobin(1, seed, p), new Schedulers.Sticky(seed, p),
                new Schedulers.ChildFirst(seed, p), new Schedulers.RoundRobin(4, seed, p)
            };
            for (Chooser c : systematic) {
                if (exhausted()) return null;
                w = runOne(c);
                if (w != null) return w;
            }
        }
        w = boundedDfs(seed);
        if (w != null) return w;
        for (long i = 0; !exhausted(); i++) {
            Schedulers.ValuePolicy p = i % 4 == 3 ? POLICIES[(int) (i / 4) % 3] : Schedulers.ValuePolicy.RANDOM;
            long s = seed + 7919 * (i + 1);
            Chooser c = i % 2 == 0 ? new Schedulers.RandomWalk(SWITCH[(int) (i / 2 % SWITCH.length)], s, p)
                    : new Schedulers.Priority((int) (i / 2 % 4), visibleEstimate, s, p);
            w = runOne(c);
            if (w != null) return w;
        }
        return null;
    }

    /** Depth-first search over choice points with at most one preemption and one non-default value. */
    private RaceWitness boundedDfs(long seed) {
        long now = System.nanoTime();
        long stopAt = now + (deadline - now) * 2 / 5;
        int maxExec = executions + Math.max(1, (options.maxExecutions() - executions) * 2 / 5);
        int[] prefix = new int[0];
        while (!exhausted() && System.nanoTime() < stopAt && executions < maxExec) {
            Schedulers.Replay r = new Schedulers.Replay(prefix, seed);
            RaceWitness w = runOne(r);
            if (w != null) return w;
            prefix = backtrack(r, 1, 1);
            if (prefix == null) return null;
        }
        return null;
    }

    private static int[] backtrack(Schedulers.Replay r, int preemptionBound, int deviationBound) {
        for (int i = r.trace.size() - 1; i >= 0; i--) {
            Schedulers.Replay.Point p = r.trace.get(i);
            for (int alt = p.taken() + 1; alt < p.options().length; alt++) {
                boolean ok = p.thread()
                        ? !p.preemptive() || p.preemptions() + 1 <= preemptionBound
                        : p.deviations() + 1 <= deviationBound;
                if (!ok) break;
                int[] prefix = new int[i + 1];
                for (int k = 0; k < i; k++) prefix[k] = r.trace.get(k).taken();
                prefix[i] = alt;
                return prefix;
            }
        }
        return null;
    }
}
