package weft.bounded;

import com.microsoft.z3.BitVecSort;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.Model;
import com.microsoft.z3.Params;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import weft.bounded.encode.PathEncoder;
import weft.bounded.bmc.SolverWork;
import weft.budget.Budget;
import weft.ir.Function;
import weft.ir.Program;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Decides with Z3 whether control of one run of a function can reach one of its CFG nodes, under the thread-modular
 * over-approximation of {@link PathEncoder} (memory, inputs and call results arbitrary), with rising unwinding
 * bounds ({@link Bounds}).
 *
 * <p>Soundness of {@link Kind#UNREACHABLE}: it is answered only at a bound {@code k} where both the reach formula
 * and the cut-off formula are unsatisfiable. By {@link PathEncoder}'s argument every real execution prefix of the
 * function reaching the node with at most {@code k} back edges would satisfy the reach formula, and every prefix
 * taking more would, at its {@code k+1}-th back edge, satisfy the cut-off formula (it is then itself a prefix with
 * {@code k} back edges followed by a back edge). Both being unsatisfiable, no execution of the function, in any
 * thread, context or interleaving, reaches the node. An undecided solver call ({@code UNKNOWN}, resource limit), a bound
 * or size limit reached, or an interruption answer {@link Kind#OPEN}, never unreachable.
 */
public final class Reachability {
    public enum Kind { UNREACHABLE, REACHABLE, OPEN }

    /**
     * @param bound   the unwinding bound of the answer (back edges per path)
     * @param complete whether that unwinding was complete
     * @param nondet  for {@code REACHABLE}: a value of each nondeterministic input of the function on a path found
     *                (by call site, in order of the path's calls), as the solver's model has them
     * @param detail  why the answer is open
     */
    public record Outcome(Kind kind, int bound, boolean complete, Map<String, List<Long>> nondet, String detail) {}

    private final Context ctx;
    private final Program program;
    private final Bounds bounds;

    public Reachability(Context ctx, Program program, Bounds bounds) {
        this.ctx = ctx;
        this.program = program;
        this.bounds = bounds;
    }

    /** Whether a run of {@code f} can reach node {@code node}, within {@code budget}. */
    public Outcome reach(Function f, int node, Budget budget) {
        Unwinding u = Unwinding.of(f.cfg(), node);
        if (!u.targetInCfg()) return new Outcome(Kind.UNREACHABLE, 0, true, Map.of(), null);
        int regionSize = u.regionOrder().length;
        PathEncoder enc = new PathEncoder(ctx, program, f);
        int k = u.cyclic() ? 1 : 0;
        while (true) {
            if (Thread.currentThread().isInterrupted()) return open(k, "interrupted");
            if ((long) regionSize * (k + 1) > bounds.maxCopies()) return open(k, "more than " + bounds.maxCopies() + " node copies");
            long ms = budget.remainingMillis();
            if (ms <= 0) return open(k, "no time left");
            PathEncoder.Encoding e = enc.encode(u, k);
            // solved in a context of its own, into which the formulas are translated: the encoder's context keeps
            // terms the Java collector frees at moments that vary from run to run, and its resource count and the
            // solver's heuristics (the model: the hints handed to the witness search) followed them (as RaceBmc's)
            try (Context solve = new Context()) {
                Params p = solve.mkParams();
                // Z3's deterministic resource limit, never its wall-clock timeout: the same formula gets the same
                // answer however busy the machine is
                p.add("rlimit", (int) Math.min(Integer.MAX_VALUE, Math.max(1, ms) * SolverWork.RLIMIT_PER_MILLI));
                Solver s = SolverWork.translated(solve, p, e.reach());
                Status st = s.check();
                long used = SolverWork.count(s);
                SolverWork.charge(budget, used, SolverWork.RLIMIT_PER_MILLI);
                if (st == Status.UNKNOWN) return open(k, "solver: " + s.getReasonUnknown());
                if (st == Status.SATISFIABLE) {
                    Model m = s.getModel();
                    // prefer a model without undefined behaviour on the path: the explorer can execute it
                    s.add(e.defined().translate(solve));
                    if (s.check() == Status.SATISFIABLE) m = s.getModel();
                    SolverWork.charge(budget, SolverWork.count(s) - used, SolverWork.RLIMIT_PER_MILLI);
                    return new Outcome(Kind.REACHABLE, k, false, values(m, e, solve), null);
                }
                Solver c = SolverWork.translated(solve, p, e.cutoff());
                Status cs = c.check();
                SolverWork.charge(budget, SolverWork.count(c) - used, SolverWork.RLIMIT_PER_MILLI);
                if (cs == Status.UNSATISFIABLE) return new Outcome(Kind.UNREACHABLE, k, true, Map.of(), null);
                if (cs == Status.UNKNOWN) return open(k, "solver: " + c.getReasonUnknown());
            }
            if (k >= bounds.maxUnwind()) return open(k, "unwinding bound " + k + " reached");
            k = Math.min(bounds.maxUnwind(), Math.max(1, k * 2));
        }
    }

    private static Outcome open(int k, String why) {
        return new Outcome(Kind.OPEN, k, false, Map.of(), why);
    }

    private static Map<String, List<Long>> values(Model m, PathEncoder.Encoding e, Context solve) {
        Map<String, List<Long>> out = new LinkedHashMap<>();
        for (Map.Entry<String, List<Expr<BitVecSort>>> x : e.nondet().entrySet()) {
            List<Long> vs = new ArrayList<>();
            for (Expr<BitVecSort> c : x.getValue()) {
                Expr<BitVecSort> v = m.eval(c.translate(solve), false);
                if (v instanceof com.microsoft.z3.BitVecNum n) vs.add(n.getBigInteger().longValue());
            }
            if (!vs.isEmpty()) out.put(x.getKey(), vs);
        }
        return out;
    }
}
