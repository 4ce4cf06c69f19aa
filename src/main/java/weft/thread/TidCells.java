package weft.thread;

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

import java.util.HashSet;
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
 * <p>Assumes: every write to memory is visible to the pointer analysis (plain stores, library writes,
 * unknown calls that escape the cell); a cell written by anything else is not a tid cell. Probes p10,
 * p16: sound.
 */
public final class TidCells {
    private final Set<MemObject> trusted = new HashSet<>();
    private boolean detaches;

    public TidCells(Program program, PointsTo pts, Regions regions) {
        Set<MemObject> ids = new HashSet<>();
        Set<MemObject> clobbered = new HashSet<>();
        for (Function f : program.functions().values()) {
            for (Edge e : f.cfg().edges()) {
                Stmt s = e.stmt();
                if (s instanceof Stmt.Assign a) mark(pts, f, a.lhs(), clobbered);
                if (s instanceof Stmt.Call c) {
                    if (c.result() != null) mark(pts, f, c.result(), clobbered);
                    CallTarget t = program.target(c);
                    if (t instanceof CallTarget.Library || t instanceof CallTarget.External) {
                        target(program, pts, f, c, t, ids, clobbered);
                    } else if (t instanceof CallTarget.Indirect) {
                        // a library function called through a pointer acts as when called directly
                        for (CallTarget lt : pts.libraryCallees(c)) target(program, pts, f, c, lt, ids, clobbered);
                    }
                }
            }
        }
        ids.removeAll(clobbered);
        ids.remove(new MemObject.Unknown());
        trusted.addAll(ids);
    }

    /** What library or external function {@code t}, run by call {@code c}, does to thread id cells. */
    private void target(Program program, PointsTo pts, Function f, Stmt.Call c, CallTarget t, Set<MemObject> ids, Set<MemObject> clobbered) {
        if (t instanceof CallTarget.Library d && d.model().event() instanceof Event.ThreadDetach) detaches = true;
        if (t instanceof CallTarget.Library lib && lib.model().event() instanceof Event.ThreadCreate tc) {
            if (tc.idArg() < c.args().size()) for (Loc l : pts.eval(f.linkName(), c.args().get(tc.idArg()))) ids.add(l.object());
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
        } else if (t instanceof CallTarget.External) {
            // an external function may write any argument
            for (Expr arg : c.args()) for (Loc l : pts.eval(f.linkName(), arg)) clobbered.add(l.object());
        }
    }

    private static void mark(PointsTo pts, Function f, Lvalue lv, Set<MemObject> out) {
        for (Loc l : pts.locations(f.linkName(), lv)) out.add(l.object());
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
}
