package weft.soundness;

import weft.soundness.GenProgram.Fn;
import weft.soundness.GenProgram.Node;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A join tree in the shape of recursive divide and conquer, for {@link ProgramGenerator} (issue 34, {@code
 * weft.thread.ChildJoins}): a routine that, given a range in a task, either writes the leaf's result or splits the
 * range into two heap-allocated halves, starts a thread on each (or works on the second in its own thread), joins them,
 * reads their results and frees them; main starts the root on a task of its own and reads the result after joining
 * it. Race-free: a parent touches a half before handing it over or after joining the thread it handed it to, and every
 * other thread was handed other halves. The hole {@link Hole#JOIN_TREE} breaks it one of the ways of
 * {@link Break}, each leaving a parent's access to a half unordered with the write of the child that works on it.
 */
final class JoinTreeForms {
    /**
     * {@code READ_BEFORE_JOIN}: the parent reads the first half's result before joining its thread; {@code ONE_ID}: both
     * ids go into one variable, joined once; {@code SAME_HALF}: both threads are handed the first half; {@code
     * POINTER_MOVED}: after joining the first thread the parent moves the first half's pointer to the second half and reads
     * through it before joining the second thread; {@code JOIN_SKIPPED}: the second thread is never joined; {@code
     * FREE_BEFORE_JOIN}: the first half is freed before its thread is joined.
     */
    enum Break { READ_BEFORE_JOIN, ONE_ID, SAME_HALF, POINTER_MOVED, JOIN_SKIPPED, FREE_BEFORE_JOIN }

    private final int id;
    private final Break broken;
    private final boolean calloc;
    private final boolean inPlace;
    private final boolean swapJoins;
    private final boolean heapRoot;
    private final int size;

    /** Tree number {@code id}; {@code broken} null for the race-free form; the rest of the shape from {@code rnd}. */
    JoinTreeForms(int id, Break broken, Random rnd) {
        this.id = id;
        this.broken = broken;
        this.calloc = rnd.nextBoolean();
        // the second half worked on by the parent itself (its routine called in its thread): sound, not proved
        this.inPlace = broken == null && rnd.nextInt(5) == 0;
        this.swapJoins = broken == null && rnd.nextBoolean();
        this.heapRoot = rnd.nextBoolean();
        // 4: the root and two leaves; 8: seven threads (rarer, the exploration is slower)
        this.size = rnd.nextInt(4) == 0 ? 8 : 4;
    }

    private String type() {
        return "struct tnode" + id;
    }

    private String routine() {
        return "tree" + id;
    }

    private String root() {
        return "troot" + id;
    }

    /** The task type. */
    void declare(List<String> decls) {
        decls.add(type() + " { int lo; int hi; long sum; };");
    }

    /** The recursive routine. */
    Fn routineFn() {
        String t = type();
        List<Node> b = new ArrayList<>();
        b.add(Node.stmt(-1, t + " *t = arg;", false));
        b.add(Node.stmt(-1, "if (t->hi - t->lo <= 2) { t->sum = t->lo + t->hi; return 0; }", true));
        b.add(Node.stmt(-1, "int mid = (t->lo + t->hi) / 2;", true));
        String alloc = calloc ? "calloc(1, sizeof(" + t + "))" : "malloc(sizeof(" + t + "))";
        b.add(Node.stmt(-1, t + " *l = " + alloc + ";", false));
        b.add(Node.stmt(-1, t + " *r = " + alloc + ";", false));
        b.add(Node.stmt(-1, "if (l == 0 || r == 0) abort();", false));
        b.add(Node.stmt(-1, "l->lo = t->lo; l->hi = mid; l->sum = 0;", true));
        b.add(Node.stmt(-1, "r->lo = mid; r->hi = t->hi; r->sum = 0;", true));
        b.add(Node.stmt(-1, "pthread_t a, b;", false));
        b.add(Node.stmt(-1, "pthread_create(&a, 0, " + routine() + ", l);", false));
        if (inPlace) {
            b.add(Node.stmt(-1, routine() + "(r);", false));
        } else {
            String second = broken == Break.ONE_ID ? "&a" : "&b";
            String half = broken == Break.SAME_HALF ? "l" : "r";
            b.add(Node.stmt(-1, "pthread_create(" + second + ", 0, " + routine() + ", " + half + ");", false));
        }
        String joinA = "pthread_join(a, 0);";
        String joinB = inPlace || broken == Break.ONE_ID || broken == Break.JOIN_SKIPPED ? "" : "pthread_join(b, 0);";
        if (broken == Break.READ_BEFORE_JOIN) {
            b.add(Node.stmt(-1, joinB, false));
            b.add(Node.stmt(-1, "long left = l->sum;", true));
            b.add(Node.stmt(-1, joinA, false));
            b.add(Node.stmt(-1, "t->sum = left + r->sum;", true));
        } else if (broken == Break.POINTER_MOVED) {
            b.add(Node.stmt(-1, joinA, false));
            b.add(Node.stmt(-1, "long left = l->sum;", true));
            b.add(Node.stmt(-1, "free(l);", true));
            b.add(Node.stmt(-1, "l = r;", false));
            b.add(Node.stmt(-1, "t->sum = left + l->sum;", true));
            b.add(Node.stmt(-1, joinB, false));
            b.add(Node.stmt(-1, "free(r);", true));
            return new Fn("void *" + routine() + "(void *arg)", b, "return 0;", false);
        } else if (broken == Break.FREE_BEFORE_JOIN) {
            b.add(Node.stmt(-1, joinB, false));
            b.add(Node.stmt(-1, "t->sum = r->sum;", true));
            b.add(Node.stmt(-1, "free(l);", true));
            b.add(Node.stmt(-1, joinA, false));
            b.add(Node.stmt(-1, "free(r);", true));
            return new Fn("void *" + routine() + "(void *arg)", b, "return 0;", false);
        } else {
            b.add(Node.stmt(-1, swapJoins ? joinB : joinA, false));
            b.add(Node.stmt(-1, swapJoins ? joinA : joinB, false));
            b.add(Node.stmt(-1, "t->sum = l->sum + r->sum;", true));
        }
        // ONE_ID and JOIN_SKIPPED: the second thread may still run; its half is not freed (a free would be a second race)
        b.add(Node.stmt(-1, "free(l);", true));
        if (broken != Break.ONE_ID && broken != Break.JOIN_SKIPPED) b.add(Node.stmt(-1, "free(r);", true));
        return new Fn("void *" + routine() + "(void *arg)", b, "return 0;", false);
    }

    /** main's part before its joins: the root task and the root thread. */
    List<Node> start(int unit) {
        List<Node> out = new ArrayList<>();
        String t = type();
        if (heapRoot) {
            out.add(Node.stmt(unit, t + " *" + root() + " = malloc(sizeof(" + t + ")); if (" + root() + " == 0) return 0;", false));
        } else {
            out.add(Node.stmt(unit, t + " " + root() + "_obj; " + t + " *" + root() + " = &" + root() + "_obj;", false));
        }
        out.add(Node.stmt(unit, root() + "->lo = 0; " + root() + "->hi = " + size + "; " + root() + "->sum = 0;", true));
        out.add(Node.stmt(unit, "pthread_t tt" + id + "; pthread_create(&tt" + id + ", 0, " + routine() + ", " + root() + ");", false));
        return out;
    }

    /** main's join of the root and its use of the result. */
    List<Node> finish(int unit) {
        List<Node> out = new ArrayList<>();
        out.add(Node.stmt(unit, "pthread_join(tt" + id + ", 0);", false));
        out.add(Node.stmt(unit, "r += (int) " + root() + "->sum;", true));
        if (heapRoot) out.add(Node.stmt(unit, "free(" + root() + ");", true));
        return out;
    }
}
