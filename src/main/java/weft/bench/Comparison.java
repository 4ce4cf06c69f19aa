package weft.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How a run differs from an earlier one: every task present in both whose outcome changed (with the
 * change in score), and the tasks present in only one of them.
 *
 * @param changed  tasks whose outcome changed, in the new run's order
 * @param onlyOld  tasks of the old run not in the new one
 * @param onlyNew  tasks of the new run not in the old one
 * @param oldScore score of the old run on the common tasks
 * @param newScore score of the new run on the common tasks
 */
public record Comparison(List<Change> changed, List<String> onlyOld, List<String> onlyNew, int oldScore, int newScore) {
    public Comparison {
        changed = List.copyOf(changed);
        onlyOld = List.copyOf(onlyOld);
        onlyNew = List.copyOf(onlyNew);
    }

    /** One task whose outcome changed. */
    public record Change(TaskResult before, TaskResult after) {
        public String task() {
            return after.task();
        }

        /** Score after minus score before. */
        public int scoreDelta() {
            return after.category().score() - before.category().score();
        }
    }

    public static Comparison of(List<TaskResult> old, List<TaskResult> now) {
        Map<String, TaskResult> before = new LinkedHashMap<>();
        for (TaskResult r : old) before.put(r.task(), r);
        List<Change> changed = new ArrayList<>();
        List<String> onlyNew = new ArrayList<>();
        int oldScore = 0;
        int newScore = 0;
        for (TaskResult r : now) {
            TaskResult b = before.remove(r.task());
            if (b == null) {
                onlyNew.add(r.task());
                continue;
            }
            oldScore += b.category().score();
            newScore += r.category().score();
            if (b.outcome() != r.outcome() || b.expected() != r.expected()) changed.add(new Change(b, r));
        }
        return new Comparison(changed, new ArrayList<>(before.keySet()), onlyNew, oldScore, newScore);
    }

    /** Prints the changes: worse first, then better, then neutral ones. */
    public void print(PrintStream out, String oldName) {
        out.printf(Locale.ROOT, "compared with %s: %d changed, score on common tasks %d -> %d (%+d)%n", oldName, changed.size(),
                oldScore, newScore, newScore - oldScore);
        List<Change> sorted = new ArrayList<>(changed);
        sorted.sort((a, b) -> Integer.compare(rank(a), rank(b)));
        for (Change c : sorted) {
            String tag = c.scoreDelta() < 0 ? "worse " : c.scoreDelta() > 0 ? "better" : "change";
            out.printf(Locale.ROOT, "  %s %+4d  %s: %s -> %s%s%n", tag, c.scoreDelta(), c.task(), describe(c.before()),
                    describe(c.after()), c.after().reason().isEmpty() ? "" : " (" + c.after().reason() + ")");
        }
        if (!onlyOld.isEmpty()) out.printf(Locale.ROOT, "  %d task(s) only in %s, e.g. %s%n", onlyOld.size(), oldName, onlyOld.get(0));
        if (!onlyNew.isEmpty()) out.printf(Locale.ROOT, "  %d task(s) new in this run, e.g. %s%n", onlyNew.size(), onlyNew.get(0));
    }

    private static int rank(Change c) {
        return c.scoreDelta() < 0 ? 0 : c.scoreDelta() > 0 ? 1 : 2;
    }

    private static String describe(TaskResult r) {
        Category c = r.category();
        return r.outcome().label() + (c.isCorrect() || c.isIncorrect() ? " [" + c.label() + "]" : "");
    }
}
