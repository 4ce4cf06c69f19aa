package weft.race;

/**
 * Options of the race analysis.
 *
 * @param maxThreads  abstract threads to analyse at most (beyond: unknown)
 * @param maxRaces    possible races to keep for reporting
 * @param confirm     whether to search for a concrete racing interleaving when races remain
 * @param confirmMillis time budget for that search
 */
public record AnalysisOptions(int maxThreads, int maxRaces, boolean confirm, long confirmMillis) {
    public static AnalysisOptions defaults() {
        return new AnalysisOptions(200, 50, true, 4000);
    }
}
