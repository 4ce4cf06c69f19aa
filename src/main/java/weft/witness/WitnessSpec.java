package weft.witness;

import java.util.List;
import java.util.Map;

/**
 * A race witness as read from a file (GraphML 1.0 or YAML 2.2, Weft's or another tool's), reduced to what
 * {@link WitnessValidator} follows: the steps in order (a thread id as the witness names it, a line, 0 when the step
 * gives none, and the id of the thread it creates, or null), the two racing accesses at its end, and the values of
 * nondeterministic inputs by line, in the order they are used.
 */
public record WitnessSpec(List<Step> steps, Step first, Step second, Map<Integer, List<Long>> values, String programHash) {
    /** One step: {@code thread} runs a statement at {@code line} (0: anywhere), creating thread {@code creates} (or null). */
    public record Step(String thread, int line, String creates) {}

    public WitnessSpec {
        steps = List.copyOf(steps);
        values = Map.copyOf(values);
    }
}
