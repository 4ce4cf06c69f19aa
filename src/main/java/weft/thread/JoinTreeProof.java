package weft.thread;

import com.microsoft.z3.BitVecSort;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.Params;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import com.microsoft.z3.Z3Exception;
import weft.ir.AddressTaken;
import weft.ir.CType;
import weft.ir.CallTarget;
import weft.ir.Cfg;
import weft.ir.Edge;
import weft.ir.Function;
import weft.ir.Lvalue;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.ir.Variable;
import weft.model.Event;
import weft.smt.ExprEncoder;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The Z3 half of {@link JoinTrees}: a bounded symbolic execution of the routine from a symbolic key, and the four
 * claims (D), (B), (C), (A) of that class's comment as unsatisfiable queries over 64-bit keys. Each query is the
 * negation of a claim for all keys, all values of the shared globals and all values the routine reads from memory;
 * unsatisfiable proves the claim, and anything else (satisfiable, unknown, the solver's resource limit, a shape the
 * execution does not follow) fails the proof, which only loses the fact.
 */
final class JoinTreeProof {
    /** How often one path may pass one node before the execution stops following it (a cut, which (D) must rule out). */
    private static final int MAX_VISITS = 70;
    /** The states one symbolic execution may create. */
    private static final int MAX_STATES = 20_000;
    /** The solver's deterministic resource limit per query. */
    private static final int RLIMIT = 100_000_000;

    /** One execution of a join on a path: its condition, the slot index (64-bit, signed), the occurrence before it. */
    private record Occ(int id, Edge edge, BoolExpr pre, Expr<BitVecSort> index, Occ before) {
        boolean after(Occ o) {
            for (Occ x = before; x != null; x = x.before) if (x == o) return true;
            return false;
        }
    }

    /** The end of a path: its condition, the joins on it, whether it was cut. */
    private record End(BoolExpr pc, List<Occ> joins, boolean cut) {}

    /** A symbolic state: node, tracked locals, path condition, joins so far, visits per node. */
    private record State(int node, Map<Variable, Expr<BitVecSort>> env, BoolExpr pc, List<Occ> joins, int[] visits) {}

    private final Program program;
    private final JoinTrees.Candidate c;
    private final JoinTrees trees;
    private final Set<Variable> untouched;
    private Context ctx;
    private final Map<Variable, Expr<BitVecSort>> globals = new HashMap<>();
    private int fresh;
    private int occs;

    JoinTreeProof(Program program, JoinTrees.Candidate c, JoinTrees trees) {
        this.program = program;
        this.c = c;
        this.trees = trees;
        Set<Variable> taken = AddressTaken.of(c.routine());
        this.untouched = new HashSet<>();
        for (Variable v : c.routine().locals()) if (!taken.contains(v)) untouched.add(v);
        for (Variable v : c.routine().params()) if (!taken.contains(v)) untouched.add(v);
    }

    /** The routine's join edges when the tree is proved, else null. */
    Set<Edge> prove() {
        try (Context z = new Context()) {
            ctx = z;
            return proveIn();
        } catch (Z3Exception | IllegalArgumentException e) {
            return null;
        }
    }

    private Set<Edge> proveIn() {
        CType.Int kt = (CType.Int) c.counter().type().unqualified();
        int w = ExprEncoder.bits(kt);
        Expr<BitVecSort> e0 = highest(kt);
        Expr<BitVecSort> p = ctx.mkBVConst("p", w);
        List<End> run = execute(p);
        if (run == null) return null;
        List<Occ> all = occurrences(run);
        // (D) no instance runs past the bound
        BoolExpr cut = ctx.mkFalse();
        for (End e : run) if (e.cut()) cut = ctx.mkOr(cut, e.pc());
        if (!unsat(ctx.mkAnd(created(wide(p, kt), e0), cut))) return null;
        // (B) every slot joined is created, above the joining instance
        BoolExpr bad = ctx.mkFalse();
        for (Occ o : all) {
            bad = ctx.mkOr(bad, ctx.mkAnd(o.pre(), ctx.mkNot(ctx.mkAnd(created(o.index(), e0), ctx.mkBVSGT(o.index(), wide(p, kt))))));
        }
        if (!unsat(ctx.mkAnd(created(wide(p, kt), e0), bad))) return null;
        // (C) no slot joined twice: by two instances, or twice by one
        Expr<BitVecSort> q = ctx.mkBVConst("q", w);
        List<End> other = execute(q);
        if (other == null) return null;
        Expr<BitVecSort> x = ctx.mkBVConst("x", 64);
        BoolExpr byP = ctx.mkFalse();
        for (Occ o : all) byP = ctx.mkOr(byP, ctx.mkAnd(o.pre(), ctx.mkEq(o.index(), x)));
        BoolExpr byQ = ctx.mkFalse();
        for (Occ o : occurrences(other)) byQ = ctx.mkOr(byQ, ctx.mkAnd(o.pre(), ctx.mkEq(o.index(), x)));
        if (!unsat(ctx.mkAnd(created(wide(p, kt), e0), created(wide(q, kt), e0), ctx.mkNot(ctx.mkEq(p, q)), byP, byQ))) return null;
        BoolExpr twice = ctx.mkFalse();
        for (Occ later : all) {
            for (Occ earlier : all) {
                if (later.after(earlier)) twice = ctx.mkOr(twice, ctx.mkAnd(later.pre(), ctx.mkEq(later.index(), earlier.index())));
            }
        }
        if (!unsat(ctx.mkAnd(created(wide(p, kt), e0), twice))) return null;
        // (A) every created key but the root has a parent below it whose every ending execution joined it
        Expr<BitVecSort> j = ctx.mkBVConst("j", w);
        Expr<BitVecSort> j64 = wide(j, kt);
        BoolExpr missed = ctx.mkFalse();
        for (End e : run) {
            if (e.cut()) continue;
            BoolExpr none = e.pc();
            for (Occ o : e.joins()) none = ctx.mkAnd(none, ctx.mkNot(ctx.mkEq(o.index(), j64)));
            missed = ctx.mkOr(missed, none);
        }
        BoolExpr child = ctx.mkAnd(created(j64, e0), ctx.mkNot(ctx.mkEq(j64, ctx.mkBV(c.low(), 64))));
        for (Expr<BitVecSort> parent : parents(j, w)) {
            Expr<BitVecSort> p64 = wide(parent, kt);
            BoolExpr wrong = ctx.mkOr(ctx.mkNot(ctx.mkAnd(created(p64, e0), ctx.mkBVSLT(p64, j64))),
                    ctx.mkAnd(ctx.mkEq(p, parent), missed));
            if (unsat(ctx.mkAnd(child, wrong))) {
                Set<Edge> joins = new HashSet<>();
                for (Occ o : all) joins.add(o.edge());
                return joins;
            }
        }
        return null;
    }

    /** The parent functions tried: a chain, a bit tree (binomial), the two heap layouts. */
    private List<Expr<BitVecSort>> parents(Expr<BitVecSort> j, int w) {
        Expr<BitVecSort> one = ctx.mkBV(1, w);
        Expr<BitVecSort> two = ctx.mkBV(2, w);
        Expr<BitVecSort> less = ctx.mkBVSub(j, one);
        return List.of(less, ctx.mkBVAND(j, less), ctx.mkBVSDiv(less, two), ctx.mkBVSDiv(j, two));
    }

    /** Key {@code k} of the counter's type as a 64-bit signed value. */
    private Expr<BitVecSort> wide(Expr<BitVecSort> k, CType.Int t) {
        int w = ExprEncoder.bits(t);
        return w == 64 ? k : ctx.mkSignExt(64 - w, k);
    }

    /** {@code low <= x <= e0}: a key the create loop hands out. */
    private BoolExpr created(Expr<BitVecSort> x, Expr<BitVecSort> e0) {
        return ctx.mkAnd(ctx.mkBVSGE(x, ctx.mkBV(c.low(), 64)), ctx.mkBVSLE(x, e0));
    }

    private boolean unsat(BoolExpr query) {
        if (Thread.currentThread().isInterrupted()) return false;
        Solver s = ctx.mkSolver();
        Params params = ctx.mkParams();
        params.add("rlimit", RLIMIT);
        s.setParameters(params);
        s.add(query);
        s.add(bounds());
        return s.check() == Status.UNSATISFIABLE;
    }

    /** What the creator knows of the shared globals where the loop starts (their values from then on). */
    private BoolExpr bounds() {
        BoolExpr out = ctx.mkTrue();
        for (Map.Entry<Variable, Expr<BitVecSort>> g : globals.entrySet()) {
            weft.value.Interval iv = c.frozen().get(g.getKey());
            CType.Int t = ExprEncoder.intType(g.getKey().type());
            if (iv == null || t == null || t.size() >= 8 && !t.signed()) continue;
            if (iv.isBottom()) return ctx.mkFalse();
            int w = ExprEncoder.bits(t);
            Expr<BitVecSort> v = w == 64 ? g.getValue() : t.signed() ? ctx.mkSignExt(64 - w, g.getValue()) : ctx.mkZeroExt(64 - w, g.getValue());
            if (iv.lo() != Long.MIN_VALUE) out = ctx.mkAnd(out, ctx.mkBVSGE(v, ctx.mkBV(iv.lo(), 64)));
            if (iv.hi() != Long.MAX_VALUE) out = ctx.mkAnd(out, ctx.mkBVSLE(v, ctx.mkBV(iv.hi(), 64)));
        }
        return out;
    }

    private static List<Occ> occurrences(List<End> run) {
        Set<Occ> seen = new java.util.LinkedHashSet<>();
        for (End e : run) seen.addAll(e.joins());
        return new ArrayList<>(seen);
    }

    /** The first key, {@code E0} of {@code i = E0}, as a 64-bit signed value. */
    private Expr<BitVecSort> highest(CType.Int kt) {
        Stmt.Assign a = (Stmt.Assign) c.init().stmt();
        ExprEncoder enc = encoder(Map.of(), creatorOperands(0), 0);
        CType.Int from = enc.modelled(a.rhs().type());
        Expr<BitVecSort> v = from == null ? enc.freshValue(kt, "e0") : enc.convert(enc.value(a.rhs()), from, kt);
        done(enc);
        return wide(v, kt);
    }

    /**
     * Operands on the creator's side: shared globals; a local of the creating function assigned once, before the
     * loop on every path, off any cycle, as the value of its right-hand side there (a few levels deep); anything else
     * any value.
     */
    private ExprEncoder.Operands creatorOperands(int depth) {
        return new Operands() {
            @Override public Expr<BitVecSort> load(Lvalue lv, CType.Int t) {
                if (lv instanceof Lvalue.Var v && c.frozen().containsKey(v.variable())) return global(v.variable(), t);
                if (depth < 4 && lv instanceof Lvalue.Var v && v.variable().kind() == Variable.Kind.LOCAL) {
                    Stmt.Assign a = onlyAssignmentBefore(v.variable());
                    if (a != null) {
                        ExprEncoder enc = encoder(Map.of(), creatorOperands(depth + 1), depth + 1);
                        CType.Int from = enc.modelled(a.rhs().type());
                        Expr<BitVecSort> r = from == null ? enc.freshValue(t, "loc") : enc.convert(enc.value(a.rhs()), from, t);
                        done(enc);
                        return r;
                    }
                }
                return any(t);
            }
        };
    }

    /** Operands in the routine: shared globals; any other place any value. */
    private ExprEncoder.Operands routineOperands() {
        return new Operands() {
            @Override public Expr<BitVecSort> load(Lvalue lv, CType.Int t) {
                if (lv instanceof Lvalue.Var v && c.frozen().containsKey(v.variable())) return global(v.variable(), t);
                return any(t);
            }
        };
    }

    /** Operands whose reads of memory, addresses and functions are any value. */
    private abstract class Operands implements ExprEncoder.Operands {
        @Override public Expr<BitVecSort> address(Lvalue lv) {
            return any(ExprEncoder.pointerType(pointerBytes()));
        }

        @Override public Expr<BitVecSort> function(String name) {
            return any(ExprEncoder.pointerType(pointerBytes()));
        }

        @Override public int pointerBytes() {
            return program.dataModel().pointerSize;
        }
    }

    private Expr<BitVecSort> any(CType.Int t) {
        return ctx.mkFreshConst("any", ctx.mkBitVecSort(ExprEncoder.bits(t)));
    }

    /**
     * A wrapping-mode encoder whose fresh constants no other encoder names: one made while another is encoding (a
     * local's right-hand side read through {@link #creatorOperands}, {@code depth} levels down) numbers its constants
     * {@link #SPAN} further per level, and each finished encoder moves the next start past what it used ({@link #done}).
     * Two unknown values must never share a constant: that would take them as equal.
     */
    private ExprEncoder encoder(Map<Variable, Expr<BitVecSort>> tracked, ExprEncoder.Operands operands, int depth) {
        return ExprEncoder.wrapping(ctx, tracked, fresh + depth * SPAN, operands);
    }

    /** More fresh constants than any one encoder makes here (one statement or initialiser). */
    private static final int SPAN = 100_000;

    private void done(ExprEncoder enc) {
        fresh = Math.max(fresh, enc.freshCount());
    }

    private Expr<BitVecSort> global(Variable v, CType.Int t) {
        return globals.computeIfAbsent(v, k -> ctx.mkBVConst("g_" + v.name() + "_" + v.id(), ExprEncoder.bits(t)));
    }

    /** The one assignment of local {@code v} of the creating function, if it is off every cycle and before the loop on every path. */
    private Stmt.Assign onlyAssignmentBefore(Variable v) {
        Function f = c.creator();
        if (AddressTaken.of(f).contains(v)) return null;
        Edge only = null;
        for (Edge e : f.cfg().edges()) {
            Lvalue lhs = e.stmt() instanceof Stmt.Assign a ? a.lhs() : e.stmt() instanceof Stmt.Call call ? call.result() : null;
            if (lhs instanceof Lvalue.Var lv && lv.variable().equals(v)) {
                if (only != null) return null;
                only = e;
            }
        }
        if (only == null || !(only.stmt() instanceof Stmt.Assign a)) return null;
        Cfg cfg = f.cfg();
        if (cfg.reached(List.of(only.to()), e -> true).get(only.from())) return null;
        if (JoinTrees.DownLoop.reachesAvoiding(cfg, null, cfg.entry(), -1, only, c.init().from())) return null;
        if (cfg.reached(List.of(c.init().from()), e -> true).get(only.from())) return null;
        return a;
    }

    /** The value the thread's argument has for key {@code k}: the create's argument expression with the counter as {@code k}. */
    private Expr<BitVecSort> argument(Expr<BitVecSort> k) {
        Stmt.Call call = (Stmt.Call) c.child().createEdge().stmt();
        Event.ThreadCreate tc = (Event.ThreadCreate) ((CallTarget.Library) program.target(call)).model().event();
        weft.ir.Expr arg = call.args().get(tc.argArg());
        ExprEncoder enc = encoder(Map.of(c.counter(), k), creatorOperands(4), 0);
        Variable param = c.routine().params().get(0);
        CType.Int to = enc.modelled(param.type());
        CType.Int from = enc.modelled(arg.type());
        if (to == null || from == null) throw new IllegalArgumentException("argument not modelled");
        Expr<BitVecSort> v = enc.convert(enc.value(arg), from, to);
        done(enc);
        return v;
    }

    /** The paths of the routine from key {@code k}, or null if it does something the proof does not follow. */
    private List<End> execute(Expr<BitVecSort> k) {
        Function r = c.routine();
        Cfg cfg = r.cfg();
        Map<Variable, Expr<BitVecSort>> env0 = new HashMap<>();
        Variable param = r.params().get(0);
        if (!untouched.contains(param)) return null;
        env0.put(param, argument(k));
        List<End> ends = new ArrayList<>();
        ArrayDeque<State> work = new ArrayDeque<>();
        work.push(new State(cfg.entry(), env0, ctx.mkTrue(), List.of(), new int[cfg.nodeCount()]));
        int states = 0;
        while (!work.isEmpty()) {
            if (++states > MAX_STATES || Thread.currentThread().isInterrupted()) return null;
            State s = work.pop();
            if (s.node() == cfg.exit()) {
                ends.add(new End(s.pc(), s.joins(), false));
                continue;
            }
            int[] visits = s.visits().clone();
            if (++visits[s.node()] > MAX_VISITS) {
                ends.add(new End(s.pc(), s.joins(), true));
                continue;
            }
            for (Edge e : cfg.out(s.node())) {
                State next = step(s, e, visits);
                if (next == FAILED) return null;
                if (next != null) work.push(next);
            }
        }
        return ends;
    }

    private static final State FAILED = new State(-1, Map.of(), null, List.of(), new int[0]);

    /** The state after edge {@code e}; null if the path ends there for good (a trap, the end of the process); FAILED if not followed. */
    private State step(State s, Edge e, int[] visits) {
        Map<Variable, Expr<BitVecSort>> env = s.env();
        ExprEncoder enc = encoder(env, routineOperands(), 0);
        Stmt st = e.stmt();
        State out;
        if (st instanceof Stmt.Skip || st instanceof Stmt.Return) {
            out = new State(e.to(), env, s.pc(), s.joins(), visits);
        } else if (st instanceof Stmt.Decl d) {
            out = new State(e.to(), with(env, d.variable(), null, enc), s.pc(), s.joins(), visits);
        } else if (st instanceof Stmt.Assign a) {
            Map<Variable, Expr<BitVecSort>> next = env;
            if (a.lhs() instanceof Lvalue.Var v && untouched.contains(v.variable())) {
                CType.Int from = enc.modelled(a.rhs().type());
                next = with(env, v.variable(), from == null ? null : enc.value(a.rhs()), from, enc);
            }
            out = new State(e.to(), next, s.pc(), s.joins(), visits);
        } else if (st instanceof Stmt.Assume as) {
            BoolExpr t = enc.truth(as.cond());
            if (!as.positive()) t = ctx.mkNot(t);
            BoolExpr pc = (BoolExpr) ctx.mkAnd(s.pc(), t, ctx.mkAnd(enc.definedness().toArray(BoolExpr[]::new))).simplify();
            out = pc.isFalse() ? null : new State(e.to(), env, pc, s.joins(), visits);
        } else if (st instanceof Stmt.Call call) {
            out = call(s, e, call, visits, enc);
        } else {
            out = FAILED;
        }
        done(enc);
        return out;
    }

    private State call(State s, Edge e, Stmt.Call call, int[] visits, ExprEncoder enc) {
        if (program.target(call) instanceof CallTarget.User u) {
            if (!trees.returnsOrStays(u.function())) return FAILED;
            Map<Variable, Expr<BitVecSort>> env = s.env();
            if (call.result() instanceof Lvalue.Var v && untouched.contains(v.variable())) env = with(env, v.variable(), null, enc);
            return new State(e.to(), env, s.pc(), s.joins(), visits);
        }
        if (!(program.target(call) instanceof CallTarget.Library lib)) return FAILED;
        Event ev = lib.model().event();
        List<Occ> joins = s.joins();
        if (ev instanceof Event.ProgramEnd) return null;
        if (ev instanceof Event.ThreadJoin tj) {
            if (!tj.waits() || tj.idArg() >= call.args().size() || !(call.args().get(tj.idArg()) instanceof weft.ir.Expr.Load ld)) return FAILED;
            JoinTrees.Slot slot = trees.slot(c.routine(), e, ld.lvalue());
            if (slot == null || !slot.handle().equals(c.handle()) || !slot.object().equals(c.slots())) return FAILED;
            CType.Int it = enc.modelled(slot.index().type());
            if (it == null) return FAILED;
            Expr<BitVecSort> idx = enc.convert(enc.value(slot.index()), it, new CType.Int("long long", 8, 8, it.signed()));
            BoolExpr pre = (BoolExpr) ctx.mkAnd(s.pc(), ctx.mkAnd(enc.definedness().toArray(BoolExpr[]::new))).simplify();
            Occ o = new Occ(occs++, e, pre, idx, joins.isEmpty() ? null : joins.get(joins.size() - 1));
            joins = new ArrayList<>(joins);
            joins.add(o);
            joins = List.copyOf(joins);
        } else if (!JoinTrees.ordinary(program, call)) {
            return FAILED;
        }
        Map<Variable, Expr<BitVecSort>> env = s.env();
        if (call.result() instanceof Lvalue.Var v && untouched.contains(v.variable())) env = with(env, v.variable(), null, enc);
        return new State(e.to(), env, s.pc(), joins, visits);
    }

    private Map<Variable, Expr<BitVecSort>> with(Map<Variable, Expr<BitVecSort>> env, Variable v, Expr<BitVecSort> value,
                                                 ExprEncoder enc) {
        return with(env, v, value, null, enc);
    }

    /** {@code env} with {@code v} set to {@code value} (of type {@code from}) converted to its type; any value when null. */
    private Map<Variable, Expr<BitVecSort>> with(Map<Variable, Expr<BitVecSort>> env, Variable v, Expr<BitVecSort> value,
                                                 CType.Int from, ExprEncoder enc) {
        Map<Variable, Expr<BitVecSort>> out = new HashMap<>(env);
        CType.Int t = enc.modelled(v.type());
        if (t == null) {
            out.remove(v);
        } else {
            out.put(v, value == null || from == null ? enc.freshValue(t, v.name()) : enc.convert(value, from, t));
        }
        return out;
    }
}
