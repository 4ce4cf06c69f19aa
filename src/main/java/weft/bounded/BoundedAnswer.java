package weft.bounded;

import weft.bounded.bmc.Schedule;

import java.util.List;
import java.util.Map;

/**
 * What the bounded layer gives the precise layers: a proof of race freedom (its description, with the bounds used),
 * or null; values of nondeterministic inputs under which candidate accesses are reached (solver models, by call
 * location and occurrence); a racing run of the bounded program read from a solver model ({@code schedule}, or
 * null); and, without a proof, what the layer established with which bounds ({@code outcome}, or null when it did
 * not run), for the reason of an unknown verdict. Inputs and schedule only steer the explorer: a race is answered
 * only when the explorer executes it.
 */
public record BoundedAnswer(String proof, Map<String, List<Long>> inputHints, Schedule schedule, String outcome) {
    public BoundedAnswer {
        inputHints = Map.copyOf(inputHints);
    }

    public BoundedAnswer(String proof, Map<String, List<Long>> inputHints) {
        this(proof, inputHints, null, null);
    }

    public static final BoundedAnswer NONE = new BoundedAnswer(null, Map.of());
}
