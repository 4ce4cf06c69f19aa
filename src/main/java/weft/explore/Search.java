package weft.explore;

import weft.budget.Budget;
import weft.exec.state.Abandon;
import weft.exec.ExecState;
import weft.exec.LibraryBehaviour;
import weft.ir.Program;
import weft.trace.RaceWitness;

import java.util.List;
import java.util.Optional;

/**
 * Stateless exploration: executes the program from its initial state many times under different choosers, until
 * one execution reaches a racing state or the limits are used up. Order: one default run (if it meets no choice at
 * all, every run would be identical and the search stops), a few systematic schedules (round robin, run to
 * completion, child first) under several nondet policies, executions directed at each candidate race the caller gives
 * (threads held at its two sites), every single deviation (one preemption or one
 * non-default input) from the default run, earliest first, then seeded random walks and priority schedules.
 */
final class Search {
    private static final Schedulers.ValuePolicy[] POLICIES = {
        Schedulers.ValuePolicy.ZERO, Schedulers.ValuePolicy.ONE, Schedulers.ValuePolicy.LAST, Schedulers.ValuePolicy.RANDOM
    };
    private static final double[] SWITCH = {0.5, 0.1, 1.0, 0.25, 0.02};

    private static final boolean DEBUG = Boolean.getBoolean("weft.explore.debug");
    /**
     * Every execution may run at least this long (ms of the budget's clock: work or CPU time), at most a sixth of what
     * is left of the budget.
     */
    private static final long MIN_EXECUTION_MILLIS = 200;

    private final Program program;
    private final ExploreOptions options;
    /** The command lines main may start with ({@link CommandLines}): an input of every run. */
    private List<List<String>> commandLines;
    private ExecState initial;
    /** Work or CPU time of the searching thread (see {@link Explorer#findRace(Budget)}). */
    private Budget budget;
    /** Whether the search ended at its limits (executions, time) rather than having nothing left to try. */
    boolean limited;
    private int executions;
    /** Statistics of the last search. */
    String lastStop;
    int abandoned;

    Search(Program program, ExploreOptions options, Explorer.Starts starts) {
        this.program = program;
        this.options = options;
        this.starts = starts;
        this.commandLines = options.commandLines() ? CommandLines.of(program) : null;
    }

    int executions() {
        return executions;
    }

    /** How the executions of the search ended, by reason (thread names left out), in order of first occurrence. */
    final java.util.Map<String, Integer> stops = new java.util.LinkedHashMap<>();

    /** Executions of the search's fixed beginning: the default run and the systematic ones (their order and limits
     * depend on nothing but the program, the seed and the step limit). */
    static final int FIXED_RUNS = 1 + 4 * 4;

    /**
     * How the executions of the fixed beginning ended ({@link #FIXED_RUNS}), in order of first occurrence, without
     * the ones the budget cut: the same on every machine however busy (a report shows them).
     */
    final java.util.Set<String> fixedStops = new java.util.LinkedHashSet<>();

    /** A stop reason without the thread that met it ({@code "worker#1: abandoned: X"} and {@code "abandoned: X"} alike). */
    static String summaryKey(String reason) {
        String r = reason.replaceFirst("^abandoned: ", "");
        int colon = r.indexOf(": ");
        if (colon > 0 && r.substring(0, colon).matches("[\\w#.]+")) r = r.substring(colon + 2);
        return r.replaceFirst("^abandoned: ", "");
    }

    /** The search within {@code budget} (read on this thread; see {@link Explorer#findRace(Budget)}). */
    Optional<RaceWitness> run(Budget budget) {
        this.budget = budget;
        try {
            initial = ExecState.initial(program);
            initial.libcStateRaces = options.libcStateRaces();
            initial.valueHints = options.valueHints();
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
        if (executions >= options.maxExecutions() || budget.expired() || Thread.currentThread().isInterrupted()) {
            limited = true;
            return true;
        }
        return false;
    }

    private Execution last;
    /** The starts shared with the analysis's other searches; this search's tree, once its command lines are known. */
    private final Explorer.Starts starts;
    private Prefixes prefixes;
    private long visibleEstimate = 100;

    private RaceWitness runOne(Schedulers.Strategy chooser) {
        return runOne(chooser, options.maxSteps());
    }

    private RaceWitness runOne(Schedulers.Strategy chooser, long steps) {
        return runOne(chooser, steps, LibraryBehaviour.MAX_THREADS);
    }

    private RaceWitness runOne(Schedulers.Strategy chooser, long steps, int maxThreads) {
        // the start main runs alone is shared: an execution whose chooser answers alike resumes from a snapshot of it
        Prefixes.Recorder recorder = prefixes.start(chooser);
        ExecState s = recorder.begin(initial);
        s.maxThreads = maxThreads;
        // no single execution may use up the budget (a thread spinning forever under a slow schedule)
        Execution ex = new Execution(s, steps, budget.slice(Math.max(MIN_EXECUTION_MILLIS, budget.remainingMillis() / 6)),
                options.atomicSectionsRace());
        ex.prefixes = prefixes;
        ex.recorder = recorder;
        ex.commandLines = commandLines;
        last = ex;
        executions++;
        RaceWitness w;
        try {
            w = ex.run();
        } catch (StackOverflowError | RuntimeException e) {
            // an interpreter failure is never a witness
            ex.stopReason = "internal: " + e;
            if (DEBUG) e.printStackTrace();
            w = null;
        }
        lastStop = ex.stopReason;
        stops.merge(ex.stopReason == null ? "the step limit" : summaryKey(ex.stopReason), 1, Integer::sum);
        if (executions <= FIXED_RUNS && !ex.timedOut) fixedStops.add(ex.stopReason == null ? "the step limit" : summaryKey(ex.stopReason));
        visibleEstimate = Math.max(visibleEstimate, ex.visibleSteps);
        noteReached(ex);
        if (DEBUG && (executions == 1 || stops.get(ex.stopReason == null ? "the step limit" : summaryKey(ex.stopReason)) == 1)) {
            // the end of the first execution, and of the first to stop for each reason
            for (int i = Math.max(0, ex.schedule.size() - 60); i < ex.schedule.size(); i++) System.err.println("    " + ex.schedule.get(i).toStep());
        }
        if (DEBUG) System.err.println("execution " + executions + " " + chooser.getClass().getSimpleName() + ": " + ex.schedule.size() + " steps, " + ex.stopReason);
        if (w == null && ex.stopReason != null && !ex.stopReason.startsWith("all threads")) abandoned++;
        return w;
    }

    private RaceWitness search() {
        long seed = options.seed();
        if (commandLines != null && commandLines.size() > 1) {
            RaceWitness w = refineCommandLine(seed);
            if (w != null) return w;
        }
        prefixes = starts.of(options.libcStateRaces(), options.valueHints(), commandLines);
        Schedulers.Replay first = new Schedulers.Replay(new int[0], seed);
        RaceWitness w = runOne(first);
        if (w != null) return w;
        // deterministic: every execution is this one (unless its time ran out: a long start goes on in the next)
        if (first.trace.isEmpty() && last.maxEnabled <= 1 && !last.timedOut) return null;
        if (commandLines != null && commandLines.size() > 1 && first.trace.size() == 1 && last.maxEnabled <= 1) {
            // the command line was the only choice: one run per command line is every execution there is
            // line k is the answers 1 and k - 1 (Execution.pickCommandLine; with two lines the second answer is not asked)
            boolean more = false;
            int lines = commandLines.size();
            for (int k = 1; k < lines && !more; k++) {
                if (exhausted()) return null;
                int[] answers = lines == 2 ? new int[] {1} : new int[] {1, k - 1};
                Schedulers.Replay other = new Schedulers.Replay(answers, seed);
                w = runOne(other);
                if (w != null) return w;
                more = other.trace.size() > answers.length || last.maxEnabled > 1;
            }
            if (!more) return null;
        }
        for (Schedulers.ValuePolicy p : POLICIES) {
            Schedulers.Strategy[] systematic = {
                new Schedulers.RoundRobin(1, seed, p), new Schedulers.Sticky(seed, p),
                new Schedulers.ChildFirst(seed, p), new Schedulers.RoundRobin(4, seed, p)
            };
            for (Schedulers.Strategy c : systematic) {
                if (exhausted()) return null;
                w = runOne(c, Math.max(500, options.maxSteps() / 4), 8);
                if (w != null) return w;
            }
        }
        w = directed(seed);
        if (w != null) return w;
        w = singleDeviations(first, seed);
        if (w != null) return w;
        for (long i = 0; !exhausted(); i++) {
            Schedulers.ValuePolicy p = i % 4 == 3 ? POLICIES[(int) (i / 4) % 3] : Schedulers.ValuePolicy.RANDOM;
            long s = seed + 7919 * (i + 1);
            Schedulers.Strategy c = i % 2 == 0 ? new Schedulers.RandomWalk(SWITCH[(int) (i / 2 % SWITCH.length)], s, p)
                    : new Schedulers.Priority((int) (i / 2 % 4), visibleEstimate, s, p);
            // most races show early; spinning threads make long executions costly: two of three runs are short
            // programs creating threads in a loop: most runs use few threads
            w = runOne(c, i % 3 == 2 ? options.maxSteps() : Math.max(500, options.maxSteps() / 10), i % 4 == 3 ? LibraryBehaviour.MAX_THREADS : 6);
            if (w != null) return w;
        }
        return null;
    }

    /** Probe runs the feedback search for a command line makes at most ({@link #refineCommandLine}). */
    static final int MAX_PROBES = 500;

    /**
     * The feedback search for a command line ({@link CommandLines#extensions}): from the closed line, each round tries
     * every one-step extension of the best line so far in one default run (no preemption, first choices), keeps the
     * one that got furthest ({@link CommandLines.Progress}: the candidates' access lines executed first, the targets of
     * the directed search) if it got further than the best, and stops when none does;
     * at most {@link #MAX_PROBES} runs and a quarter of the budget. The line found becomes the first the search starts
     * main with (its default), the others follow. A probe that meets a race returns it: every probe is a real run.
     */
    private RaceWitness refineCommandLine(long seed) {
        Budget part = budget.slice(budget.remainingMillis() / 4);
        // the candidates' access lines (file and line: a statement's column does not matter)
        java.util.Set<List<Object>> sites = new java.util.HashSet<>();
        for (ExploreOptions.Target t : options.targets()) {
            sites.add(line(t.first()));
            sites.add(line(t.second()));
        }
        Best b = new Best();
        // the rounds extend the best start: no argument, or positional arguments only (a tool that insists on them)
        List<List<String>> starts = new java.util.ArrayList<>();
        starts.add(Execution.CLOSED_ARGV);
        starts.addAll(CommandLines.POSITIONAL);
        if (probeAll(starts, seed, part, sites, b)) return b.race;
        for (int round = 0; round < CommandLines.MAX_ROUNDS; round++) {
            List<String> before = b.line;
            if (probeAll(CommandLines.extensions(program, b.line), seed, part, sites, b)) return b.race;
            if (b.line == before) break;
        }
        List<String> best = b.line;
        CommandLines.Progress bestProgress = b.progress;
        int probes = b.probes;
        if (DEBUG) System.err.println("command line: " + String.join(" ", best) + " " + bestProgress + " after " + probes + " probes");
        if (!best.equals(Execution.CLOSED_ARGV)) {
            List<List<String>> lines = new java.util.ArrayList<>();
            lines.add(best);
            for (List<String> l : commandLines) if (!l.equals(best)) lines.add(l);
            commandLines = List.copyOf(lines);
        }
        return null;
    }

    /** The feedback search's best command line so far, its progress, the probes made and a race a probe met. */
    private static final class Best {
        List<String> line;
        CommandLines.Progress progress;
        int probes;
        RaceWitness race;
    }

    /**
     * Probes each of {@code lines} in turn (while the limits allow), keeping in {@code b} the first line that got
     * further than {@code b}'s (the first probe of a search always does); true when a probe met a race ({@code b.race}).
     */
    private boolean probeAll(List<List<String>> lines, long seed, Budget part, java.util.Set<List<Object>> sites, Best b) {
        CommandLines.Progress[] p = new CommandLines.Progress[1];
        for (List<String> line : lines) {
            if (b.line != null && b.probes >= MAX_PROBES) break;
            if (b.line != null && (exhausted() || part.expired())) {
                // cut short by the round's time or executions: a later round, with more, may find a line that gets
                // further, so the search is not over however its runs with this round's lines end (smtprc's "-i 2",
                // chosen in a first round that a slow start left 43 probes, ended every run and the search with them)
                limited = true;
                break;
            }
            b.probes++;
            b.race = probe(line, seed, part, sites, p);
            if (b.race != null) return true;
            if (b.line == null || p[0].compareTo(b.progress) > 0) {
                b.line = line;
                b.progress = p[0];
            }
        }
        return false;
    }

    private static List<Object> line(weft.ir.SourceLoc loc) {
        return List.of(loc.file(), loc.line());
    }

    /**
     * One default run of main with {@code argv}, its progress in {@code out[0]} (how many of {@code sites}, the
     * candidates' lines, it executed); a race it meets, or null.
     */
    private RaceWitness probe(List<String> argv, long seed, Budget part, java.util.Set<List<Object>> sites, CommandLines.Progress[] out) {
        ExecState s = initial.fork(new Schedulers.Replay(new int[0], seed));
        s.maxThreads = 8;
        Execution ex = new Execution(s, options.maxSteps(), part.slice(Math.max(MIN_EXECUTION_MILLIS, part.remainingMillis() / 6)),
                options.atomicSectionsRace());
        ex.fixedArgv = argv;
        ex.countStart = true;
        ex.covered = new java.util.HashSet<>();
        executions++;
        RaceWitness w;
        try {
            w = ex.run();
        } catch (StackOverflowError | RuntimeException e) {
            w = null;
        }
        java.util.Set<List<Object>> reached = new java.util.HashSet<>();
        for (weft.exec.Interpreter.Executed x : ex.schedule) {
            if (x.edge() != null && sites.contains(line(x.edge().loc()))) reached.add(line(x.edge().loc()));
        }
        noteReached(ex);
        out[0] = new CommandLines.Progress(reached.size(), ex.threads() < s.maxThreads, ex.threads(), ex.covered.size());
        if (DEBUG) System.err.println("probe " + String.join(" ", argv) + " " + out[0] + " " + ex.stopReason);
        return w;
    }

    /**
     * The statements' locations (the IR's own objects, so each is noted once) some execution of this search has
     * executed, until the directed runs have ordered their candidates by their lines ({@link #byEvidence}); null after
     * that (nothing reads it any more).
     */
    private java.util.Set<weft.ir.SourceLoc> reached = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());

    private void noteReached(Execution ex) {
        if (reached == null) return;
        weft.ir.SourceLoc previous = null;
        for (weft.exec.Interpreter.Executed x : ex.schedule) {
            if (x.edge() == null) continue;
            weft.ir.SourceLoc loc = x.edge().loc();
            if (loc == null || loc == previous) continue;
            previous = loc;
            reached.add(loc);
        }
    }

    /**
     * The candidates in the order the directed executions try them: those both of whose lines some execution so far
     * has reached first, then those with one, then the rest, each group in the caller's order. A candidate behind a
     * branch no run has taken (an error path after a call that does not fail here) would otherwise use the directed
     * runs of the candidates that can meet. Candidates at the same two lines are one (a directed run tells them
     * apart by line only). Only the order of real executions changes, never what counts as a race.
     */
    List<ExploreOptions.Target> byEvidence(List<ExploreOptions.Target> targets) {
        // a directed run holds threads at the candidate's lines (Schedulers.Directed): one run per pair of lines
        java.util.Set<java.util.Set<List<Object>>> seen = new java.util.HashSet<>();
        List<ExploreOptions.Target> out = new java.util.ArrayList<>();
        for (ExploreOptions.Target t : targets) {
            if (seen.add(new java.util.HashSet<>(List.of(line(t.first()), line(t.second()))))) out.add(t);
        }
        java.util.Set<List<Object>> lines = new java.util.HashSet<>();
        for (weft.ir.SourceLoc loc : reached) lines.add(line(loc));
        out.sort(java.util.Comparator.comparingInt(t -> (lines.contains(line(t.first())) ? 0 : 1) + (lines.contains(line(t.second())) ? 0 : 1)));
        return out;
    }

    /** Candidates the directed executions try at least (when there are as many), in the order given. */
    static final int MIN_TARGETS = 16;

    /**
     * How many candidates the directed executions try: {@link #MIN_TARGETS}, or more when the search may make more
     * executions (a quarter of them, three per candidate): later rounds of a longer budget reach further down the list.
     */
    int maxTargets() {
        return Math.max(MIN_TARGETS, options.maxExecutions() / 12);
    }

    /**
     * Executions directed at each candidate race of {@link ExploreOptions#targets} in turn (at most
     * {@link #maxTargets}, in the order of {@link #byEvidence}): threads are held at the candidate's two sites ({@link Schedulers.Directed}) while the others
     * run, round robin (a thread spinning on a flag must not keep the others from moving) or at random, so two threads
     * meet there.
     */
    private RaceWitness directed(long seed) {
        int k = 0;
        List<ExploreOptions.Target> ordered = byEvidence(options.targets());
        reached = null;
        for (ExploreOptions.Target target : ordered) {
            if (k++ >= maxTargets()) break;
            if (DEBUG) System.err.println("directed at " + target.first() + " / " + target.second());
            Schedulers.Base[] bases = {
                new Schedulers.RoundRobin(1, seed, Schedulers.ValuePolicy.ZERO), new Schedulers.RoundRobin(4, seed, Schedulers.ValuePolicy.ZERO),
                new Schedulers.RandomWalk(0.1, seed + 104729L * k, Schedulers.ValuePolicy.RANDOM)
            };
            for (Schedulers.Base b : bases) {
                if (exhausted()) return null;
                RaceWitness w = runOne(new Schedulers.Directed(target, b));
                if (w != null) return w;
            }
        }
        return null;
    }

    /**
     * Single deviations from the default execution, earliest first: for each choice point of the default run (a
     * thread switch where the running thread could continue, or a nondet input), each alternative, followed by
     * default choices. This covers all executions with one preemption or one non-default input; earliest first
     * because the budget rarely allows all of them.
     */
    private RaceWitness singleDeviations(Schedulers.Replay first, long seed) {
        Budget part = budget.slice(budget.remainingMillis() * 2 / 5);
        int maxExec = executions + Math.max(1, (options.maxExecutions() - executions) * 2 / 5);
        List<Schedulers.Replay.Point> trace = first.trace;
        for (int i = 0; i < trace.size(); i++) {
            Schedulers.Replay.Point p = trace.get(i);
            for (int alt = 0; alt < p.options().length; alt++) {
                if (alt == p.taken()) continue;
                if (exhausted() || part.expired() || executions >= maxExec) return null;
                int[] prefix = new int[i + 1];
                for (int k = 0; k < i; k++) prefix[k] = trace.get(k).taken();
                prefix[i] = alt;
                RaceWitness w = runOne(new Schedulers.Replay(prefix, seed), Math.max(500, options.maxSteps() / 10));
                if (w != null) return w;
            }
        }
        return null;
    }
}
