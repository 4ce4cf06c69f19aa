package weft.budget;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The process's CPU time (user + system, all threads) from Linux's {@code /proc/self/stat}: fields 14 and 15,
 * {@code utime} and {@code stime}, in clock ticks of 1/100 s ({@code USER_HZ}, which the kernel fixes at 100 for
 * user space on every architecture Java 17 runs Linux on). The resolution is 10 ms, enough for budgets in seconds.
 */
final class ProcStat {
    private static final Path STAT = Path.of("/proc/self/stat");
    private static final long NANOS_PER_TICK = 10_000_000L;

    private ProcStat() {
    }

    /** True if the file exists and parses here. */
    static boolean readable() {
        return processCpuNanos() >= 0;
    }

    /** The process's CPU time in nanoseconds, or -1 when the file cannot be read any more. */
    static long processCpuNanos() {
        try {
            return parse(Files.readString(STAT));
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /**
     * utime + stime of a {@code stat} line, in nanoseconds. The command name (field 2) is in parentheses and may
     * hold spaces and parentheses itself, so fields are counted from the last ')'.
     */
    static long parse(String stat) {
        int close = stat.lastIndexOf(')');
        if (close < 0) return -1;
        String[] f = stat.substring(close + 2).trim().split(" ");
        // f[0] is field 3 (state): utime is field 14, stime field 15
        if (f.length < 13) return -1;
        return (Long.parseLong(f[11]) + Long.parseLong(f[12])) * NANOS_PER_TICK;
    }
}
