package weft.soundness;

import weft.soundness.GenProgram.Fn;
import weft.soundness.GenProgram.Node;

import java.util.List;
import java.util.Random;

/**
 * Where {@link ProgramGenerator} puts the issue-34 idioms that stand beside its objects rather than guard one: a join
 * tree of recursive divide and conquer ({@link JoinTreeForms}, a sixth of the programs), slots handed out through a
 * bitmask ({@link SlotMaskForms}, an eighth), a join tree over an id array ({@link IndexTreeForms}, an eighth). Each
 * draws from a stream of its own (seeded from the program's seed), so that adding one leaves the others' programs as
 * they were; the hole, when it is one of theirs, breaks that one.
 */
final class IdiomPlacement {
    private IdiomPlacement() {
    }

    /** Adds the idioms the seed picks to the program being generated; whether the hole was placed in one. */
    static boolean place(ProgramGenerator g, long seed, Hole hole, List<String> decls, List<Fn> helpers, List<Node> main, List<Node> joins) {
        boolean placed = false;
        Random treeRnd = new Random(seed ^ 0x7EE5L);
        if (hole == Hole.JOIN_TREE || treeRnd.nextInt(6) == 0) {
            JoinTreeForms.Break broken = hole == Hole.JOIN_TREE ? JoinTreeForms.Break.values()[treeRnd.nextInt(JoinTreeForms.Break.values().length)] : null;
            JoinTreeForms tree = new JoinTreeForms(g.names++, broken, treeRnd);
            tree.declare(decls);
            helpers.add(tree.routineFn());
            int u = g.unit++;
            main.addAll(tree.start(u));
            joins.addAll(0, tree.finish(u));
            placed |= broken != null;
        }
        Random maskRnd = new Random(seed ^ 0x5107L);
        if (hole == Hole.SLOT_MASK || maskRnd.nextInt(8) == 0) {
            SlotMaskForms.Break broken = hole == Hole.SLOT_MASK ? SlotMaskForms.Break.values()[maskRnd.nextInt(SlotMaskForms.Break.values().length)] : null;
            SlotMaskForms slots = new SlotMaskForms(g.names++, broken, maskRnd);
            slots.declare(decls);
            helpers.add(slots.workerFn());
            int u = g.unit++;
            main.addAll(slots.start(u));
            joins.addAll(0, slots.finish(u));
            placed |= broken != null;
        }
        // the seed mixed first: nearby seeds' first draws of java.util.Random agree (whole runs of seeds had no tree)
        Random indexRnd = new Random((seed + 0x1D7EL) * 0x9E3779B97F4A7C15L);
        if (hole == Hole.INDEX_TREE || indexRnd.nextInt(8) == 0) {
            IndexTreeForms.Break broken = hole == Hole.INDEX_TREE ? IndexTreeForms.Break.values()[indexRnd.nextInt(IndexTreeForms.Break.values().length)] : null;
            IndexTreeForms tree = new IndexTreeForms(g.names++, broken, indexRnd);
            tree.declare(decls);
            helpers.add(tree.workerFn());
            int u = g.unit++;
            main.addAll(tree.start(u));
            joins.addAll(0, tree.finish(u));
            placed |= broken != null;
        }
        return placed;
    }
}
