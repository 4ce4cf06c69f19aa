package weft.explore;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import weft.exec.state.ByteAccess;
import weft.ir.SourceLoc;
import weft.trace.RaceWitness;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Issue 35: executions directed at a candidate race hold threads at its two sites until they meet there. */
class DirectedSearchTest {
    @TempDir
    Path dir;

    private static final SourceLoc SITE_A = new SourceLoc("p.c", 10, 3);
    private static final SourceLoc SITE_B = new SourceLoc("p.c", 20, 3);

    /**
     * The worker publishes a window (flag set, written, flag cleared, under a lock) that main enters only when it sees
     * the flag: the racing state needs the worker held between its flag update and its write while main spins into it.
     */
    private static final String WINDOW = """
            pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
            int flag, data, spins;
            void *worker(void *arg) {
              for (int i = 0; i < 200; i++) spins++;
              pthread_mutex_lock(&m); flag = 1; pthread_mutex_unlock(&m);
              data = 1;
              pthread_mutex_lock(&m); flag = 2; pthread_mutex_unlock(&m);
              return 0;
            }
            int main(void) {
              pthread_t t;
              pthread_create(&t, 0, worker, 0);
              int f = 0;
              while (f != 1) { pthread_mutex_lock(&m); f = flag; pthread_mutex_unlock(&m); if (f == 2) return 0; }
              data = 2;
              pthread_join(t, 0);
              return 0;
            }
            """;

    private static List<ByteAccess> at(SourceLoc loc) {
        return List.of(new ByteAccess(1, 0, 4, true, false, loc, "x", false, false));
    }

    @Test
    void aThreadAtASiteWaitsWhileAnotherCanRun() {
        var d = new Schedulers.Directed(new ExploreOptions.Target(SITE_A, SITE_B), new Schedulers.Sticky(1, Schedulers.ValuePolicy.ZERO));
        // thread 0 stands at site A (another column of the same line counts): the other runs, though 0 ran last
        assertEquals(1, d.pickThread(List.of(0, 1), 0, true, t -> t == 0 ? at(new SourceLoc("p.c", 10, 9)) : at(new SourceLoc("p.c", 5, 1))));
        // no thread at a site: the base strategy (sticky) keeps the current one
        assertEquals(0, d.pickThread(List.of(0, 1), 0, true, t -> at(new SourceLoc("p.c", 5, 1))));
        // every enabled thread held: one moves on (the base strategy's choice)
        assertEquals(0, d.pickThread(List.of(0, 1), 0, true, t -> at(t == 0 ? SITE_A : SITE_B)));
    }

    /**
     * The worker publishes a window (flag set, written, flag cleared, under a lock) that main enters only when it sees
     * the flag; the racing state needs the worker held between its flag update and its write while main spins into
     * the window. With the candidate's sites given, the first directed executions reach it.
     */
    @Test
    void directedExecutionsMeetAtTheCandidatesSites() throws Exception {
        var program = ExploreTestSupport.load(dir, "window", WINDOW);
        int lines = (int) ExploreTestSupport.PRELUDE.lines().count();
        String file = dir.resolve("window.c").toString();
        var target = new ExploreOptions.Target(new SourceLoc(file, lines + 6, 3), new SourceLoc(file, lines + 15, 3));
        // the default run, the sixteen systematic ones, then the first directed one; without the target no run of these
        // twenty meets the window (the search's random runs find it after some eight hundred executions)
        ExploreOptions twenty = new ExploreOptions(20_000, 20, 10_000, 1);
        assertTrue(new Explorer(program, twenty).findRace().isEmpty(), "undirected, the window is missed");
        Optional<RaceWitness> w = new Explorer(program, twenty.withTargets(List.of(target))).findRace();
        assertTrue(w.isPresent(), "the directed executions meet at the candidate's sites");
        assertEquals(java.util.Set.of(lines + 6, lines + 15), java.util.Set.of(w.get().first().loc().line(), w.get().second().loc().line()));
    }

    /**
     * A search budgeted in work ({@link weft.budget.WorkMeter}) ends at the same execution on every run: the window
     * program without its target needs some eight hundred executions, more than this budget allows, so each search
     * is cut by its budget, always after the same executions and the same steps. A budget of CPU time cuts it where
     * the JIT compiler and the collector happen to leave the thread.
     */
    @Test
    void aSearchBudgetedInWorkEndsAtTheSameExecutionOnEveryRun() throws Exception {
        var program = ExploreTestSupport.load(dir, "window", WINDOW);
        ExploreOptions many = new ExploreOptions(20_000, 100_000, 60_000, 1);
        java.util.Set<List<Long>> outcomes = new java.util.HashSet<>();
        for (int run = 0; run < 3; run++) {
            weft.budget.WorkMeter meter = new weft.budget.WorkMeter();
            weft.budget.Budget work = weft.budget.Budget.work(meter, 200).cappedBy(weft.budget.Budget.cpuMillis(60_000));
            Explorer e = new Explorer(program, many);
            assertTrue(e.findRace(work).isEmpty(), "the budget ends the search before the window is met");
            assertTrue(e.limited() && e.executions() > 20, e.executions() + " executions");
            outcomes.add(List.of((long) e.executions(), meter.units()));
        }
        assertEquals(1, outcomes.size(), "executions and units of each run: " + outcomes);
    }
}
