package weft.soundness;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Where a harness run spends its time: CPU time of the calling thread per phase (each Weft run, the exploration
 * oracle, the budget variants), and wall time for ThreadSanitizer (gcc and the runs are child processes). Shared by
 * the jobs of a campaign; {@link SoundnessBench} prints it, so that the campaign's cost can be measured, not guessed.
 */
final class PhaseTimes {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private final Map<String, LongAdder> millis = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> counts = new ConcurrentHashMap<>();

    /** Starts a measurement on the calling thread: pass the result to {@link #end}. */
    long start() {
        return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : System.nanoTime();
    }

    /** Adds the calling thread's CPU time since {@code start} to {@code phase}. */
    void end(String phase, long start) {
        add(phase, (start() - start) / 1_000_000);
    }

    /** Adds {@code ms} to {@code phase} (wall time of child processes). */
    void add(String phase, long ms) {
        millis.computeIfAbsent(phase, k -> new LongAdder()).add(ms);
        counts.computeIfAbsent(phase, k -> new LongAdder()).increment();
    }

    /** One line per phase: total seconds, how often it ran, and the mean milliseconds per run. */
    String table() {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, LongAdder> e : new TreeMap<>(millis).entrySet()) {
            long ms = e.getValue().sum();
            long n = counts.get(e.getKey()).sum();
            sb.append(String.format("  %-28s %8.1f s  %6d runs  %7.0f ms/run%n", e.getKey(), ms / 1000.0, n, n == 0 ? 0.0 : (double) ms / n));
        }
        return sb.toString();
    }
}
