package weft.race;

/** Receives the phases of a long-running analysis, for progress display; must be cheap and thread-safe. */
@FunctionalInterface
public interface Progress {
    /** A progress sink that ignores everything. */
    Progress NONE = phase -> { };

    /** The analysis entered {@code phase}, e.g. {@code "pairing 120 shared accesses"}. */
    void phase(String phase);

    /** A figure of the run worth showing with {@code --stats} (e.g. calling contexts walked); ignored by default. */
    default void count(String name, long value) { }

    /**
     * The precise layers start ({@code true}) or end ({@code false}). They keep to the analysis budget by themselves,
     * so a caller that would ask the analysis to stop early (an interrupt before a hard limit) waits for their end.
     */
    default void preciseLayers(boolean running) { }
}
