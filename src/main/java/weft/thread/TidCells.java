package weft.thread;

import weft.access.Region;
import weft.access.Regions;
import weft.access.VariadicPointers;
import weft.ir.CallTarget;
import weft.ir.Edge;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.Lvalue;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.model.Event;
import weft.pointer.Loc;
import weft.pointer.MemObject;
import weft.pointer.PointsTo;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Memory objects that hold thread ids (targets of the id pointer of thread-create calls) and are
 * written by nothing else anywhere in the program. Only for those is "the id stored in this cell" a
 * sound basis for matching joins to threads: any other write could replace the id.
 *
 * <p>A library function called through a function pointer counts as called directly (thread creation through a
 * pointer stores an id; a library function that writes through an argument clobbers it), external code a
 * pointer may denote as a direct external call (it may write every argument).
 *
 * <p>Also <em>id members</em> ({@link #trustedMember}): the id field of a record (a {@code struct} holding a
 * {@code pthread_t tid} beside the data its thread works on) whose other members are written freely. The member at
 * offset k of object o is trusted when every thread creation that may store an id into o stores it at exactly offset k,
 * one create statement does so, no library or external function writes into o at all, and no plain store into o
 * may touch the bytes {@code [k, k + n)}, n the size of the id the creates store (the pointee of their id argument:
 * {@code pthread_t} or {@code thrd_t} in the data model; 8, the largest, when the type says nothing). Then only that create
 * statement ever changes the member, so, as for whole cells, the id it stored stays there. {@code free} writes no value
 * (reading a freed record is undefined), as for whole cells.
 *
 * <p>Assumes: every write to memory is visible to the pointer analysis (plain stores, library writes,
 * unknown calls that escape the cell), and the byte regions of plain stores ({@link Regions}) cover the bytes they
 * may write; a cell written by anything else is not a tid cell. Probes p10, p16: sound.
 */
public final class TidCells {
    /** The largest thread id type ({@code pthread_t}, {@code thrd_t}: {@code unsigned long}) of any data model, in bytes. */
    private static final long MAX_ID_BYTES = 8;

    private final Set<MemObject> trusted = new HashSet<>();
    /** Per object: the offsets creates store ids at ({@link Loc#ANY} included), and how many create statements do. */
    private final Map<MemObject, Set<Long>> idOffsets = new HashMap<>();
    private final Map<MemObject, Set<Stmt.Call>> idCreates = new HashMap<>();
    /** Per object: the size of the id the creates store (the pointee of their id argument). */
    private final Map<MemObject, Long> idBytes = new HashMap<>();
    /** Objects library or external code may write; the byte regions plain stores and call results may write. */
    private final Set<MemObject> libraryWritten = new HashSet<>();
    private final Map<MemObject, List<Region>> stores = new HashMap<>();
    private final Map<MemObject, List<Edge>> storeEdges = new HashMap<>();
    private boolean detaches;

    public TidCells(Program program, PointsTo pts, Regions regions) {
        Set<MemObject> ids = new HashSet<>();
        Set<MemObject> clobbered = new HashSet<>();
        for (Function f : program.functions().values()) {
            for (Edge e : f.cfg().edges()) {
                Stmt s = e.stmt();
                if (s instanceof Stmt.Assign a) store(pts, regions, f, e, a.lhs(), clobbered);
                if (s instanceof Stmt.Call c) {
                    if (c.result() != null) store(pts, regions, f, e, c.result(), clobbered);
                    CallTarget t = program.target(c);
                    if (t instanceof CallTarget.Library || t instanceof CallTarget.External) {
                        target(program, pts, f, c, t, ids, libraryWritten);
                    } else if (t instanceof CallTarget.Indirect) {
                        // a library function called through a pointer acts as when called directly
                        for (CallTarget lt : pts.libraryCallees(c)) target(program, pts, f, c, lt, ids, libraryWritten);
                    }
                }
            }
        }
        ids.removeAll(libraryWritten);
        ids.removeAll(clobbered);
        ids.remove(new MemObject.Unknown());
        trusted.addAll(ids);
    }

    /** A plain store (or call result) into {@code lv}: its objects are clobbered, its byte regions recorded. */
    private void store(PointsTo pts, Regions regions, Function f, Edge e, Lvalue lv, Set<MemObject> clobbered) {
        Set<MemObject> objects = new HashSet<>();
        for (Loc l : pts.locations(f.linkName(), lv)) objects.add(l.object());
        clobbered.addAll(objects);
        for (MemObject o : objects) storeEdges.computeIfAbsent(o, k -> new ArrayList<>()).add(e);
        for (Region r : regions.lvalue(f, e.from(), lv)) {
            stores.computeIfAbsent(r.object(), k -> new ArrayList<>()).add(r);
            storeEdges.computeIfAbsent(r.object(), k -> new ArrayList<>()).add(e);
            objects.remove(r.object());
        }
        // an object the pointer analysis names and the regions do not: all of it
        for (MemObject o : objects) stores.computeIfAbsent(o, k -> new ArrayList<>()).add(new Region(o, 0, Region.UNBOUNDED, Region.UNBOUNDED));
    }

    /** What library or external function {@code t}, run by call {@code c}, does to thread id cells. */
    private void target(Program program, PointsTo pts, Function f, Stmt.Call c, CallTarget t, Set<MemObject> ids, Set<MemObject> clobbered) {
        if (t instanceof CallTarget.Library d && d.model().event() instanceof Event.ThreadDetach) detaches = true;
        if (t instanceof CallTarget.Library lib && lib.model().event() instanceof Event.ThreadCreate tc) {
            if (tc.idArg() < c.args().size()) {
                Expr idArg = c.args().get(tc.idArg());
                long size = idArg.type().isPointer() && idArg.type().pointee().size() > 0 ? idArg.type().pointee().size() : MAX_ID_BYTES;
                for (Loc l : pts.eval(f.linkName(), idArg)) {
                    idBytes.merge(l.object(), size, Math::max);
                    ids.add(l.object());
                    idOffsets.computeIfAbsent(l.object(), k -> new HashSet<>()).add(l.offset());
                    idCreates.computeIfAbsent(l.object(), k -> new HashSet<>()).add(c);
                }
            }
        } else if (t instanceof CallTarget.Library lib && lib.model().event() instanceof Event.MemAccess m) {
            for (Event.MemArg ma : m.args()) {
                if (ma.write() && ma.ptrArg() < c.args().size()) {
                    var locs = pts.eval(f.linkName(), c.args().get(ma.ptrArg()));
                    for (Loc l : locs) clobbered.add(l.object());
                    // all it reaches, past unknown memory too (not PointsTo.deepReach, which stops there because an
                    // access to unknown memory already pairs with every escaped object; here nothing stands for them)
                    if (ma.deep()) clobbered.addAll(pts.reachable(locs));
                }
            }
            if (m.touchesVarargs() && VariadicPointers.writes(program, pts, f.linkName(), c, m)) {
                // scanf's targets, printf's %n
                if (m.vaList() >= 0 && m.vaList() < c.args().size()) {
                    for (Loc l : VariadicPointers.ofVaList(program, pts, f.linkName(), c.args().get(m.vaList()))) clobbered.add(l.object());
                } else if (m.vaList() < 0) {
                    for (int i = Math.max(0, m.varargsFrom()); i < c.args().size(); i++) {
                        for (Loc l : pts.eval(f.linkName(), c.args().get(i))) clobbered.add(l.object());
                    }
                }
            }
        }
        if (t instanceof CallTarget.Library lib && lib.model().facts().stateTargets().write()) {
            // strtok's continuation: what the pointers its hidden state holds point to
            for (Loc l : pts.stateContents(lib.model().facts())) clobbered.add(l.object());
        }
        if (t instanceof CallTarget.External) {
            // an external function may write any argument
            for (Expr arg : c.args()) for (Loc l : pts.eval(f.linkName(), arg)) clobbered.add(l.object());
        }
    }


    /**
     * Whether the program detaches threads anywhere; joining a detached thread returns at once, so
     * then no join is taken as a proof of termination.
     */
    public boolean detaches() {
        return detaches;
    }

    public boolean trusted(MemObject o) {
        return trusted.contains(o);
    }

    /**
     * Whether plain store {@code edge} is the only write of {@code o} in the program: no other store or call result,
     * no library or external code, no thread creation writes it (an array of records filled by one statement).
     */
    public boolean writtenOnlyBy(MemObject o, Edge edge) {
        if (o instanceof MemObject.Unknown || libraryWritten.contains(o) || idOffsets.containsKey(o)) return false;
        for (Edge e : storeEdges.getOrDefault(o, List.of())) if (e != edge) return false;
        return true;
    }

    /**
     * Whether the {@code pthread_t} member at {@code offset} of {@code o} is changed by nothing but one thread
     * creation statement, {@code create} (see the class comment); other members of {@code o} may be written.
     */
    public boolean trustedMember(MemObject o, long offset, Stmt.Call create) {
        if (offset == Loc.ANY || o instanceof MemObject.Unknown || libraryWritten.contains(o)) return false;
        if (!Set.of(offset).equals(idOffsets.get(o)) || !Set.of(create).equals(idCreates.get(o))) return false;
        Region id = new Region(o, offset, offset, idBytes.getOrDefault(o, MAX_ID_BYTES));
        for (Region r : stores.getOrDefault(o, List.of())) if (r.mayOverlap(id)) return false;
        return true;
    }
}
