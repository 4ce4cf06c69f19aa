package weft.race;

import weft.explore.RaceWitness;
import weft.pointer.MemObject;
import weft.thread.UnresolvedCall;

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
 * @param unresolvedCalls every call through a function pointer (and start routine) in code the threads run that
 *     the analyses could not follow completely, with its site and the reason; each is also behind a gap
 */
public record AnalysisResult(Verdict verdict, String reason, List<RacePair> races, Optional<RaceWitness> witness,
                             Map<MemObject, Map<String, Integer>> exclusions, Stats stats, List<String> gaps,
                             List<ExcludedPair> excluded, List<UnresolvedCall> unresolvedCalls) {
    /** Excluded pairs kept at most for explanations. */
    public static final int MAX_EXCLUDED = 20_000;

    public AnalysisResult {
        gaps = List.copyOf(gaps);
        excluded = List.copyOf(excluded);
        unresolvedCalls = List.copyOf(unresolvedCalls);
    }

    public AnalysisResult(Verdict verdict, String reason, List<RacePair> races, Optional<RaceWitness> witness,
                          Map<MemObject, Map<String, Integer>> exclusions, Stats stats, List<String> gaps,
                          List<ExcludedPair> excluded) {
        this(verdict, reason, races, witness, exclusions, stats, gaps, excluded, List.of());
    }

    public AnalysisResult(Verdict verdict, String reason, List<RacePair> races, Optional<RaceWitness> witness,
                          Map<MemObject, Map<String, Integer>> exclusions, Stats stats) {
        this(verdict, reason, races, witness, exclusions, stats, List.of(), List.of());
    }

    public record Stats(int threads, int accesses, long pairsChecked, long millis) {}
}
