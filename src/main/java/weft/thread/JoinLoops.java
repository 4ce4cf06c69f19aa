package weft.thread;

import weft.access.Region;
import weft.access.Regions;
import weft.ir.AddressTaken;
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
import weft.pointer.MemObject;
import weft.value.Interval;
import weft.value.IntervalCache;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Threads created in one counting loop into {@code t[i]} and joined in another counting loop from
 * {@code t[j]}: at the join loop's exit, every thread created by the first loop has been joined.
 *
 * <p>Soundness. A <em>counting loop</em> here is a simple loop (no nested cycle, single exit through
 * its head's false branch) whose counter {@code i} is a tracked local (not address-taken) assigned in
 * the loop only by {@code i = i + 1}, with exit test {@code i < K} / {@code i <= K} / {@code i != K}
 * for K a constant (or a local no assignment changes once a loop has been entered, the same in both loops: then the create loop's slots
 * are below K and the join loop covers all slots below K), and whose body passes the thread operation
 * on every path (joins) or at most once per iteration (creates). The id array is a single concrete
 * object, named directly or through a local pointer assigned once. Such a loop runs the
 * operation once for each value from its entry value up to K-1, each value once. The create loop thus
 * stores each thread's id in a distinct slot within the create edge's index interval [lo, hi]; the id
 * array is written by nothing but thread creation ({@link TidCells}), so every id stays in its slot.
 * A join loop entered with a counter at most lo and running to at least hi joins every one of them.
 * The parent must be unique (else another instance's children share the abstract id), and a later
 * execution of the create statement removes the thread from the joined set again, so order is handled
 * by the dataflow analysis. A create loop on an enclosing cycle runs more than once and overwrites the
 * ids of its earlier threads, so it is never a counting loop for creation.
 *
 * <p>Assumes: counting loops as described; id array written only by creates ({@link TidCells}); no
 * non-local jump into or out of the loops (such programs are incomplete). Probes p15, p16: sound.
 */
public final class JoinLoops {
    /** A counting loop; its last counter value is {@code bound}, or {@code boundVar - 1} when {@code boundVar} is set. */
    record Loop(int head, Edge exit, Set<Integer> nodes, Variable counter, long bound, Variable boundVar) {}

    private final Program program;
    private final ThreadGraph graph;
    private final IntervalCache intervals;
    private final Regions regions;
    private final TidCells tids;
    private final ObjectMultiplicity objects;
    private final AddressTaken addressTaken;
    private final FreshRecords fresh;
    private final Map<String, Map<Edge, Set<ThreadId>>> cache = new HashMap<>();

    public JoinLoops(Program program, ThreadGraph graph, IntervalCache intervals, Regions regions, TidCells tids,
              ObjectMultiplicity objects, AddressTaken addressTaken, FreshRecords fresh) {
        this.fresh = fresh;
        this.program = program;
        this.graph = graph;
        this.intervals = intervals;
        this.regions = regions;
        this.tids = tids;
        this.objects = objects;
        this.addressTaken = addressTaken;
    }

    /** Threads (children of {@code t}) all of whose instances are joined when {@code exitEdge} is taken. */
    public Set<ThreadId> joinedAt(ThreadId t, Function f, Edge exitEdge) {
        if (!graph.isUnique(t) || tids.detaches()) return Set.of();
        return cache.computeIfAbsent(t + "|" + f.linkName(), k -> compute(t, f)).getOrDefault(exitEdge, Set.of());
    }

    /**
     * Slots [lo, hi] (hi = {@code hiVar} - 1 when that is set) of an id array, or of an array of records whose id
     * member is at offset {@code member} ({@link #NO_MEMBER} for an array of ids).
     */
    record Slots(MemObject array, long lo, long hi, Variable hiVar, Edge op, long member) {
        boolean covers(Slots created) {
            if (!array.equals(created.array) || member != created.member || lo > created.lo) return false;
            if (hiVar != null || created.hiVar != null) return hiVar != null && hiVar.equals(created.hiVar);
            return created.hi <= hi;
        }
    }

    /**
     * The counting loops of a function that create threads into id slots ({@code creates}, each create edge with its
     * loop in {@code createLoops}; for records, the store {@code ts[i] = t} in {@code recordStores}) and that join
     * from them ({@code joins}).
     */
    record Found(Map<Edge, Slots> creates, Map<Edge, Loop> createLoops, Map<Edge, Edge> recordStores, Map<Loop, Slots> joins) {}

    private final Map<String, Found> found = new java.util.concurrent.ConcurrentHashMap<>();

    Found found(Function f) {
        return found.computeIfAbsent(f.linkName(), k -> find(f));
    }

    private Found find(Function f) {
        Map<Edge, Slots> creates = new HashMap<>();
        Map<Edge, Loop> createLoops = new HashMap<>();
        Map<Edge, Edge> recordStores = new HashMap<>();
        Map<Loop, Slots> joins = new HashMap<>();
        for (Loop l : loops(f)) {
            for (Edge e : f.cfg().edges()) {
                if (!l.nodes.contains(e.from()) || !(e.stmt() instanceof Stmt.Call c)) continue;
                if (!(program.target(c) instanceof CallTarget.Library lib)) continue;
                Event ev = lib.model().event();
                if (ev instanceof Event.ThreadCreate tc && tc.idArg() < c.args().size()
                        && c.args().get(tc.idArg()) instanceof Expr.AddrOf a && !enclosed(f.cfg(), l)) {
                    Slots s;
                    if (record(a.lvalue()) != null) {
                        Edge[] store = new Edge[1];
                        s = recordSlots(f, l, e, c, a, a.lvalue(), store);
                        if (s != null) recordStores.put(e, store[0]);
                    } else {
                        s = slots(f, l, e, a.lvalue(), false, tids::trusted);
                    }
                    if (s != null) {
                        creates.put(e, s);
                        createLoops.put(e, l);
                    }
                } else if (ev instanceof Event.ThreadJoin tj && tj.waits() && tj.idArg() < c.args().size()
                        && c.args().get(tj.idArg()) instanceof Expr.Load ld) {
                    // ts[j]->tid: the array of records is checked on the create side, where its one writer is
                    Lvalue recordSlot = record(ld.lvalue()) instanceof Expr.Load rl ? rl.lvalue() : null;
                    Slots s = recordSlot != null ? slots(f, l, e, recordSlot, true, o -> true) : slots(f, l, e, ld.lvalue(), true, tids::trusted);
                    if (s == null) continue;
                    Interval entry = entryValue(f, l);
                    if (entry.isBottom() || !entry.hasUpperBound()) continue;
                    long member = recordSlot != null ? ((Lvalue.Field) ld.lvalue()).field().offset() : NO_MEMBER;
                    joins.put(l, new Slots(s.array, entry.hi(), l.bound, l.boundVar, e, member));
                }
            }
        }
        return new Found(Map.copyOf(creates), Map.copyOf(createLoops), Map.copyOf(recordStores), Map.copyOf(joins));
    }

    private Map<Edge, Set<ThreadId>> compute(ThreadId t, Function f) {
        Map<Edge, Set<ThreadId>> out = new HashMap<>();
        Found found = found(f);
        for (Map.Entry<Loop, Slots> j : found.joins().entrySet()) {
            Set<ThreadId> done = new LinkedHashSet<>();
            for (Map.Entry<Edge, Slots> c : found.creates().entrySet()) {
                if (covers(f, j.getKey(), j.getValue(), c.getValue())) done.addAll(graph.childrenAt(t, c.getKey()));
            }
            if (!done.isEmpty()) out.put(j.getKey().exit, Set.copyOf(done));
        }
        return out;
    }

    /** Whether the program detaches threads ({@link TidCells#detaches}): then no join proves termination. */
    boolean detaches() {
        return tids.detaches();
    }

    /** Whether locals {@code a} and {@code b} hold the same value at {@code node} of {@code f}. */
    boolean sameValueAt(Function f, int node, Variable a, Variable b) {
        return intervals.of(f).equalAt(node, a, b);
    }

    /**
     * Whether the join loop's slots cover the create loop's: {@link Slots#covers}, where two different
     * bound variables count as one if they hold the same value at the join loop's head (both keep one
     * value from their single assignment on, so that value is also the one the create loop saw).
     */
    boolean covers(Function f, Loop join, Slots js, Slots cs) {
        if (js.covers(cs)) return true;
        if (js.hiVar == null || cs.hiVar == null || js.hiVar.equals(cs.hiVar) || !js.array.equals(cs.array) || js.lo > cs.lo) return false;
        return intervals.of(f).equalAt(join.head(), js.hiVar, cs.hiVar);
    }

    /** {@code t[i]} with i the loop counter, in a {@code trusted} array (executed on every iteration if {@code always}). */
    Slots slots(Function f, Loop l, Edge op, Lvalue slot, boolean always, java.util.function.Predicate<MemObject> trusted) {
        Expr index;
        Set<Region> rs;
        if (slot instanceof Lvalue.Index ix) {
            index = ix.index();
            rs = regions.lvalue(f, op.from(), ix.base());
        } else if (slot instanceof Lvalue.Deref d && d.pointer() instanceof Expr.Binary b && b.op() == Expr.BinOp.ADD
                && b.left() instanceof Expr.Load base && base.lvalue() instanceof Lvalue.Var pv && stable(f, pv.variable())) {
            // p[i] with p a local set once: always the same array.
            index = b.right();
            rs = regions.pointer(f, op.from(), b.left(), 1);
        } else {
            return null;
        }
        while (index instanceof Expr.Cast c) index = c.operand();
        if (!(index instanceof Expr.Load li) || !(li.lvalue() instanceof Lvalue.Var cv) || !cv.variable().equals(l.counter)) return null;
        if (rs.size() != 1) return null;
        Region r = rs.iterator().next();
        if (r.minStart() != 0 || r.maxStart() != 0 || !trusted.test(r.object()) || !objects.isConcrete(r.object())
                || (always && !onEveryIteration(f.cfg(), l, op))) {
            return null;
        }
        Interval iv = intervals.eval(f, op.from(), index);
        if (iv.isBottom() || !iv.hasLowerBound()) return null;
        if (l.boundVar == null && (!iv.hasUpperBound() || iv.hi() > l.bound)) return null;
        return new Slots(r.object(), iv.lo(), l.boundVar == null ? iv.hi() : 0, l.boundVar, op, NO_MEMBER);
    }

    static final long NO_MEMBER = -1;

    /** For {@code p->tid} (an id member of the record {@code p} points to): {@code p}, casts aside; else null. */
    static Expr record(Lvalue lv) {
        if (!(lv instanceof Lvalue.Field fl) || !(fl.base() instanceof Lvalue.Deref d)) return null;
        return Expr.stripCasts(d.pointer());
    }

    /**
     * A create {@code pthread_create(&t->tid, ..)} in counting loop {@code l} that stores its id in the record {@code t}
     * of the iteration, with {@code ts[i] = t} before it: the slots of the array of records {@code ts}, member
     * {@code tid}. Sound because (1) {@code t} holds a record allocated since the last create ({@link FreshRecords}), so
     * each iteration's record is a different object; (2) the id member of those records is changed by this create alone
     * ({@link TidCells#trustedMember}), which runs at most once per iteration and never again on that record, so the
     * record keeps the iteration's thread id; (3) {@code t} is assigned once in the function, on every path of the
     * iteration before the store {@code ts[i] = t}, which is on every path to the create: the slot of the iteration's
     * counter holds that iteration's record; (4) nothing but that store writes the array of records, which is one
     * concrete object ({@link TidCells#writtenOnlyBy}), so the slot keeps it. A join loop reading {@code ts[j]->tid}
     * for every j of the range thus joins every thread this create started.
     */
    private Slots recordSlots(Function f, Loop l, Edge create, Stmt.Call call, Expr idArg, Lvalue idMember, Edge[] storeOut) {
        Lvalue.Field member = (Lvalue.Field) idMember;
        if (!(record(idMember) instanceof Expr.Load tl) || !(tl.lvalue() instanceof Lvalue.Var tv)) return null;
        Variable t = tv.variable();
        if (!fresh.atEdge(f, create, tl)) return null;
        var locs = regions.pointsTo().eval(f.linkName(), idArg);
        if (locs.isEmpty()) return null;
        for (var loc : locs) {
            if (loc.offset() != member.field().offset() || !tids.trustedMember(loc.object(), loc.offset(), call)) return null;
        }
        Edge assignment = null;
        for (Edge e : f.cfg().edges()) {
            Lvalue lhs = e.stmt() instanceof Stmt.Assign a ? a.lhs() : e.stmt() instanceof Stmt.Call c ? c.result() : null;
            if (lhs instanceof Lvalue.Var v && v.variable().equals(t)) {
                if (assignment != null) return null;
                assignment = e;
            }
        }
        if (assignment == null || !l.nodes.contains(assignment.from()) || !l.nodes.contains(assignment.to())) return null;
        for (Edge store : f.cfg().edges()) {
            if (!l.nodes.contains(store.from()) || !(store.stmt() instanceof Stmt.Assign a)
                    || !(Expr.stripCasts(a.rhs()) instanceof Expr.Load v) || !(v.lvalue() instanceof Lvalue.Var sv) || !sv.variable().equals(t)
                    || !passesBefore(f.cfg(), l, assignment, store) || !passesBefore(f.cfg(), l, store, create)) {
                continue;
            }
            Edge only = store;
            Slots s = slots(f, l, store, a.lhs(), false, o -> tids.writtenOnlyBy(o, only));
            if (s == null) continue;
            storeOut[0] = store;
            return new Slots(s.array, s.lo, s.hi, s.hiVar, create, member.field().offset());
        }
        return null;
    }

    /** Whether every path of an iteration of {@code l} (from the head) to {@code later} passes {@code first} before it. */
    static boolean passesBefore(Cfg cfg, Loop l, Edge first, Edge later) {
        if (first.equals(later)) return false;
        ArrayDeque<Integer> work = new ArrayDeque<>();
        Set<Integer> seen = new HashSet<>();
        for (Edge e : cfg.out(l.head)) if (!e.equals(first) && l.nodes.contains(e.to())) work.add(e.to());
        while (!work.isEmpty()) {
            int n = work.poll();
            if (n == later.from()) return false;
            if (n == l.head || !seen.add(n)) continue;
            for (Edge e : cfg.out(n)) if (!e.equals(first) && l.nodes.contains(e.to())) work.add(e.to());
        }
        return later.from() != l.head;
    }

    /**
     * A tracked local assigned exactly once, not on a cycle: one value from then on; or assigned more than once, none
     * of the assignments on a cycle or reachable from one: one value from the first cycle on. Also a global the
     * interval analysis of {@code f} tracks (one only {@code main} assigns) whose single assignment
     * comes before every use that matters here: it is on every path from the entry to the loop heads.
     */
    boolean stable(Function f, Variable v) {
        if (v.kind() == Variable.Kind.PARAM || v.kind() == Variable.Kind.STATIC_LOCAL || v.kind() == Variable.Kind.STRING) return false;
        if (v.isStatic() && !intervals.of(f).tracked().contains(v)) return false;
        int assigns = 0;
        Edge assignment = null;
        var loops = graph.loops(f.linkName());
        List<Edge> assignments = new java.util.ArrayList<>();
        for (Edge e : f.cfg().edges()) {
            Lvalue lhs = e.stmt() instanceof Stmt.Assign a ? a.lhs() : e.stmt() instanceof Stmt.Call c ? c.result() : null;
            if (lhs instanceof Lvalue.Var lv && lv.variable().equals(v)) {
                if (loops.inCycle(e)) return false;
                assigns++;
                assignment = e;
                assignments.add(e);
            }
        }
        if (assigns == 0 || addressTaken.in(f, v)) return false;
        if (v.isStatic()) return assigns == 1 && dominatesCycles(f, assignment);
        // a local assigned more than once (clamped: n = atoi(..); if (n > 64) n = 64;) keeps one value from the first
        // cycle on when no assignment can run after any node of a cycle
        if (assigns > 1) {
            List<Integer> onCycles = new java.util.ArrayList<>();
            for (Edge e : f.cfg().edges()) if (loops.inCycle(e)) onCycles.add(e.from());
            java.util.BitSet after = f.cfg().reached(onCycles, e -> true);
            for (Edge e : assignments) if (after.get(e.from())) return false;
        }
        return true;
    }

    /** Whether every path from the entry to any node on a cycle of {@code f} passes {@code edge}. */
    private boolean dominatesCycles(Function f, Edge edge) {
        Cfg cfg = f.cfg();
        var cycles = graph.loops(f.linkName());
        ArrayDeque<Integer> work = new ArrayDeque<>(List.of(cfg.entry()));
        Set<Integer> seen = new HashSet<>();
        while (!work.isEmpty()) {
            int n = work.poll();
            if (!seen.add(n)) continue;
            for (Edge e : cfg.out(n)) {
                if (e.equals(edge)) continue;
                if (cycles.inCycle(e)) return false;
                work.add(e.to());
            }
        }
        return true;
    }

    Interval entryValue(Function f, Loop l) {
        Interval v = Interval.bottom();
        for (Edge e : f.cfg().in(l.head)) {
            if (l.nodes.contains(e.from())) continue;
            if (!(e.stmt() instanceof Stmt.Skip)) return Interval.top();
            v = v.join(intervals.of(f).valueOf(e.from(), l.counter));
        }
        return v;
    }

    /**
     * Whether {@code access} is in the loop and, within an iteration, can run neither after
     * {@code create} nor after the counter's increment (the counter holds the iteration's value).
     */
    static boolean beforeInIteration(Cfg cfg, Loop l, Edge access, Edge create) {
        if (!l.nodes.contains(access.from()) || !l.nodes.contains(access.to())) return false;
        ArrayDeque<Integer> work = new ArrayDeque<>();
        Set<Integer> seen = new HashSet<>();
        work.add(create.to());
        for (int n : l.nodes) {
            for (Edge e : cfg.out(n)) if (isIncrement(e, l.counter) && l.nodes.contains(e.to())) work.add(e.to());
        }
        if (access.equals(create) || isIncrement(access, l.counter)) return false;
        while (!work.isEmpty()) {
            int n = work.poll();
            if (n == l.head || !seen.add(n)) continue;
            if (n == access.from()) return false;
            for (Edge e : cfg.out(n)) if (l.nodes.contains(e.to())) work.add(e.to());
        }
        return true;
    }

    /** Every path from the head's loop successor back to the head passes {@code op}, before the increment. */
    static boolean onEveryIteration(Cfg cfg, Loop l, Edge op) {
        ArrayDeque<Integer> work = new ArrayDeque<>();
        Set<Integer> seen = new HashSet<>();
        for (Edge e : cfg.out(l.head)) if (l.nodes.contains(e.to())) work.add(e.to());
        while (!work.isEmpty()) {
            int n = work.poll();
            if (n == l.head) return false;
            if (!seen.add(n)) continue;
            for (Edge e : cfg.out(n)) {
                if (e.equals(op) || !l.nodes.contains(e.to())) continue;
                if (isIncrement(e, l.counter)) return false;
                work.add(e.to());
            }
        }
        return true;
    }

    static boolean isIncrement(Edge e, Variable v) {
        return e.stmt() instanceof Stmt.Assign a && a.lhs() instanceof Lvalue.Var lv && lv.variable().equals(v)
                && a.rhs() instanceof Expr.Binary b && b.op() == Expr.BinOp.ADD && b.left() instanceof Expr.Load ld
                && ld.lvalue() instanceof Lvalue.Var x && x.variable().equals(v)
                && b.right() instanceof Expr.IntConst k && k.value() == 1;
    }

    /** The verified counting loop whose body contains {@code e}, or null. */
    Loop countingLoopOf(Function f, Edge e) {
        for (Loop l : loops(f)) {
            if (l.nodes.contains(e.from()) && l.nodes.contains(e.to()) && e.to() != l.head) return enclosed(f.cfg(), l) ? null : l;
        }
        return null;
    }

    /**
     * Whether the loop lies on an enclosing cycle (its head is reachable again after its exit): then it
     * runs more than once, and its counter takes each value more than once.
     */
    private static boolean enclosed(Cfg cfg, Loop l) {
        ArrayDeque<Integer> work = new ArrayDeque<>();
        Set<Integer> seen = new HashSet<>();
        work.add(l.exit().to());
        while (!work.isEmpty()) {
            int n = work.poll();
            if (n == l.head()) return true;
            if (!seen.add(n)) continue;
            for (Edge e : cfg.out(n)) work.add(e.to());
        }
        return false;
    }

    private List<Loop> loops(Function f) {
        Cfg cfg = f.cfg();
        var loops = new java.util.ArrayList<Loop>();
        var tracked = intervals.of(f).tracked();
        for (int h = 0; h < cfg.nodeCount(); h++) {
            List<Edge> out = cfg.out(h);
            if (out.size() != 2 || !(out.get(0).stmt() instanceof Stmt.Assume a0) || !(out.get(1).stmt() instanceof Stmt.Assume a1)) continue;
            Stmt.Assume stay = a0.positive() ? a0 : a1;
            Edge exit = a0.positive() ? out.get(1) : out.get(0);
            Edge in = a0.positive() ? out.get(0) : out.get(1);
            if (stay.positive() == (exit.stmt() instanceof Stmt.Assume ea && ea.positive())) continue;
            Set<Integer> nodes = cycleThrough(cfg, h, in.to());
            if (nodes == null || nodes.contains(exit.to())) continue;
            Object[] test = test(f, stay.cond(), intervals.of(f), h);
            if (test == null || !tracked.contains((Variable) test[0])) continue;
            Loop l = new Loop(h, exit, nodes, (Variable) test[0], (Long) test[1], (Variable) test[2]);
            if (simple(cfg, l)) loops.add(l);
        }
        return loops;
    }

    /**
     * {i, last} for {@code i < K} (last K-1), {@code i <= K} (last K), {@code i != K} (last K-1), where K
     * has one value whenever the head is reached (a constant, or a local the interval analysis pins).
     */
    private Object[] test(Function f, Expr cond, weft.value.Intervals iv, int head) {
        if (!(cond instanceof Expr.Binary b) || !(b.left() instanceof Expr.Load l) || !(l.lvalue() instanceof Lvalue.Var v)) {
            return null;
        }
        Interval k = iv.eval(head, b.right());
        if (!k.isBottom() && k.isSingleton()) {
            return switch (b.op()) {
                case LT, NE -> new Object[]{v.variable(), k.lo() - 1, null};
                case LE -> new Object[]{v.variable(), k.lo(), null};
                default -> null;
            };
        }
        Expr r = b.right();
        while (r instanceof Expr.Cast c) r = c.operand();
        if (b.op() == Expr.BinOp.LT && r instanceof Expr.Load rl && rl.lvalue() instanceof Lvalue.Var n && stable(f, n.variable())) {
            return new Object[]{v.variable(), 0L, n.variable()};
        }
        return null;
    }

    /** Nodes on paths from {@code start} back to {@code head} (the loop), or null if there are none. */
    private static Set<Integer> cycleThrough(Cfg cfg, int head, int start) {
        Set<Integer> fwd = new HashSet<>();
        ArrayDeque<Integer> work = new ArrayDeque<>(List.of(start));
        while (!work.isEmpty()) {
            int n = work.poll();
            if (n == head || !fwd.add(n)) continue;
            for (Edge e : cfg.out(n)) work.add(e.to());
        }
        Set<Integer> back = new HashSet<>();
        work.add(head);
        while (!work.isEmpty()) {
            int n = work.poll();
            for (Edge e : cfg.in(n)) if (fwd.contains(e.from()) && back.add(e.from())) work.add(e.from());
        }
        if (back.isEmpty()) return null;
        back.add(head);
        return back;
    }

    /** Single exit, no nested cycle, the counter only incremented by one, no calls that may not return normally. */
    private static boolean simple(Cfg cfg, Loop l) {
        int increments = 0;
        for (int n : l.nodes) {
            for (Edge e : cfg.out(n)) {
                if (!l.nodes.contains(e.to()) && !e.equals(l.exit)) return false;
                if (e.to() == l.head) continue;
                if (e.stmt() instanceof Stmt.Assign a && a.lhs() instanceof Lvalue.Var v && v.variable().equals(l.counter)) {
                    if (!isIncrement(e, l.counter)) return false;
                    increments++;
                }
                if (e.stmt() instanceof Stmt.Call c && c.result() instanceof Lvalue.Var v && v.variable().equals(l.counter)) return false;
            }
        }
        if (increments != 1) return false;
        // No nested cycle: without the head, the loop's nodes form an acyclic graph.
        Map<Integer, Integer> indeg = new HashMap<>();
        for (int n : l.nodes) if (n != l.head) indeg.putIfAbsent(n, 0);
        for (int n : l.nodes) {
            if (n == l.head) continue;
            for (Edge e : cfg.out(n)) if (e.to() != l.head && l.nodes.contains(e.to())) indeg.merge(e.to(), 1, Integer::sum);
        }
        ArrayDeque<Integer> work = new ArrayDeque<>();
        indeg.forEach((n, d) -> { if (d == 0) work.add(n); });
        int seen = 0;
        while (!work.isEmpty()) {
            int n = work.poll();
            seen++;
            for (Edge e : cfg.out(n)) {
                if (e.to() == l.head || !l.nodes.contains(e.to())) continue;
                if (indeg.merge(e.to(), -1, Integer::sum) == 0) work.add(e.to());
            }
        }
        return seen == indeg.size();
    }
}
