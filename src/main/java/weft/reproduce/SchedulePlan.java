package weft.reproduce;

import weft.trace.RaceWitness;
import weft.trace.Step;
import weft.witness.WitnessTrace;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the harness forces, read from a {@link RaceWitness}: the witness's synchronisation events in their global
 * order (the steps calling a function whose {@link SyncCalls.Role} is a schedule point, with their thread, and
 * whether the step is the resumption of a blocking call; the calls of the program's {@code __VERIFIER_atomic_*}
 * functions, atomic sections, too), the values of the nondeterministic inputs per thread in
 * order ({@link WitnessTrace#values}), and the two racing accesses' threads and lines in the program file (0: not in
 * it, e.g. in a header), and which of them ({@code later}: 0 or 1) goes second once both stand at their accesses: the
 * read when one is a read and the other a write (TSan compares a read with writes only), else the second; and per
 * thread ({@code starts}, by Weft's thread number) how many events come before its first step (-1: the witness never
 * runs it): a created thread waits for them before it runs its first statement, as in the witness (one the witness
 * never runs, until the racing accesses are done); and the command line main starts with ({@code commandLine},
 * {@code argv[0]} first; empty: the real one), when the witness gives one ({@link RaceWitness#COMMAND_LINE}). Immutable.
 */
public record SchedulePlan(List<Event> events, List<Input> inputs, int[] raceThreads, int[] raceLines, int later, List<Integer> starts,
                           List<String> commandLine, int[] hidden) {
    /** A synchronisation event: thread {@code thread} calls {@code function} (or resumes in it) at {@code line}. */
    public record Event(int thread, String function, boolean resumes, int line) {}

    /** The {@code value} the nondeterministic input {@code function} returns at its next call in {@code thread}. */
    public record Input(int thread, String function, long value) {}

    public SchedulePlan {
        events = List.copyOf(events);
        inputs = List.copyOf(inputs);
        raceThreads = raceThreads.clone();
        raceLines = raceLines.clone();
        starts = List.copyOf(starts);
        commandLine = List.copyOf(commandLine);
        hidden = hidden.clone();
    }

    /** Functions whose name starts so are atomic sections (SV-COMP): the harness runs each under one global lock. */
    public static final String ATOMIC_PREFIX = "__VERIFIER_atomic_";

    private static final Pattern CALL = Pattern.compile("(\\(resumes\\) )?(?:[^=(]+ = )?([A-Za-z_]\\w*)\\(.*", Pattern.DOTALL);

    /** The plan of {@code w}, with lines as a reader of {@code programFile} sees them ({@link WitnessTrace#lineIn}). */
    public static SchedulePlan of(RaceWitness w, Path programFile, SyncCalls calls) {
        return of(w, List.of(programFile), calls);
    }

    /** The plan of {@code w}, with lines as a reader of the program's translation units {@code programFiles} sees them. */
    public static SchedulePlan of(RaceWitness w, List<Path> programFiles, SyncCalls calls) {
        List<Event> events = new ArrayList<>();
        List<Integer> starts = new ArrayList<>();
        for (Step s : w.schedule()) {
            while (starts.size() <= s.thread()) starts.add(-1);
            if (starts.get(s.thread()) < 0) starts.set(s.thread(), events.size());
            String f = calledFunction(s.statement());
            if (f == null) continue;
            SyncCalls.Role role = calls.role(f);
            boolean section = role == null && f.startsWith(ATOMIC_PREFIX); // the program's atomic function: a section
            if (!section && (role == null || !role.scheduled())) continue;
            events.add(new Event(s.thread(), f, s.statement().startsWith("(resumes) "), WitnessTrace.lineIn(s.loc(), programFiles)));
        }
        List<Input> inputs = new ArrayList<>();
        for (WitnessTrace.Value v : WitnessTrace.replayValues(w, programFiles)) {
            try {
                inputs.add(new Input(v.thread(), v.function(), Long.parseLong(v.value())));
            } catch (NumberFormatException e) {
                // an unsigned 64-bit value beyond long: the harness reads it as the same bits
                inputs.add(new Input(v.thread(), v.function(), Long.parseUnsignedLong(v.value())));
            }
        }
        List<String> commandLine = List.of();
        for (var e : w.nondetValues().entrySet()) {
            if (e.getKey().startsWith(RaceWitness.COMMAND_LINE + "@")) commandLine = List.of(e.getValue().split(" "));
        }
        return new SchedulePlan(events, inputs, new int[] {w.first().thread(), w.second().thread()},
                new int[] {WitnessTrace.lineIn(w.first().loc(), programFiles), WitnessTrace.lineIn(w.second().loc(), programFiles)},
                !w.first().write() && w.second().write() ? 0 : 1, starts, commandLine, new int[] {hidden(w.first()), hidden(w.second())});
    }

    /**
     * Whether a racing access is to the C library's hidden state (Weft's {@code <libc:...>} objects: strerror's
     * buffer, localtime's result, strtok's position), which TSan does not see inside the library: 2 a write of it, 1 a
     * read, 0 an access to the program's memory. The harness makes such an access to a byte standing for the state at
     * the thread's race point ({@code weft_race_hidden}).
     */
    private static int hidden(weft.trace.RaceAccess a) {
        return !a.object().startsWith("<libc:") ? 0 : a.write() ? 2 : 1;
    }

    /** A C string literal of {@code s}. */
    private static String cString(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    /** The function a step's statement calls ({@code f(...)}, {@code x = f(...)}, {@code (resumes) f(...)}), or null. */
    static String calledFunction(String statement) {
        Matcher m = CALL.matcher(statement);
        return m.matches() ? m.group(2) : null;
    }

    /** The C source of the plan (weft_plan.c), read by the runtime. */
    public String toC() {
        StringBuilder c = new StringBuilder();
        c.append("/* The schedule Weft's witness gives (generated by weft.reproduce; see README.txt). */\n");
        c.append("struct weft_event { int thread; const char *fn; int resumes; int line; };\n");
        c.append("struct weft_value { int thread; const char *fn; long long value; };\n");
        c.append("const struct weft_event weft_events[] = {\n");
        for (int i = 0; i < events.size(); i++) {
            Event e = events.get(i);
            c.append("    {").append(e.thread()).append(", \"").append(e.function()).append("\", ").append(e.resumes() ? 1 : 0)
                    .append(", ").append(e.line()).append("}, /* ").append(i).append(" */\n");
        }
        c.append("    {-1, \"\", 0, 0}\n};\n");
        c.append("const int weft_event_count = ").append(events.size()).append(";\n");
        c.append("const struct weft_value weft_values[] = {\n");
        for (Input v : inputs) {
            c.append("    {").append(v.thread()).append(", \"").append(v.function()).append("\", ").append(v.value()).append("LL},\n");
        }
        c.append("    {-1, \"\", 0}\n};\n");
        c.append("const int weft_value_count = ").append(inputs.size()).append(";\n");
        c.append("int weft_value_used[").append(inputs.size() + 1).append("];\n");
        c.append("const int weft_race_thread[2] = {").append(raceThreads[0]).append(", ").append(raceThreads[1]).append("};\n");
        c.append("const int weft_race_line[2] = {").append(raceLines[0]).append(", ").append(raceLines[1]).append("};\n");
        c.append("const int weft_race_later = ").append(later).append(";\n");
        c.append("const int weft_race_hidden[2] = {").append(hidden[0]).append(", ").append(hidden[1]).append("};\n");
        c.append("const int weft_thread_start[] = {");
        for (int t = 0; t < starts.size(); t++) c.append(t == 0 ? "" : ", ").append(starts.get(t));
        c.append(starts.isEmpty() ? "0" : "").append("};\n");
        c.append("const int weft_thread_count = ").append(starts.size()).append(";\n");
        // main's command line when the witness gives one (the runtime's __wrap_main passes it; 0: the real one)
        c.append("const char *const weft_argv[] = {");
        for (String word : commandLine) c.append(cString(word)).append(", ");
        c.append("0};\n");
        c.append("const int weft_argc = ").append(commandLine.size()).append(";\n");
        return c.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SchedulePlan p && events.equals(p.events) && inputs.equals(p.inputs)
                && java.util.Arrays.equals(raceThreads, p.raceThreads) && java.util.Arrays.equals(raceLines, p.raceLines) && later == p.later
                && starts.equals(p.starts);
    }

    @Override
    public int hashCode() {
        return events.hashCode() * 31 + java.util.Arrays.hashCode(raceLines);
    }

    @Override
    public String toString() {
        return "SchedulePlan" + events + inputs + java.util.Arrays.toString(raceThreads) + java.util.Arrays.toString(raceLines) + later + starts;
    }
}
