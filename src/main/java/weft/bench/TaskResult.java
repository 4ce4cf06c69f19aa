package weft.bench;

/**
 * The result of one task: one row of a results file. Times are kept to the millisecond and memory to
 * 0.1 MiB, the precision of the files, so that writing and reading back gives the same result.
 *
 * @param task        the task's id
 * @param expected    the expected verdict (TRUE / FALSE), or null
 * @param outcome     what the run answered
 * @param cpuSeconds  CPU time (user + system) of the process tree
 * @param wallSeconds wall-clock time
 * @param memoryMb    peak resident memory in MiB
 * @param reason      for unknown, timeout, out of memory or error: why (one line); otherwise empty
 */
public record TaskResult(String task, Outcome expected, Outcome outcome, double cpuSeconds, double wallSeconds,
                         double memoryMb, String reason) {
    public TaskResult {
        if (task == null || task.isBlank()) throw new IllegalArgumentException("task id missing");
        if (outcome == null) throw new IllegalArgumentException("outcome missing for " + task);
        cpuSeconds = round(cpuSeconds, 1000);
        wallSeconds = round(wallSeconds, 1000);
        memoryMb = round(memoryMb, 10);
        reason = reason == null ? "" : reason.replaceAll("[\\t\\r\\n]+", " ").strip();
    }

    private static double round(double v, double scale) {
        return Math.round(v * scale) / scale;
    }

    public Category category() {
        return Category.of(expected, outcome);
    }
}
