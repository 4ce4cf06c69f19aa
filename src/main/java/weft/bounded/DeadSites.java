package weft.bounded;

import com.microsoft.z3.Context;
import weft.budget.Budget;
import weft.ir.CallTarget;
import weft.ir.Edge;
import weft.ir.Function;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.model.Event;

import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Finds which of a set of statement sites no execution reaches, with {@link Reachability} (one Z3 context for all,
 * created only when some site is not trivially reachable, and closed at the end).
 *
 * <p>Soundness: a site is reported dead only on {@link Reachability.Kind#UNREACHABLE}, whose argument is in that
 * class; an access made by the statement of an edge happens only when control is at the edge's source node, so no
 * execution makes the accesses of a dead site's statements. Sites are per function, not per calling context: the
 * encoding leaves the parameters free, so it covers every context.
 */
public final class DeadSites {
    /** A statement site: the source node of an edge of {@code function}. */
    public record Site(Function function, int node) {}

    /**
     * @param dead     the sites proved unreachable
     * @param maxBound the largest unwinding bound a proof needed
     * @param open     how many sites stayed undecided (time, bounds, solver)
     * @param hints    values of nondeterministic inputs under which live sites were reached (solver models)
     */
    public record Result(Set<Site> dead, int maxBound, int open, java.util.Map<String, java.util.List<Long>> hints) {}

    private DeadSites() {}

    /** The site of {@code edge} in {@code f}, or null if the edge is not one of {@code f}'s. */
    public static Site siteOf(Function f, Edge edge) {
        return f.cfg().edges().contains(edge) ? new Site(f, edge.from()) : null;
    }

    /**
     * Whether {@code s} is reachable by a path without branches and calls that may end the thread (then no solver
     * is needed to know it is live).
     */
    public static boolean triviallyLive(Program program, Site s) {
        var cfg = s.function().cfg();
        boolean[] seen = new boolean[cfg.nodeCount()];
        Deque<Integer> work = new ArrayDeque<>();
        work.add(cfg.entry());
        seen[cfg.entry()] = true;
        while (!work.isEmpty()) {
            int n = work.poll();
            if (n == s.node()) return true;
            for (Edge e : cfg.out(n)) {
                if (seen[e.to()] || mayStop(program, e.stmt())) continue;
                seen[e.to()] = true;
                work.add(e.to());
            }
        }
        return false;
    }

    private static boolean mayStop(Program program, Stmt st) {
        if (st instanceof Stmt.Assume) return true;
        if (st instanceof Stmt.Call c && program.target(c) instanceof CallTarget.Library l) {
            Event ev = l.model().event();
            return ev instanceof Event.ProgramEnd || ev instanceof Event.ThreadExit || ev instanceof Event.NonLocalJump
                    || ev instanceof Event.Assume;
        }
        return false;
    }

    /** Decides the sites in order within {@code budget}; those left when it runs out are open. */
    public static Result find(Program program, Collection<Site> sites, Bounds bounds, Budget budget) {
        Set<Site> dead = new LinkedHashSet<>();
        int open = 0;
        int maxBound = 0;
        Set<Site> todo = new LinkedHashSet<>();
        for (Site s : sites) if (!triviallyLive(program, s)) todo.add(s);
        java.util.Map<String, java.util.List<Long>> hints = new java.util.LinkedHashMap<>();
        if (todo.isEmpty()) return new Result(dead, 0, 0, hints);
        // the solver failing (native library, memory) leaves every site open: never a proof
        try (Context ctx = new Context()) {
            Reachability r = new Reachability(ctx, program, bounds);
            for (Site s : todo) {
                if (budget.expired() || Thread.currentThread().isInterrupted()) {
                    open++;
                    continue;
                }
                Reachability.Outcome o;
                try {
                    o = r.reach(s.function(), s.node(), budget);
                } catch (com.microsoft.z3.Z3Exception e) {
                    open++;
                    continue;
                }
                if (o.kind() == Reachability.Kind.UNREACHABLE) {
                    dead.add(s);
                    maxBound = Math.max(maxBound, o.bound());
                } else if (o.kind() == Reachability.Kind.OPEN) {
                    open++;
                } else {
                    o.nondet().forEach(hints::putIfAbsent);
                }
            }
        } catch (com.microsoft.z3.Z3Exception | LinkageError e) {
            return new Result(Set.of(), 0, todo.size(), hints);
        }
        return new Result(dead, maxBound, open, hints);
    }
}
