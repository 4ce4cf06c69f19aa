package weft.witness;

import weft.ir.SourceLoc;
import weft.trace.RaceAccess;
import weft.trace.RaceWitness;
import weft.trace.Step;
import weft.trace.WitnessThread;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A {@link RaceWitness} in the terms both witness formats use: the executed steps with their thread, their line in
 * the program file (0 when the step has none there), the thread each creates and the assumption (a C expression) a
 * nondeterministic input's value gives; the values of the nondeterministic inputs at their calls; and the two racing
 * accesses, which come last.
 *
 * <p>Which step created a thread is read from the schedule: threads are numbered in creation order, so thread
 * {@code k} is created by the first call step at its creation site, taken by an older thread, after the step that
 * created thread {@code k - 1}. A nondeterministic value becomes the assumption {@code x == v;} on the step that
 * stores it in a program variable {@code x} (the front end first stores a call's result in a temporary); values only
 * tested (never stored in a variable) stay without an assumption in GraphML and appear in YAML as the value the call
 * returns.
 */
public record WitnessTrace(List<Edge> edges, Edge first, Edge second, List<Value> values) {
    /**
     * One step of one thread ({@code step}: its index in the schedule; the racing accesses have the schedule's
     * length). {@code line} and {@code column} are in the program file (0: not there or unknown);
     * {@code createThread} the thread it creates (-1: none); {@code assumption} a C expression true after it, or null.
     */
    public record Edge(int step, int thread, int line, int column, int createThread, String assumption) {}

    /**
     * The value {@code value} a nondeterministic input {@code function} returned at a call in thread {@code thread};
     * with {@code returned} false, the value an indeterminate object ({@code function}: its name) held when the step
     * read it (no call returned it: YAML has no waypoint for it, GraphML's Weft key keeps it for the replay).
     */
    public record Value(int step, int thread, int line, int column, String function, String value, boolean returned) {
        public Value(int step, int thread, int line, int column, String function, String value) {
            this(step, thread, line, column, function, value, true);
        }
    }

    public WitnessTrace {
        edges = List.copyOf(edges);
        values = List.copyOf(values);
    }

    /** A call whose result is stored ({@code x = f(...)}) or not ({@code f(...)}, group 1 null). */
    private static final Pattern CALL = Pattern.compile("(?:(\\S+) = )?(?!assume\\()([A-Za-z_]\\w*)\\(.*");
    /**
     * A call step, its result stored or not: not the test of an {@code if} around the call at the same place
     * ({@code assume(...)}; once taken for the call, it gave the next thread's creation to the first create's test).
     */
    private static final Pattern CALL_STEP = Pattern.compile("(?:\\S+ = )?(?!assume\\()[A-Za-z_]\\w*\\(.*");
    private static final Pattern COPY = Pattern.compile("([A-Za-z_]\\w*(?:(?:\\.|->)[A-Za-z_]\\w*)*) = (\\S+)");
    private static final Pattern NUMBER = Pattern.compile("-?\\d+");

    /** The trace of {@code w} with locations in {@code programFile} ({@link #lineIn}). */
    public static WitnessTrace of(RaceWitness w, Path programFile) {
        return of(w, loc -> lineIn(loc, programFile));
    }

    /** The trace of {@code w} with locations in any of {@code programFiles}, a program's translation units ({@link #lineIn}). */
    public static WitnessTrace of(RaceWitness w, List<Path> programFiles) {
        return of(w, loc -> lineIn(loc, programFiles));
    }

    /**
     * The values the reproducer feeds back, in the order of the steps: {@link #values} of the trace, and also those of
     * calls whose result the program does not store (getrlimit's limits, a file-tree walk's entries: written through
     * pointers or consumed by the library), which no witness file states as a call's result.
     */
    public static List<Value> replayValues(RaceWitness w, List<Path> programFiles) {
        List<Value> values = new ArrayList<>();
        nondet(w, loc -> lineIn(loc, programFiles), new String[w.schedule().size()], values, true);
        indeterminate(w, loc -> lineIn(loc, programFiles), values);
        return values;
    }

    /** The line of {@code loc} in any of {@code programFiles} (as {@link #lineIn(SourceLoc, Path)}), 0 when in none. */
    public static int lineIn(SourceLoc loc, List<Path> programFiles) {
        for (Path f : programFiles) {
            int line = lineIn(loc, f);
            if (line > 0) return line;
        }
        return 0;
    }

    private static WitnessTrace of(RaceWitness w, java.util.function.ToIntFunction<SourceLoc> lines) {
        List<Step> steps = w.schedule();
        int[] creates = creations(w);
        String[] assumptions = new String[steps.size()];
        List<Value> values = new ArrayList<>();
        nondet(w, lines, assumptions, values, false);
        indeterminate(w, lines, values);
        List<Edge> edges = new ArrayList<>();
        for (int i = 0; i < steps.size(); i++) {
            Step s = steps.get(i);
            int line = lines.applyAsInt(s.loc());
            if (line == 0 && creates[i] < 0 && assumptions[i] == null) continue; // nothing a validator could match
            edges.add(new Edge(i, s.thread(), line, line == 0 ? 0 : s.loc().col(), creates[i], assumptions[i]));
        }
        int end = steps.size();
        return new WitnessTrace(edges, target(end, w.first(), lines), target(end, w.second(), lines), values);
    }

    private static Edge target(int step, RaceAccess a, java.util.function.ToIntFunction<SourceLoc> lines) {
        int line = lines.applyAsInt(a.loc());
        return new Edge(step, a.thread(), line, line == 0 ? 0 : a.loc().col(), -1, null);
    }

    /**
     * The line of {@code loc} as a validator reading {@code programFile} sees it: the location's line when it lies
     * in that file, and for a preprocessed {@code .i} file every mapped location (validators honour its line
     * markers as Weft does); 0 otherwise.
     */
    public static int lineIn(SourceLoc loc, Path programFile) {
        if (loc == null || loc.line() <= 0 || SourceLoc.NONE.equals(loc)) return 0;
        if (programFile.toString().endsWith(".i")) return loc.line();
        try {
            Path a = Path.of(loc.file()).toAbsolutePath().normalize();
            return a.equals(programFile.toAbsolutePath().normalize()) ? loc.line() : 0;
        } catch (java.nio.file.InvalidPathException e) {
            return 0;
        }
    }

    /** Per step, the thread it creates (-1: none); see the class comment. */
    static int[] creations(RaceWitness w) {
        List<Step> steps = w.schedule();
        int[] creates = new int[steps.size()];
        java.util.Arrays.fill(creates, -1);
        int from = 0;
        for (WitnessThread t : w.threads()) {
            if (t.index() == 0 || SourceLoc.NONE.equals(t.createdAt())) continue;
            for (int i = from; i < steps.size(); i++) {
                Step s = steps.get(i);
                if (s.thread() < t.index() && creates[i] < 0 && s.loc().equals(t.createdAt()) && CALL_STEP.matcher(s.statement()).matches()) {
                    creates[i] = t.index();
                    from = i + 1;
                    break;
                }
            }
        }
        return creates;
    }

    private static long parse(String v) {
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            return Long.parseUnsignedLong(v);
        }
    }

    /** Finds the call step of each logged nondeterministic value and the step storing it in a variable. */
    private static void nondet(RaceWitness w, java.util.function.ToIntFunction<SourceLoc> lines, String[] assumptions, List<Value> values,
                               boolean unstored) {
        List<Step> steps = w.schedule();
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < steps.size(); i++) {
            Step s = steps.get(i);
            Matcher call = CALL.matcher(s.statement());
            if (!call.matches() || call.group(1) == null && !unstored) continue;
            String site = call.group(2) + "@" + s.loc().shortString();
            String value = w.nondetValues().get(site + "#" + (seen.getOrDefault(site, 0) + 1));
            if (value == null) continue;
            seen.merge(site, 1, Integer::sum);
            if (!NUMBER.matcher(value).matches()) continue;
            int line = lines.applyAsInt(s.loc());
            // a call whose result is not stored (replayValues only): not a result a witness file could state
            boolean stored = call.group(1) != null;
            // a first value that is no result (scanf's count of the characters it read): the reproducer's only
            boolean result = weft.model.WorldValues.firstIsResult(call.group(2));
            if (result || unstored) values.add(new Value(i, s.thread(), line, line == 0 ? 0 : s.loc().col(), call.group(2), value, stored));
            // the call's further values (an errno, a descriptor's events...), at the same step: the reproducer feeds
            // them in order; witness files keep the first (the result)
            int more = weft.model.WorldValues.recordedValues(call.group(2), parse(value)) - 1;
            for (int k = 0; k < more; k++) {
                String extra = w.nondetValues().get(site + "#" + (seen.getOrDefault(site, 0) + 1));
                if (extra == null || !NUMBER.matcher(extra).matches()) break;
                seen.merge(site, 1, Integer::sum);
                if (result || unstored) values.add(new Value(i, s.thread(), line, line == 0 ? 0 : s.loc().col(), call.group(2), extra, stored));
            }
            if (!stored || !result) continue;
            String target = call.group(1);
            int store = i;
            if (target.startsWith("__t")) {
                store = -1;
                for (int j = i + 1; j < steps.size() && store < 0; j++) {
                    Step n = steps.get(j);
                    if (n.thread() != s.thread()) continue;
                    if (!n.loc().equals(s.loc())) break; // the store follows the call at the same location
                    Matcher copy = COPY.matcher(n.statement());
                    if (copy.matches() && copy.group(2).equals(target) && !copy.group(1).startsWith("__t")) {
                        store = j;
                        target = copy.group(1);
                    }
                }
            }
            if (store >= 0 && !target.startsWith("__t")) assumptions[store] = target + " == " + value + ";";
        }
    }

    /**
     * The values indeterminate objects held when first read (the explorer's inputs {@code indeterminate NAME@loc#n}, in
     * the order it chose them): each at the next step at that location.
     */
    private static void indeterminate(RaceWitness w, java.util.function.ToIntFunction<SourceLoc> lines, List<Value> values) {
        List<Step> steps = w.schedule();
        Map<String, Integer> cursor = new HashMap<>();
        for (Map.Entry<String, String> x : w.nondetValues().entrySet()) {
            if (!x.getKey().startsWith(RaceWitness.INDETERMINATE)) continue;
            Matcher k = RaceWitness.KEY.matcher(x.getKey());
            if (!k.matches() || !NUMBER.matcher(x.getValue()).matches()) continue;
            String loc = k.group(2);
            for (int i = cursor.getOrDefault(loc, 0); i < steps.size(); i++) {
                Step s = steps.get(i);
                if (!s.loc().shortString().equals(loc)) continue;
                cursor.put(loc, i + 1);
                int line = lines.applyAsInt(s.loc());
                if (line > 0) values.add(new Value(i, s.thread(), line, s.loc().col(), k.group(1).substring(RaceWitness.INDETERMINATE.length()), x.getValue(), false));
                break;
            }
        }
    }
}
