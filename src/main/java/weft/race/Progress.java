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
}
