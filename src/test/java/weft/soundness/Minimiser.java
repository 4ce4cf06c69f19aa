package weft.soundness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Delta debugging of a failing program over its removable units (statements, guarded accesses, thread creations
 * with their joins): removes ever smaller chunks of units as long as a failure of the same class persists, then
 * saves the result as an annotated regression program ({@code /* expect: racy *}{@code /}, a one-line description,
 * {@code // RACE!} on the lines of the race the oracle saw).
 */
final class Minimiser {
    /** Re-checks the program without some units. */
    interface Check {
        Optional<Failure> run(Set<Integer> removed) throws Exception;
    }

    /** The minimised program: the units removed and the failure it still shows. */
    record Result(Set<Integer> removed, Failure failure) {}

    private Minimiser() {}

    static Result minimise(GenProgram g, Failure failure, Check check) throws Exception {
        List<Integer> units = g.units();
        Set<Integer> removed = new HashSet<>();
        Failure last = failure;
        int chunk = Math.max(1, units.size() / 2);
        while (true) {
            boolean progress = false;
            List<Integer> left = new ArrayList<>(units);
            left.removeAll(removed);
            for (int i = 0; i < left.size(); i += chunk) {
                Set<Integer> trial = new HashSet<>(removed);
                trial.addAll(left.subList(i, Math.min(left.size(), i + chunk)));
                Optional<Failure> f = check.run(trial);
                if (f.isPresent() && f.get().kind() == failure.kind()) {
                    removed = trial;
                    last = f.get();
                    progress = true;
                }
            }
            if (chunk == 1 && !progress) break;
            if (!progress || chunk > 1) chunk = Math.max(1, chunk / 2);
        }
        return new Result(removed, last);
    }

    /** Writes the minimised program as an annotated racy program into {@code dir}; returns its path. */
    static Path save(GenProgram g, Result r, Path dir) throws IOException {
        Files.createDirectories(dir);
        Failure f = r.failure();
        String name = "seed-" + Long.toUnsignedString(g.seed(), 16) + "-" + f.kind().label() + ".c";
        String line2 = "/* soundness harness seed " + g.seed() + ": " + f.kind().label() + " (race seen by " + f.oracle() + "); "
                + g.summary().replace("*/", "* /") + " */";
        String src = g.weft("/* expect: racy */", line2, r.removed());
        StringBuilder out = new StringBuilder();
        int n = 0;
        for (String line : src.split("\n", -1)) {
            n++;
            if (n > 1 && f.lines().contains(n) && !line.isBlank()) line = line + " // RACE!";
            out.append(line).append(n < src.split("\n", -1).length ? "\n" : "");
        }
        Path file = dir.resolve(name);
        Files.writeString(file, out.toString());
        return file;
    }
}
