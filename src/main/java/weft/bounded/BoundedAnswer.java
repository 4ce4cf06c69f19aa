package weft.bounded;

import java.util.List;
import java.util.Map;

/**
 * What the bounded layer gives the precise layers: a proof of race freedom (its description, with the bounds used),
 * or null; and values of nondeterministic inputs under which candidate accesses are reached (solver models, by call
 * location and occurrence), which only steer the explorer: a race is answered only when the explorer executes it.
 */
public record BoundedAnswer(String proof, Map<String, List<Long>> inputHints) {
    public BoundedAnswer {
        inputHints = Map.copyOf(inputHints);
    }

    public static final BoundedAnswer NONE = new BoundedAnswer(null, Map.of());
}
