package weft.bounded.bmc;

import com.microsoft.z3.Solver;
import com.microsoft.z3.Statistics;
import weft.budget.Budget;
import weft.budget.WorkMeter;

/**
 * What a solver call used, as deterministic work: Z3 counts its resource units ({@code rlimit count}, per context and
 * cumulative) the same way on every run of the same formula, so a budget of work ({@link WorkMeter}) charged with
 * them, at the rate the layer converts its budget into an {@code rlimit}, ends after the same calls every time. A
 * budget of CPU time is not charged (its clock measures the call itself).
 */
public final class SolverWork {
    /**
     * Z3 resource units a millisecond of the bounded layer's budget buys, and what a millisecond of work a solver call
     * that used them is charged: about what Z3 makes in a millisecond of CPU time on the development machine, its
     * formula's translation and assertion included (40 dev tasks' calls of more than 50 ms: 4,070 a millisecond the
     * median, 2,120 the 10th percentile, 5,850 the 90th; 3,310 over all of them together). It was 5,000 while the
     * layer's budget was CPU time and its watch the real limit.
     */
    public static final long RLIMIT_PER_MILLI = 4_000;

    /** Z3's statistic of resource units used by the solver's context so far. */
    static final String RLIMIT_COUNT = "rlimit count";

    private SolverWork() {
    }

    /** The resource units {@code s}'s context has used so far (0 before any check). */
    public static long count(Solver s) {
        Statistics.Entry e = s.getStatistics().get(RLIMIT_COUNT);
        if (e == null) return 0;
        return e.isUInt() ? Integer.toUnsignedLong(e.getUIntValue()) : (long) e.getDoubleValue();
    }

    /** Charges {@code budget}'s meter, if it counts work, with {@code units} of a solver that makes {@code perMilli} a millisecond. */
    public static void charge(Budget budget, long units, long perMilli) {
        if (budget.clock() instanceof WorkMeter m && units > 0) m.solver(units, perMilli);
    }
}
