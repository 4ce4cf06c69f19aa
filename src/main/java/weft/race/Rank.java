package weft.race;

/**
 * How sure the report is of a race, best first. The rank never changes a verdict: it orders the report.
 *
 * <ul>
 *   <li>{@link #CONFIRMED}: an interleaving found by the explorer reaches both accesses at once (a real
 *       execution of the program);</li>
 *   <li>{@link #CERTAIN}: the must-facts of {@link MustRace} hold (both accesses reached by the analysis,
 *       the two threads run in parallel, no lock possibly held in common, one concrete object and the
 *       same bytes);</li>
 *   <li>{@link #POSSIBLE}: no exclusion rule separates the two accesses, and nothing more is known.</li>
 * </ul>
 */
public enum Rank {
    CONFIRMED, CERTAIN, POSSIBLE;

    /** The spelling in reports: {@code confirmed}, {@code certain}, {@code possible}. */
    public String id() {
        return name().toLowerCase();
    }
}
