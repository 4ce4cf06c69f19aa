package weft.explore;

import weft.exec.state.Abandon;
import weft.exec.state.ByteAccess;
import weft.exec.ExecState;
import weft.exec.Interpreter;
import weft.exec.state.Block;
import weft.exec.ThreadState;
import weft.exec.state.Value;
import weft.ir.CType;
import weft.ir.Function;
import weft.ir.SourceLoc;
import weft.trace.RaceAccess;
import weft.trace.RaceWitness;
import weft.trace.Step;
import weft.trace.WitnessThread;

import java.util.ArrayList;
import java.util.List;

/**
 * One execution of the program under one {@link Chooser}: repeatedly plans the next step of every thread, checks
 * the state for a race, and runs the chosen thread's step.
 *
 * <p>The race check: in a state where no thread is inside an atomic section, two different threads whose next
 * steps are both enabled, and whose steps access overlapping bytes of one object, at least one writing, not both
 * atomically, form a race. Why a reported witness is a real execution: the schedule is a sequence of steps each
 * performed by the interpreter exactly as the C program performs it (anything it cannot perform exactly abandons
 * the execution before it could report), every step is taken by a thread that could take it (enabledness respects
 * locks, joins, barriers and atomic sections), and the two accesses are computed on the reached state by the same
 * code that would perform them. Executions that end (exit, return from main, failed assumption, error function),
 * block in an atomic section, deadlock or exceed the step limit report nothing after that point.
 */
final class Execution {
    private final ExecState st;
    private final Interpreter in;
    private final long maxSteps;
    private final weft.budget.Budget budget;
    /** Where the steps are counted when the budget is one of work ({@link weft.budget.WorkMeter}), else null. */
    private final weft.budget.WorkMeter meter;
    final List<Interpreter.Executed> schedule = new ArrayList<>();
    /** Why the execution stopped (for statistics), or null if it found a race or ran out of steps. */
    String stopReason;
    boolean timedOut;
    /** Steps taken at points where the running thread's step touched shared state. */
    long visibleSteps;
    /** The largest number of threads enabled at once. */
    int maxEnabled;

    private final boolean sectionsRace;

    Execution(ExecState st, long maxSteps, weft.budget.Budget budget, boolean sectionsRace) {
        this.sectionsRace = sectionsRace;
        this.st = st;
        this.in = new Interpreter(st);
        this.maxSteps = maxSteps;
        this.budget = budget;
        this.meter = budget.clock() instanceof weft.budget.WorkMeter m ? m : null;
    }

    RaceWitness run() {
        Function main = st.program.function("main");
        if (main == null) {
            stopReason = "no main function";
            return null;
        }
        int current = -1;
        long steps = 0;
        Prefixes.Node from = recorder == null ? null : recorder.node;
        try {
            if (from != null && from.state != null) {
                // resumed from a snapshot of the start: st is a copy of its state (Prefixes)
                schedule.addAll(from.schedule());
                startSteps = from.startSteps;
                current = from.current;
                visibleSteps = from.visibleSteps;
                maxEnabled = 1;
            } else {
                ThreadState mt = new ThreadState(0, "main");
                st.addThread(mt);
                List<String> argv = CLOSED_ARGV;
                if (fixedArgv != null) {
                    argv = fixedArgv;
                } else if (commandLines != null && commandLines.size() > 1) {
                    argv = commandLines.get(pickCommandLine(st, commandLines.size()));
                }
                if (!argv.equals(CLOSED_ARGV)) st.logNondet(weft.trace.RaceWitness.COMMAND_LINE, main.loc(), String.join(" ", argv));
                startMain(st, in, mt, main, argv);
            }
            long nextSnapshot = Math.max(Prefixes.FIRST, 2 * startSteps);
            for (long tick = 0; ; tick++) {
                boolean start = st.threads.size() == 1;
                // on the default line every value chosen was the default (a followed witness: always; a probe of the
                // feedback search, which shares nothing: never): there the start past its first FIRST steps is free
                boolean onDefaults = recorder == null ? !countStart : recorder.defaults();
                boolean free = start && onDefaults && startSteps >= Prefixes.FIRST;
                // objects past 16 MB only on the default line, whose runs share them through the snapshots: a run
                // that left it would allocate and fill its own (a sort of 10 million elements in every run)
                if (!onDefaults && !smallObjects) {
                    st.mem.limitObjects(weft.exec.state.Memory.EXPLORED_OBJECT);
                    smallObjects = true;
                }
                if ((tick & 7) == 0 && (Thread.currentThread().isInterrupted() || budget.expired())) {
                    // the next execution with the same answers goes on from here
                    if (start && recorder != null && recorder.recording() && startSteps > recorder.node.startSteps) snapshot(current);
                    timedOut = true;
                    stopReason = "time";
                    return null;
                }
                if (start) {
                    if (recorder != null && recorder.recording() && startSteps >= nextSnapshot) {
                        snapshot(current);
                        nextSnapshot = 2 * startSteps;
                    }
                } else if (recorder != null && recorder.recording()) {
                    // the start ends here: its last snapshot spares the next executions all of it
                    if (startSteps >= Prefixes.FIRST && startSteps > recorder.node.startSteps) snapshot(current);
                    recorder.stop();
                }
                if (free) {
                    long limit = Math.min(START_STEPS, START_FACTOR * maxSteps);
                    if (startSteps >= limit) {
                        stopReason = "step limit of the start (" + limit + " steps before the first thread)";
                        return null;
                    }
                } else if (steps >= maxSteps) {
                    break;
                }
                int n = st.threads.size();
                if (meter != null) meter.step(n);
                Interpreter.Plan[] plans = new Interpreter.Plan[n];
                List<Integer> enabled = new ArrayList<>(n);
                ThreadState owner = null;
                for (ThreadState t : st.threads) if (!t.finished && t.inAtomic()) owner = t;
                if (owner != null) {
                    checked = null;
                    plans[owner.index] = in.plan(owner);
                    if (!plans[owner.index].enabled()) {
                        stopReason = "atomic section blocks: " + plans[owner.index].abandoned();
                        return null;
                    }
                    enabled.add(owner.index);
                } else {
                    for (int i = 0; i < n; i++) {
                        ThreadState t = st.threads.get(i);
                        if (t.finished) continue;
                        plans[t.index] = in.plan(t);
                        if (plans[t.index].enabled()) enabled.add(t.index);
                    }
                    if (enabled.size() >= 2) {
                        RaceWitness w = raceAmong(enabled, plans);
                        if (w != null) {
                            if (st.chooser.stopAtRace(w)) return w;
                            checked = null; // going on: compare every pair again in the next state
                        }
                    } else {
                        checked = null;
                    }
                }
                maxEnabled = Math.max(maxEnabled, enabled.size());
                if (enabled.isEmpty()) {
                    stopReason = allFinished() ? "all threads finished" : firstAbandon(plans);
                    return null;
                }
                boolean currentVisible = current >= 0 && plans[current] != null && plans[current].visible();
                if (currentVisible) visibleSteps++;
                // a step that ends the program ends the search for races too: take it only when nothing else can move
                List<Integer> choosable = enabled;
                if (enabled.size() > 1) {
                    choosable = new ArrayList<>(enabled.size());
                    for (int t : enabled) if (!plans[t].terminates()) choosable.add(t);
                    if (choosable.isEmpty()) choosable = enabled;
                }
                int next = st.chooser.pickThread(choosable, current, currentVisible, t -> plans[t].accesses());
                ThreadState nt = st.threads.get(next);
                if (covered != null && !nt.finished) covered.add(((long) System.identityHashCode(nt.top().fn) << 32) | (nt.top().node & 0xffffffffL));
                schedule.addAll(in.execute(nt));
                current = next;
                // the first FIRST steps of a start count as every step did before starts were shared: a short start
                // (every SV-COMP program's) leaves a run exactly as long as it was
                if (!free) steps++;
                if (start) startSteps++;
            }
            stopReason = "step limit";
            if (Boolean.getBoolean("weft.explore.debug")) {
                for (int i = 0; i < st.threads.size(); i++) {
                    ThreadState t = st.threads.get(i);
                    Interpreter.Plan p = t.finished ? null : in.plan(t);
                    System.err.println("  " + t.name + (t.finished ? " finished" : " at " + t.top().fn.name() + ":" + t.top().node
                            + " enabled=" + p.enabled() + " " + p.abandoned() + " " + p.accesses()));
                }
            }
        } catch (Abandon a) {
            stopReason = a.kind + ": " + a.getMessage();
        }
        return null;
    }

    /**
     * Steps main may take before it creates its first thread, beyond {@link #maxSteps} (which counts the steps after),
     * past its first {@link Prefixes#FIRST}, which count as the others do (so a short start changes nothing),
     * while every candidate value the run chose was the default (the start as the search's first run makes it,
     * {@link Prefixes.Node#defaults}): no race can happen in a program's start, a real program's start can be long (a
     * server fills a pool of 131,072 blocks before its first thread), and the search shares it between executions
     * ({@link Prefixes}). A run that leaves the default line in its start counts the steps it runs there against
     * {@link #maxSteps}, as every step was counted before starts were shared, so a search whose choices leave it early
     * (another command line, random values in an initialisation loop) costs what it did. Outside a search (a followed
     * witness) the start is always free.
     */
    static final long START_STEPS = 1L << 21;
    /**
     * A run's free start is at most this many times its step limit (and {@link #START_STEPS}): the search's rounds
     * raise the step limit, and with it how far the default line may run before the first thread, so a long start
     * that leads nowhere (a sort's default million elements, where another command line races) costs the early,
     * short rounds little; sol's 800,000 steps need a step limit of 50,000 (the third round on).
     */
    static final long START_FACTOR = 16;

    /** The search's shared starts, and this execution's chooser recording its start (null: not shared). */
    Prefixes prefixes;
    Prefixes.Recorder recorder;
    /** Steps taken before the first thread was created (resumed ones included). */
    long startSteps;
    /** Whether this run's objects are limited to {@link weft.exec.state.Memory#EXPLORED_OBJECT} (it left the default line). */
    private boolean smallObjects;

    /** Whether the start's steps count against {@link #maxSteps} as the others do (the feedback search's probes). */
    boolean countStart;

    /** Keeps a snapshot of the start here, between two steps (when the search has room for one). */
    private void snapshot(int current) {
        Prefixes.Node parent = recorder.node;
        int from = 0;
        for (Prefixes.Node x = parent; x != null; x = x.parent) from += x.steps.size();
        if (!prefixes.room(schedule.size() - from)) return;
        recorder.node = prefixes.add(parent, recorder.takeLog(), schedule.subList(from, schedule.size()), st.copy(), startSteps, current, visibleSteps);
    }

    private boolean allFinished() {
        for (ThreadState t : st.threads) if (!t.finished) return false;
        return true;
    }

    private static String firstAbandon(Interpreter.Plan[] plans) {
        for (Interpreter.Plan p : plans) if (p != null && p.abandoned() != null) return "abandoned: " + p.abandoned();
        return "deadlock";
    }

    /** The command line every run had before main's arguments became inputs: {@code argc} 1, {@code argv[0]} "prog". */
    static final List<String> CLOSED_ARGV = List.of("prog");

    /** The command lines the search may start main with ({@link CommandLines}), or null: the closed one only. */
    List<List<String>> commandLines;
    /** The command line main starts with, no choice (a probe of the feedback search for one, {@code Search}), or null. */
    List<String> fixedArgv;

    /**
     * Which of {@code n > 1} command lines main starts with, as two value choices: the first (the feedback search's
     * best, {@link CommandLines}) or another, then which other. A chooser answering at random starts half of its runs
     * with the first line rather than one in {@code n}; a systematic one reaches line {@code k} by answering 1 and
     * {@code k - 1} ({@link Search}). Any answer is a real command line: only which runs are tried changes.
     */
    static int pickCommandLine(ExecState st, int n) {
        return st.pickValue(2) == 0 ? 0 : 1 + st.pickValue(n - 1);
    }
    /** When not null, the program points (function, node) the run executed: how far it got. */
    java.util.Set<Long> covered;

    /** How many threads the run had (main included). */
    int threads() {
        return st.threads.size();
    }

    /** Starts {@code main} as thread 0 with {@code argc = 1} and a one-element {@code argv}. */
    static void startMain(ExecState st, Interpreter in, ThreadState mt, Function main) {
        startMain(st, in, mt, main, CLOSED_ARGV);
    }

    /**
     * Starts {@code main} as thread 0 with the command line {@code words} ({@code argv[0]} first): each word in an
     * object of its own (modifiable, as C11 5.1.2.2.1p2 allows), {@code argv[argc]} a null pointer, an empty {@code envp}.
     */
    static void startMain(ExecState st, Interpreter in, ThreadState mt, Function main, List<String> words) {
        List<Value> args = new ArrayList<>();
        List<CType> types = new ArrayList<>();
        if (!main.params().isEmpty()) {
            int ps = st.dm.pointerSize;
            CType charPtr = new CType.Pointer(new CType.Int("char", 1, 1, true), ps);
            Block argv = st.mem.create("argv", Block.Kind.SPECIAL, (words.size() + 1L) * ps, -1, SourceLoc.NONE);
            for (int i = 0; i < words.size(); i++) {
                byte[] b = words.get(i).getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
                Block w = st.mem.create("argv[" + i + "]", Block.Kind.SPECIAL, b.length + 1L, -1, SourceLoc.NONE);
                System.arraycopy(b, 0, w.writableBytes(), 0, b.length);
                st.mem.write(argv.id, (long) i * ps, charPtr, new Value.Ptr(w.id, 0));
            }
            Block envp = st.mem.create("envp", Block.Kind.SPECIAL, ps, -1, SourceLoc.NONE);
            for (int i = 0; i < main.params().size(); i++) {
                args.add(i == 0 ? Value.of(words.size()) : i == 1 ? new Value.Ptr(argv.id, 0) : new Value.Ptr(envp.id, 0));
                types.add(null);
            }
        }
        in.pushFrame(mt, main, args, types, null);
    }

    /** The plans of the last race check, by thread; pairs of unchanged plans need no new check. */
    private Interpreter.Plan[] checked;

    /**
     * The first conflicting pair of pending accesses of two different enabled threads, as a witness. An access
     * recorded for proofs only ({@link ByteAccess#asProofOnly}: bytes glibc may touch but need not) never makes one,
     * as in the exhaustive search ({@link StateSpace}); the search goes on past it. Plans are
     * immutable and reused while valid, so only pairs involving a plan that is new since the last check are
     * compared (all pairs of unchanged plans were compared then).
     */
    private RaceWitness raceAmong(List<Integer> enabled, Interpreter.Plan[] plans) {
        Interpreter.Plan[] last = checked;
        checked = plans;
        for (int x = 0; x < enabled.size(); x++) {
            int c = enabled.get(x);
            boolean cNew = last == null || c >= last.length || last[c] != plans[c];
            if (!cNew || plans[c].accesses().isEmpty()) continue;
            for (int y = 0; y < enabled.size(); y++) {
                int u = enabled.get(y);
                if (u == c) continue;
                boolean uNew = last == null || u >= last.length || last[u] != plans[u];
                if (uNew && y < x) continue; // checked from u's side
                for (ByteAccess a : plans[c].accesses()) {
                    for (ByteAccess b : plans[u].accesses()) {
                        if (a.proofOnly() || b.proofOnly() || !a.conflicts(b, sectionsRace)) continue;
                        return c < u ? witness(c, a, u, b) : witness(u, b, c, a);
                    }
                }
            }
        }
        return null;
    }

    private RaceWitness witness(int ta, ByteAccess a, int tb, ByteAccess b) {
        return witness(ta, a, tb, b, schedule.size());
    }

    private RaceWitness witness(int ta, ByteAccess a, int tb, ByteAccess b, int scheduleLength) {
        List<Step> steps = new ArrayList<>(scheduleLength);
        for (Interpreter.Executed x : schedule.subList(0, scheduleLength)) steps.add(x.toStep());
        return witness(st, steps, ta, a, tb, b);
    }

    /** The witness of a racing state {@code s} reached by {@code steps}: threads {@code ta} and {@code tb} about to make accesses {@code a} and {@code b}. */
    static RaceWitness witness(ExecState s, List<Step> steps, int ta, ByteAccess a, int tb, ByteAccess b) {
        List<WitnessThread> threads = new ArrayList<>(s.threads.size());
        for (ThreadState t : s.threads) threads.add(new WitnessThread(t.index, t.name, t.createdAt));
        return new RaceWitness(side(s, ta, a), side(s, tb, b), steps, s.nondetLog, threads);
    }

    private static RaceAccess side(ExecState s, int thread, ByteAccess a) {
        ThreadState t = s.threads.get(thread);
        Block o = s.mem.get(a.obj());
        return new RaceAccess(thread, t.name, a.loc(), a.what(), a.write(), a.off(), a.size(), o.describe());
    }
}
