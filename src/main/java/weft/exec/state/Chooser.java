package weft.exec.state;

import weft.trace.RaceWitness;
import java.util.List;

/**
 * The source of every nondeterministic decision of one execution: which enabled thread runs next and which value
 * a nondeterministic input returns. Any answer yields a real execution (all enabled threads may run; all
 * candidate values are in the input's type range), so the choice only steers the search.
 */
public interface Chooser {
    /**
     * Picks the next thread to run. {@code enabled} is non-empty and sorted by thread index; {@code current} is the
     * thread that ran last (-1 at the start); {@code currentVisible} tells whether its next step touches shared
     * state (only then does switching away from it matter).
     */
    int pickThread(List<Integer> enabled, int current, boolean currentVisible);

    /**
     * {@link #pickThread(List, int, boolean)} knowing each enabled thread's next step's memory accesses ({@code next}
     * of a thread index): a chooser directed at two source sites holds threads that stand at them
     * ({@code explore.Schedulers.Directed}). By default the accesses are not looked at.
     */
    default int pickThread(List<Integer> enabled, int current, boolean currentVisible, java.util.function.IntFunction<List<ByteAccess>> next) {
        return pickThread(enabled, current, currentVisible);
    }

    /** Picks one of {@code n > 0} candidate values (index 0 is the default). */
    int pickValue(int n);

    /** Random bits for a random candidate value. */
    long randomBits();

    /**
     * The value the {@code occurrence}-th (1-based) nondeterministic integer input called at {@code loc} must return,
     * or null to pick a candidate: a witness being followed gives its inputs' values ({@code explore.Explorer#follow}).
     */
    default Long forcedValue(weft.ir.SourceLoc loc, int occurrence) {
        return null;
    }

    /**
     * Whether the execution ends at the racing state {@code race} (the search's choosers: always); a witness being
     * followed goes on until its steps are done ({@code explore.Explorer#follow}).
     */
    default boolean stopAtRace(RaceWitness race) {
        return true;
    }

    /**
     * The execution went where another outcome of a library call it does not enumerate (an allocation or a thread
     * creation that fails, D24, D25) could make the program go another way: the runs it visits are real, but a search
     * that visits them all proves nothing (the state-space search's chooser then answers incomplete, not race-free).
     */
    default void proofGap(String reason) {
    }
}
