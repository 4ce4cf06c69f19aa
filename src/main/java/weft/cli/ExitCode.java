package weft.cli;

/** Process exit codes of the {@code weft} command. */
public final class ExitCode {
    /** The program has no data race (or, for {@code parse}, every file is clean). */
    public static final int RACE_FREE = 0;
    /** A data race was found. */
    public static final int RACE = 1;
    /** Bad command line or unreadable / invalid input. */
    public static final int INPUT_ERROR = 2;
    /** No verdict: analysis not conclusive, timeout, unsupported property or internal error. */
    public static final int UNKNOWN = 3;

    private ExitCode() {
    }
}
