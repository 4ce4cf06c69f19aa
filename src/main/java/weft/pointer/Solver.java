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
    static final int MAX_LOCS_PER_OBJECT = 256;
    /** Tagged locations per array member; more widen to the member's range location. */
    static final int MAX_LOCS_PER_MEMBER = 32;
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
        /** Array members ({@link Extents}): ranges lo, hi; per range its location, write node and read node (-1: none yet). */
        final long[] ext;
        final int[] rangeLoc;
        final int[] rangeCell;
        final int[] rangeSum;
        /** Tagged locations per member (null: none yet). */
        int[] memberLocs;
        /** For a private copy of a variable ({@link #copyOf}), the variable's object. */
        MemObject origin;

        Obj(MemObject object, long limit, long[] ext) {
            this.object = object;
            this.limit = limit;
            this.unknown = object instanceof MemObject.Unknown;
            this.ext = ext;
            int n = ext.length / 2;
            this.rangeLoc = n == 0 ? NO_INTS : filled(n);
            this.rangeCell = n == 0 ? NO_INTS : filled(n);
            this.rangeSum = n == 0 ? NO_INTS : filled(n);
        }

        private static int[] filled(int n) {
            int[] a = new int[n];
            Arrays.fill(a, -1);
            return a;
        }
    }

    private static final int[] NO_INTS = new int[0];

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
                if (s.locExt[cellLoc] < 0 || s.rangeOverlaps(cellLoc, from, size)) s.addEdge(src, s.anyCell(dstObj), 0);
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
    /**
     * The array member ({@link Obj#ext} index) of a location, or -1: for a <em>range location</em> (offset
     * {@link #ANY}), the member it stands anywhere in; for a <em>tagged</em> one (a concrete offset), the
     * member the pointer is known to point into (its cell is the plain location's).
     */
    int[] locExt = new int[1024];
    int locCount;
    private final LongIntMap taggedIds = new LongIntMap();
    private final LongIntMap rangeIds = new LongIntMap();
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
        int n = newObject(new Obj(m, limit(m), extents(m)));
        objIds.put(m, n);
        return n;
    }

    /** Member start offsets of objects with array members ({@link Extents#starts}), computed when first needed. */
    private final Map<Integer, long[]> starts = new HashMap<>();

    private long[] starts(int obj) {
        return starts.computeIfAbsent(obj, k -> {
            Obj o = objs.get(k);
            MemObject m = o.object != null ? o.object : o.origin;
            return m instanceof MemObject.Var v ? Extents.starts(v.variable().type()) : new long[] {0};
        });
    }

    /** The array members of {@code m} (variables only: heap blocks have no declared type). */
    static long[] extents(MemObject m) {
        return m instanceof MemObject.Var v ? Extents.of(v.variable().type(), limit(m)) : Extents.NONE;
    }

    /** A new object that clients never see (e.g. a function's return slot). */
    int internalObject(long size) {
        return newObject(new Obj(null, size > 0 ? Math.min(size, Integer.MAX_VALUE) : UNKNOWN_LIMIT, Extents.NONE));
    }

    /**
     * A new private copy of object {@code m} (a variable of a wrapper clone): same bounds, invisible to
     * clients, but included when queries read {@code m}.
     */
    int copyOf(MemObject m) {
        int n = newObject(new Obj(null, limit(m), extents(m)));
        objs.get(n).origin = m;
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
        return loc(obj, off, false);
    }

    /**
     * The location (obj, off), tagged with the array member containing it if {@code tagged} (see {@link
     * #locExt}; untagged when no single member contains it). A tagged location over the per-object cap
     * widens to its member's range location instead of the whole object.
     */
    int loc(int obj, long off, boolean tagged) {
        Obj o = objs.get(obj);
        if (!tagged || off == ANY || off < 0 || off >= o.limit || o.ext.length == 0) return plainLoc(obj, off, true);
        int e = Extents.at(o.ext, off);
        if (e < 0) return plainLoc(obj, off, true);
        long key = ((long) obj << 32) | (off & 0xffffffffL);
        int id = taggedIds.get(key);
        if (id >= 0) return id;
        if (o.memberLocs == null) o.memberLocs = new int[o.rangeLoc.length];
        if (o.memberLocs[e] >= MAX_LOCS_PER_MEMBER) return rangeLoc(obj, e);
        o.memberLocs[e]++;
        id = newLoc(obj, off, e);
        taggedIds.putIfAbsent(key, id);
        return id;
    }

    /** The range location of the array member that starts at, contains or ends at {@code off} if one does, else ANY. */
    int rangeLocAt(int obj, long off) {
        Obj o = objs.get(obj);
        int e = off < 0 || off > o.limit ? -1 : Extents.at(o.ext, off);
        return e >= 0 ? rangeLoc(obj, e) : plainLoc(obj, ANY);
    }

    /** The location standing for every offset of array member {@code e} of {@code obj}. */
    int rangeLoc(int obj, int e) {
        Obj o = objs.get(obj);
        if (o.rangeLoc[e] >= 0) return o.rangeLoc[e];
        plainLoc(obj, ANY, true);   // clients see a range as an unknown offset (Queries maps it there)
        int id = newLoc(obj, ANY, e);
        o.rangeLoc[e] = id;
        return id;
    }

    private int newLoc(int obj, long off, int ext) {
        int id = locCount++;
        if (id == locObj.length) {
            int n = id * 2;
            locObj = Arrays.copyOf(locObj, n);
            locOff = Arrays.copyOf(locOff, n);
            locCell = Arrays.copyOf(locCell, n);
            locExt = Arrays.copyOf(locExt, n);
        }
        locObj[id] = obj;
        locOff[id] = (int) off;
        locCell[id] = -1;
        locExt[id] = ext;
        return id;
    }

    private int plainLoc(int obj, long off) {
        return plainLoc(obj, off, true);
    }

    /**
     * The untagged location (obj, off); over the per-object cap it widens to ANY if {@code capped}, else -1
     * (the plain twin of a tagged location, whose member caps them).
     */
    private int plainLoc(int obj, long off, boolean capped) {
        Obj o = objs.get(obj);
        if (off != ANY && (off < 0 || off >= o.limit)) off = ANY;
        if (off == ANY && o.anyLoc >= 0) return o.anyLoc;
        long key = ((long) obj << 32) | (off & 0xffffffffL);
        int id = locIds.get(key);
        if (id >= 0) return id;
        if (off != ANY && o.concreteLocs >= MAX_LOCS_PER_OBJECT && capped) {
            if (!o.capped) statCapped++;
            o.capped = true;
            return plainLoc(obj, ANY);
        }
        id = newLoc(obj, off, -1);
        locIds.putIfAbsent(key, id);
        if (off == ANY) o.anyLoc = id;
        else if (capped) o.concreteLocs++;
        return id;
    }

    /** The existing location (obj, off) or -1 (never creates). */
    int findLoc(int obj, long off) {
        if (off == ANY) return objs.get(obj).anyLoc;
        if (off < 0 || off > Integer.MAX_VALUE) return -1;
        return locIds.get(((long) obj << 32) | (off & 0xffffffffL));
    }

    /**
     * The location {@code loc} moved by {@code shift} ({@link Shift}): a range location stays in its array
     * member whatever the move, except {@link Shift#WHOLE}; a concrete one moves by the shift's bytes, and
     * to its member's range when the shift leaves the offset unknown within an array it is known to be in.
     */
    @Override
    int shift(int loc, int shift) {
        if (shift == 0) return loc;
        int obj = locObj[loc];
        int off = locOff[loc];
        if (off == ANY) return locExt[loc] >= 0 && shift != Shift.WHOLE ? loc : plainLoc(obj, ANY);
        boolean tagged = locExt[loc] >= 0;
        if (shift == Shift.WHOLE) return plainLoc(obj, ANY);
        if (shift == Shift.IN_ARRAY) return tagged ? rangeLoc(obj, locExt[loc]) : plainLoc(obj, ANY);
        long to = (long) off + Shift.bytes(shift);
        if (Shift.isRange(shift)) return rangeLocAt(obj, to);
        if (tagged && !Shift.isTagged(shift)) {
            // a pointer into member e moved by a constant: it stays in e (C11 6.5.6p8), unless it lands where a
            // subobject starts (container_of computing the enclosing struct from a member array)
            Obj o = objs.get(obj);
            int e = locExt[loc];
            if (to >= o.ext[2 * e] && to <= o.ext[2 * e + 1]) return loc(obj, to, true);
            if (to >= 0 && to < o.limit && java.util.Arrays.binarySearch(starts(obj), to) < 0) return rangeLoc(obj, e);
            return plainLoc(obj, to);
        }
        return loc(obj, to, tagged || Shift.isTagged(shift));
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
        for (int c : o.rangeCell) if (c >= 0) addEdge(c, o.sum, 0);
        return o.sum;
    }

    /** The node receiving weak writes anywhere in array member {@code e} of {@code obj}. */
    int rangeCell(int obj, int e) {
        Obj o = objs.get(obj);
        if (o.rangeCell[e] >= 0) return o.rangeCell[e];
        int l = rangeLoc(obj, e);
        int c = newNode();
        o.rangeCell[e] = c;
        locCell[l] = c;
        enqueueCell(l);
        return c;
    }

    /** The node holding everything stored anywhere in array member {@code e} of {@code obj}. */
    int rangeSum(int obj, int e) {
        Obj o = objs.get(obj);
        if (o.rangeSum[e] >= 0) return o.rangeSum[e];
        int n = newNode();
        o.rangeSum[e] = n;
        for (int i = 0; i < o.cells.size(); i++) {
            int l = o.cells.get(i);
            if (Extents.containing(o.ext, locOff[l]) == e) addEdge(locCell[l], n, 0);
        }
        if (o.rangeCell[e] >= 0) addEdge(o.rangeCell[e], n, 0);
        addEdge(anyCell(obj), n, 0);
        return n;
    }

    /** Whether the member of range cell {@code cellLoc} overlaps bytes [from, from+size) (size -1: to the end). */
    boolean rangeOverlaps(int cellLoc, long from, long size) {
        long[] ext = objs.get(locObj[cellLoc]).ext;
        int e = locExt[cellLoc];
        return ext[2 * e + 1] > from && (size < 0 || ext[2 * e] < from + size);
    }

    /** Whether {@code loc} is a range location (anywhere in one array member). */
    boolean isRange(int loc) {
        return locOff[loc] == ANY && locExt[loc] >= 0;
    }

    /** The node of the cell at {@code loc}: what a write to {@code loc} updates. */
    int writeNode(int loc) {
        int c = locCell[loc];
        if (c >= 0) return c;
        if (isRange(loc)) return rangeCell(locObj[loc], locExt[loc]);
        if (locExt[loc] >= 0) {
            // a tagged location shares the plain location's cell (which its member's cap bounds, not the object's)
            c = writeNode(plainLoc(locObj[loc], locOff[loc], false));
            locCell[loc] = c;
            return c;
        }
        if (locOff[loc] == ANY) return anyCell(locObj[loc]);
        c = newNode();
        locCell[loc] = c;
        enqueueCell(loc);
        return c;
    }

    /** The node a read at {@code loc} sees: the cell, the member's sum for a range, or the object's sum for offset ANY. */
    int readNode(int loc) {
        if (isRange(loc)) return rangeSum(locObj[loc], locExt[loc]);
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
        if (locExt[loc] >= 0) {
            // a range cell: its member's concrete cells and reads see what it receives
            int e = locExt[loc];
            for (int i = 0; i < o.cells.size(); i++) {
                int l = o.cells.get(i);
                if (Extents.containing(o.ext, locOff[l]) == e) addEdge(node, locCell[l], 0);
            }
            if (o.rangeSum[e] >= 0) addEdge(node, o.rangeSum[e], 0);
        } else if (any) {
            for (int i = 0; i < o.cells.size(); i++) addEdge(node, locCell[o.cells.get(i)], 0);
        } else {
            o.cells.add(loc);
            if (o.anyCell >= 0) addEdge(o.anyCell, node, 0);
            int e = o.ext.length == 0 ? -1 : Extents.containing(o.ext, locOff[loc]);
            if (e >= 0 && o.rangeCell[e] >= 0) addEdge(o.rangeCell[e], node, 0);
            if (e >= 0 && o.rangeSum[e] >= 0) addEdge(node, o.rangeSum[e], 0);
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
        for (int e = 0; e < s.rangeCell.length; e++) if (s.rangeCell[e] >= 0) w.apply(this, s.rangeLoc[e]);
    }

    /** Block copy of the cells of {@code src} (from its offset on, {@code size} bytes, -1 = all) to {@code dst}. */
    void link(int src, int dst, long size) {
        statLinks++;
        if (!links.add(new Link(src, dst, size))) return;
        int so = locObj[src];
        int dobj = locObj[dst];
        Obj s = objs.get(so);
        if (locOff[src] == ANY || locOff[dst] == ANY || s.unknown || objs.get(dobj).unknown) {
            addEdge(s.unknown ? sum(so) : copyReadNode(src, size), wholeWriteNode(dst), 0);
            return;
        }
        watch(so, new CopyWatch(locOff[src], copyExtent(src, size), dobj, locOff[dst]));
    }

    /**
     * What a copy reading from {@code loc} at unknown offsets reads: its array member's cells for a range
     * location (a library function copying from a pointer into an array stays in the array), else every
     * cell of the object.
     */
    int wholeReadNode(int loc) {
        return isRange(loc) ? readNode(loc) : sum(locObj[loc]);
    }

    /**
     * The bytes a copy of {@code size} bytes (-1: unknown) from concrete location {@code loc} reads: an unknown
     * size from a location known to be in an array member reaches the member's end (the library stays in the
     * array), else the end of the object (-1).
     */
    long copyExtent(int loc, long size) {
        if (size >= 0 || locExt[loc] < 0 || locOff[loc] == ANY) return size;
        long hi = objs.get(locObj[loc]).ext[2 * locExt[loc] + 1];
        return Math.max(0, hi - locOff[loc]);
    }

    /**
     * A node holding (at least) what a copy of {@code size} bytes (-1: unknown, up to the end) from concrete
     * location {@code loc} reads, for a destination at an unknown offset: the sum of the array member the
     * bytes lie in (a tagged location's member when the size is unknown: the library stays in the array),
     * else of the whole object.
     */
    int copyReadNode(int loc, long size) {
        if (locOff[loc] == ANY) return wholeReadNode(loc);
        Obj o = objs.get(locObj[loc]);
        int e = locExt[loc];
        long from = locOff[loc];
        if (size >= 0) {
            int c = Extents.containing(o.ext, from);
            if (c >= 0 && from + size <= o.ext[2 * c + 1]) return rangeSum(locObj[loc], c);
        } else if (e >= 0 && from < o.ext[2 * e + 1]) {
            return rangeSum(locObj[loc], e);
        }
        return sum(locObj[loc]);
    }

    /** What a copy writing to {@code loc} at unknown offsets writes: its array member for a range location, else the object's ANY cell. */
    int wholeWriteNode(int loc) {
        return isRange(loc) ? writeNode(loc) : anyCell(locObj[loc]);
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
    int statCoarseGroups;
    /** {@link CopyGroup#COARSE_EDGES}, smaller in tests. */
    long coarseCopyEdges = CopyGroup.COARSE_EDGES;
    /** Solver statistics (for benchmarks), fixed when frozen. */
    String stats = "";

    /**
     * The location clients see for each location id, fixed when frozen: itself (range and tagged locations are
     * seen as such: {@link Loc#isRange}, {@link Loc#isTagged}) (null before).
     */
    int[] canonical;

    @Override
    void freeze() {
        int n = locCount;
        int[] canon = new int[n];
        for (int l = 0; l < n; l++) canon[l] = l;
        canonical = canon;
        long[] st = setStats();
        stats = "edges=" + statEdges + " adds=" + statAdds + " applies=" + statApplies + " links=" + statLinks + "/" + links.size()
                + " copyGroups=" + statGroups + "/" + statGroupNodes + "/" + statCoarseGroups + " capped=" + statCapped + " sccRuns=" + statSccRuns
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
