package weft.soundness;

import weft.soundness.GenProgram.Fn;
import weft.soundness.GenProgram.Node;

import java.util.List;

/**
 * Per-thread records that hold their thread's id, for {@link ProgramGenerator} (issue 34, {@code
 * weft.thread.RecordJoins}): a loop worker role whose instances each get a record allocated in their iteration, kept in
 * an array of records, the thread created into the record's {@code tid} member; main's join loop joins
 * {@code recs[i]->tid} and then reads the record's value and frees it, in the same iteration. Race-free: record i is
 * touched after its owner ended, the other instances own other records. The hole {@link
 * Hole#RECORD_JOIN} breaks it one of three ways ({@link Break}), each leaving main's read and free of
 * a record unordered with its owner's write.
 */
final class RecordJoinForms {
    /**
     * {@code READ_BEFORE_JOIN}: main reads record i before joining its owner; {@code JOIN_SKIPPED}: the join loop skips
     * the join of the first record's owner; {@code TID_TWICE}: each record's id member is written again by a second
     * create (an idle thread), so the join waits for the idle thread only; {@code BOUND_LOWERED}: the loops' bound, a
     * local clamped before them, is lowered between them, so the last record's owner is not joined when main reads it.
     */
    enum Break { READ_BEFORE_JOIN, JOIN_SKIPPED, TID_TWICE, BOUND_LOWERED }

    private final int id;
    private final Break broken;
    private final boolean calloc;

    /** The records of worker role {@code id}; {@code broken} null for the race-free form; from calloc or malloc. */
    RecordJoinForms(int id, Break broken, boolean calloc) {
        this.id = id;
        this.broken = broken;
        this.calloc = calloc;
    }

    private String type() {
        return "struct trec" + id;
    }

    private String recs() {
        return "recs" + id;
    }

    /** The loops' bound: a local of main assigned twice before the loops (clamped, as real programs do), always 2. */
    String bound() {
        return "nrec" + id;
    }

    /** main's declaration of the bound, before the create loop. */
    Node boundDecl(int unit) {
        return Node.stmt(unit, "int " + bound() + " = 3; if (" + bound() + " > 2) " + bound() + " = 2;", false);
    }

    /** The record type (its first member the int the worker reads its index from) and the array of records. */
    void declare(List<String> decls, List<Fn> helpers) {
        decls.add(type() + " { int v; pthread_t tid; };");
        decls.add(type() + " *" + recs() + "[2];");
        if (broken == Break.TID_TWICE) helpers.add(new Fn("void *idle" + id + "(void *arg)", List.of(), "return arg;", false));
    }

    /** The body of main's create loop over {@code i}: the record, its slot, the create (twice for the hole). */
    List<Node> createBody(String routine) {
        String create = "pthread_create(&rec->tid, 0, " + routine + ", rec);";
        if (broken == Break.TID_TWICE) create += " pthread_create(&rec->tid, 0, idle" + id + ", 0);";
        return List.of(
                Node.stmt(-1, type() + " *rec = " + (calloc ? "calloc(1, sizeof *rec)" : "malloc(sizeof *rec)") + "; if (rec == 0) abort(); rec->v = i;", false),
                Node.stmt(-1, recs() + "[i] = rec;", false),
                Node.stmt(-1, create, false));
    }

    /** main's join loop: join record i's owner, then read the record's value and free it. */
    Node joinLoop(int unit) {
        String join = broken == Break.JOIN_SKIPPED ? "if (i > 0) pthread_join(" + recs() + "[i]->tid, 0);" : "pthread_join(" + recs() + "[i]->tid, 0);";
        Node read = Node.stmt(-1, "r += " + recs() + "[i]->v;", true);
        Node free = Node.stmt(-1, "free(" + recs() + "[i]);", true);
        List<Node> body = broken == Break.READ_BEFORE_JOIN ? List.of(read, Node.stmt(-1, join, false), free)
                : List.of(Node.stmt(-1, join, false), read, free);
        Node loop = Node.block(-1, "for (int i = 0; i < " + bound() + "; i++) {", body, "}");
        if (broken != Break.BOUND_LOWERED) return Node.block(unit, "{", List.of(loop), "}");
        return Node.block(unit, "{", List.of(Node.stmt(-1, bound() + " = " + bound() + " - 1;", false), loop,
                Node.stmt(-1, "r += " + recs() + "[" + bound() + "]->v;", true)), "}");
    }
}
