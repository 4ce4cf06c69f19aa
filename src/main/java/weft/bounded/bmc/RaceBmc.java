package weft.bounded.bmc;

import com.microsoft.z3.BitVecNum;
import com.microsoft.z3.BitVecSort;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.Model;
import com.microsoft.z3.Params;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import weft.bounded.seq.AccessFilter;
import weft.bounded.seq.SeqOptions;
import weft.bounded.seq.Sequentialiser;
import weft.bounded.seq.SwitchPoint;
import weft.budget.Budget;
import weft.frontend.Frontend;
import weft.frontend.FrontendException;
import weft.frontend.FrontendOptions;
import weft.ir.Program;
import weft.ir.SourceLoc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The symbolic bounded layer on the multi-threaded program (issue 14): lazy sequentialisation with race
 * instrumentation of the accesses {@code filter} keeps ({@link Sequentialiser}), the sequential C program parsed back
 * by Weft's own front end, and bounded model checking of it with Z3 ({@link SeqEncoder}): is {@code reach_error()}
 * reachable?
 *
 * <p>{@link Kind#RACE}: a model, read into a {@link Schedule} that steers the explorer; Weft answers {@code false}
 * only with the explorer's execution. {@link Kind#RACE_FREE}: no instrumented pair of accesses can race in any
 * execution. Its argument: (1) the encoding over-approximates the sequential program and its {@code cut} formula
 * catches every run leaving the bounds ({@link SeqEncoder}); both unsatisfiable, no run of the sequential program
 * reaches {@code reach_error()} and none is cut off, so the thread, unwinding and recursion bounds lose no execution of
 * the input program (every loop iteration, inlining and thread creation an execution can make is within them), and
 * the sequentialiser's notes list nothing that changes the program's behaviour (only over-approximations such as
 * barriers that do not synchronise are allowed). (2) Rounds: a context-switch point stands before every visible
 * statement, and each thread instance passes each of its points at most once (its body is loop-free and all its
 * jumps go forward), so an execution prefix ending in a racing state is, after commuting invisible statements to
 * their thread's previous visible one, a sequence of at most {@code P} blocks, each one thread running from one point
 * to its next ({@code P} the points of all instances together), followed by the arming of the first racing access and
 * the check of the second. Round {@code i} of the round-robin scheduler can run block {@code i} alone (every other
 * thread stops at once: the switch point may equal the thread's current point), so {@code P + 1} rounds reach every
 * racing state; only then is a proof claimed ({@link #roundsForProof}). (3) The instrumentation
 * ({@code weft.bounded.seq.Instrumentation}) reaches {@code reach_error()} in some run for every racing state of
 * instrumented accesses within the bounds. (4) The memory layout assumption of {@link SymMemory}. Anything else — a
 * solver {@code unknown} (its deterministic resource limit {@code rlimit} reached), a satisfiable cut-off, too few
 * rounds, a front-end error on the sequential text — is {@link Kind#OPEN} with the bounds used, never a proof.
 */
public final class RaceBmc {
    public enum Kind { RACE, RACE_FREE, OPEN }

    /**
     * @param kind     the answer
     * @param detail   the bounds used and why the answer is open or what the proof covers
     * @param schedule for {@link Kind#RACE}: the racing run read from the model
     * @param limited  whether the layer stopped at its budget (time, or the solver's resource limit derived from
     *                 it), so that more time may change the outcome; the other outcomes follow from the bounds alone
     */
    public record Outcome(Kind kind, String detail, Schedule schedule, boolean limited) {
        public Outcome(Kind kind, String detail, Schedule schedule) {
            this(kind, detail, schedule, false);
        }
    }

    /**
     * The layer's options, passed in.
     *
     * @param seq             unwinding, thread and recursion bounds, and the rounds used when a proof is out of reach
     * @param maxProofRounds  the most rounds the layer encodes to make a proof possible ({@link #roundsForProof})
     * @param rlimitPerMilli  Z3 resource units per millisecond of the budget (deterministic: the same formula gets the
     *                        same answer however busy the machine is)
     * @param maxText         the longest sequential program (characters) the layer parses and encodes
     * @param maxSteps        the most statement copies the encoding makes (deterministic bounds on the effort, so that
     *                        a large program does not take the time of the other layers)
     * @param maxRlimit       the most Z3 resource units one solver call gets, whatever the budget
     */
    public record Options(SeqOptions seq, int maxProofRounds, long rlimitPerMilli, int maxText, long maxSteps, long maxRlimit) {
        public Options(SeqOptions seq, int maxProofRounds, long rlimitPerMilli) {
            this(seq, maxProofRounds, rlimitPerMilli, 1 << 19, 40_000, 50_000_000);
        }

        public static Options defaults() {
            return new Options(new SeqOptions(3, 3, 4, 2), 16, SolverWork.RLIMIT_PER_MILLI);
        }

        /**
         * These options with the bounds given (null: unchanged). Rounds given are also the most a proof may use: the
         * layer takes fewer when fewer reach every racing state, and searches with these otherwise.
         */
        /** These options without proof rounds: the layer only searches, with {@link #seq}'s bounds. */
        public Options searchOnly() {
            return new Options(seq, 0, rlimitPerMilli, maxText, maxSteps, maxRlimit);
        }

        public Options withBounds(Integer rounds, Integer unwind, Integer threads, Integer recursion) {
            SeqOptions b = new SeqOptions(rounds != null ? rounds : seq.rounds(), unwind != null ? unwind : seq.unwind(),
                    threads != null ? threads : seq.threads(), recursion != null ? recursion : seq.recursion());
            return new Options(b, rounds != null ? rounds : maxProofRounds, rlimitPerMilli, maxText, maxSteps, maxRlimit);
        }
    }

    /** The notes of the sequentialiser that only add behaviours (a proof may still be claimed). */
    static final Set<String> OVER_APPROXIMATING_NOTES = Set.of("barriers do not synchronise (over-approximation: more interleavings)");

    /** The layer does not encode, nor solve, with less than this left of its budget (ms). */
    static final long MIN_SOLVER_MILLIS = 300;
    /**
     * When the rounds cannot reach a proof, the layer only searches for a race, and leaves the explicit layers up to
     * {@link #SEARCH_LEAVES_MILLIS} of its slice, keeping at least this fraction of it: such programs have many
     * context-switch points, and with the 10 s default their encoding did not end within the layer's 2 s, which the
     * explicit layers then lacked (two dev tasks they had settled became unknown); with a longer budget the search
     * keeps most of its slice (a race behind a loop of detached threads, {@code thread-join-counter-inner-race-2},
     * needs about 15 s of it).
     */
    static final int SEARCH_SHARE = 4;
    /** See {@link #SEARCH_SHARE} (ms). */
    static final long SEARCH_LEAVES_MILLIS = 3_000;
    /** A smaller bound tried first ({@link #searchSteps}) takes at most this fraction of what is left of the search's budget. */
    static final int SEARCH_STEP_SHARE = 3;

    private RaceBmc() {
    }

    /** The rounds that reach every racing state of a sequentialisation with {@code points} points in all. */
    public static int roundsForProof(int points) {
        return points + 1;
    }

    /**
     * Checks {@code program} (with {@code main}) for races among the accesses {@code filter} keeps, within {@code budget}.
     * When the rounds a proof needs are within {@link Options#maxProofRounds}, one check with them; otherwise the layer
     * only searches, and its bounds rise step by step ({@link #searchSteps}): a race within smaller bounds is found
     * with a smaller formula, and the full bounds get what the smaller ones left.
     */
    public static Outcome check(Program program, AccessFilter filter, Options options, Budget budget) {
        SeqOptions so = options.seq();
        Sequentialiser.Result r;
        try {
            r = Sequentialiser.sequentialise(program, so, filter, "bounded program", options.maxText());
            int needed = roundsForProof(r.totalPoints());
            if (needed <= options.maxProofRounds() && needed != so.rounds()) {
                so = new SeqOptions(needed, so.unwind(), so.threads(), so.recursion());
                r = Sequentialiser.sequentialise(program, so, filter, "bounded program", options.maxText());
            }
        } catch (IllegalArgumentException e) {
            return open(so, "not sequentialised: " + e.getMessage());
        }
        if (so.rounds() >= roundsForProof(r.totalPoints())) return check(program, filter, options, so, r, budget);
        // a search only (no proof possible) of a program this large rarely ends in a model within a short slice
        long slice = budget.remainingMillis();
        budget = budget.slice(Math.max(MIN_SOLVER_MILLIS, Math.max(slice / SEARCH_SHARE, slice - SEARCH_LEAVES_MILLIS)));
        List<String> tried = new ArrayList<>();
        for (SeqOptions step : searchSteps(so)) {
            Budget share = budget.slice(Math.max(MIN_SOLVER_MILLIS, budget.remainingMillis() / SEARCH_STEP_SHARE));
            if (share.remainingMillis() < MIN_SOLVER_MILLIS * 2) continue; // too short to be worth a formula
            Outcome o;
            try {
                o = check(program, filter, options, step, Sequentialiser.sequentialise(program, step, filter, "bounded program", options.maxText()), share);
            } catch (IllegalArgumentException e) {
                continue;
            }
            if (o.kind() == Kind.RACE) return o;
            if (!o.limited()) tried.add(o.detail()); // an outcome at the budget depends on the machine's speed
        }
        Outcome last = check(program, filter, options, so, r, budget);
        if (last.kind() == Kind.RACE || tried.isEmpty()) return last;
        return new Outcome(last.kind(), last.detail() + "; before, smaller bounds: " + String.join("; ", tried), last.schedule(), last.limited());
    }

    /**
     * The smaller bounds a search tries before {@code full}, smallest first: two thread instances and two loop
     * unwindings, with {@code full}'s rounds and recursion (none when {@code full} is not larger).
     */
    static List<SeqOptions> searchSteps(SeqOptions full) {
        SeqOptions small = new SeqOptions(full.rounds(), Math.min(full.unwind(), 2), Math.min(full.threads(), 2), full.recursion());
        return small.equals(full) ? List.of() : List.of(small);
    }

    /** One check of the sequentialisation {@code r} of {@code program} with bounds {@code so}. */
    private static Outcome check(Program program, AccessFilter filter, Options options, SeqOptions so, Sequentialiser.Result r, Budget budget) {
        boolean proofRounds = so.rounds() >= roundsForProof(r.totalPoints());
        if (r.text().length() > options.maxText()) return open(so, "the sequential program has more than " + options.maxText() + " characters");
        Program seq;
        try {
            seq = parse(r.text(), program);
        } catch (FrontendException e) {
            return open(so, "the sequential program did not parse: " + e.getMessage());
        } catch (IOException e) {
            return open(so, "cannot write the sequential program: " + e.getMessage());
        }
        // its parse is work too (a budget of work counts it by the program's length)
        if (budget.clock() instanceof weft.budget.WorkMeter m) m.sequentialProgram(r.text().length());
        if (budget.expired() || Thread.currentThread().isInterrupted()) return limited(so, "no time left");
        if (budget.remainingMillis() < MIN_SOLVER_MILLIS) return limited(so, "less than " + MIN_SOLVER_MILLIS + " ms left");
        // the formula is built in one context and solved in another, into which it is translated whole: while it is
        // built, the Java collector frees terms at moments that vary from run to run, Z3 reuses their ids, and its
        // heuristics follow the ids, so the model (the racing run handed to the explorer) changed from run to run; the
        // translation creates the solver's terms in an order fixed by the formula alone
        try (Context build = new Context(); Context ctx = new Context()) {
            SeqEncoder.Encoding e = Observed.name(build, new SeqEncoder(build, seq, so.rounds() + 1, options.maxSteps(), budget).encode());
            if (budget.remainingMillis() < MIN_SOLVER_MILLIS) return limited(so, "less than " + MIN_SOLVER_MILLIS + " ms left after encoding");
            long rlimit = Math.min(Math.min(Integer.MAX_VALUE, options.maxRlimit()), budget.remainingMillis() * options.rlimitPerMilli());
            Params p = ctx.mkParams();
            p.add("rlimit", (int) rlimit);
            // no Z3 timeout: with one, Z3's combined solver chooses between its solvers by elapsed time, and the model
            // (the racing run handed to the explorer) changed from run to run; SolverWatch is the time backstop
            Solver s = SolverWork.translated(ctx, p, e.error());
            Status st = check(s, ctx, budget);
            long used = SolverWork.count(s);
            SolverWork.charge(budget, used, options.rlimitPerMilli());
            if (st == Status.SATISFIABLE) return new Outcome(Kind.RACE, bounds(so, r), schedule(s.getModel(), ctx, e, r, seq));
            if (st == Status.UNKNOWN) return limited(so, "solver: " + s.getReasonUnknown());
            if (!proofRounds) return open(so, "no race within " + so.rounds() + " rounds; a proof needs " + roundsForProof(r.totalPoints()));
            List<String> notes = r.notes().stream().filter(n -> !OVER_APPROXIMATING_NOTES.contains(n)).toList();
            if (!notes.isEmpty()) return open(so, "no race within the bounds, but " + String.join("; ", notes));
            Solver c = SolverWork.translated(ctx, p, e.cut());
            Status cs = check(c, ctx, budget);
            SolverWork.charge(budget, SolverWork.count(c) - used, options.rlimitPerMilli());
            if (cs == Status.UNSATISFIABLE) {
                return new Outcome(Kind.RACE_FREE, "no race in any execution: the bounds (" + bounds(so, r)
                        + ") cut off no execution (Z3)", null);
            }
            if (cs == Status.UNKNOWN) return limited(so, "solver: " + c.getReasonUnknown());
            return open(so, "no race within the bounds, but executions exceed them");
        } catch (SeqEncoder.Interrupted x) {
            return limited(so, "encoding stopped: " + x.getMessage());
        } catch (com.microsoft.z3.Z3Exception | LinkageError | IllegalStateException | IllegalArgumentException x) {
            return open(so, "encoding failed: " + x.getMessage());
        }
    }

    /** Checks {@code s} within the calling thread's {@code budget} ({@link SolverWatch}). */
    private static Status check(Solver s, Context ctx, Budget budget) {
        try (SolverWatch w = SolverWatch.start(ctx, budget)) {
            return s.check();
        }
    }

    private static String bounds(SeqOptions so, Sequentialiser.Result r) {
        return so + ", " + r.threads() + " thread instance(s), " + r.totalPoints() + " context-switch point(s)";
    }

    private static Outcome open(SeqOptions so, String why) {
        return new Outcome(Kind.OPEN, why + " (bounds: " + so + ")", null);
    }

    /** An open outcome at the layer's budget ({@link Outcome#limited}). */
    private static Outcome limited(SeqOptions so, String why) {
        return new Outcome(Kind.OPEN, why + " (bounds: " + so + ")", null, true);
    }

    /** Parses the sequential program's text with Weft's front end, in the input's data model. */
    static Program parse(String text, Program input) throws IOException, FrontendException {
        Path f = Files.createTempFile("weft-seq-", ".i");
        try {
            Files.writeString(f, text);
            return new Frontend(FrontendOptions.defaults(input.dataModel())).load(List.of(f));
        } finally {
            Files.deleteIfExists(f);
        }
    }

    /**
     * Reads the racing run out of model {@code m}: the resumptions that ran, each up to where its thread stopped (the
     * point its next resumption starts from; for the armed thread its armed access, for the thread that found the race
     * its access; otherwise the chosen switch point), the inputs, and the racing accesses.
     */
    private static Schedule schedule(Model m, Context ctx, SeqEncoder.Encoding e, Sequentialiser.Result r, Program seq) {
        int[] armed = {-1, -1};
        int[] found = {-1, -1};
        for (SeqEncoder.Probe pr : e.probes()) {
            if (!m.eval(pr.guard().translate(ctx), true).isTrue()) continue;
            int[] into = pr.arm() ? armed : found;
            into[0] = pr.slot();
            into[1] = pr.point();
        }
        List<int[]> runs = new ArrayList<>();
        for (SeqEncoder.Run run : e.runs()) {
            if (m.eval(run.guard().translate(ctx), true).isTrue()) {
                runs.add(new int[] {run.slot(), (int) num(m, run.from().translate(ctx)), (int) num(m, run.to().translate(ctx))});
            }
        }
        List<Schedule.Segment> segs = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            int[] run = runs.get(i);
            int stop = run[2];
            boolean later = false;
            for (int j = i + 1; j < runs.size() && !later; j++) {
                if (runs.get(j)[0] == run[0]) {
                    stop = runs.get(j)[1];
                    later = true;
                }
            }
            if (!later && armed[0] == run[0]) stop = armed[1];
            else if (!later && found[0] == run[0]) stop = found[1];
            if (stop <= run[1] && (later || armed[0] == run[0])) continue;
            List<SwitchPoint> pts = r.points().get(run[0]);
            SwitchPoint at = stop >= 0 && stop < pts.size() ? pts.get(stop) : null;
            segs.add(new Schedule.Segment(run[0], run[1], stop, at == null ? null : at.loc(), at != null && at.within()));
        }
        Map<String, List<Long>> inputs = new LinkedHashMap<>();
        for (SeqEncoder.Input in : e.inputs()) {
            SourceLoc orig = r.origins().get(in.loc().line());
            if (orig == null || !m.eval(in.guard().translate(ctx), true).isTrue()) continue;
            inputs.computeIfAbsent(orig.shortString(), k -> new ArrayList<>()).add(signed(m, in.value().translate(ctx)));
        }
        List<SourceLoc> racing = new ArrayList<>();
        racing.add(at(r, armed));
        racing.add(at(r, found));
        return new Schedule(segs, inputs, racing);
    }

    private static SourceLoc at(Sequentialiser.Result r, int[] probe) {
        if (probe[0] < 0 || probe[0] >= r.points().size()) return null;
        List<SwitchPoint> pts = r.points().get(probe[0]);
        return probe[1] >= 0 && probe[1] < pts.size() ? pts.get(probe[1]).loc() : null;
    }

    private static long num(Model m, Expr<BitVecSort> x) {
        Expr<BitVecSort> v = m.eval(x, true);
        return v instanceof BitVecNum n ? n.getBigInteger().longValue() : 0;
    }

    private static long signed(Model m, Expr<BitVecSort> x) {
        long v = num(m, x);
        int w = x.getSort().getSize();
        return w >= 64 ? v : (v << (64 - w)) >> (64 - w);
    }
}
