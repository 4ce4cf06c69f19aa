package weft.budget;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * A clock in nanoseconds. {@link #currentThread()} reads the CPU time (user + system) of the thread that calls it,
 * so a budget on it is used up by the analysis's own work only, however busy the machine is; where the JVM cannot
 * measure thread CPU time it falls back to wall-clock time. A budget on a thread clock must be read on the thread
 * that created it.
 */
@FunctionalInterface
public interface CpuClock {
    /** The current reading, in nanoseconds from an arbitrary origin. */
    long nanos();

    /** CPU time of the calling thread (wall-clock time where the JVM does not support measuring it). */
    static CpuClock currentThread() {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        if (mx.isCurrentThreadCpuTimeSupported()) {
            if (!mx.isThreadCpuTimeEnabled()) mx.setThreadCpuTimeEnabled(true);
            return mx::getCurrentThreadCpuTime;
        }
        return System::nanoTime;
    }

    /**
     * CPU time of the whole process (all its threads: analysis, compiler, collector), what a CPU-time limit such as
     * SV-COMP's counts; wall-clock time where the JVM does not report it.
     */
    static CpuClock process() {
        // Linux: /proc/self/stat, read directly; the platform MXBean would cost a cold start its whole set-up
        // (service loading, every platform bean, cgroup metrics): 15 ms of a cold check's class-load log
        // (-Xlog:class+load, examples/racy.c: 0.258 -> 0.273 s of 0.61 s)
        if (ProcStat.readable()) return ProcStat::processCpuNanos;
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                && os.getProcessCpuTime() >= 0) {
            return os::getProcessCpuTime;
        }
        return System::nanoTime;
    }

    /** Wall-clock time. */
    static CpuClock wall() {
        return System::nanoTime;
    }
}
