package weft.bounded.bmc;

import org.junit.jupiter.api.Test;
import weft.bounded.seq.AccessFilter;
import weft.budget.Budget;
import weft.budget.WorkMeter;
import weft.frontend.Frontend;
import weft.frontend.FrontendOptions;
import weft.ir.DataModel;
import weft.ir.Program;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The bounded layer on a budget of work ({@link WorkMeter}): its parse, its encoding ({@link Effort}) and its solver
 * calls (Z3's resource count, {@link SolverWork}) are counted on the meter, so a check uses the same units and comes
 * to the same outcome on every run, and a budget too small for the encoding stops it at the same step, whatever the
 * JIT compiler and the collector do meanwhile (the brief: a verdict must not change with how busy the machine is).
 */
class WorkBudgetTest {
    private static final Path PROGRAM = Path.of("src/test/resources/bounded/bmc/01-unknown-function-havoc.c");

    private record Run(RaceBmc.Outcome outcome, long units) {}

    private static Run check(Program p, long millis) {
        WorkMeter meter = new WorkMeter();
        RaceBmc.Outcome o = RaceBmc.check(p, AccessFilter.ALL, RaceBmc.Options.defaults(), Budget.work(meter, millis));
        return new Run(o, meter.units());
    }

    @Test
    void aCheckOnABudgetOfWorkCountsTheSameUnitsOnEveryRun() throws Exception {
        Program p = new Frontend(FrontendOptions.defaults(DataModel.LP64)).load(List.of(PROGRAM));
        Run first = check(p, 60_000);
        System.gc();
        Run second = check(p, 60_000);
        assertEquals(RaceBmc.Kind.RACE, first.outcome().kind(), first.outcome().detail());
        assertEquals(first.outcome().schedule(), second.outcome().schedule());
        assertEquals(first.units(), second.units());
        // the parse, the encoding and the solver call are all counted: more than the parse alone
        assertTrue(first.units() > 100_000, "units: " + first.units());
    }

    @Test
    void aBudgetOfWorkTooSmallForTheEncodingStopsItAtTheSameStep() throws Exception {
        Program p = new Frontend(FrontendOptions.defaults(DataModel.LP64)).load(List.of(PROGRAM));
        long whole = check(p, 60_000).units() * WorkMeter.NANOS_PER_UNIT / 1_000_000;
        // a budget that the layer's first bounds start on but that ends before a model is found
        long millis = Math.max(RaceBmc.MIN_SOLVER_MILLIS + 50, whole / 3);
        Run first = check(p, millis);
        Run second = check(p, millis);
        assertTrue(first.outcome().limited(), first.outcome().detail());
        assertEquals(first.outcome().detail(), second.outcome().detail());
        assertEquals(first.units(), second.units());
    }
}
