package weft.race;

/** Receives the phases of a long-running analysis, for progress display; must be cheap and thread-safe. */
@FunctionalInterface
public interface Progress {
    /** A progress sink that ignores everything. */
    Progress NONE = phase -> { };

    /** The analysis entered {@code phase}, e.g. {@code "pairing 120 shared accesses"}. */
    void phase(String phase);
}
