package weft.race;

/** The answer: race-free proven ({@code TRUE}), a certain race ({@code FALSE}), or {@code UNKNOWN}. */
public enum Verdict {
    TRUE, FALSE, UNKNOWN;

    /** SV-COMP spelling. */
    public String svcomp() {
        return name().toLowerCase();
    }
}
