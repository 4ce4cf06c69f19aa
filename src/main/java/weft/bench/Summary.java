package weft.bench;

import java.io.PrintStream;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The score table of a results list: counts per {@link Category} and per error outcome, the SV-COMP
 * score, and total and median times.
 *
 * @param tasks        how many results
 * @param categories   count per category (every category present, zero or more)
 * @param timeouts     results with outcome {@code timeout} (part of {@link Category#ERROR})
 * @param outOfMemory  results with outcome {@code out of memory} (part of {@link Category#ERROR})
 * @param score        SV-COMP score
 * @param maxScore     the score if every labelled task were answered correctly
 * @param cpuSeconds   total CPU time
 * @param wallSeconds  total wall time (of the tasks, not of the whole parallel run)
 * @param medianWall   median wall time per task
 * @param maxWall      longest wall time of a task
 * @param peakMemoryMb largest peak memory of a task
 */
public record Summary(int tasks, Map<Category, Integer> categories, int timeouts, int outOfMemory, int score, int maxScore,
                      double cpuSeconds, double wallSeconds, double medianWall, double maxWall, double peakMemoryMb) {
    public Summary {
        categories = Map.copyOf(categories);
    }

    public static Summary of(List<TaskResult> results) {
        Map<Category, Integer> counts = new EnumMap<>(Category.class);
        for (Category c : Category.values()) counts.put(c, 0);
        int score = 0;
        int max = 0;
        int timeouts = 0;
        int oom = 0;
        double cpu = 0;
        double wall = 0;
        double maxWall = 0;
        double mem = 0;
        for (TaskResult r : results) {
            Category c = r.category();
            counts.merge(c, 1, Integer::sum);
            score += c.score();
            if (r.expected() != null) max += Category.of(r.expected(), r.expected()).score();
            if (r.outcome() == Outcome.TIMEOUT) timeouts++;
            if (r.outcome() == Outcome.OUT_OF_MEMORY) oom++;
            cpu += r.cpuSeconds();
            wall += r.wallSeconds();
            maxWall = Math.max(maxWall, r.wallSeconds());
            mem = Math.max(mem, r.memoryMb());
        }
        double[] walls = results.stream().mapToDouble(TaskResult::wallSeconds).sorted().toArray();
        return new Summary(results.size(), counts, timeouts, oom, score, max, cpu, wall, median(walls), maxWall, mem);
    }

    /** The median of sorted values (mean of the two middle ones for an even count; 0 when empty). */
    static double median(double[] sorted) {
        int n = sorted.length;
        if (n == 0) return 0;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    public int count(Category c) {
        return categories.getOrDefault(c, 0);
    }

    /** The summary as printed by {@code weft bench}. */
    public void print(PrintStream out) {
        out.printf(Locale.ROOT, "tasks:            %d%n", tasks);
        out.printf(Locale.ROOT, "correct:          %d (true %d, false %d)%n", count(Category.CORRECT_TRUE) + count(Category.CORRECT_FALSE),
                count(Category.CORRECT_TRUE), count(Category.CORRECT_FALSE));
        out.printf(Locale.ROOT, "incorrect:        %d (true %d, false %d)%n", count(Category.INCORRECT_TRUE) + count(Category.INCORRECT_FALSE),
                count(Category.INCORRECT_TRUE), count(Category.INCORRECT_FALSE));
        out.printf(Locale.ROOT, "unknown:          %d%n", count(Category.UNKNOWN));
        out.printf(Locale.ROOT, "errors:           %d (timeout %d, out of memory %d, other %d)%n", count(Category.ERROR), timeouts,
                outOfMemory, count(Category.ERROR) - timeouts - outOfMemory);
        if (count(Category.UNLABELLED) > 0) out.printf(Locale.ROOT, "unlabelled:       %d (answers on tasks without expected verdict)%n",
                count(Category.UNLABELLED));
        out.printf(Locale.ROOT, "score:            %d (of %d possible)%n", score, maxScore());
        out.printf(Locale.ROOT, "time:             CPU %.1f s, wall %.1f s in total; wall per task median %.2f s, max %.2f s%n",
                cpuSeconds, wallSeconds, medianWall, maxWall);
        out.printf(Locale.ROOT, "peak memory:      %.0f MB%n", peakMemoryMb);
    }
}
