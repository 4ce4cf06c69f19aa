package weft.soundness;

import weft.explore.StateSpace;
import weft.ir.Program;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * Oracle 1: Weft's exhaustive state-space exploration ({@link StateSpace}), independent of the thread-modular
 * layer, on closed variants of the program: every nondeterministic input replaced by a constant of its range. Each
 * variant is one real behaviour of the program, so a racing state in any variant is a real race. When there are at
 * most {@link #MAX_VARIANTS} variants all are explored, and if every exploration completes without a racing state
 * the program is race-free; with more, a seeded sample is explored and race-freedom is not concluded.
 */
final class ExploreOracle {
    static final int MAX_VARIANTS = 16;

    private final StateSpace.Limits limits;

    ExploreOracle(long millisPerVariant) {
        this.limits = new StateSpace.Limits(500_000, 256L << 20, millisPerVariant);
    }

    OracleResult check(GenProgram g, Set<Integer> removed, Path dir) throws Exception {
        List<int[]> variants = variants(g);
        long total = 1;
        for (GenProgram.Nondet n : g.nondets()) total = Math.min(Long.MAX_VALUE / 16, total * (n.hi() - n.lo() + 1));
        boolean all = total == variants.size();
        boolean allFree = true;
        String detail = "";
        for (int[] values : variants) {
            Program p = WeftInput.get().load(g.render(GenProgram.Mode.CLOSED, "/* closed variant */", "/* seed " + g.seed() + " */", removed, values),
                    dir, "closed");
            StateSpace.Outcome o = StateSpace.explore(p, limits, true);
            switch (o.kind()) {
                case RACE -> {
                    var w = o.witness().orElseThrow();
                    return new OracleResult(OracleResult.Kind.RACE, new java.util.HashSet<>(List.of(w.first().loc().line(), w.second().loc().line())),
                            "exhaustive exploration with inputs " + java.util.Arrays.toString(values) + ": " + w.first() + " / " + w.second());
                }
                case INCOMPLETE -> {
                    allFree = false;
                    detail = o.detail();
                }
                case RACE_FREE -> { }
            }
        }
        if (allFree && all) return new OracleResult(OracleResult.Kind.RACE_FREE, Set.of(), "all " + variants.size() + " closed variants race-free");
        return OracleResult.inconclusive(allFree ? "inputs sampled" : detail);
    }

    /** Every assignment of input values, or a seeded sample of {@link #MAX_VARIANTS} when there are more. */
    static List<int[]> variants(GenProgram g) {
        List<GenProgram.Nondet> nds = g.nondets();
        long total = 1;
        for (GenProgram.Nondet n : nds) total *= (n.hi() - n.lo() + 1);
        List<int[]> out = new ArrayList<>();
        if (total <= MAX_VARIANTS) {
            for (long i = 0; i < total; i++) {
                int[] v = new int[nds.size()];
                long rest = i;
                for (int k = 0; k < nds.size(); k++) {
                    int span = nds.get(k).hi() - nds.get(k).lo() + 1;
                    v[k] = nds.get(k).lo() + (int) (rest % span);
                    rest /= span;
                }
                out.add(v);
            }
            return out;
        }
        Random r = new Random(g.seed());
        for (int i = 0; i < MAX_VARIANTS; i++) {
            int[] v = new int[nds.size()];
            for (int k = 0; k < nds.size(); k++) v[k] = nds.get(k).lo() + r.nextInt(nds.get(k).hi() - nds.get(k).lo() + 1);
            out.add(v);
        }
        return out;
    }
}
