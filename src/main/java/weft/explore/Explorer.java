package weft.explore;

import weft.budget.Budget;
import weft.exec.state.Abandon;
import weft.exec.state.Chooser;
import weft.exec.ExecState;
import weft.exec.Interpreter;
import weft.exec.ThreadState;
import weft.ir.Program;
import weft.trace.RaceWitness;
import weft.trace.Step;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Explicit-state interleaving explorer: executes the IR concretely under many thread schedules and nondet choices
 * and looks for a data race witness in SV-COMP's sense: a reachable state in which two threads are each about to
 * perform a memory access, the accesses overlap in at least one byte, at least one writes, and not both are atomic
 * (atomic builtins, {@code _Atomic} lvalues, atomic sections).
 *
 * <p>The result is meant to justify a "false" (race) verdict, so it is sound in the must sense: a reported witness
 * is a real execution of the C program. The interpreter executes only what it can execute exactly and abandons an
 * execution (never reporting from it) on everything else: calls to unknown functions, inline assembly, floating-point
 * arithmetic, undefined behaviour (out-of-bounds or null accesses, signed overflow, division by zero, invalid frees,
 * use of dead objects), type punning of stored pointers, content the IR does not give (long string literals, char
 * arrays initialised by strings, bit-field initialisers, libc objects), unmodelled library behaviour (cancellation,
 * timed waits that would time out, relocking, unlocking a lock not held), failed assumptions, program end, and
 * atomic sections that block. An empty result proves nothing.
 */
public final class Explorer {
    private final Program program;
    private final ExploreOptions options;
    private final Starts starts;
    private Search last;

    public Explorer(Program program, ExploreOptions options) {
        this(program, options, new Starts());
    }

    /** An explorer whose searches share the program's start with the other searches given {@code starts}. */
    public Explorer(Program program, ExploreOptions options, Starts starts) {
        this.program = program;
        this.options = options;
        this.starts = starts;
    }

    /**
     * The snapshots of a program's single-threaded start ({@code Prefixes}) that the witness searches of one analysis
     * share (its rounds search again with more steps and executions): one tree per initial state and meaning of the
     * first choices — the library state races setting, the value hints and the command lines main may start with
     * (a choice's answer is an index into the candidates, so these must be equal for the answers to mean the same).
     * Not thread-safe: one analysis's searches run one after the other.
     */
    public static final class Starts {
        private final java.util.Map<List<Object>, Prefixes> trees = new java.util.HashMap<>();

        Prefixes of(boolean libcStateRaces, java.util.Map<String, List<Long>> valueHints, List<List<String>> commandLines) {
            List<Object> key = java.util.Arrays.asList(libcStateRaces, valueHints, commandLines);
            return trees.computeIfAbsent(key, k -> new Prefixes());
        }
    }

    /** Searches for a race witness; empty when none was found within the limits (that proves nothing). Honours Thread.interrupted(). */
    public Optional<RaceWitness> findRace() {
        return findRace(Budget.cpuMillis(options.timeBudgetMillis()));
    }

    /**
     * {@link #findRace()} within {@code budget} instead of {@link ExploreOptions#timeBudgetMillis}: a budget of
     * deterministic work ({@link weft.budget.WorkMeter}, capped by CPU time) makes the search try the same executions on
     * every run; its executions count their steps on its meter.
     */
    public Optional<RaceWitness> findRace(Budget budget) {
        Search s = new Search(program, options, starts);
        last = s;
        return s.run(budget);
    }

    /** Number of executions the last {@link #findRace()} ran (for diagnostics). */
    public int executions() {
        return last == null ? 0 : last.executions();
    }

    /**
     * Whether the last {@link #findRace()} ended at its limits (executions or time), so that a search with higher
     * limits could try executions this one did not; false when it had nothing more to try (a program with no choice
     * at all has one execution) or could not start.
     */
    public boolean limited() {
        return last != null && last.limited;
    }

    /**
     * How the last {@link #findRace()}'s first executions ended, for the user: "runs ended by: R1, R2, R3" — the first
     * three distinct reasons among the search's fixed beginning (the default run and the systematic ones), leaving out
     * runs its budget cut, so that the text is the same however fast or busy the machine (the search is deterministic;
     * only where its budget cuts it off depends on the machine); null when none of those ran to an end.
     */
    public String searchSummary() {
        if (last == null || last.fixedStops.isEmpty()) return null;
        java.util.List<String> reasons = new java.util.ArrayList<>();
        for (String r : last.fixedStops) {
            String k = r.equals("the step limit") ? "a length limit" : r;
            if (!reasons.contains(k)) reasons.add(k);
        }
        String shown = String.join(", ", reasons.subList(0, Math.min(3, reasons.size())));
        return "runs ended by: " + shown + (reasons.size() > 3 ? " and other reasons" : "");
    }

    /** Why the last execution of the last search stopped (for diagnostics), or null. */
    public String lastStopReason() {
        return last == null ? null : last.lastStop;
    }

    /**
     * What a followed execution must do: which thread runs next, given the statements executed since the last
     * decision and how many threads exist, and the values of nondeterministic inputs. Any answer yields a real
     * execution (only enabled threads can be picked; a value is converted to the input's type).
     */
    public interface Guide {
        /**
         * One of {@code enabled} (non-empty, sorted); {@code current} ran last (-1 at the start); {@code next}: where each
         * enabled thread's next statement is (when known).
         */
        int pickThread(List<Integer> enabled, int current, List<Step> executedSince, int threads, java.util.Map<Integer, weft.ir.SourceLoc> next);

        /** The value of the {@code occurrence}-th nondeterministic integer input at {@code loc}, or null (then 0). */
        Long value(weft.ir.SourceLoc loc, int occurrence);

        /** Whether the execution ends at the racing state {@code race}, given the statements executed since the last pick. */
        default boolean stopAt(RaceWitness race, List<Step> executedSince, int threads) {
            return true;
        }
    }

    /**
     * The end of one execution under a {@link Guide}: the racing state it ended in (the first one the guide stopped at)
     * or why it stopped ({@code stopReason}); {@code executed}: every statement executed.
     */
    public record Followed(Optional<RaceWitness> race, String stopReason, List<Step> executed) {}

    /** Runs one execution whose choices {@code guide} makes, for at most {@code maxSteps} steps and {@code millis} of CPU. */
    public Followed follow(Guide guide, long maxSteps, long millis) {
        ExecState init;
        try {
            init = ExecState.initial(program);
            init.libcStateRaces = options.libcStateRaces();
        } catch (Abandon a) {
            return new Followed(Optional.empty(), "initialisation: " + a.getMessage(), List.of());
        }
        Guided chooser = new Guided(guide);
        ExecState s = init.fork(chooser);
        Execution ex = new Execution(s, maxSteps, Budget.cpuMillis(millis), options.atomicSectionsRace());
        chooser.execution = ex;
        chooser.state = s;
        RaceWitness w;
        try {
            w = ex.run();
        } catch (StackOverflowError | RuntimeException e) {
            ex.stopReason = "internal: " + e;
            w = null;
        }
        List<Step> executed = new ArrayList<>(ex.schedule.size());
        for (Interpreter.Executed x : ex.schedule) executed.add(x.toStep());
        return new Followed(Optional.ofNullable(w), w != null ? null : ex.stopReason, executed);
    }

    /** Adapts a {@link Guide} to the execution's {@link Chooser}: hands it the statements executed since its last pick. */
    private static final class Guided implements Chooser {
        private final Guide guide;
        Execution execution;
        ExecState state;
        private int seen;

        Guided(Guide guide) {
            this.guide = guide;
        }

        private List<Step> since() {
            List<Step> since = new ArrayList<>();
            List<Interpreter.Executed> all = execution.schedule;
            for (; seen < all.size(); seen++) since.add(all.get(seen).toStep());
            return since;
        }

        @Override
        public int pickThread(List<Integer> enabled, int current, boolean currentVisible) {
            java.util.Map<Integer, weft.ir.SourceLoc> next = new java.util.HashMap<>();
            for (int e : enabled) {
                ThreadState ts = state.threads.get(e);
                if (ts.finished || ts.stack.isEmpty()) continue;
                List<weft.ir.Edge> out = ts.top().fn.cfg().out(ts.top().node);
                if (!out.isEmpty()) next.put(e, out.get(0).loc());
            }
            int t = guide.pickThread(enabled, current, since(), state.threads.size(), next);
            return enabled.contains(t) ? t : enabled.get(0);
        }

        @Override
        public boolean stopAtRace(RaceWitness race) {
            return guide.stopAt(race, since(), state.threads.size());
        }

        @Override
        public int pickValue(int n) {
            return 0;
        }

        @Override
        public long randomBits() {
            return 0;
        }

        @Override
        public Long forcedValue(weft.ir.SourceLoc loc, int occurrence) {
            Long v = guide.value(loc, occurrence);
            return v != null ? v : 0L;
        }
    }
}
