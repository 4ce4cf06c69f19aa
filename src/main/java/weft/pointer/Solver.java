package weft.pointer;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The memory model of the analysis on top of its constraint graph: objects, locations and cells.
 *
 * <p><b>Abstraction.</b> Memory is a set of abstract objects ({@link MemObject}); a <em>location</em>
 * (interned as an int) is an object plus a byte offset or {@link #ANY}. Every location that is ever
 * written or read gets a <em>cell</em>: a graph node holding the locations the pointer stored there may
 * point to. Besides cells, nodes are expression temporaries and a few global summaries. Three
 * per-object structures keep field-sensitivity sound:
 * <ul>
 *   <li>the <em>ANY cell</em> receives weak writes to an unknown offset; it has an edge to every
 *       concrete cell of the object, so each reader of a concrete offset also sees them;</li>
 *   <li>the <em>sum node</em> (created when someone reads at an unknown offset) has an edge from every
 *       cell, so reading at ANY sees everything ever stored in the object;</li>
 *   <li>block copies (struct assignment, memcpy) register <em>watchers</em> on the source object, so
 *       cells created later in the source range are copied as well ({@link #link}; through pointers,
 *       {@link CopyGroup}).</li>
 * </ul>
 * Offsets outside the object's bounds, and offsets beyond {@link #MAX_LOCS_PER_OBJECT} distinct ones per
 * object (e.g. a pointer walking an array), are widened to ANY, which keeps the lattice finite. Widening
 * to ANY is always sound because ANY reads and writes overlap every offset. Which offsets of an object
 * that reaches the cap keep a location of their own depends on the order in which the solver meets them
 * (first come); everything else about the solution is independent of that order.
 *
 * <p><b>Solving.</b> Cells, temporaries and summaries are nodes of the {@link ConstraintGraph}; loads and
 * stores through pointers, block copies and call resolution are complex constraints that add edges as
 * locations reach their pointer node. Nodes may be merged when solving (cycle collapsing): node ids stored
 * here ({@link #locCell}, {@link Obj#sum}, {@link Obj#anyCell}) stay valid, the graph maps them to their
 * representative.
 *
 * <p><b>Variable copies.</b> The per-call-site clones of allocation wrappers ({@link Wrappers}) give the
 * wrapper's variables whose address is never taken private copies: objects clients never see ({@code
 * object} null), registered in {@link #copies} so that queries about the variable return the union of
 * all its copies.
 */
final class Solver extends ConstraintGraph {
    static final int ANY = -1;
    static final int SHIFT_ANY = Integer.MIN_VALUE;
    static final int MAX_LOCS_PER_OBJECT = 256;
    static final long UNKNOWN_LIMIT = 1L << 20;

    /** Bookkeeping of one abstract object. */
    static final class Obj {
        final MemObject object;     // null for internal objects (return slots, clones' variable copies)
        final long limit;           // offsets must lie in [0, limit)
        final boolean unknown;
        int anyLoc = -1;
        int anyCell = -1;
        int sum = -1;
        int concreteLocs;
        boolean capped;
        final IntList cells = new IntList(2);
        List<Watch> watchers;

        Obj(MemObject object, long limit) {
            this.object = object;
            this.limit = limit;
            this.unknown = object instanceof MemObject.Unknown;
        }
    }

    /** Reaction to each cell of a watched object (existing and future ones, its ANY cell included). */
    interface Watch {
        void apply(Solver s, int cellLoc);
    }

    /** Copies source range [from, from+size) (size -1: to the end) to dstObj at dstFrom. */
    record CopyWatch(long from, long size, int dstObj, long dstFrom) implements Watch {
        @Override
        public void apply(Solver s, int cellLoc) {
            int src = s.locCell[cellLoc];
            int k = s.locOff[cellLoc];
            if (k == ANY) {
                s.addEdge(src, s.anyCell(dstObj), 0);
            } else if (k >= from && (size < 0 || k < from + size)) {
                s.addEdge(src, s.writeNode(s.loc(dstObj, dstFrom + (k - from))), 0);
            }
        }
    }

    private record Link(int src, int dst, long size) {}

    // objects
    final List<Obj> objs = new ArrayList<>();
    final Map<MemObject, Integer> objIds = new HashMap<>();
    // locations
    private final LongIntMap locIds = new LongIntMap();
    int[] locObj = new int[1024];
    int[] locOff = new int[1024];
    int[] locCell = new int[1024];
    int locCount;
    // dedup
    private Set<Link> links = new HashSet<>();
    // cells awaiting connection
    private final IntList pendingCells = new IntList();
    private boolean draining;
    // results of the run
    final Set<String> incomplete = new LinkedHashSet<>();
    /** User functions registered as thread-specific data destructors ({@code pthread_key_create}). */
    final Set<String> destructors = new LinkedHashSet<>();
    /** Incompleteness reasons by the function whose code caused them ("" for whole-program ones). */
    final java.util.Map<String, Set<String>> incompleteIn = new java.util.LinkedHashMap<>();
    /** Private copies of a variable in wrapper clones (internal objects), by the variable's object. */
    final Map<MemObject, IntList> copies = new HashMap<>();

    final int unknownObj;
    final int unknownLoc;
    /** The cell of all unknown memory: everything that escaped to code we cannot see. */
    final int unknownCell;

    Solver() {
        unknownObj = object(new MemObject.Unknown());
        unknownLoc = loc(unknownObj, ANY);
        unknownCell = anyCell(unknownObj);
        addLoc(unknownCell, unknownLoc);
    }

    // ---------------------------------------------------------------- objects and locations

    static long limit(MemObject m) {
        if (m instanceof MemObject.Unknown) return 0;
        if (m instanceof MemObject.Fn) return 1;
        long s = m.size();
        return s > 0 ? Math.min(s, Integer.MAX_VALUE) : UNKNOWN_LIMIT;
    }

    /** The id of object {@code m}, created if new. */
    int object(MemObject m) {
        Integer id = objIds.get(m);
        if (id != null) return id;
        int n = newObject(new Obj(m, limit(m)));
        objIds.put(m, n);
        return n;
    }

    /** A new object that clients never see (e.g. a function's return slot). */
    int internalObject(long size) {
        return newObject(new Obj(null, size > 0 ? Math.min(size, Integer.MAX_VALUE) : UNKNOWN_LIMIT));
    }

    /**
     * A new private copy of object {@code m} (a variable of a wrapper clone): same bounds, invisible to
     * clients, but included when queries read {@code m}.
     */
    int copyOf(MemObject m) {
        int n = newObject(new Obj(null, limit(m)));
        copies.computeIfAbsent(m, k -> new IntList(2)).add(n);
        return n;
    }

    private int newObject(Obj o) {
        objs.add(o);
        return objs.size() - 1;
    }

    Obj obj(int id) {
        return objs.get(id);
    }

    /** The interned location (obj, off), widened to ANY when out of bounds or over the per-object cap. */
    int loc(int obj, long off) {
        Obj o = objs.get(obj);
        if (off != ANY && (off < 0 || off >= o.limit)) off = ANY;
        if (off == ANY && o.anyLoc >= 0) return o.anyLoc;
        long key = ((long) obj << 32) | (off & 0xffffffffL);
        int id = locIds.get(key);
        if (id >= 0) return id;
        if (off != ANY && o.concreteLocs >= MAX_LOCS_PER_OBJECT) {
            if (!o.capped) statCapped++;
            o.capped = true;
            return loc(obj, ANY);
        }
        id = locCount++;
        if (id == locObj.length) {
            int n = id * 2;
            locObj = Arrays.copyOf(locObj, n);
            locOff = Arrays.copyOf(locOff, n);
            locCell = Arrays.copyOf(locCell, n);
        }
        locObj[id] = obj;
        locOff[id] = (int) off;
        locCell[id] = -1;
        locIds.putIfAbsent(key, id);
        if (off == ANY) o.anyLoc = id;
        else o.concreteLocs++;
        return id;
    }

    /** The existing location (obj, off) or -1 (never creates). */
    int findLoc(int obj, long off) {
        if (off == ANY) return objs.get(obj).anyLoc;
        if (off < 0 || off > Integer.MAX_VALUE) return -1;
        return locIds.get(((long) obj << 32) | (off & 0xffffffffL));
    }

    /** The location {@code shift} bytes after {@code loc}. */
    @Override
    int shift(int loc, int shift) {
        if (shift == 0) return loc;
        int off = locOff[loc];
        if (off == ANY || shift == SHIFT_ANY) return loc(locObj[loc], ANY);
        return loc(locObj[loc], (long) off + shift);
    }

    static int addShifts(int a, int b) {
        if (a == SHIFT_ANY || b == SHIFT_ANY) return SHIFT_ANY;
        long s = (long) a + b;
        return s > Integer.MAX_VALUE / 2 || s < -(Integer.MAX_VALUE / 2) ? SHIFT_ANY : (int) s;
    }

    static int toShift(long bytes) {
        return bytes > Integer.MAX_VALUE / 2 || bytes < -(Integer.MAX_VALUE / 2) ? SHIFT_ANY : (int) bytes;
    }

    // ---------------------------------------------------------------- cells

    /** The node receiving weak writes to unknown offsets of {@code obj}. */
    int anyCell(int obj) {
        Obj o = objs.get(obj);
        if (o.anyCell >= 0) return o.anyCell;
        int l = loc(obj, ANY);
        o.anyCell = newNode();
        locCell[l] = o.anyCell;
        enqueueCell(l);
        return o.anyCell;
    }

    /** The node holding everything stored anywhere in {@code obj}. */
    int sum(int obj) {
        Obj o = objs.get(obj);
        if (o.unknown) return anyCell(obj);
        if (o.sum >= 0) return o.sum;
        o.sum = newNode();
        for (int i = 0; i < o.cells.size(); i++) addEdge(locCell[o.cells.get(i)], o.sum, 0);
        if (o.anyCell >= 0) addEdge(o.anyCell, o.sum, 0);
        return o.sum;
    }

    /** The node of the cell at {@code loc}: what a write to {@code loc} updates. */
    int writeNode(int loc) {
        int c = locCell[loc];
        if (c >= 0) return c;
        if (locOff[loc] == ANY) return anyCell(locObj[loc]);
        c = newNode();
        locCell[loc] = c;
        enqueueCell(loc);
        return c;
    }

    /** The node a read at {@code loc} sees: the cell, or the object's sum for offset ANY. */
    int readNode(int loc) {
        return locOff[loc] == ANY ? sum(locObj[loc]) : writeNode(loc);
    }

    /** Connects new cells to their object's ANY cell, sum and copy watchers. */
    private void enqueueCell(int loc) {
        pendingCells.add(loc);
        if (draining) return;
        draining = true;
        try {
            while (!pendingCells.isEmpty()) connectCell(pendingCells.pop());
        } finally {
            draining = false;
        }
    }

    private void connectCell(int loc) {
        int obj = locObj[loc];
        Obj o = objs.get(obj);
        int node = locCell[loc];
        boolean any = locOff[loc] == ANY;
        if (any) {
            for (int i = 0; i < o.cells.size(); i++) addEdge(node, locCell[o.cells.get(i)], 0);
        } else {
            o.cells.add(loc);
            if (o.anyCell >= 0) addEdge(o.anyCell, node, 0);
        }
        if (o.sum >= 0) addEdge(node, o.sum, 0);
        if (o.watchers != null) {
            for (int i = 0; i < o.watchers.size(); i++) o.watchers.get(i).apply(this, loc);
        }
    }

    /** Registers {@code w} on object {@code obj} and applies it to the object's existing cells. */
    void watch(int obj, Watch w) {
        Obj s = objs.get(obj);
        if (s.watchers == null) s.watchers = new ArrayList<>(2);
        s.watchers.add(w);
        for (int i = 0; i < s.cells.size(); i++) w.apply(this, s.cells.get(i));
        if (s.anyCell >= 0) w.apply(this, s.anyLoc);
    }

    /** Block copy of the cells of {@code src} (from its offset on, {@code size} bytes, -1 = all) to {@code dst}. */
    void link(int src, int dst, long size) {
        statLinks++;
        if (!links.add(new Link(src, dst, size))) return;
        int so = locObj[src];
        int dobj = locObj[dst];
        Obj s = objs.get(so);
        if (locOff[src] == ANY || locOff[dst] == ANY || s.unknown || objs.get(dobj).unknown) {
            addEdge(sum(so), anyCell(dobj), 0);
            return;
        }
        watch(so, new CopyWatch(locOff[src], size, dobj, locOff[dst]));
    }

    /** Whether a block copy from or to {@code loc} copies whole objects (unknown offset or unknown memory). */
    boolean wholeObject(int loc) {
        return locOff[loc] == ANY || objs.get(locObj[loc]).unknown;
    }

    /** Counters for {@link #stats}. */
    long statLinks;
    int statCapped;
    int statGroups;
    int statGroupNodes;
    /** Solver statistics (for benchmarks), fixed when frozen. */
    String stats = "";

    @Override
    void freeze() {
        long[] st = setStats();
        stats = "edges=" + statEdges + " adds=" + statAdds + " applies=" + statApplies + " links=" + statLinks + "/" + links.size()
                + " copyGroups=" + statGroups + "/" + statGroupNodes + " capped=" + statCapped + " sccRuns=" + statSccRuns
                + " merged=" + statMerged + " sets=" + st[0] + " sumPts=" + st[1] + " maxPts=" + st[2];
        super.freeze();
        links = null;
        for (Obj o : objs) o.watchers = null;
    }

    @Override
    Solver solver() {
        return this;
    }

    void markIncomplete(String reason) {
        markIncomplete(null, reason);
    }

    /** Records incompleteness caused by code of {@code function} (null: not tied to one function). */
    void markIncomplete(String function, String reason) {
        incomplete.add(reason);
        incompleteIn.computeIfAbsent(function == null ? "" : function, k -> new LinkedHashSet<>()).add(reason);
    }
}
