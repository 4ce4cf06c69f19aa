package weft.race;

import weft.pointer.MemObject;
import weft.trace.RaceWitness;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the race analysis concluded.
 *
 * @param verdict    true / false / unknown
 * @param reason     why the verdict is unknown (or what settled it), for people
 * @param races      possible races the thread-modular layer could not exclude
 * @param witness    a concrete racing interleaving, when one was found
 * @param exclusions per shared object, the reasons that excluded pairs of accesses (for --explain)
 * @param stats      figures about the run (threads, accesses, pairs)
 * @param gaps       what the analyses could not follow (each makes {@code TRUE} impossible), for people
 * @param excluded   with {@link AnalysisOptions#explain()}, every excluded pair with its first excluding rule
 *     (up to {@link #MAX_EXCLUDED}); otherwise empty
 * @param callGaps   every call of an unknown external function and every call with no known target in the
 *     executed code, for the report (the verdict's {@code gaps} name only what prevents {@code TRUE})
 * @param truncated  whether pairing stopped at {@link AnalysisOptions#maxRaces()}, so more races may exist
 * @param openNotes  for an unknown verdict, what the precise layers established and where they stopped (the
 *     exploration's reason, the bounded layer's outcome with its bounds), for people
 */
public record AnalysisResult(Verdict verdict, String reason, List<RacePair> races, Optional<RaceWitness> witness,
                             Map<MemObject, Map<String, Integer>> exclusions, Stats stats, List<String> gaps,
                             List<ExcludedPair> excluded, List<CallGap> callGaps, boolean truncated, List<String> openNotes) {
    /** Excluded pairs kept at most for explanations. */
    public static final int MAX_EXCLUDED = 20_000;

    public AnalysisResult {
        gaps = List.copyOf(gaps);
        excluded = List.copyOf(excluded);
        callGaps = List.copyOf(callGaps);
        openNotes = List.copyOf(openNotes);
    }

    public AnalysisResult(Verdict verdict, String reason, List<RacePair> races, Optional<RaceWitness> witness,
                          Map<MemObject, Map<String, Integer>> exclusions, Stats stats, List<String> gaps,
                          List<ExcludedPair> excluded, List<CallGap> callGaps, boolean truncated) {
        this(verdict, reason, races, witness, exclusions, stats, gaps, excluded, callGaps, truncated, List.of());
    }

    public AnalysisResult(Verdict verdict, String reason, List<RacePair> races, Optional<RaceWitness> witness,
                          Map<MemObject, Map<String, Integer>> exclusions, Stats stats, List<String> gaps,
                          List<ExcludedPair> excluded) {
        this(verdict, reason, races, witness, exclusions, stats, gaps, excluded, List.of(), false);
    }

    /** This result with the call gaps and truncation of the race pairing. */
    public AnalysisResult with(List<CallGap> gapsOfCalls, boolean truncatedPairing) {
        return new AnalysisResult(verdict, reason, races, witness, exclusions, stats, gaps, excluded, gapsOfCalls, truncatedPairing, openNotes);
    }

    /** This result with what the precise layers established ({@link #openNotes}). */
    public AnalysisResult withOpenNotes(List<String> notes) {
        return new AnalysisResult(verdict, reason, races, witness, exclusions, stats, gaps, excluded, callGaps, truncated, notes);
    }

    public AnalysisResult(Verdict verdict, String reason, List<RacePair> races, Optional<RaceWitness> witness,
                          Map<MemObject, Map<String, Integer>> exclusions, Stats stats) {
        this(verdict, reason, races, witness, exclusions, stats, List.of(), List.of());
    }

    /** The prefix of gaps the pointer analysis reports (one gap per construct it cannot follow). */
    public static final String POINTER_GAP = "the pointer analysis cannot follow: ";

    /**
     * The gaps in one line, for the verdict's reason: the first of the pointer analysis's gaps with the
     * number of the others ({@code (and N more)}), then the rest; {@link #gaps()} lists them all.
     */
    public String gapSummary() {
        return summarise(gaps);
    }

    static String summarise(List<String> gaps) {
        List<String> out = new java.util.ArrayList<>();
        List<String> pointer = gaps.stream().filter(g -> g.startsWith(POINTER_GAP)).toList();
        if (!pointer.isEmpty()) out.add(pointer.get(0) + (pointer.size() > 1 ? " (and " + (pointer.size() - 1) + " more)" : ""));
        for (String g : gaps) if (!g.startsWith(POINTER_GAP)) out.add(g);
        return String.join("; ", out);
    }

    public record Stats(int threads, int accesses, long pairsChecked, long millis) {}
}
