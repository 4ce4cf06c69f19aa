package weft.race;

import weft.race.pair.Access;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The accesses at one site in one object group, as {@link RaceDetector} pairs them: each with its (thread, state)
 * class and its memory-access class numbered within the bucket (the keys of the pairing's memos), its {@link
 * AliasParts} part, the rules that may exclude a pair with it, its object's number and whether a pair with it may
 * rank certain; the accesses pairable with a part are listed once per part.
 */
final class SiteBucket {
    private final List<Access> accesses = new ArrayList<>();
    private int[] local = new int[4];
    private int[] part = new int[4];
    private int[] memoryAccess = new int[4];
    private long[] mayExclude = new long[4];
    private int[] object = new int[4];
    private boolean[] mayBeCertain = new boolean[4];
    private final Map<Integer, Integer> classes = new HashMap<>();
    private final Map<weft.access.MemoryAccess, Integer> memoryAccesses = new HashMap<>();

    void add(Access a, int globalClass, int aliasPart, long rulesThatMayExclude, int objectId, boolean certain) {
        int n = accesses.size();
        if (n == local.length) {
            local = Arrays.copyOf(local, n * 2);
            part = Arrays.copyOf(part, n * 2);
            memoryAccess = Arrays.copyOf(memoryAccess, n * 2);
            mayExclude = Arrays.copyOf(mayExclude, n * 2);
            object = Arrays.copyOf(object, n * 2);
            mayBeCertain = Arrays.copyOf(mayBeCertain, n * 2);
        }
        object[n] = objectId;
        mayBeCertain[n] = certain;
        mayExclude[n] = rulesThatMayExclude;
        local[n] = classes.computeIfAbsent(globalClass, c -> classes.size());
        part[n] = aliasPart;
        memoryAccess[n] = memoryAccesses.computeIfAbsent(a.access(), c -> memoryAccesses.size());
        accesses.add(a);
    }

    /** The number of the access's {@link weft.access.MemoryAccess} among the distinct ones of this bucket. */
    int memoryAccessClass(int i) { return memoryAccess[i]; }
    int memoryAccessCount() { return memoryAccesses.size(); }
    /** Bit k: rule k may exclude a pair with this access ({@link ExclusionRule#mayExclude}; always set past 63). */
    long mayExclude(int i) { return mayExclude[i]; }
    /** The number of the access's object (numbered across the groups of one pairing). */
    int object(int i) { return object[i]; }
    /** Whether a pair with the access may rank {@link Rank#CERTAIN} ({@link MustRace#mayBeCertain}). */
    boolean mayBeCertain(int i) { return mayBeCertain[i]; }

    int size() { return accesses.size(); }
    Access access(int i) { return accesses.get(i); }
    int localClass(int i) { return local[i]; }
    int part(int i) { return part[i]; }
    int classCount() { return classes.size(); }

    private final Map<Integer, int[]> pairableWith = new HashMap<>();

    /**
     * The indices, ascending, of the accesses here that are {@link AliasParts#pairable} with an access of part
     * {@code p}: the pairing visits only these (a group of many wrapper contexts has many parts, and scanning the
     * others was most of the pairing of a large program: sol formed 217 million of 5 billion pairs it looked at).
     */
    private int lastPart = Integer.MIN_VALUE;
    private int[] lastPairable;

    int[] pairableWith(int p, AliasParts parts) {
        if (p == lastPart) return lastPairable; // most buckets hold one part: no lookup per access
        int[] out = pairableWith.get(p);
        if (out == null) {
            int n = 0;
            out = new int[accesses.size()];
            for (int j = 0; j < accesses.size(); j++) if (parts.pairable(p, part[j])) out[n++] = j;
            out = Arrays.copyOf(out, n);
            pairableWith.put(p, out);
        }
        lastPart = p;
        lastPairable = out;
        return out;
    }
}
