package weft.race;

import weft.pointer.MemObject;
import weft.race.pair.Access;
import weft.race.pair.RaceContext;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The accesses of one object group split by objects that may be the same memory: a wrapper's blocks of different
 * calling contexts are distinct objects ({@code PointsTo.mayAlias} false), so a pair of accesses to two of them is
 * excluded ({@link weft.race.rules.MayOverlap}: different objects) and need not be formed. Each access to a known
 * object gets the number of its part (the union of the objects that may alias, transitively); an access to unknown
 * memory has no part and is paired with the parts one of whose objects may be unknown memory.
 *
 * <p>{@link #pairable} holds for every pair of the group whose objects may alias (and for more), so pairing only the
 * pairable pairs finds the same races as pairing the whole group. Two accesses to unknown memory are pairable only in
 * the group of unknown memory itself: elsewhere that pair is formed there.
 */
final class AliasParts {
    private static final int UNKNOWN = -1;
    private final int[] part;
    private final boolean[] joinsUnknown;
    private final boolean unknownGroup;

    private AliasParts(int[] part, boolean[] joinsUnknown, boolean unknownGroup) {
        this.part = part;
        this.joinsUnknown = joinsUnknown;
        this.unknownGroup = unknownGroup;
    }

    static AliasParts of(List<Access> group, boolean unknownGroup, RaceContext ctx) {
        List<MemObject> objects = new ArrayList<>();
        Map<MemObject, Integer> objectIndex = new HashMap<>();
        int[] objectOf = new int[group.size()];
        for (int i = 0; i < group.size(); i++) {
            MemObject o = group.get(i).region().object();
            if (o instanceof MemObject.Unknown) {
                objectOf[i] = UNKNOWN;
                continue;
            }
            Integer k = objectIndex.putIfAbsent(o, objects.size());
            if (k == null) {
                k = objects.size();
                objects.add(o);
            }
            objectOf[i] = k;
        }
        int n = objects.size();
        if (n <= 1) {
            // one object: every access to it is in the single part, which the group's unknown accesses joined
            int[] part = new int[group.size()];
            for (int i = 0; i < part.length; i++) part[i] = objectOf[i] == UNKNOWN ? UNKNOWN : 0;
            return new AliasParts(part, new boolean[] {true}, unknownGroup);
        }
        // union-find over the objects: join those that may alias
        int[] parent = new int[n];
        for (int i = 0; i < n; i++) parent[i] = i;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                if (ctx.pointsTo().mayAlias(objects.get(i), objects.get(j))) parent[root(parent, i)] = root(parent, j);
            }
        }
        boolean[] joins = new boolean[n];
        MemObject unknown = new MemObject.Unknown();
        for (int k = 0; k < n; k++) if (ctx.pointsTo().mayAlias(unknown, objects.get(k))) joins[root(parent, k)] = true;
        int[] part = new int[group.size()];
        for (int i = 0; i < part.length; i++) part[i] = objectOf[i] == UNKNOWN ? UNKNOWN : root(parent, objectOf[i]);
        return new AliasParts(part, joins, unknownGroup);
    }

    /** The part of the group's {@code i}-th access (a number to pass to {@link #pairable}). */
    int part(int i) {
        return part[i];
    }

    /** Whether accesses of parts {@code p} and {@code q} are paired. */
    boolean pairable(int p, int q) {
        if (p >= 0 && q >= 0) return p == q;
        if (p < 0 && q < 0) return unknownGroup;
        return joinsUnknown[Math.max(p, q)];
    }

    private static int root(int[] parent, int i) {
        while (parent[i] != i) i = parent[i] = parent[parent[i]];
        return i;
    }
}
