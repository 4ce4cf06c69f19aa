package weft.soundness;

import java.util.List;
import java.util.Random;

/**
 * A ready flag for {@link ProgramGenerator} (issue 34, {@code weft.thread.PublicationFlags}): main's concurrent part
 * writes an object, then sets a flag to 1 holding the flag's mutex and broadcasts; the workers that read the object first
 * wait holding the mutex until they read the flag set. Race-free: the write happens before every read. The hole
 * {@link Hole#READY_FLAG} breaks it one of three ways ({@link Break}). A third of the flags are members of a static
 * struct with their mutex and condition ({@code rf_X.f}: {@code weft.thread.MemberCells}).
 */
final class ReadyFlagForms {
    /**
     * {@code WRITE_AFTER}: main writes the object again after setting the flag; {@code PLAIN}: main sets the flag
     * without the mutex (its store races with the workers' reads of it and orders nothing); {@code NO_WAIT}: one worker
     * reads the object without waiting for the flag.
     */
    enum Break { WRITE_AFTER, PLAIN, NO_WAIT }

    private final String object;
    private final boolean member;
    private final String f;
    private final String m;
    private final String cv;
    private final Break broken;
    private final String test;

    ReadyFlagForms(String object, Break broken, Random rnd) {
        this.object = object;
        int pick = rnd.nextInt(3);
        this.member = rnd.nextInt(3) == 0;
        this.f = member ? "rf_" + object + ".f" : "ready_" + object;
        this.m = member ? "rf_" + object + ".m" : f + "_m";
        this.cv = member ? "rf_" + object + ".cv" : f + "_cv";
        this.broken = broken;
        String[] tests = {"!" + f, f + " == 0", f + " < 1"};
        this.test = tests[pick];
    }

    void declare(List<String> decls) {
        if (member) {
            decls.add("static struct { pthread_mutex_t m; int f; pthread_cond_t cv; } rf_" + object
                    + " = { PTHREAD_MUTEX_INITIALIZER, 0, PTHREAD_COND_INITIALIZER };");
            return;
        }
        decls.add("static int " + f + ";");
        decls.add("static pthread_mutex_t " + m + " = PTHREAD_MUTEX_INITIALIZER;");
        decls.add("static pthread_cond_t " + cv + " = PTHREAD_COND_INITIALIZER;");
    }

    /** main's setting of the flag. */
    String publish() {
        if (broken == Break.PLAIN) return f + " = 1; pthread_mutex_lock(&" + m + "); pthread_cond_broadcast(&" + cv + "); pthread_mutex_unlock(&" + m + ");";
        return "pthread_mutex_lock(&" + m + "); " + f + " = 1; pthread_cond_broadcast(&" + cv + "); pthread_mutex_unlock(&" + m + ");";
    }

    /** A worker's wait for the flag. */
    String await() {
        return "pthread_mutex_lock(&" + m + "); while (" + test + ") pthread_cond_wait(&" + cv + ", &" + m + "); pthread_mutex_unlock(&" + m + ");";
    }

    boolean writesAfter() {
        return broken == Break.WRITE_AFTER;
    }

    boolean skipsWait() {
        return broken == Break.NO_WAIT;
    }
}
