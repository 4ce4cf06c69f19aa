package weft.witness;

import java.util.List;
import java.util.Map;

/**
 * A race witness as read from a file (GraphML 1.0 or YAML 2.2, Weft's or another tool's), reduced to what
 * {@link WitnessValidator} follows: the steps in order (a thread id as the witness names it, a line, 0 when the step
 * gives none, and the id of the thread it creates, or null), the two racing accesses at its end, and the values of
 * nondeterministic inputs by line, in the order they are used. A step read from a YAML waypoint names a statement
 * visit and has the statement's column ({@code visit}); a GraphML edge names one statement of Weft's or another
 * tool's execution, and has none.
 */
public record WitnessSpec(List<Step> steps, Step first, Step second, Map<Integer, List<Long>> values, String programHash) {
    /**
     * One step: {@code thread} runs a statement at {@code line} (0: anywhere), creating thread {@code creates} (or
     * null); {@code visit}: the step is a waypoint naming a visit of the statement (the thread then finishes it).
     */
    public record Step(String thread, int line, String creates, boolean visit) {
        public Step(String thread, int line, String creates) {
            this(thread, line, creates, false);
        }
    }

    public WitnessSpec {
        steps = List.copyOf(steps);
        values = Map.copyOf(values);
    }
}
