package weft.race;

import weft.ir.CallTarget;
import weft.ir.Edge;
import weft.ir.Function;
import weft.ir.Program;
import weft.ir.SourceLoc;
import weft.ir.Stmt;
import weft.model.Event;
import weft.pointer.PointsTo;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * A call the report lists so that a user can act on it: a call of an unknown external function (declared,
 * neither defined nor in the library table; the analyses treat it soundly as code that may touch all
 * escaped memory, but a table entry makes them precise), directly or through a function pointer; or a
 * call (or a thread routine) through a function pointer with no known target, which the analyses cannot
 * follow. Only calls in functions some abstract thread executes are listed.
 *
 * @param kind     what kind of gap
 * @param name     the unknown function's name, or the called expression of an unresolved call
 * @param site     where the call is
 * @param function the function containing the call (its C name)
 */
public record CallGap(Kind kind, String name, SourceLoc site, String function) {
    public enum Kind {
        UNKNOWN_FUNCTION, UNRESOLVED_CALL;

        /** The spelling in reports: {@code unknown-function}, {@code unresolved-call}. */
        public String id() {
            return name().toLowerCase().replace('_', '-');
        }
    }

    /** Every call gap in the executed functions, sorted by kind, name and site. */
    public static List<CallGap> find(Program program, PointsTo pts, Collection<String> executed,
                                     List<weft.thread.UnresolvedCall> unresolved) {
        List<CallGap> out = new ArrayList<>();
        // the call graph's unresolved calls (targets partly unknown, pointers outside code may set) are
        // listed with their reason, unless the scan below lists the same site
        java.util.Set<SourceLoc> seen = new java.util.HashSet<>();
        for (String fn : executed) {
            Function f = program.function(fn);
            if (f == null) continue;
            for (Edge e : f.cfg().edges()) {
                if (e.stmt() instanceof Stmt.Call c) of(program, pts, f, c, out);
            }
        }
        for (CallGap g : out) if (g.kind() == Kind.UNRESOLVED_CALL) seen.add(g.site());
        for (weft.thread.UnresolvedCall u : unresolved) {
            if (!seen.add(u.loc())) continue;
            Function f = program.function(u.function());
            out.add(new CallGap(Kind.UNRESOLVED_CALL, u.reason(), u.loc(), f != null ? f.name() : u.function()));
        }
        out.sort(Comparator.comparing(CallGap::kind).thenComparing(CallGap::name)
                .thenComparing(g -> g.site().file()).thenComparingInt(g -> g.site().line()).thenComparingInt(g -> g.site().col()));
        return List.copyOf(out);
    }

    private static void of(Program program, PointsTo pts, Function f, Stmt.Call c, List<CallGap> out) {
        CallTarget t = program.target(c);
        if (t instanceof CallTarget.External x) {
            if (weft.model.VaListBuiltins.is(x.name())) return; // modelled (weft.model.VaListBuiltins)
            out.add(new CallGap(Kind.UNKNOWN_FUNCTION, x.name(), c.loc(), f.name()));
        } else if (t instanceof CallTarget.Indirect) {
            List<CallTarget> libs = pts.libraryCallees(c);
            for (CallTarget lt : libs) {
                if (lt instanceof CallTarget.External x) out.add(new CallGap(Kind.UNKNOWN_FUNCTION, x.name(), c.loc(), f.name()));
            }
            if (libs.isEmpty() && pts.callees(f.linkName(), c).isEmpty()) {
                out.add(new CallGap(Kind.UNRESOLVED_CALL, c.callee().toString(), c.loc(), f.name()));
            }
        } else if (t instanceof CallTarget.Library l && (l.model().event() instanceof Event.ThreadCreate || l.model().event() instanceof Event.Once)
                && pts.threadRoutines(f.linkName(), c).isEmpty()) {
            out.add(new CallGap(Kind.UNRESOLVED_CALL, "routine of " + l.model().name(), c.loc(), f.name()));
        }
    }
}
