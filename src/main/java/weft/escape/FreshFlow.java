package weft.escape;

import weft.ir.CallTarget;
import weft.ir.Cfg;
import weft.ir.Edge;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.Lvalue;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.ir.Variable;
import weft.model.Event;
import weft.pointer.PointsTo;

import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntConsumer;

/**
 * Intraprocedural forward must-analysis of {@link FreshVars}: which local pointers point into objects
 * that no other thread can reach. A token is born when an allocation's result is assigned to an
 * unaddressed local pointer — a direct allocation, or a call {@link FreshReturns} finds returns a fresh object —
 * (or, for a parameter the caller passes an unpublished object in, at entry)
 * and follows copies ({@code q = p}, {@code q = &p->f}, {@code q = (T *) p + 1}). It dies whole when a
 * pointer into its objects may leave the tracked variables: stored to memory or to an address-taken or
 * static variable, converted to an integer, returned, passed to a thread, to an unknown or storing
 * library function, or to a user function whose summary ({@link Publication}) says it may publish
 * that parameter — and at a join where the two sides track it in different variables.
 *
 * <p>Pointers are assumed not to be rebuilt from integers or from the bytes of unrelated objects;
 * every way a program can legitimately copy a pointer goes through one of the statements above.
 */
final class FreshFlow {
    private final Program program;
    private final PointsTo pts;
    private final Locals locals;
    private final Publication summaries;
    /** Per function, each edge's position: the token of an allocation made there. */
    private final Map<String, Map<Edge, Integer>> edgeIndex = new java.util.concurrent.ConcurrentHashMap<>();

    /** Calls whose result is a fresh object (null: only direct allocations are, as while summaries are computed). */
    private final FreshReturns returns;

    FreshFlow(Program program, PointsTo pts, Locals locals, Publication summaries) {
        this(program, pts, locals, summaries, false);
    }

    /** With {@code freshReturns}, the results of calls {@link FreshReturns} finds fresh start tokens too. */
    FreshFlow(Program program, PointsTo pts, Locals locals, Publication summaries, boolean freshReturns) {
        this.program = program;
        this.pts = pts;
        this.locals = locals;
        this.summaries = summaries;
        this.returns = freshReturns ? new FreshReturns(program, pts, this) : null;
    }

    private int allocationToken(Function f, Edge e) {
        return edgeIndex.computeIfAbsent(f.linkName(), k -> {
            Map<Edge, Integer> index = new HashMap<>();
            for (Edge x : f.cfg().edges()) index.put(x, index.size());
            return index;
        }).get(e);
    }

    /** Token of parameter {@code i} (allocation tokens are edge indices, never negative). */
    static int paramToken(int i) {
        return -(i + 1);
    }

    /**
     * Runs the analysis of {@code f} with the parameters in {@code freshParams} unpublished at entry;
     * returns the state before each node (null: unreachable). Tokens that die are reported to
     * {@code died} (with their value; parameter tokens are negative).
     */
    FreshVars[] run(Function f, long freshParams, IntConsumer died) {
        Cfg cfg = f.cfg();
        FreshVars entry = FreshVars.NONE;
        for (int i = 0; i < f.params().size() && i < 63; i++) {
            Variable p = f.params().get(i);
            if ((freshParams & (1L << i)) != 0 && locals.trackable(f, p)) entry = entry.with(p, paramToken(i));
        }
        FreshVars[] st = new FreshVars[cfg.nodeCount()];
        st[cfg.entry()] = entry;
        ArrayDeque<Integer> work = new ArrayDeque<>();
        BitSet queued = new BitSet();
        work.add(cfg.entry());
        queued.set(cfg.entry());
        while (!work.isEmpty()) {
            int n = work.poll();
            queued.clear(n);
            for (Edge e : cfg.out(n)) {
                FreshVars next = step(f, e, st[n], died);
                FreshVars old = st[e.to()];
                FreshVars merged = old == null ? next : old.join(next);
                if (merged.equals(old)) continue;
                if (old != null) {
                    Set<Integer> lost = old.liveTokens();
                    lost.addAll(next.liveTokens());
                    lost.removeAll(merged.liveTokens());
                    lost.forEach(died::accept);
                }
                st[e.to()] = merged;
                if (!queued.get(e.to())) {
                    queued.set(e.to());
                    work.add(e.to());
                }
            }
        }
        return st;
    }

    /** The state after edge {@code e} of {@code f} from {@code s}. */
    FreshVars step(Function f, Edge e, FreshVars s, IntConsumer died) {
        Stmt stmt = e.stmt();
        if (stmt instanceof Stmt.Decl d) return s.with(d.variable(), null);
        if (stmt instanceof Stmt.Assign a) return assign(f, a.lhs(), a.rhs(), s, died);
        if (stmt instanceof Stmt.Return r) return r.value() == null ? s : kill(s, flows(r.value()), died);
        if (stmt instanceof Stmt.Asm) {
            for (int t : s.liveTokens()) died.accept(t);
            return FreshVars.NONE;
        }
        if (stmt instanceof Stmt.Call c) return call(f, c, allocationToken(f, e), s, died);
        return s;
    }

    private FreshVars assign(Function f, Lvalue lhs, Expr rhs, FreshVars s, IntConsumer died) {
        Set<Variable> flows = flows(rhs);
        Variable base = Pointers.base(rhs);
        Variable to = lhs instanceof Lvalue.Var v && locals.trackable(f, v.variable()) ? v.variable() : null;
        if (to != null && base != null) flows.remove(base);
        s = kill(s, flows, died);
        if (to == null) return s;
        return s.with(to, base == null ? null : s.token(base));
    }

    private FreshVars call(Function f, Stmt.Call c, int edgeIndex, FreshVars s, IntConsumer died) {
        CallTarget target = program.target(c);
        List<Expr> args = c.args();
        Integer born = null;
        if (target instanceof CallTarget.Library lib) {
            Event ev = lib.model().event();
            if (ev instanceof Event.Alloc al) {
                boolean moves = al.kind() == Event.AllocKind.REALLOC && al.oldArg() >= 0 && al.oldArg() < args.size()
                        && !Pointers.isNull(args.get(al.oldArg()));
                s = kill(s, allFlows(args, -1, -1), died);
                if (!moves) born = edgeIndex;
            } else if (!lib.model().facts().stores().isEmpty() || Event.deep(ev)) {
                // the call stores pointers (strtok_r's save pointer, a deep argument's structure): any argument may leave
                s = kill(s, allFlows(args, -1, -1), died);
            } else if (ev instanceof Event.Atomic a) {
                s = kill(s, atomicFlows(args, a), died);
            } else {
                s = kill(s, allFlows(args, harmlessArg(ev, 0), harmlessArg(ev, 1)), died);
            }
        } else if (target instanceof CallTarget.User || target instanceof CallTarget.Indirect) {
            Set<Function> callees = pts.callees(f.linkName(), c);
            // a library or external function the pointer may denote may store any argument anywhere
            boolean library = !pts.libraryCallees(c).isEmpty();
            Set<Variable> escaping = new HashSet<>();
            for (int i = 0; i < args.size(); i++) {
                Set<Variable> fl = flows(args.get(i));
                Variable base = Pointers.base(args.get(i));
                for (Variable v : fl) {
                    if (v != base || callees.isEmpty() || library) {
                        escaping.add(v);
                        continue;
                    }
                    for (Function g : callees) {
                        if (i >= g.params().size() || summaries.mayPublish(g, i)) escaping.add(v);
                    }
                }
            }
            s = kill(s, escaping, died);
            if (returns != null && returns.freshResult(f, c)) born = edgeIndex;
        } else {
            s = kill(s, allFlows(args, -1, -1), died);
        }
        if (c.result() instanceof Lvalue.Var rv && locals.trackable(f, rv.variable())) s = s.with(rv.variable(), born);
        return s;
    }

    /**
     * Arguments of a library call through which no pointer is stored (-1: none): for a harmless
     * event every argument (-2), for thread creation the id pointer (atomics: {@link #atomicFlows}).
     */
    private static int harmlessArg(Event ev, int which) {
        if (harmless(ev)) return -2;
        if (ev instanceof Event.ThreadCreate tc) return which == 0 ? tc.idArg() : -1;
        return -1;
    }

    /**
     * The variables an atomic operation may publish: the pointers among its arguments that it stores into the
     * object (a value form's value and a {@code __sync} compare operand). The object pointer, the expected-value
     * pointer and a generic form's value and result pointers ({@link Event.Atomic#valueByPointer},
     * {@link Event.Atomic#resultArg}) are only read or written through: what they point to is copied, never the
     * pointers themselves, and anything stored in that memory earlier already left the tracked variables then.
     */
    private static Set<Variable> atomicFlows(List<Expr> args, Event.Atomic a) {
        Set<Variable> out = new HashSet<>();
        if (!a.valueByPointer() && a.valueArg() >= 0 && a.valueArg() < args.size()) out.addAll(flows(args.get(a.valueArg())));
        if (!a.expectedIsPointer() && a.expectedArg() >= 0 && a.expectedArg() < args.size()) out.addAll(flows(args.get(a.expectedArg())));
        for (int i = 0; i < args.size(); i++) {
            boolean known = i == a.ptrArg() || i == a.valueArg() || i == a.expectedArg() || i == a.resultArg();
            if (!known) out.addAll(flows(args.get(i)));
        }
        return out;
    }

    /** Library events that never store a pointer argument anywhere (they read or write through it, at most). */
    private static boolean harmless(Event ev) {
        return ev instanceof Event.Free || ev instanceof Event.Lock || ev instanceof Event.Unlock
                || ev instanceof Event.LockInit || ev instanceof Event.LockDestroy || ev instanceof Event.CondWait
                || ev instanceof Event.CondSignal || ev instanceof Event.BarrierWait
                || ev instanceof Event.BarrierInit || ev instanceof Event.BarrierDestroy || ev instanceof Event.Nondet
                || ev instanceof Event.Assume || ev instanceof Event.ProgramEnd || ev instanceof Event.Pure
                || ev instanceof Event.MemAccess || ev instanceof Event.ThreadJoin || ev instanceof Event.ThreadDetach
                || ev instanceof Event.ThreadSelf;
    }

    private static Set<Variable> allFlows(List<Expr> args, int skipA, int skipB) {
        Set<Variable> out = new HashSet<>();
        if (skipA == -2) return out;
        for (int i = 0; i < args.size(); i++) if (i != skipA && i != skipB) out.addAll(flows(args.get(i)));
        return out;
    }

    private static FreshVars kill(FreshVars s, Set<Variable> vars, IntConsumer died) {
        for (Variable v : vars) {
            Integer t = s.token(v);
            if (t == null) continue;
            died.accept(t);
            s = s.without(t);
        }
        return s;
    }

    /** Variables whose value (a pointer, possibly converted) may become part of {@code e}'s value. */
    static Set<Variable> flows(Expr e) {
        Set<Variable> out = new HashSet<>();
        collectFlows(e, out);
        return out;
    }

    private static void collectFlows(Expr e, Set<Variable> out) {
        if (e instanceof Expr.Load l) {
            if (l.lvalue() instanceof Lvalue.Var v) out.add(v.variable());
        } else if (e instanceof Expr.AddrOf a) {
            Variable b = Pointers.lvalueBase(a.lvalue());
            if (b != null) out.add(b);
        } else if (e instanceof Expr.Cast c) {
            collectFlows(c.operand(), out);
        } else if (e instanceof Expr.Unary u) {
            if (u.op() != Expr.UnOp.NOT) collectFlows(u.operand(), out);
        } else if (e instanceof Expr.Binary b && !b.op().isComparison()) {
            collectFlows(b.left(), out);
            collectFlows(b.right(), out);
        }
    }
}
