package weft.pointer;

/**
 * One block copy through pointers ({@code *d = *s} of aggregates, memcpy): every source location S it
 * reads from (the pointer's targets, shifted) is copied to every destination location D, as if by {@link
 * Solver#link}(S, D) for each pair, but without building all pairs.
 *
 * <p>{@code link(S, D)} means: if S or D copies whole objects ({@link Solver#wholeObject}), {@code
 * wholeReadNode(S) -> wholeWriteNode(D)} (for a range location, its array member's sum and cell, else the
 * object's sum and ANY cell); otherwise, for each cell of S's object at offset {@code S.off + r} within
 * the copied size (existing or future), {@code cell -> cell(D.obj, D.off + r)} (created), and {@code
 * anyCell(S.obj) -> anyCell(D.obj)} once S's object has an ANY cell.
 *
 * <p>Here the pairs go through shared nodes instead, which gives every destination cell the same union of
 * source cells and creates the same destination cells (one exists iff some source has a cell at its
 * relative offset):
 * <ul>
 *   <li>a buffer node per relative offset r: source cells at {@code off + r} flow into it, it flows into
 *       {@code cell(D.obj, D.off + r)} of every ordinary destination; one more for the ANY cells;</li>
 *   <li>{@code hubWholeSrc}: whole read nodes of whole-object sources, into the whole write nodes of all
 *       destinations;</li>
 *   <li>{@code hubWholeDst}: what ordinary sources copy ({@link Solver#copyReadNode}: the sum of their object, or
 *       of the array member the copied bytes lie in), into the whole write nodes of whole-object destinations.</li>
 * </ul>
 * Nodes and edges are created only once both sides of a pair exist, as {@code link} would. Every list is
 * extended before it is connected, so that re-entrant additions (creating a cell applies watches) miss no
 * pair.
 *
 * <p>Coarsening: the buffers cost an edge per destination and relative offset. When that product passes
 * {@link #COARSE_EDGES} (a formatting helper's {@code memcpy(buf, s, len)} whose {@code s} and {@code buf} each
 * reach thousands of objects made 10^8 edges in a real program), the group treats every destination, present and
 * future, as one at an unknown offset: {@code hubWholeDst} flows into its object's ANY cell, and source cells are no
 * longer followed one by one. Sound because {@code hubWholeDst} holds the sum of each source's copied bytes (its
 * object, or its array member), a superset of every source cell, and a destination's ANY cell is what every read of
 * its object sees ({@link Solver#wholeWriteNode}); only the offsets are lost.
 */
final class CopyGroup {
    private final Solver s;
    private final long size;
    /** Source and destination locations seen. */
    private final IntSet srcSeen = new IntSet();
    private final IntSet dstSeen = new IntSet();
    /**
     * Whole read nodes of whole-object sources; ordinary sources' read nodes ({@link Solver#copyReadNode}); whole write nodes of all
     * destinations; whole write nodes of whole-object destinations.
     */
    private final IntList wholeSrcNodes = new IntList(2);
    private final IntList srcReads = new IntList(2);
    private final IntList dstNodes = new IntList(2);
    private final IntList wholeDstNodes = new IntList(2);
    /** Ordinary destination locations. */
    private final IntList dsts = new IntList(2);
    private int hubWholeSrc = -1;
    private int hubWholeDst = -1;
    /** Buffer nodes by relative offset, in creation order. */
    private final LongIntMap bufferByOffset = new LongIntMap();
    private final IntList bufferOffsets = new IntList(2);
    private final IntList bufferNodes = new IntList(2);
    private int anyBuffer = -1;
    /** Edges (destinations times buffers) past which a group coarsens, unless the solver says otherwise. */
    static final long COARSE_EDGES = 1L << 18;
    private boolean coarse;

    CopyGroup(Solver s, long size) {
        this.s = s;
        this.size = size;
    }

    /** Location {@code loc} is copied from. */
    void addSource(int loc) {
        if (!srcSeen.add(loc)) return;
        int obj = s.locObj[loc];
        if (s.wholeObject(loc)) {
            int n = s.wholeReadNode(loc);
            wholeSrcNodes.add(n);
            if (hubWholeSrc >= 0) s.addEdge(n, hubWholeSrc, 0);
            else if (dstNodes.size() > 0) makeHubWholeSrc();
            return;
        }
        int read = s.copyReadNode(loc, size);
        srcReads.add(read);
        if (hubWholeDst >= 0) s.addEdge(read, hubWholeDst, 0);
        else if (wholeDstNodes.size() > 0) makeHubWholeDst();
        int from = s.locOff[loc];
        long n = s.copyExtent(loc, size);
        s.watch(obj, (sv, cellLoc) -> cell(from, n, cellLoc));
    }

    /** Location {@code loc} is copied to. */
    void addDestination(int loc) {
        if (!dstSeen.add(loc)) return;
        int obj = s.locObj[loc];
        int whole = s.wholeWriteNode(loc);
        dstNodes.add(whole);
        if (hubWholeSrc >= 0) s.addEdge(hubWholeSrc, whole, 0);
        else if (wholeSrcNodes.size() > 0) makeHubWholeSrc();
        if (s.wholeObject(loc)) {
            wholeDstNodes.add(whole);
            if (hubWholeDst >= 0) s.addEdge(hubWholeDst, whole, 0);
            else if (srcReads.size() > 0) makeHubWholeDst();
            return;
        }
        if (coarse) {
            wholeDstNodes.add(whole);
            if (hubWholeDst >= 0) s.addEdge(hubWholeDst, whole, 0);
            else if (srcReads.size() > 0) makeHubWholeDst();
            return;
        }
        dsts.add(loc);
        if ((long) dsts.size() * (bufferNodes.size() + 1) > s.coarseCopyEdges) {
            coarsen();
            return;
        }
        for (int i = 0; i < bufferNodes.size(); i++) {
            s.addEdge(bufferNodes.get(i), s.writeNode(s.loc(obj, (long) s.locOff[loc] + bufferOffsets.get(i))), 0);
        }
        if (anyBuffer >= 0) s.addEdge(anyBuffer, s.anyCell(obj), 0);
    }

    /** Every ordinary destination becomes one at an unknown offset (see the class comment). */
    private void coarsen() {
        coarse = true;
        s.statCoarseGroups++;
        for (int i = 0; i < dsts.size(); i++) {
            int whole = s.wholeWriteNode(dsts.get(i));
            wholeDstNodes.add(whole);
            if (hubWholeDst >= 0) s.addEdge(hubWholeDst, whole, 0);
        }
        if (hubWholeDst < 0 && srcReads.size() > 0 && wholeDstNodes.size() > 0) makeHubWholeDst();
    }

    private void makeHubWholeSrc() {
        hubWholeSrc = s.newNode();
        s.statGroupNodes++;
        for (int i = 0; i < wholeSrcNodes.size(); i++) s.addEdge(wholeSrcNodes.get(i), hubWholeSrc, 0);
        for (int i = 0; i < dstNodes.size(); i++) s.addEdge(hubWholeSrc, dstNodes.get(i), 0);
    }

    private void makeHubWholeDst() {
        hubWholeDst = s.newNode();
        s.statGroupNodes++;
        for (int i = 0; i < srcReads.size(); i++) s.addEdge(srcReads.get(i), hubWholeDst, 0);
        for (int i = 0; i < wholeDstNodes.size(); i++) s.addEdge(hubWholeDst, wholeDstNodes.get(i), 0);
    }

    /** A cell of the object of an ordinary source starting at offset {@code from}. */
    private void cell(int from, long size, int cellLoc) {
        if (coarse) return; // the source's sum reaches hubWholeDst
        int node = s.locCell[cellLoc];
        int k = s.locOff[cellLoc];
        if (k == Solver.ANY) {
            if (s.isRange(cellLoc) && !s.rangeOverlaps(cellLoc, from, size)) return;
            if (anyBuffer < 0) {
                anyBuffer = s.newNode();
                s.statGroupNodes++;
                for (int i = 0; i < dsts.size(); i++) s.addEdge(anyBuffer, s.anyCell(s.locObj[dsts.get(i)]), 0);
            }
            s.addEdge(node, anyBuffer, 0);
        } else if (k >= from && (size < 0 || k < from + size)) {
            int r = k - from;
            int b = bufferByOffset.get(r);
            if (b < 0) {
                b = s.newNode();
                s.statGroupNodes++;
                bufferByOffset.putIfAbsent(r, b);
                bufferOffsets.add(r);
                bufferNodes.add(b);
                for (int i = 0; i < dsts.size(); i++) {
                    int d = dsts.get(i);
                    s.addEdge(b, s.writeNode(s.loc(s.locObj[d], (long) s.locOff[d] + r)), 0);
                }
            }
            s.addEdge(node, b, 0);
        }
    }
}
