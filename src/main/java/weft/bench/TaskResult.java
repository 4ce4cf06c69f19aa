package weft.bench;

/**
 * The result of one task: one row of a results file.
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
        reason = reason == null ? "" : reason.replaceAll("[\\t\\r\\n]+", " ").strip();
    }

    public Category category() {
        return Category.of(expected, outcome);
    }
}
