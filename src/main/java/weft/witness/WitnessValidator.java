package weft.witness;

import weft.explore.ExploreOptions;
import weft.explore.Explorer;
import weft.ir.Program;
import weft.ir.SourceLoc;
import weft.trace.RaceAccess;
import weft.trace.RaceWitness;
import weft.trace.Step;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Replays a race witness on the program with the explorer ({@link Explorer#follow}) and says whether it reaches the
 * race at its end.
 *
 * <p>The witness's steps are matched in order against the executed statements: a step matches the next statement of
 * its thread at its line (any line when it gives none); statements between matches are allowed (a witness need not
 * list every statement), but a step is never skipped. The next thread to run is the thread of the next unmatched
 * step (else, once all are matched, one of the two racing threads; else the thread that ran last). Witness thread
 * ids are mapped to Weft's threads at creations. Racing states met before every step is matched, and those of other
 * accesses after, are passed by: the witness's race is the one at its end. The step that creates thread {@code k} must be matched by a
 * statement that creates a thread, which becomes {@code k}; main is 0. Nondeterministic inputs take the witness's
 * values at their lines, in order (0 where it gives none). The witness is <b>confirmed</b> when the execution reaches
 * a racing state after every step was matched and the two racing accesses are the witness's: the same threads (after
 * mapping) at the same lines. Only then is it a real execution of the program reaching that race (the explorer
 * abandons every execution it cannot carry out exactly); anything else rejects the witness, with the reason.
 *
 * <p>A YAML waypoint names a visit of a statement, which Weft executes as one or more steps at the statement's
 * location: once such a step is matched, its thread runs the rest of that visit (its next steps at the same location)
 * before the thread of the next step runs, and those steps match no other step; not when it is the thread's last step
 * and at the line of its racing access (the rest of the visit may be that access).
 */
public final class WitnessValidator {
    /** Statements one replay may execute, and its CPU time. */
    static final long MAX_STEPS = 200_000;
    static final long MILLIS = 20_000;

    /** The answer: confirmed or not, why, and the race reached (if any). */
    public record Result(boolean confirmed, String message, Optional<RaceWitness> race) {}

    private final Program program;
    private final Path programFile;
    private final ExploreOptions options;

    public WitnessValidator(Program program, Path programFile, ExploreOptions options) {
        this.program = program;
        this.programFile = programFile;
        this.options = options;
    }

    public Result validate(WitnessSpec spec) {
        Follower f = new Follower(spec);
        Explorer.Followed run = new Explorer(program, options).follow(f, MAX_STEPS, MILLIS);
        if (f.next < spec.steps().size()) {
            WitnessSpec.Step s = spec.steps().get(f.next);
            return new Result(false, "step " + (f.next + 1) + " of the witness (thread " + s.thread() + (s.line() > 0 ? ", line " + s.line() : "")
                    + (s.creates() != null ? ", creating thread " + s.creates() : "") + ") is never matched"
                    + (run.race().isPresent() ? " before a race is reached" : "; the execution stopped: " + run.stopReason())
                    + lastExecuted(run.executed()), run.race());
        }
        if (run.race().isEmpty()) {
            return new Result(false, "the witness's race (thread " + spec.first().thread() + " line " + spec.first().line() + ", thread "
                    + spec.second().thread() + " line " + spec.second().line() + ") is not reached; the execution stopped: " + run.stopReason()
                    + (f.passed == null ? "" : "; another race was passed by: " + describe(f.passed.first()) + " and " + describe(f.passed.second()))
                    + lastExecuted(run.executed()), Optional.ofNullable(f.passed));
        }
        RaceWitness w = run.race().get();
        String reached = describe(w.first()) + " and " + describe(w.second());
        return new Result(true, "the witness reaches the race: " + reached + " (" + run.executed().size() + " statements executed)", run.race());
    }

    private boolean isTheWitnessRace(Follower f, RaceWitness w) {
        WitnessSpec spec = f.spec;
        return matches(f, spec.first(), w.first()) && matches(f, spec.second(), w.second())
                || matches(f, spec.first(), w.second()) && matches(f, spec.second(), w.first());
    }

    private boolean matches(Follower f, WitnessSpec.Step s, RaceAccess a) {
        Integer t = f.threads.get(s.thread());
        return t != null && t == a.thread() && (s.line() == 0 || s.line() == WitnessTrace.lineIn(a.loc(), programFile));
    }

    /** The last statements executed, for the reason a witness is rejected. */
    private static String lastExecuted(List<Step> executed) {
        if (executed.isEmpty()) return "";
        StringBuilder sb = new StringBuilder("; last statements executed:");
        for (Step s : executed.subList(Math.max(0, executed.size() - 4), executed.size())) {
            sb.append(" [thread ").append(s.thread()).append(" ").append(s.loc().shortString()).append(" ").append(s.statement()).append(']');
        }
        return sb.toString();
    }

    private static String describe(RaceAccess a) {
        return a.what() + " at " + a.loc().shortString() + " in thread " + a.thread() + " (" + a.threadName() + ")";
    }

    /** The guide: matches executed statements against the witness's steps and picks threads and values. */
    private final class Follower implements Explorer.Guide {
        final WitnessSpec spec;
        final Map<String, Integer> threads = new HashMap<>(Map.of("0", 0));
        int next;
        int threadCount = 1;
        int consumed;
        RaceWitness passed;
        /** The statement visit a YAML step matched, which its thread finishes before another step is matched (or null). */
        SourceLoc visit;
        int visitThread = -1;

        Follower(WitnessSpec spec) {
            this.spec = spec;
        }

        /** Matches executed statements against the next unmatched steps; {@code threadsNow}: threads existing after them. */
        void consume(List<Step> executed, int threadsNow) {
            boolean createdNow = threadsNow > threadCount;
            for (Step x : executed) {
                consumed++;
                if (x.thread() == visitThread) {
                    if (x.loc().equals(visit)) continue; // the rest of the visit a step matched
                    visit = null;
                    visitThread = -1;
                }
                if (next >= spec.steps().size()) continue;
                WitnessSpec.Step s = spec.steps().get(next);
                Integer t = threads.get(s.thread());
                if (t == null || t != x.thread()) continue;
                if (s.line() > 0 && s.line() != WitnessTrace.lineIn(x.loc(), programFile)) continue;
                if (s.creates() != null) {
                    if (!createdNow || !x.statement().contains("(")) continue;
                    threads.putIfAbsent(s.creates(), threadsNow - 1);
                    createdNow = false;
                }
                next++;
                if (s.visit() && !beforeOwnTarget(s, x)) {
                    visit = x.loc();
                    visitThread = x.thread();
                }
            }
            threadCount = threadsNow;
        }

        /**
         * Whether step {@code s}, matched by {@code x}, is its thread's last step and at the line of that thread's racing
         * access: the rest of the visit may be the racing access itself (a call's result stored), which waits for the other.
         */
        boolean beforeOwnTarget(WitnessSpec.Step s, Step x) {
            for (int i = next; i < spec.steps().size(); i++) if (spec.steps().get(i).thread().equals(s.thread())) return false;
            for (WitnessSpec.Step target : List.of(spec.first(), spec.second())) {
                if (target.thread().equals(s.thread()) && target.line() == WitnessTrace.lineIn(x.loc(), programFile)) return true;
            }
            return false;
        }

        @Override
        public int pickThread(List<Integer> enabled, int current, List<Step> executedSince, int threadsNow, Map<Integer, SourceLoc> nextLoc) {
            consume(executedSince, threadsNow);
            if (visit != null && enabled.contains(visitThread) && visit.equals(nextLoc.get(visitThread))) return visitThread;
            Integer want = next < spec.steps().size() ? threads.get(spec.steps().get(next).thread()) : null;
            if (want != null && enabled.contains(want)) return want;
            // the step's thread cannot run (blocked, not yet created) or all steps are matched: move a racing thread that
            // is not yet at its access (the current one first); a racing thread at its access waits while another runs
            Integer other = null;
            boolean done = next >= spec.steps().size();
            java.util.Set<Integer> waiting = new java.util.HashSet<>();
            for (WitnessSpec.Step target : List.of(spec.first(), spec.second())) {
                Integer t = threads.get(target.thread());
                if (t == null || !enabled.contains(t)) continue;
                SourceLoc at = nextLoc.get(t);
                if (at != null && target.line() > 0 && WitnessTrace.lineIn(at, programFile) == target.line()) {
                    waiting.add(t);
                    continue;
                }
                if (!done) continue;
                if (t == current) return t;
                if (other == null) other = t;
            }
            if (other != null) return other;
            if (enabled.contains(current) && !waiting.contains(current)) return current;
            for (int t : enabled) if (!waiting.contains(t)) return t;
            return enabled.contains(current) ? current : enabled.get(0);
        }

        /** Racing states other than the witness's race after all its steps are passed by (recording the last one). */
        @Override
        public boolean stopAt(RaceWitness race, List<Step> executedSince, int threadsNow) {
            consume(executedSince, threadsNow);
            if (next >= spec.steps().size() && isTheWitnessRace(this, race)) return true;
            passed = race;
            return false;
        }

        @Override
        public Long value(SourceLoc loc, int occurrence) {
            List<Long> vs = spec.values().get(WitnessTrace.lineIn(loc, programFile));
            if (vs == null || vs.isEmpty()) return null;
            return vs.get(Math.min(occurrence - 1, vs.size() - 1));
        }
    }
}
