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

    /**
     * A solver of context {@code solve} with parameters {@code p} and {@code formula}, built in another context,
     * translated into it: the layers solve in a context of their own, whose terms are created in an order fixed by the
     * formula alone (the building context's terms are freed by the Java collector at moments that vary from run to
     * run, and Z3's resource count and heuristics followed them).
     */
    public static Solver translated(com.microsoft.z3.Context solve, com.microsoft.z3.Params p, com.microsoft.z3.BoolExpr formula) {
        Solver s = solve.mkSolver();
        s.setParameters(p);
        s.add(formula.translate(solve));
        return s;
    }

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
