package weft.explore;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import weft.budget.Budget;
import weft.exec.state.Chooser;
import weft.exec.ExecState;
import weft.exec.Interpreter;
import weft.ir.Program;
import weft.trace.RaceWitness;
import weft.trace.Step;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The shared start of a witness search's executions ({@link Prefixes}) changes no execution: every execution that
 * resumes from a snapshot makes the same steps, stops for the same reason, records the same inputs and leaves its
 * chooser in the same state as the one that ran the start itself; and a search over a start longer than the step
 * limit of the concurrent part gets past it.
 */
class PrefixesTest {
    /** Choices before and inside a long start (12,000 iterations: several snapshots), then threads whose race depends on them. */
    private static final String LONG_START = """
            int data[64];
            int shared;
            int flag;
            void *worker(void *a) { if (flag) shared++; else shared += 2; return 0; }
            int main(void) {
                int n = __VERIFIER_nondet_int();
                int acc = 0;
                for (int i = 0; i < 12000; i++) {
                    data[i % 64] += i;
                    if (i == 3500 || i == 8000) acc += __VERIFIER_nondet_int();
                }
                flag = acc > 0;
                pthread_t a, b;
                pthread_create(&a, 0, worker, 0);
                if (n != 0) pthread_create(&b, 0, worker, 0);
                shared = n;
                pthread_join(a, 0);
                return 0;
            }
            """;

    private record Run(List<Step> steps, String stop, String chooserAfter, boolean race) {}

    @Test
    void resumedExecutionsAreTheExecutionsTheyWouldHaveBeen(@TempDir Path dir) throws Exception {
        Program p = ExploreTestSupport.load(dir, "start", LONG_START);
        ExecState initial = ExecState.initial(p);
        List<Supplier<Schedulers.Strategy>> choosers = new ArrayList<>();
        // directed at the workers' update of shared and main's store (their lines in LONG_START, after the prelude)
        int before = (int) ExploreTestSupport.PRELUDE.lines().count();
        String file = dir.resolve("start.c").toString();
        ExploreOptions.Target target = new ExploreOptions.Target(new weft.ir.SourceLoc(file, before + 4, 0), new weft.ir.SourceLoc(file, before + 16, 0));
        for (Schedulers.ValuePolicy v : Schedulers.ValuePolicy.values()) {
            choosers.add(() -> new Schedulers.RoundRobin(1, 3, v));
            choosers.add(() -> new Schedulers.RoundRobin(7, 3, v));
            choosers.add(() -> new Schedulers.Sticky(5, v));
            choosers.add(() -> new Schedulers.ChildFirst(5, v));
            choosers.add(() -> new Schedulers.Directed(target, new Schedulers.RoundRobin(5, 9, v)));
        }
        for (int seed = 0; seed < 8; seed++) {
            long s = seed;
            choosers.add(() -> new Schedulers.RandomWalk(0.3, s, Schedulers.ValuePolicy.RANDOM));
            choosers.add(() -> new Schedulers.Priority(2, 50, s, Schedulers.ValuePolicy.RANDOM));
            // change points deep in the start (between snapshots and inside runs of thread questions)
            choosers.add(() -> new Schedulers.Priority(4, 60_000, s, Schedulers.ValuePolicy.RANDOM));
            choosers.add(() -> new Schedulers.Directed(target, new Schedulers.RandomWalk(0.2, s, Schedulers.ValuePolicy.ONE)));
        }
        Prefixes shared = new Prefixes();
        for (int round = 0; round < 2; round++) {
            for (Supplier<Schedulers.Strategy> make : choosers) {
                Schedulers.Strategy alone = make.get();
                Schedulers.Strategy resumed = make.get();
                Run a = run(initial, alone, null);
                Run b = run(initial, resumed, shared);
                assertTrue(a.steps().equals(b.steps()), "the same steps under " + alone.getClass().getSimpleName() + " (" + a.steps().size() + ", " + b.steps().size() + ")");
                assertEquals(a.stop(), b.stop());
                assertEquals(a.race(), b.race());
                assertEquals(a.chooserAfter(), b.chooserAfter(), "the chooser asked the same questions");
                assertTrue(a.steps().size() > 40_000, "the start is long: " + a.steps().size());
            }
        }
        assertTrue(shared.resumed >= choosers.size(), "the second round resumes its executions: " + shared.resumed);
        assertTrue(shared.stepsSaved > 20_000L * choosers.size(), "steps not run again: " + shared.stepsSaved);
    }

    @Test
    void replayedChoicePointsAreRecordedAsIfRun(@TempDir Path dir) throws Exception {
        Program p = ExploreTestSupport.load(dir, "replay", LONG_START);
        ExecState initial = ExecState.initial(p);
        Prefixes shared = new Prefixes();
        for (int[] prefix : new int[][] {{}, {1}, {1, 2}, {0, 1, 1}, {2, 0, 3}, {1, 2}}) {
            Schedulers.Replay alone = new Schedulers.Replay(prefix, 7);
            Schedulers.Replay resumed = new Schedulers.Replay(prefix, 7);
            Run a = run(initial, alone, null);
            Run b = run(initial, resumed, shared);
            assertTrue(a.steps().equals(b.steps()), "the same steps (" + a.steps().size() + ", " + b.steps().size() + ")");
            assertEquals(a.stop(), b.stop());
            assertEquals(points(alone), points(resumed), "the choice points a single-deviation search builds on");
        }
        assertTrue(shared.resumed > 0);
    }

    @Test
    void aSearchGetsPastAStartLongerThanItsStepLimit(@TempDir Path dir) throws Exception {
        Program p = ExploreTestSupport.load(dir, "search", """
                int pool[40000];
                int clients;
                void *worker(void *a) { clients++; return 0; }
                int main(void) {
                    for (int i = 0; i + 1 < 40000; i++) pool[i] = i + 1;
                    pthread_t a, b;
                    pthread_create(&a, 0, worker, 0);
                    pthread_create(&b, 0, worker, 0);
                    return 0;
                }
                """);
        Optional<RaceWitness> w = new Explorer(p, new ExploreOptions(20_000, 50, 60_000, 1)).findRace();
        assertTrue(w.isPresent(), "120,000 steps of start, six times the step limit");
        assertEquals("clients", w.get().first().object());
    }

    private static List<String> points(Schedulers.Replay r) {
        List<String> out = new ArrayList<>();
        for (Schedulers.Replay.Point pt : r.trace) out.add(pt.thread() + ":" + java.util.Arrays.toString(pt.options()) + ":" + pt.taken());
        return out;
    }

    private static Run run(ExecState initial, Schedulers.Strategy c, Prefixes prefixes) {
        Prefixes.Recorder r = prefixes == null ? null : prefixes.start(c);
        ExecState s = r == null ? initial.fork(c) : r.begin(initial);
        Execution ex = new Execution(s, 400_000, Budget.cpuMillis(120_000), true);
        ex.prefixes = prefixes;
        ex.recorder = r;
        RaceWitness w = ex.run();
        List<Step> steps = new ArrayList<>();
        for (Interpreter.Executed x : ex.schedule) steps.add(x.toStep());
        // the chooser's state after the run: its random bits and the threads it picks next among three
        StringBuilder after = new StringBuilder().append(c.randomBits());
        for (int i = 0; i < 12; i++) after.append(',').append(c.pickThread(List.of(0, 1, 2), i % 3, true));
        return new Run(steps, ex.stopReason, after.toString(), w != null);
    }
}
