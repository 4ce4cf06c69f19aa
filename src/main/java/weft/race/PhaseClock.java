package weft.race;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link Progress} that also measures each phase (for {@code weft check --stats}): the wall time and
 * the CPU time of the analysing thread between one {@link #phase} call and the next, the heap in use
 * when the phase ended, and named counts the analysis reports ({@link #count}). Phases are keyed by
 * their name without trailing figures ({@code "walking 12 abstract threads"} becomes {@code "walking"}),
 * so a phase entered several times accumulates. Forwards every phase to the wrapped display.
 *
 * <p>CPU time is that of the thread that entered the phase (the analysing thread); garbage collection
 * and JIT compilation run on other threads and show only in the process total.
 */
public final class PhaseClock implements Progress {
    /** Figures of one phase: wall and CPU milliseconds, and heap in use (MiB) at its end. */
    public record Phase(String name, long wallMillis, long cpuMillis, long heapMb) {}

    private final Progress next;
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final Map<String, long[]> phases = new LinkedHashMap<>();
    private final Map<String, Long> counts = new LinkedHashMap<>();
    private String current;
    private long wall0;
    private long cpu0;
    private long thread = -1;
    private volatile boolean precise;

    public PhaseClock(Progress next) {
        this.next = next;
    }

    @Override
    public synchronized void phase(String phase) {
        stop();
        current = key(phase);
        thread = Thread.currentThread().getId();
        wall0 = System.nanoTime();
        cpu0 = cpu();
        next.phase(phase);
    }

    @Override
    public void preciseLayers(boolean running) {
        precise = running;
        next.preciseLayers(running);
    }

    /** Whether the precise layers are running ({@link Progress#preciseLayers}). */
    public boolean inPreciseLayers() {
        return precise;
    }

    /** Records a named figure (last value wins), e.g. the number of calling contexts walked. */
    @Override
    public synchronized void count(String name, long value) {
        counts.put(name, value);
        next.count(name, value);
    }

    /** Ends the current phase (the next {@link #phase} call starts another). */
    public synchronized void stop() {
        if (current == null) return;
        long[] f = phases.computeIfAbsent(current, k -> new long[3]);
        f[0] += (System.nanoTime() - wall0) / 1_000_000;
        long cpu = cpu();
        f[1] += cpu >= cpu0 ? (cpu - cpu0) / 1_000_000 : 0;
        Runtime rt = Runtime.getRuntime();
        f[2] = (rt.totalMemory() - rt.freeMemory()) >> 20;
        current = null;
    }

    public synchronized List<Phase> phases() {
        List<Phase> out = new ArrayList<>();
        phases.forEach((k, f) -> out.add(new Phase(k, f[0], f[1], f[2])));
        return out;
    }

    public synchronized Map<String, Long> counts() {
        return Map.copyOf(counts);
    }

    /** The highest heap use the JVM has seen in any heap pool (MiB; the sum of each pool's peak). */
    public static long peakHeapMb() {
        long sum = 0;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP && p.getPeakUsage() != null) sum += p.getPeakUsage().getUsed();
        }
        return sum >> 20;
    }

    /** The phase's name without its figures: the words before the first one holding a digit. */
    static String key(String phase) {
        StringBuilder b = new StringBuilder();
        for (String w : phase.split(" ")) {
            if (w.chars().anyMatch(Character::isDigit)) break;
            if (b.length() > 0) b.append(' ');
            b.append(w);
        }
        return b.length() == 0 ? phase : b.toString();
    }

    /** CPU time of the thread that entered the current phase (0 when unsupported or ended). */
    private long cpu() {
        if (thread < 0 || !threads.isThreadCpuTimeSupported()) return 0;
        return threads.getThreadCpuTime(thread);
    }
}
