package weft.bounded.bmc;

import com.microsoft.z3.Context;
import weft.budget.Budget;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * Keeps a solver call within the budget of the thread that makes it: a watcher thread reads that thread's CPU time
 * (Z3 solves on the caller's thread) and interrupts the context ({@link Context#interrupt}) once the budget is used
 * up or the thread is interrupted; the call then returns {@code unknown}. Z3's deterministic {@code rlimit} is meant
 * to stop it first; its units are not milliseconds, and a formula can use far more time per unit than the layer
 * estimates (on the dev set a call overran its slice by 1.8 s and took the process past its CPU limit). With a budget
 * of work, which a call does not advance while it runs, the watch keeps to the CPU time its cap leaves
 * ({@link weft.budget.Budget#timeLeftMillis}). Closing the
 * watch stops the watcher and waits for it, so the context is never interrupted after it is closed.
 */
final class SolverWatch implements AutoCloseable {
    private static final long POLL_MILLIS = 10;

    private final Thread watcher;
    private volatile boolean done;

    private SolverWatch(Context ctx, Budget budget) {
        Thread caller = Thread.currentThread();
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        boolean cpu = mx.isThreadCpuTimeSupported() && mx.isThreadCpuTimeEnabled();
        long id = caller.getId();
        long start = cpu ? mx.getThreadCpuTime(id) : System.nanoTime();
        // a budget of work counts nothing while the solver runs: its cap's time is what the watch keeps to
        long left = budget.timeLeftMillis();
        long deadline = left >= Long.MAX_VALUE / 4_000_000L ? Long.MAX_VALUE : start + left * 1_000_000L;
        watcher = new Thread(() -> {
            while (!done) {
                long now = cpu ? mx.getThreadCpuTime(id) : System.nanoTime();
                if (now > deadline || caller.isInterrupted()) {
                    ctx.interrupt();
                    return;
                }
                try {
                    Thread.sleep(POLL_MILLIS);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "weft-solver-watch");
        watcher.setDaemon(true);
        watcher.start();
    }

    /** Starts watching the calling thread's solver calls on {@code ctx} against {@code budget} (made on this thread). */
    static SolverWatch start(Context ctx, Budget budget) {
        return new SolverWatch(ctx, budget);
    }

    @Override
    public void close() {
        done = true;
        watcher.interrupt();
        boolean interrupted = false;
        while (watcher.isAlive()) {
            try {
                watcher.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
    }
}
