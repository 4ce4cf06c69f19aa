package weft.bench;

/**
 * How an outcome compares with the expected verdict, with its SV-COMP score: correct {@code true} +2,
 * correct {@code false} +1, incorrect {@code false} (false alarm) −16, incorrect {@code true} (missed
 * race) −32, anything else 0.
 */
public enum Category {
    CORRECT_TRUE("correct true", 2),
    CORRECT_FALSE("correct false", 1),
    INCORRECT_TRUE("incorrect true", -32),
    INCORRECT_FALSE("incorrect false", -16),
    UNKNOWN("unknown", 0),
    ERROR("error", 0),
    /** An answer on a task with no expected verdict: not scored. */
    UNLABELLED("unlabelled", 0);

    private final String label;
    private final int score;

    Category(String label, int score) {
        this.label = label;
        this.score = score;
    }

    public String label() {
        return label;
    }

    public int score() {
        return score;
    }

    public boolean isCorrect() {
        return this == CORRECT_TRUE || this == CORRECT_FALSE;
    }

    public boolean isIncorrect() {
        return this == INCORRECT_TRUE || this == INCORRECT_FALSE;
    }

    /**
     * The category of {@code outcome} on a task whose expected verdict is {@code expected} ({@link Outcome#TRUE},
     * {@link Outcome#FALSE} or null when the task has none).
     */
    public static Category of(Outcome expected, Outcome outcome) {
        return switch (outcome) {
            case UNKNOWN -> UNKNOWN;
            case TIMEOUT, OUT_OF_MEMORY, ERROR -> ERROR;
            case TRUE -> expected == null ? UNLABELLED : expected == Outcome.TRUE ? CORRECT_TRUE : INCORRECT_TRUE;
            case FALSE -> expected == null ? UNLABELLED : expected == Outcome.FALSE ? CORRECT_FALSE : INCORRECT_FALSE;
        };
    }

    @Override
    public String toString() {
        return label;
    }
}
