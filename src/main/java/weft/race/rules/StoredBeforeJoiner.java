package weft.race.rules;

import weft.race.pair.Access;
import weft.race.pair.ExclusionRule;
import weft.race.pair.RaceContext;

/**
 * A join tree's read of an id slot against the creation that stored the ids ({@link weft.thread.JoinTrees}): the
 * instance with key p reads {@code tids[x]} only for x a key created before p (claim (B): x is created and above p,
 * and the loop creates keys in decreasing order), so the creator's store of slot x, made by the create of iteration x,
 * happens before it creates instance p, and so before p's read. The create statement's other executions store the
 * slots of later iterations, keys below p, which p never reads; nothing else writes the array ({@link
 * weft.thread.TidCells}).
 *
 * <p>Assumes: {@code JoinTrees}' claims; the read is the one the tree's join makes at that edge, of the slot array the
 * tree was proved for, and the write the tree's create. Corpus {@code 37-join-trees/07}; harness hole
 * {@code join_tree} (break {@code ASCENDING}: the loop creating the lowest key first).
 */
public final class StoredBeforeJoiner implements ExclusionRule {
    /** Both sides are calls: the create that stores an id, the join that reads one. */
    @Override
    public boolean mayExclude(Access a, RaceContext ctx) {
        return a.edge().stmt() instanceof weft.ir.Stmt.Call;
    }

    @Override
    public String exclude(Access a, Access b, RaceContext ctx) {
        String r = ordered(a, b, ctx);
        return r != null ? r : ordered(b, a, ctx);
    }

    private static String ordered(Access reader, Access writer, RaceContext ctx) {
        if (reader.isWrite() || !writer.isWrite() || reader.region() == null || writer.region() == null
                || !reader.region().object().equals(writer.region().object())) {
            return null;
        }
        return ctx.joinTrees().storedBeforeReader(reader.thread(), reader.function(), reader.edge(), writer.thread(), writer.function(), writer.edge(),
                reader.region().object()) ? "the join tree's slot was stored before its joiner was created" : null;
    }
}
