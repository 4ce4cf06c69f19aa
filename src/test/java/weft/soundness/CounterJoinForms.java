package weft.soundness;

import java.util.List;
import java.util.Random;

/**
 * A counter join for {@link ProgramGenerator} (issue 34, {@code weft.thread.CounterJoins}): instead of joining a
 * worker role, main counts each of its threads in under a mutex before creating it ({@code live++}), each thread
 * counts itself out under the mutex as the last thing it does ({@code live--} and a broadcast), and main waits under the
 * mutex until the count shows none left. Race-free like a join. The hole {@link ProgramGenerator.Hole#COUNTER_JOIN}
 * breaks it one of three ways ({@link Break}), each leaving a worker's accesses unordered with main's after the wait.
 * The threads are detached (never joined); the wait never blocks forever (a count that goes below 0 ends it too).
 */
final class CounterJoinForms {
    /**
     * {@code OUT_FIRST}: the worker counts itself out before its accesses; {@code ALL_BUT_ONE}: main waits only until
     * one is left; {@code UNCOUNTED_FIRST}: the first thread is created without being counted in; {@code IF_WAIT}: main
     * waits once ({@code if}, not {@code while}), so the first thread's wake-up (or a spurious one) lets it on while
     * others still count.
     */
    enum Break { OUT_FIRST, ALL_BUT_ONE, UNCOUNTED_FIRST, IF_WAIT }

    private final String c;
    private final String m;
    private final String cv;
    private final Break broken;
    private final String test;

    /** The counter of worker role {@code id}; {@code broken} null for the race-free form. */
    CounterJoinForms(int id, Break broken, Random rnd) {
        this.c = "live" + id;
        this.m = "live" + id + "_m";
        this.cv = "live" + id + "_cv";
        this.broken = broken;
        String[] tests = {c + " != 0", c + " > 0", c};
        this.test = broken == Break.ALL_BUT_ONE ? c + " > 1" : broken == Break.UNCOUNTED_FIRST ? c + " > 0" : tests[rnd.nextInt(tests.length)];
    }

    void declare(List<String> decls) {
        decls.add("static int " + c + ";");
        decls.add("static pthread_mutex_t " + m + " = PTHREAD_MUTEX_INITIALIZER;");
        decls.add("static pthread_cond_t " + cv + " = PTHREAD_COND_INITIALIZER;");
    }

    /** Counting in a thread before its creation; {@code first}: a C condition true for the role's first thread. */
    String countIn(String first) {
        String in = "pthread_mutex_lock(&" + m + "); " + c + "++; pthread_mutex_unlock(&" + m + ");";
        return broken == Break.UNCOUNTED_FIRST ? "if (!(" + first + ")) { " + in + " }" : in;
    }

    /** A thread counting itself out and waking the waiter. */
    String countOut() {
        return "pthread_mutex_lock(&" + m + "); " + c + "--; pthread_cond_broadcast(&" + cv + "); pthread_mutex_unlock(&" + m + ");";
    }

    /** Whether the thread counts itself out before its accesses (the hole) rather than after them. */
    boolean outFirst() {
        return broken == Break.OUT_FIRST;
    }

    /** main's wait for the count. */
    String await() {
        return "pthread_mutex_lock(&" + m + "); " + (broken == Break.IF_WAIT ? "if" : "while") + " (" + test + ") pthread_cond_wait(&" + cv + ", &" + m + "); pthread_mutex_unlock(&" + m + ");";
    }
}
