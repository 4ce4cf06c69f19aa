package weft.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/** Runs tasks {@code jobs} at a time and collects their results in task order. */
public final class Bench {
    /** Called (from worker threads, one call at a time) when a task has finished. */
    public interface Listener {
        void finished(int done, int total, Task task, TaskResult result);
    }

    private final int jobs;
    private final Function<Task, TaskResult> runner;

    /**
     * @param jobs   how many tasks run at once
     * @param runner runs one task (e.g. {@link TaskRunner#run}); it must not throw
     */
    public Bench(int jobs, Function<Task, TaskResult> runner) {
        if (jobs < 1) throw new IllegalArgumentException("jobs must be at least 1");
        this.jobs = jobs;
        this.runner = runner;
    }

    /** Runs all {@code tasks}; the results are in the same order. */
    public List<TaskResult> run(List<Task> tasks, Listener listener) throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(jobs, r -> {
            Thread t = new Thread(r, "weft-bench");
            t.setDaemon(true);
            return t;
        });
        AtomicInteger done = new AtomicInteger();
        try {
            List<Future<TaskResult>> futures = new ArrayList<>();
            for (Task t : tasks) {
                futures.add(pool.submit(() -> {
                    TaskResult r = runner.apply(t);
                    synchronized (listener) {
                        listener.finished(done.incrementAndGet(), tasks.size(), t, r);
                    }
                    return r;
                }));
            }
            List<TaskResult> results = new ArrayList<>();
            for (Future<TaskResult> f : futures) {
                try {
                    results.add(f.get());
                } catch (ExecutionException e) {
                    throw new IllegalStateException("task runner failed", e.getCause());
                }
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }
}
