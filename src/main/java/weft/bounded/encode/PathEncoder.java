package weft.bounded.encode;

import weft.smt.ExprEncoder;
import com.microsoft.z3.BitVecSort;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import weft.bounded.Unwinding;
import weft.ir.AddressScan;
import weft.ir.CType;
import weft.ir.CallTarget;
import weft.ir.Edge;
import weft.ir.Function;
import weft.ir.Lvalue;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.ir.Variable;
import weft.model.Event;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Encodes "control of one run of function {@code f} reaches the unwinding's target" as a Z3 formula over the
 * unwound graph of depth {@code k} ({@link Unwinding}), in SSA form: per copy {@code (node, depth)} a guard (the
 * copy is reached) and the values of the <em>tracked locals</em>, merged by if-then-else over the incoming edges.
 *
 * <p>Tracked locals are the parameters, locals and temporaries of {@code f} of integer type, neither volatile nor
 * thread-local, whose address {@code f} never takes ({@link AddressScan}): only {@code f}'s own statements in the
 * running thread can change them (no pointer, callee or other thread reaches them), so their SSA values are exact
 * up to {@link ExprEncoder}'s over-approximation. Everything else is fresh at each read: parameters and locals at
 * the entry, memory, call results, nondeterministic inputs; inline assembly makes every tracked local fresh. Calls
 * are not followed (their only effect on tracked locals is their result); library calls whose model says the
 * thread does not continue ({@code abort}, {@code exit}, {@code pthread_exit}, {@code longjmp}) end the path, and
 * {@code __VERIFIER_assume(c)} continues only where {@code c} holds, both as C and the library define them. So every
 * execution prefix of {@code f} from its entry to the target with at most {@code k} back edges, in any thread,
 * calling context and interleaving, satisfies {@link Encoding#reach()} under some assignment of the fresh constants,
 * and every prefix that takes more crosses a cut-off edge, satisfying {@link Encoding#cutoff()}.
 */
public final class PathEncoder {
    /** The formulas of one unwinding depth; {@code nondet}: the constants of nondeterministic inputs per call site. */
    public record Encoding(BoolExpr reach, BoolExpr cutoff, Map<String, List<Expr<BitVecSort>>> nondet, BoolExpr defined) {}

    private record Copy(BoolExpr guard, Map<Variable, Expr<BitVecSort>> values) {}

    private final Context ctx;
    private final Program program;
    private final Function function;
    private final Set<Variable> tracked;

    public PathEncoder(Context ctx, Program program, Function function) {
        this.ctx = ctx;
        this.program = program;
        this.function = function;
        this.tracked = trackedLocals(function);
    }

    /** The locals of {@code f} whose values the encoding follows (see the class comment). */
    public static Set<Variable> trackedLocals(Function f) {
        Set<Variable> taken = new HashSet<>();
        for (Edge e : f.cfg().edges()) AddressScan.stmt(e.stmt(), taken);
        Set<Variable> out = new java.util.LinkedHashSet<>();
        List<Variable> all = new ArrayList<>(f.params());
        all.addAll(f.locals());
        for (Variable v : all) {
            boolean local = v.kind() == Variable.Kind.LOCAL || v.kind() == Variable.Kind.PARAM || v.kind() == Variable.Kind.TEMP;
            if (local && !v.threadLocal() && !v.type().isVolatile() && !v.type().isAtomic()
                    && ExprEncoder.intType(v.type()) != null && !taken.contains(v)) {
                out.add(v);
            }
        }
        return out;
    }

    /** Encodes the unwinding {@code u} (of this function's CFG) with at most {@code k} back edges per path. */
    public Encoding encode(Unwinding u, int k) {
        int[] order = u.regionOrder();
        int n = u.cfg().nodeCount();
        List<Map<Integer, Copy>> copies = new ArrayList<>();
        int[] freshBox = {0};
        Map<String, List<Expr<BitVecSort>>> nondet = new LinkedHashMap<>();
        List<BoolExpr> cut = new ArrayList<>();
        List<BoolExpr> reach = new ArrayList<>();
        definedness = new ArrayList<>();
        for (int d = 0; d <= k; d++) {
            Map<Integer, Copy> level = new HashMap<>();
            copies.add(level);
            for (int node : order) {
                List<BoolExpr> conds = new ArrayList<>();
                List<Map<Variable, Expr<BitVecSort>>> states = new ArrayList<>();
                if (node == u.cfg().entry() && d == 0) {
                    Map<Variable, Expr<BitVecSort>> init = new LinkedHashMap<>();
                    ExprEncoder enc = new ExprEncoder(ctx, init, freshBox[0]);
                    for (Variable v : tracked) init.put(v, enc.freshValue(ExprEncoder.intType(v.type()), v.name()));
                    freshBox[0] = enc.freshCount();
                    conds.add(ctx.mkTrue());
                    states.add(init);
                }
                for (Edge e : u.regionIn(node)) {
                    boolean back = u.isBack(e);
                    if (back && d == 0) continue;
                    Copy src = (back ? copies.get(d - 1) : level).get(e.from());
                    if (src == null) continue;
                    Step s = step(e, src, freshBox, nondet);
                    if (s == null) continue;
                    conds.add(s.taken);
                    states.add(s.values);
                }
                if (!conds.isEmpty()) {
                    Copy c = merge(conds, states, freshBox);
                    level.put(node, c);
                    if (node == u.target()) reach.add(c.guard);
                }
            }
            if (d == k) {
                for (int node : order) {
                    Copy src = level.get(node);
                    if (src == null) continue;
                    for (Edge e : u.cfg().out(node)) {
                        if (!u.isBack(e) || !u.inRegion(e.to())) continue;
                        Step s = step(e, src, freshBox, nondet);
                        if (s != null) cut.add(s.taken);
                    }
                }
            }
        }
        return new Encoding(or(reach), or(cut), nondet, definedness.isEmpty() ? ctx.mkTrue() : ctx.mkAnd(definedness.toArray(BoolExpr[]::new)));
    }

    /** Per step: its guard implies that its operations are defined (see {@link ExprEncoder#definedness()}). */
    private List<BoolExpr> definedness = new ArrayList<>();

    private record Step(BoolExpr taken, Map<Variable, Expr<BitVecSort>> values) {}

    /** The condition under which edge {@code e} is taken from copy {@code src}, and the tracked values after it; null if never. */
    private Step step(Edge e, Copy src, int[] freshBox, Map<String, List<Expr<BitVecSort>>> nondet) {
        ExprEncoder enc = new ExprEncoder(ctx, src.values, freshBox[0]);
        try {
            BoolExpr cond = ctx.mkTrue();
            Map<Variable, Expr<BitVecSort>> out = src.values;
            Stmt st = e.stmt();
            if (st instanceof Stmt.Assume a) {
                BoolExpr t = enc.truth(a.cond());
                cond = a.positive() ? t : ctx.mkNot(t);
            } else if (st instanceof Stmt.Assign a && a.lhs() instanceof Lvalue.Var v && tracked.contains(v.variable())) {
                CType.Int to = ExprEncoder.intType(v.variable().type());
                CType.Int from = ExprEncoder.intType(a.rhs().type());
                Expr<BitVecSort> val = from == null ? enc.freshValue(to, "rhs") : enc.convert(enc.value(a.rhs()), from, to);
                out = with(out, v.variable(), val);
            } else if (st instanceof Stmt.Call c) {
                Event ev = program.target(c) instanceof CallTarget.Library l ? l.model().event() : null;
                if (ev instanceof Event.ProgramEnd || ev instanceof Event.ThreadExit || ev instanceof Event.NonLocalJump) return null;
                if (ev instanceof Event.Assume as && as.condArg() < c.args().size()) cond = enc.truth(c.args().get(as.condArg()));
                if (c.result() instanceof Lvalue.Var v && tracked.contains(v.variable())) {
                    Expr<BitVecSort> val = enc.freshValue(ExprEncoder.intType(v.variable().type()), "call");
                    if (ev instanceof Event.Nondet) nondet.computeIfAbsent(c.loc().shortString(), x -> new ArrayList<>()).add(val);
                    out = with(out, v.variable(), val);
                }
            } else if (st instanceof Stmt.Decl dcl && tracked.contains(dcl.variable())) {
                out = with(out, dcl.variable(), enc.freshValue(ExprEncoder.intType(dcl.variable().type()), dcl.variable().name()));
            } else if (st instanceof Stmt.Asm) {
                Map<Variable, Expr<BitVecSort>> m = new LinkedHashMap<>(out);
                for (Variable v : tracked) m.put(v, enc.freshValue(ExprEncoder.intType(v.type()), "asm"));
                out = m;
            }
            return new Step(ctx.mkAnd(src.guard, cond), out);
        } finally {
            freshBox[0] = enc.freshCount();
            if (!enc.definedness().isEmpty()) {
                definedness.add(ctx.mkImplies(src.guard, ctx.mkAnd(enc.definedness().toArray(BoolExpr[]::new))));
            }
        }
    }

    private static Map<Variable, Expr<BitVecSort>> with(Map<Variable, Expr<BitVecSort>> m, Variable v, Expr<BitVecSort> val) {
        Map<Variable, Expr<BitVecSort>> r = new LinkedHashMap<>(m);
        r.put(v, val);
        return r;
    }

    /**
     * The copy reached by one of the incoming edges: a fresh selector picks which one, so that an execution taking
     * edge {@code i} is a model (selector {@code i}) whether or not the incoming conditions exclude each other.
     */
    private Copy merge(List<BoolExpr> conds, List<Map<Variable, Expr<BitVecSort>>> states, int[] freshBox) {
        if (states.size() == 1) return new Copy(conds.get(0), states.get(0));
        Expr<BitVecSort> sel = ctx.mkBVConst("sel" + (freshBox[0]++), 16);
        List<BoolExpr> picked = new ArrayList<>(conds.size());
        for (int i = 0; i < conds.size(); i++) picked.add(ctx.mkAnd(conds.get(i), ctx.mkEq(sel, ctx.mkBV(i, 16))));
        Map<Variable, Expr<BitVecSort>> r = new LinkedHashMap<>();
        for (Variable v : tracked) {
            Expr<BitVecSort> acc = states.get(states.size() - 1).get(v);
            for (int i = states.size() - 2; i >= 0; i--) {
                Expr<BitVecSort> x = states.get(i).get(v);
                if (!x.equals(acc)) acc = ctx.mkITE(ctx.mkEq(sel, ctx.mkBV(i, 16)), x, acc);
            }
            r.put(v, acc);
        }
        return new Copy(or(picked), r);
    }

    private BoolExpr or(List<BoolExpr> xs) {
        if (xs.isEmpty()) return ctx.mkFalse();
        if (xs.size() == 1) return xs.get(0);
        return ctx.mkOr(xs.toArray(BoolExpr[]::new));
    }

    public Function function() {
        return function;
    }
}
