package weft.bounded.bmc;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import weft.bounded.seq.AccessFilter;
import weft.budget.Budget;
import weft.frontend.Frontend;
import weft.frontend.FrontendOptions;
import weft.ir.DataModel;
import weft.ir.Program;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The racing run the bounded layer reads from Z3's model is the same from run to run. While the formula is built, the
 * Java collector frees terms at moments that vary between runs, Z3 reuses the ids of freed terms and its heuristics
 * follow the ids: on this dev task the model's input (how many threads main starts) was 1, 3, 3 and 2 in four runs,
 * and the explorer replayed only some of them. {@link RaceBmc} now solves a translation of the formula into a fresh
 * context. One check here runs while another thread keeps asking for collections, and the explorer must replay the
 * run into a real race. Skipped without {@code ../shared}.
 */
class ModelDeterminismTest {
    private static final Path TASK = Path.of("../shared/benchmarks/svcomp-nodatarace-dev/c/pthread-race-challenges/thread-join-counter-inner-race-2.i");

    private static RaceBmc.Outcome check(Program p) {
        return RaceBmc.check(p, AccessFilter.ALL, RaceBmc.Options.defaults(), Budget.cpuMillis(30_000));
    }

    @Test
    void theModelDoesNotDependOnTheCollector() throws Exception {
        Assumptions.assumeTrue(Files.isRegularFile(TASK), "../shared is absent");
        Program p = new Frontend(FrontendOptions.defaults(DataModel.ILP32)).load(List.of(TASK));
        RaceBmc.Outcome quiet = check(p);
        AtomicBoolean stop = new AtomicBoolean();
        Thread gc = new Thread(() -> {
            while (!stop.get()) {
                System.gc();
                try {
                    Thread.sleep(5);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        gc.setDaemon(true);
        gc.start();
        RaceBmc.Outcome busy;
        try {
            busy = check(p);
        } finally {
            stop.set(true);
            gc.join();
        }
        assertEquals(RaceBmc.Kind.RACE, quiet.kind(), quiet.detail());
        assertEquals(quiet.schedule(), busy.schedule());
        // the run is replayed: main stops within its condition wait (a stop the replay once took for one before it)
        weft.explore.Explorer e = new weft.explore.Explorer(p, weft.explore.ExploreOptions.defaults().withValueHints(quiet.schedule().inputs()));
        org.junit.jupiter.api.Assertions.assertTrue(e.follow(quiet.schedule().guide(), weft.explore.ExploreOptions.defaults().maxSteps(), 10_000)
                .race().isPresent(), quiet.schedule().toString());
    }
}
