package weft.witness;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code follow} waypoints of a YAML 2.2 race witness before its final segment, one per segment, in schedule
 * order: a {@code function_enter} waypoint at every thread creation, a {@code function_return} waypoint
 * {@code \result == v} at every nondeterministic input's call, and an {@code assumption} waypoint {@code 1} (the thread
 * passes this statement) where a thread's run ends, before another thread runs: together they give the
 * interleaving, not only its creations and inputs.
 *
 * <p>A waypoint names a statement visit: a thread's consecutive steps at one line and column are one visit of that
 * statement. A validator (Weft's replay among them) matches a waypoint with the first visit of its line by its
 * thread after the thread's previous waypoint, so a waypoint is preceded by one for every earlier visit of its line
 * since that thread's previous waypoint (a loop's earlier iterations in the same run). A waypoint is left out where the
 * thread's previous waypoint is the same visit. Steps outside the program file have no location and give none.
 */
final class YamlWaypoints {
    /** One waypoint: its type, thread, location and constraint (a C expression, or null). */
    record Waypoint(String type, int thread, int line, int column, String constraint) {}

    static final String CREATION = "function_enter";
    static final String INPUT = "function_return";
    static final String PASS = "assumption";

    /**
     * A variable, member, element or pointee the explorer named, or a bit-field's storage unit read as an unsigned
     * integer ({@code weft.exec.state.WitnessNames}); not an object.
     */
    private static final java.util.regex.Pattern IDENTIFIER =
            java.util.regex.Pattern.compile("(?:\\*\\(unsigned (?:char|short|int|long) \\*\\)&)?[A-Za-z_][\\w.\\[\\]>-]*");

    private YamlWaypoints() {
    }

    static List<Waypoint> of(WitnessTrace trace) {
        List<WitnessTrace.Edge> located = trace.edges().stream().filter(e -> e.line() > 0).toList();
        Map<Integer, WitnessTrace.Value> values = new HashMap<>();
        // a value a call returned, or one an indeterminate variable held (stated before the step that reads it)
        for (WitnessTrace.Value v : trace.values()) {
            if (v.line() > 0 && (v.returned() || IDENTIFIER.matcher(v.function()).matches())) values.putIfAbsent(v.step(), v);
        }
        List<Waypoint> out = new ArrayList<>();
        Map<Integer, Integer> last = new HashMap<>(); // per thread: index in located of its last waypoint
        for (int i = 0; i < located.size(); i++) {
            WitnessTrace.Edge e = located.get(i);
            WitnessTrace.Value v = values.get(e.step());
            boolean runEnds = i == located.size() - 1 || located.get(i + 1).thread() != e.thread();
            if (e.createThread() < 0 && v == null && !runEnds) continue;
            int from = last.getOrDefault(e.thread(), -1);
            int visit = visitStart(located, i);
            if (e.createThread() < 0 && v == null && from >= visit) continue; // this visit has its waypoint already
            earlierVisits(located, from, visit, e, out);
            if (e.createThread() >= 0) out.add(new Waypoint(CREATION, e.thread(), e.line(), e.column(), null));
            else if (v != null && v.returned()) out.add(new Waypoint(INPUT, e.thread(), e.line(), e.column(), "\\result == " + v.value()));
            else if (v != null) out.add(new Waypoint(PASS, e.thread(), e.line(), e.column(), v.function() + " == " + v.value()));
            else out.add(new Waypoint(PASS, e.thread(), e.line(), e.column(), "1"));
            last.put(e.thread(), i);
        }
        return out;
    }

    /** The index in {@code located} of the first step of the visit step {@code i} belongs to (same thread, line, column). */
    private static int visitStart(List<WitnessTrace.Edge> located, int i) {
        WitnessTrace.Edge e = located.get(i);
        int start = i;
        for (int j = i - 1; j >= 0; j--) {
            WitnessTrace.Edge p = located.get(j);
            if (p.thread() != e.thread()) continue;
            if (p.line() != e.line() || p.column() != e.column()) break;
            start = j;
        }
        return start;
    }

    /** Waypoints for the visits of {@code e}'s line by its thread after index {@code from} and before index {@code visit}. */
    private static void earlierVisits(List<WitnessTrace.Edge> located, int from, int visit, WitnessTrace.Edge e, List<Waypoint> out) {
        WitnessTrace.Edge previous = from >= 0 ? located.get(from) : null; // the thread's last waypoint's step
        for (int j = from + 1; j < visit; j++) {
            WitnessTrace.Edge p = located.get(j);
            if (p.thread() != e.thread()) continue;
            boolean newVisit = previous == null || previous.line() != p.line() || previous.column() != p.column();
            if (newVisit && p.line() == e.line()) out.add(new Waypoint(PASS, p.thread(), p.line(), p.column(), "1"));
            previous = p;
        }
    }
}
