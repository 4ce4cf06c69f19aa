package weft.soundness;

import weft.soundness.GenProgram.Fn;
import weft.soundness.GenProgram.Node;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A join tree over an array of thread ids, for {@link ProgramGenerator} (issue 34, {@code weft.thread.JoinTrees}):
 * main creates n workers from the last index down into an id array (static, or a heap block behind a static pointer), each
 * handed its index; a worker writes its own slot of a result array, then joins its children by index, along a
 * binomial tree ({@code me | 1 << step} while the low bits of {@code me} are zero) or a heap ({@code 2 me + 1},
 * {@code 2 me + 2}); main joins worker 0 and reads every result. Race-free: the joins form a tree rooted at 0 that
 * covers every worker, and the ids are stored before the worker that reads them is created. The hole
 * {@link Hole#INDEX_TREE} breaks it one of the ways of {@link Break}, each leaving a worker that nobody joins while
 * main reads its result.
 */
final class IndexTreeForms {
    /**
     * {@code READ_BEFORE_JOIN}: main reads the results before it joins worker 0; {@code OFF_BY_ONE}: the last index
     * is taken as out of range; {@code EARLY_RETURN}: workers above 0 return before joining their children; {@code
     * WIDE_STEP}: the binomial tree tests {@code me % (4 << step)}, the heap joins its left child only. None joins a
     * worker twice (which POSIX leaves undefined).
     */
    enum Break { READ_BEFORE_JOIN, OFF_BY_ONE, EARLY_RETURN, WIDE_STEP }

    private final int id;
    private final Break broken;
    private final boolean heapTree;
    private final boolean plus;
    private final boolean intStep;
    private final boolean calloc;
    /** The ids in a static array ({@code itids0[8]}) instead of a heap block behind a static pointer. */
    private final boolean array;
    /** The result computed by a helper function with a loop of its own (a program call on the routine's paths). */
    private final boolean helper;
    private final int n;

    /** Tree number {@code id}; {@code broken} null for the race-free form; the rest of the shape from {@code rnd}. */
    IndexTreeForms(int id, Break broken, Random rnd) {
        this.id = id;
        this.broken = broken;
        this.heapTree = rnd.nextBoolean();
        this.plus = rnd.nextBoolean();
        this.intStep = rnd.nextBoolean();
        this.calloc = rnd.nextBoolean();
        this.array = rnd.nextBoolean();
        this.helper = rnd.nextBoolean();
        // the smallest tree each break shows in: EARLY_RETURN needs a worker above 0 with a child
        int least = broken == Break.EARLY_RETURN || broken == Break.WIDE_STEP ? 4 : 2;
        this.n = least + rnd.nextInt(6 - least);
    }

    private String name(String what) {
        return "it" + what + id;
    }

    /** The id array, the results and the worker count, static. */
    void declare(List<String> decls) {
        decls.add(array ? "static pthread_t " + name("ids") + "[8];" : "static pthread_t *" + name("ids") + ";");
        decls.add("static long *" + name("res") + ";");
        decls.add("static int " + name("n") + ";");
        if (helper) decls.add("static long " + name("work") + "(long k) { long s = 0; for (int q = 0; q < 3; q++) s += k + q; return s; }");
    }

    /** The worker: its result, then the joins of its children. */
    Fn workerFn() {
        List<Node> b = new ArrayList<>();
        String ids = name("ids");
        String count = name("n");
        if (heapTree) {
            b.add(Node.stmt(-1, "long me = (long) arg;", false));
            b.add(Node.stmt(-1, name("res") + "[me] = " + result() + ";", true));
            if (broken == Break.EARLY_RETURN) b.add(Node.stmt(-1, "if (me > 0) return 0;", false));
            b.add(Node.stmt(-1, "long c = 2 * me + 1;", false));
            String bound = broken == Break.OFF_BY_ONE ? count + " - 1" : count;
            b.add(Node.stmt(-1, "if (c < " + bound + ") pthread_join(" + ids + "[c], 0);", false));
            if (broken != Break.WIDE_STEP) b.add(Node.stmt(-1, "if (c + 1 < " + bound + ") pthread_join(" + ids + "[c + 1], 0);", false));
        } else {
            b.add(Node.stmt(-1, "int me = (int) (long) arg;", false));
            b.add(Node.stmt(-1, name("res") + "[me] = " + result() + ";", true));
            if (broken == Break.EARLY_RETURN) b.add(Node.stmt(-1, "if (me > 0) return 0;", false));
            String step = intStep ? "int" : "unsigned";
            String wide = broken == Break.WIDE_STEP ? "4" : "2";
            String child = plus ? "me + (1 << step)" : "me | (1 << step)";
            String bound = broken == Break.OFF_BY_ONE ? "(unsigned) (" + count + " - 1)" : "(unsigned) " + count;
            b.add(Node.block(-1, "for (" + step + " step = 0;; step++) {", List.of(
                    Node.stmt(-1, "if (me % (" + wide + " << step)) break;", false),
                    Node.stmt(-1, "unsigned child = " + child + ";", false),
                    Node.stmt(-1, "if (child >= " + bound + ") break;", false),
                    Node.stmt(-1, "pthread_join(" + ids + "[child], 0);", false)), "}"));
        }
        return new Fn("void *" + name("w") + "(void *arg)", b, "return 0;", false);
    }

    private String result() {
        return helper ? name("work") + "(me)" : "me + 1";
    }

    /** main's part before its joins: the arrays and the workers, created from the last down. */
    List<Node> start(int unit) {
        List<Node> out = new ArrayList<>();
        String ids = name("ids");
        out.add(Node.stmt(unit, name("n") + " = " + n + ";", false));
        String idsAlloc = array ? "" : ids + " = " + (calloc ? "calloc(" + name("n") + ", sizeof(pthread_t))" : "malloc(" + name("n") + " * sizeof(pthread_t))") + "; ";
        out.add(Node.stmt(unit, idsAlloc + name("res") + " = calloc(" + name("n") + ", sizeof(long)); if (" + (array ? "" : ids + " == 0 || ")
                + name("res") + " == 0) return 0;", false));
        out.add(Node.stmt(unit, "for (int i = " + name("n") + " - 1; i >= 0; i--) pthread_create(&" + ids + "[i], 0, " + name("w")
                + ", (void *) (long) i);", false));
        return out;
    }

    /** main's join of the root, its reads of the results, the frees. */
    List<Node> finish(int unit) {
        List<Node> out = new ArrayList<>();
        Node join = Node.stmt(unit, "pthread_join(" + name("ids") + "[0], 0);", false);
        Node read = Node.stmt(unit, "for (int i = 0; i < " + name("n") + "; i++) r += (int) " + name("res") + "[i];", true);
        out.addAll(broken == Break.READ_BEFORE_JOIN ? List.of(read, join) : List.of(join, read));
        out.add(Node.stmt(unit, (array ? "" : "free(" + name("ids") + "); ") + "free(" + name("res") + ");", true));
        return out;
    }
}
