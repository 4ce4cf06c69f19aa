package weft.soundness;

import java.util.List;
import java.util.Random;

/**
 * A ready flag for {@link ProgramGenerator} (issue 34, {@code weft.thread.PublicationFlags}): main's concurrent part
 * writes an object, then sets a flag to 1 holding the flag's mutex and broadcasts; the workers that read the object first
 * wait holding the mutex until they read the flag set. Race-free: the write happens before every read. The hole
 * {@link Hole#READY_FLAG} breaks it one of three ways ({@link Break}). A third of the flags are members of a static
 * struct with their mutex and condition ({@code rf_X.f}: {@code weft.thread.MemberCells}).
 *
 * <p>A quarter of the publications are a POSIX semaphore instead (issue 35: the explorer executes semaphores): it
 * starts at 0, main posts it once per reader after the write, each reader waits on it ({@code sem_wait}, retried while
 * it fails, or {@code sem_trywait} polled) before it reads. {@code PLAIN} then makes the semaphore start at 1: one
 * reader may pass before the write.
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
    private final boolean semaphore;
    private final int waitForm;

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
        this.semaphore = rnd.nextInt(4) == 0;
        this.waitForm = rnd.nextInt(3);
    }

    void declare(List<String> decls) {
        if (semaphore) {
            decls.add("static sem_t sem_" + object + ";");
            return;
        }
        if (member) {
            decls.add("static struct { pthread_mutex_t m; int f; pthread_cond_t cv; } rf_" + object
                    + " = { PTHREAD_MUTEX_INITIALIZER, 0, PTHREAD_COND_INITIALIZER };");
            return;
        }
        decls.add("static int " + f + ";");
        decls.add("static pthread_mutex_t " + m + " = PTHREAD_MUTEX_INITIALIZER;");
        decls.add("static pthread_cond_t " + cv + " = PTHREAD_COND_INITIALIZER;");
    }

    /** main's initialisation before it creates threads: the semaphore's, or null. */
    String init() {
        return semaphore ? "sem_init(&sem_" + object + ", 0, " + (broken == Break.PLAIN ? 1 : 0) + ");" : null;
    }

    /** main's setting of the flag, for {@code readers} readers. */
    String publish(int readers) {
        if (semaphore) return "for (int k = 0; k < " + readers + "; k++) sem_post(&sem_" + object + ");";
        if (broken == Break.PLAIN) return f + " = 1; pthread_mutex_lock(&" + m + "); pthread_cond_broadcast(&" + cv + "); pthread_mutex_unlock(&" + m + ");";
        return "pthread_mutex_lock(&" + m + "); " + f + " = 1; pthread_cond_broadcast(&" + cv + "); pthread_mutex_unlock(&" + m + ");";
    }

    /** A worker's wait for the flag. */
    String await() {
        if (semaphore) {
            String sem = "&sem_" + object;
            return switch (waitForm) {
                case 0 -> "sem_wait(" + sem + ");";
                case 1 -> "while (sem_wait(" + sem + ") != 0) { }";
                default -> "while (sem_trywait(" + sem + ") != 0) sched_yield();";
            };
        }
        return "pthread_mutex_lock(&" + m + "); while (" + test + ") pthread_cond_wait(&" + cv + ", &" + m + "); pthread_mutex_unlock(&" + m + ");";
    }

    boolean writesAfter() {
        return broken == Break.WRITE_AFTER;
    }

    boolean skipsWait() {
        return broken == Break.NO_WAIT;
    }
}
