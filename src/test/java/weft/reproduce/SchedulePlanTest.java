package weft.reproduce;

import org.junit.jupiter.api.Test;
import weft.ir.SourceLoc;
import weft.trace.RaceAccess;
import weft.trace.RaceWitness;
import weft.trace.Step;
import weft.trace.WitnessThread;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The plan keeps the witness's synchronisation steps in order (and only those), the inputs per thread, the racing lines. */
class SchedulePlanTest {
    static final String F = "/tmp/p.c";

    static SourceLoc at(int line) {
        return new SourceLoc(F, line, 5);
    }

    @Test
    void calledFunction() {
        String[][] cases = {
                {"pthread_mutex_lock(&m)", "pthread_mutex_lock"},
                {"__t1 = pthread_mutex_trylock(&m)", "pthread_mutex_trylock"},
                {"(resumes) pthread_cond_wait(&cv, &m)", "pthread_cond_wait"},
                {"x = y", null},
                {"assume(!ready)", "assume"},
                {"decl v : int", null},
                {"s->f = g(a, b)", "g"},
        };
        for (String[] c : cases) assertEquals(c[1], SchedulePlan.calledFunction(c[0]), c[0]);
    }

    @Test
    void eventsInputsAndRacingLines() {
        List<Step> schedule = List.of(
                new Step(0, "main", at(10), "__t0 = __VERIFIER_nondet_int()"),
                new Step(0, "main", at(10), "n = __t0"),
                new Step(0, "main", at(11), "pthread_create(&t, (void*)0, w, (void*)0)"),
                new Step(1, "w#1", at(3), "pthread_mutex_lock(&m)"),
                new Step(1, "w#1", at(4), "x = 1"),
                new Step(1, "w#1", at(5), "pthread_cond_wait(&c, &m)"),
                new Step(0, "main", at(12), "pthread_cond_signal(&c)"),
                new Step(1, "w#1", at(5), "(resumes) pthread_cond_wait(&c, &m)"),
                new Step(0, "main", at(13), "foo(1)"));
        RaceWitness w = new RaceWitness(new RaceAccess(1, "w#1", at(6), "write of x", true, 0, 4, "x"),
                new RaceAccess(0, "main", new SourceLoc("/usr/include/h.h", 2, 1), "read of x", false, 0, 4, "x"), schedule,
                Map.of("__VERIFIER_nondet_int@p.c:10:5#1", "7"), List.of(new WitnessThread(0, "main", SourceLoc.NONE),
                new WitnessThread(1, "w#1", at(11))));
        SchedulePlan p = SchedulePlan.of(w, Path.of(F), SyncCalls.standard());
        assertEquals(List.of(new SchedulePlan.Event(0, "pthread_create", false, 11), new SchedulePlan.Event(1, "pthread_mutex_lock", false, 3),
                new SchedulePlan.Event(1, "pthread_cond_wait", false, 5), new SchedulePlan.Event(0, "pthread_cond_signal", false, 12),
                new SchedulePlan.Event(1, "pthread_cond_wait", true, 5)), p.events());
        assertEquals(List.of(new SchedulePlan.Input(0, "__VERIFIER_nondet_int", 7)), p.inputs());
        assertArrayEquals(new int[] {1, 0}, p.raceThreads());
        assertArrayEquals(new int[] {6, 0}, p.raceLines(), "an access in a header has no line in the program file");
        String c = p.toC();
        assertTrue(c.contains("{1, \"pthread_cond_wait\", 1, 5}, /* 4 */"), c);
        assertTrue(c.contains("const int weft_event_count = 5;"), c);
        assertTrue(c.contains("{0, \"__VERIFIER_nondet_int\", 7LL},"), c);
        assertTrue(c.contains("const int weft_race_line[2] = {6, 0};"), c);
        assertEquals(1, p.later(), "the read goes last");
        assertTrue(c.contains("const int weft_race_later = 1;"), c);
        assertEquals(List.of(0, 1), p.starts(), "thread 1 starts after main's creation, the first event");
        assertTrue(c.contains("const int weft_thread_start[] = {0, 1};\nconst int weft_thread_count = 2;"), c);
        assertNull(SyncCalls.standard().role("foo"));
    }
}
