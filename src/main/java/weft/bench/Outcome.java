package weft.bench;

import java.util.Locale;

/**
 * What one benchmark run answered: an SV-COMP verdict, or why there is none. Labels are the words used
 * in results files ({@code true}, {@code false}, {@code unknown}, {@code timeout}, {@code out of memory},
 * {@code error}).
 */
public enum Outcome {
    TRUE("true"),
    FALSE("false"),
    UNKNOWN("unknown"),
    TIMEOUT("timeout"),
    OUT_OF_MEMORY("out of memory"),
    ERROR("error");

    private final String label;

    Outcome(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** True for TRUE and FALSE, the outcomes that are answers. */
    public boolean isAnswer() {
        return this == TRUE || this == FALSE;
    }

    /** The outcome with this label (case-insensitive; {@code out_of_memory} also accepted). */
    public static Outcome parse(String label) {
        String l = label.strip().toLowerCase(Locale.ROOT).replace('_', ' ');
        for (Outcome o : values()) {
            if (o.label.equals(l)) return o;
        }
        throw new IllegalArgumentException("unknown outcome '" + label + "'");
    }

    @Override
    public String toString() {
        return label;
    }
}
