package weft.thread;

import weft.access.Region;
import weft.access.Regions;
import weft.ir.AddressScan;
import weft.ir.AddressTaken;
import weft.ir.CType;
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
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Join trees over an array of thread ids: a unique thread M creates the instances of a thread T in a loop counting
 * down, {@code for (i = E0; i >= K; i--) pthread_create(&tids[i], 0, T, (void *) i)} (a global array, or one a global
 * pointer points to); each instance, from its key
 * {@code i}, joins others by index in a loop of its own ({@code pthread_join(tids[i | 1 << step], 0)} while the low bits
 * of {@code i} are zero: a binomial tree; {@code 2i + 1} and {@code 2i + 2}: a heap); M joins {@code tids[K]}, the root.
 * When that join returns, every instance of T has ended: a join of all of them, as {@link JoinLoops} gives for join
 * loops.
 *
 * <p>Soundness. Write C for the keys the loop creates, {@code K..E0} (each once, in decreasing order: the counter is
 * changed only by the decrement, the create runs once on every iteration, the loop once), p(j) for a parent function
 * from a fixed family ({@code j - 1}, {@code j & (j - 1)}, {@code (j - 1) / 2}, {@code j / 2}), and "instance p joins
 * slot x" for an execution of a join in T's routine, by the instance with key p, reading {@code tids[x]}.
 * {@link JoinTreeProof} shows with Z3, for every value of the globals the two sides read (each a global nothing
 * writes once M reaches the create loop, so both sides see one value: within the bounds the interval analysis of the
 * creating function gives it where the loop starts, {@link weft.value.Intervals}), by a bounded symbolic execution of the routine
 * from its key: (D) no instance runs past the bound; (B) every slot an instance p joins is in C and above p, so it was
 * stored, by its own create, before p was created (the slot array is written by nothing but these creates,
 * {@link TidCells}); (C) no slot is joined twice, by two instances or by one instance twice, and none is the root;
 * (A) for every j in C other than K, p(j) is in C, below j, and every execution of instance p(j) that ends has joined
 * slot j. The joins are the only reads of the id array that lead anywhere (every mention of the array's handle in the
 * program is the create, M's root join, the routine's joins, its allocation or its {@code free}), so no other join,
 * detach or copy of an id exists. Then, by induction on j from K up: when M's join of slot K returns, instance K has
 * ended; an instance that has ended ran one of the executions (A) speaks of, so it joined each of its children, whose
 * one waiting join (C) returned after the child ended; so every j has ended, and all its accesses happen before what
 * follows M's join. An instance that never ends keeps its parent, and so M, waiting: nothing after the join runs.
 *
 * <p>Semantics of the routine: the symbolic execution follows {@link weft.smt.ExprEncoder}'s wrapping mode (signed
 * arithmetic as GCC implements it); an execution whose division traps ends the process there (SIGFPE); values read
 * from memory other than the routine's untouched locals and those globals are any value. Library calls on the way may
 * only be ones that run no program code and do not end the thread ({@link #ordinary}); any call of program or outside
 * code fails the proof.
 *
 * <p>Assumes: POSIX joins (a join of a joinable thread waits for it; the program detaches nothing, {@link
 * TidCells#detaches}); creations succeed, or else the join of the slot whose creation failed reads an id no creation
 * stored, which POSIX leaves undefined, and what follows it is not claimed; no non-local jumps. Corpus
 * {@code 37-join-trees/07}-{@code 12}; harness hole {@code join_tree}.
 */
public final class JoinTrees {
    /**
     * A proved tree: the thread whose instances it joins, M's join of the root, the joins in the routine, the id array.
     */
    public record Tree(ThreadId child, Edge rootJoin, Set<Edge> joins, MemObject slots) {}

    /**
     * What the proof needs of a candidate: the create loop ({@code init} {@code i = E0}, the counter, the lowest key
     * {@code low}), the thread, the handle of the id array (a global pointer) and its object, the root join, the
     * globals the two sides may share.
     */
    record Candidate(ThreadId child, Function creator, Function routine, Edge init, Variable counter, long low,
                     Variable handle, MemObject slots, Edge rootJoin, Map<Variable, Interval> frozen) {}

    private final Program program;
    private final ThreadGraph graph;
    private final Regions regions;
    private final TidCells tids;
    private final ObjectMultiplicity objects;
    private final AddressTaken addressTaken;
    private final IntervalCache intervals;
    private final CallGraph calls;
    private final Computed<List<Tree>> trees = new Computed<>(this::compute);

    public JoinTrees(Program program, ThreadGraph graph, Regions regions, TidCells tids, ObjectMultiplicity objects,
                     AddressTaken addressTaken, IntervalCache intervals, CallGraph calls) {
        this.calls = calls;
        this.intervals = intervals;
        this.program = program;
        this.graph = graph;
        this.regions = regions;
        this.tids = tids;
        this.objects = objects;
        this.addressTaken = addressTaken;
    }

    /** The threads (children of {@code t}) all of whose instances have ended when join edge {@code e} of {@code f} returns. */
    public Set<ThreadId> joinedAt(ThreadId t, Function f, Edge e) {
        if (!(e.stmt() instanceof Stmt.Call)) return Set.of();
        Set<ThreadId> out = new HashSet<>();
        for (Tree tree : trees.get()) {
            if (tree.rootJoin().equals(e) && tree.child().parent().equals(t) && tree.child().createFunction().equals(f.linkName())) {
                out.add(tree.child());
            }
        }
        return out;
    }

    /**
     * Whether a read of thread {@code reader} at {@code readEdge} of {@code readFunction} is a tree join's read of its
     * slot of {@code object}, and {@code writeEdge} of {@code writeFunction} in {@code writer} the creation that stores
     * the ids: the slot read was stored before the reading instance was created ((B) of the class comment).
     */
    public boolean storedBeforeReader(ThreadId reader, Function readFunction, Edge readEdge, ThreadId writer,
                                      Function writeFunction, Edge writeEdge, MemObject object) {
        if (reader.isMain() || !readFunction.linkName().equals(reader.routine())
                || !writeFunction.linkName().equals(reader.createFunction())) {
            return false;
        }
        for (Tree tree : trees.get()) {
            if (tree.child().equals(reader) && tree.joins().contains(readEdge) && reader.parent().equals(writer)
                    && reader.createEdge().equals(writeEdge) && tree.slots().equals(object)) {
                return true;
            }
        }
        return false;
    }

    private List<Tree> compute() {
        List<Tree> out = new ArrayList<>();
        // a cancelled thread ends at a join, before it joined its children (CallGraph: through pointers too)
        if (tids.detaches() || calls.cancels(program.functions().keySet())) return out;
        for (ThreadId t : graph.threads()) {
            if (Thread.currentThread().isInterrupted()) break;
            Candidate c = candidate(t);
            if (c == null) continue;
            Set<Edge> joins = new JoinTreeProof(program, c, this).prove();
            if (joins != null && handleOnlyAt(c, joins)) out.add(new Tree(t, c.rootJoin(), joins, c.slots()));
        }
        return out;
    }

    private Candidate candidate(ThreadId t) {
        if (t.isMain() || !graph.isUnique(t.parent())) return null;
        Function f = program.function(t.createFunction());
        Function r = program.function(t.routine());
        if (f == null || r == null || r.params().size() != 1 || !graph.functionOnce(t.parent(), f.linkName())
                || !graph.threadsRunning(f.linkName()).equals(List.of(t.parent()))
                || !graph.functionOnce(t, r.linkName()) || !graph.threadsRunning(r.linkName()).equals(List.of(t))) {
            return null;
        }
        Edge create = t.createEdge();
        if (!(create.stmt() instanceof Stmt.Call c) || !(program.target(c) instanceof CallTarget.Library lib)
                || !(lib.model().event() instanceof Event.ThreadCreate tc) || tc.idArg() >= c.args().size()
                || tc.argArg() < 0 || tc.argArg() >= c.args().size()
                || !(c.args().get(tc.idArg()) instanceof Expr.AddrOf id)) {
            return null;
        }
        Slot slot = slot(f, create, id.lvalue());
        if (slot == null || !(Expr.stripCasts(slot.index()) instanceof Expr.Load il) || !(il.lvalue() instanceof Lvalue.Var iv)) return null;
        Variable i = iv.variable();
        if (Expr.loadedVariable(c.args().get(tc.argArg())) != i) return null;
        if (addressTaken.in(f, i)) return null;
        DownLoop loop = DownLoop.counting(f, i, create, graph.loops(f.linkName()));
        if (loop == null || loop.low() < 0) return null;
        Edge root = rootJoin(f, slot.handle(), slot.object(), loop);
        if (root == null) return null;
        Map<Variable, Interval> frozen = new HashMap<>();
        for (Variable v : frozen(f, loop.init())) frozen.put(v, intervals.of(f).valueOf(loop.init().from(), v));
        return new Candidate(t, f, r, loop.init(), i, loop.low(), slot.handle(), slot.object(), root, Map.copyOf(frozen));
    }

    private static long minOf(CType.Int t) {
        return t.size() >= 8 ? Long.MIN_VALUE : -(1L << (8 * t.size() - 1));
    }

    /**
     * A slot {@code *(h + x)} (or {@code *h}, x = 0) of the id array a global pointer {@code h} points to, or {@code h[x]}
     * of a global array {@code h}.
     */
    record Slot(Variable handle, Expr index, MemObject object) {}

    /** The slot {@code lv} designates at {@code e} of {@code f}, or null if it is not one. */
    Slot slot(Function f, Edge e, Lvalue lv) {
        if (lv instanceof Lvalue.Index ix && ix.base() instanceof Lvalue.Var av) {
            // tids[x] of a global array: every mention of it is checked (handleOnlyAt), so its address goes nowhere else
            Variable h = av.variable();
            if (h.kind() != Variable.Kind.GLOBAL || h.threadLocal() || !(h.type().unqualified() instanceof CType.Array)
                    || !(program.internalLinkage(h) || program.externals().isEmpty())) {
                return null;
            }
            return slotOf(h, ix.index(), regions.lvalue(f, e.from(), ix.base()));
        }
        if (!(lv instanceof Lvalue.Deref d)) return null;
        Expr p = Expr.stripCasts(d.pointer());
        Expr base = p;
        Expr index = new Expr.IntConst(0, weft.ir.IntConversions.INT);
        if (p instanceof Expr.Binary b && b.op() == Expr.BinOp.ADD && b.left().type().isPointer()) {
            base = b.left();
            index = b.right();
        }
        Variable h = Expr.loadedVariable(base);
        if (h == null || !(base instanceof Expr.Load) || h.kind() != Variable.Kind.GLOBAL || h.threadLocal()
                || addressTaken(h) || !(program.internalLinkage(h) || program.externals().isEmpty())) {
            return null;
        }
        return slotOf(h, index, regions.pointer(f, e.from(), base, 1));
    }

    /** The slot at {@code index} of the one concrete id-only object {@code rs} starts at, or null. */
    private Slot slotOf(Variable h, Expr index, Set<Region> rs) {
        if (rs.size() != 1) return null;
        Region r = rs.iterator().next();
        if (r.minStart() != 0 || r.maxStart() != 0 || !tids.trusted(r.object()) || !objects.isConcrete(r.object())) return null;
        return new Slot(h, index, r.object());
    }

    private Set<Variable> taken;

    private boolean addressTaken(Variable v) {
        if (taken == null) taken = AddressTaken.of(program);
        return taken.contains(v);
    }

    /**
     * M's join of the root slot {@code tids[K]}: an edge of {@code f} run once, that every path from the entry reaches
     * only through the create loop's exit, joining (and waiting) on the slot at index {@code K} exactly.
     */
    private Edge rootJoin(Function f, Variable handle, MemObject object, DownLoop loop) {
        Edge found = null;
        for (Edge e : f.cfg().edges()) {
            if (!(e.stmt() instanceof Stmt.Call c) || !(program.target(c) instanceof CallTarget.Library lib)
                    || !(lib.model().event() instanceof Event.ThreadJoin tj)) {
                continue;
            }
            if (!tj.waits() || tj.idArg() >= c.args().size() || !(c.args().get(tj.idArg()) instanceof Expr.Load ld)) continue;
            Slot s = slot(f, e, ld.lvalue());
            if (s == null || !s.handle().equals(handle) || !s.object().equals(object)
                    || !(Expr.stripCasts(s.index()) instanceof Expr.IntConst k) || k.value() != loop.low()) {
                continue;
            }
            if (found != null || graph.loops(f.linkName()).inCycle(e) || !loop.onlyAfterExit(f.cfg(), e)) return null;
            found = e;
        }
        return found;
    }

    /**
     * The globals both sides may read as one value: integers of static storage, not thread-local, volatile or
     * atomic, whose address is never taken, that no outside code can write (internal linkage, or no outside code in
     * the program), assigned nowhere but in {@code f} and there never once {@code init} may have run.
     */
    private Set<Variable> frozen(Function f, Edge init) {
        Set<Variable> out = new HashSet<>();
        for (Variable v : program.globals()) {
            if (v.kind() == Variable.Kind.GLOBAL && !v.threadLocal() && v.type().unqualified() instanceof CType.Int
                    && !v.type().isVolatile() && !v.type().isAtomic() && !addressTaken(v)
                    && (program.internalLinkage(v) || program.externals().isEmpty())) {
                out.add(v);
            }
        }
        BitSet after = f.cfg().reached(List.of(init.from()), e -> true);
        for (Function g : program.functions().values()) {
            for (Edge e : g.cfg().edges()) {
                Lvalue lhs = e.stmt() instanceof Stmt.Assign a ? a.lhs() : e.stmt() instanceof Stmt.Call c ? c.result() : null;
                if (lhs instanceof Lvalue.Var lv && out.contains(lv.variable()) && (g != f || after.get(e.from()))) {
                    out.remove(lv.variable());
                }
            }
        }
        return out;
    }

    /**
     * Whether every edge of the program that mentions the id array's handle is the create, the root join, a proved
     * join of the routine, an allocation stored into the handle, a {@code free} of it, each mentioning it only there,
     * or a test (which copies nothing).
     */
    private boolean handleOnlyAt(Candidate c, Set<Edge> joins) {
        Set<Variable> vars = new HashSet<>();
        for (Function g : program.functions().values()) {
            for (Edge e : g.cfg().edges()) {
                vars.clear();
                AddressScan.variables(e.stmt(), vars);
                if (!vars.contains(c.handle()) || e.stmt() instanceof Stmt.Assume) continue;
                if (!(e.stmt() instanceof Stmt.Call call) || !(program.target(call) instanceof CallTarget.Library lib)) return false;
                Event ev = lib.model().event();
                int at;
                if (e.equals(c.child().createEdge()) && ev instanceof Event.ThreadCreate tc) at = tc.idArg();
                else if ((e.equals(c.rootJoin()) || joins.contains(e)) && ev instanceof Event.ThreadJoin tj) at = tj.idArg();
                else if (ev instanceof Event.Free fr && Expr.loadedVariable(call.args().get(fr.ptrArg())) == c.handle()) at = fr.ptrArg();
                else if (ev instanceof Event.Alloc && call.result() instanceof Lvalue.Var rv && rv.variable().equals(c.handle())) at = -1;
                else return false;
                for (int k = 0; k < call.args().size(); k++) {
                    if (k == at) continue;
                    vars.clear();
                    AddressScan.variables(call.args().get(k), vars);
                    if (vars.contains(c.handle())) return false;
                }
            }
        }
        return true;
    }

    private final java.util.Map<String, Boolean> staying = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * Whether a call of program function {@code g} either returns to its caller or never does while the thread goes
     * on: neither {@code g} nor any function it calls (directly: an indirect or outside call fails) calls a library
     * function that ends the thread, jumps, or runs program code other than through {@link #ordinary} calls, joins
     * and the end of the process.
     */
    boolean returnsOrStays(Function g) {
        return staying.computeIfAbsent(g.linkName(), k -> {
            Set<String> seen = new HashSet<>();
            ArrayDeque<Function> work = new ArrayDeque<>(List.of(g));
            while (!work.isEmpty()) {
                Function h = work.poll();
                if (!seen.add(h.linkName())) continue;
                for (Edge e : h.cfg().edges()) {
                    if (e.stmt() instanceof Stmt.Asm) return false;
                    if (!(e.stmt() instanceof Stmt.Call call)) continue;
                    CallTarget target = program.target(call);
                    if (target instanceof CallTarget.User u) {
                        work.add(u.function());
                    } else if (!(ordinary(program, call) || target instanceof CallTarget.Library lib
                            && (lib.model().event() instanceof Event.ProgramEnd || lib.model().event() instanceof Event.ThreadJoin))) {
                        return false;
                    }
                }
            }
            return true;
        });
    }

    /**
     * Whether the library call at {@code c} runs no program code (no callback, nothing it runs) and cannot end or leave
     * the thread.
     */
    static boolean ordinary(Program program, Stmt.Call c) {
        if (!(program.target(c) instanceof CallTarget.Library lib) || !lib.model().facts().callbacks().isEmpty()
                || !lib.model().facts().runs().isEmpty()) {
            return false;
        }
        Event ev = lib.model().event();
        return ev instanceof Event.Lock || ev instanceof Event.Unlock || ev instanceof Event.LockInit
                || ev instanceof Event.LockDestroy || ev instanceof Event.CondWait || ev instanceof Event.CondSignal
                || ev instanceof Event.Nondet || ev instanceof Event.Assume || ev instanceof Event.Pure
                || ev instanceof Event.Alloc || ev instanceof Event.Free || ev instanceof Event.ThreadSelf
                || ev instanceof Event.MemAccess || ev instanceof Event.Atomic;
    }

    /**
     * A loop counting {@code i} down: {@code init} ({@code i = E0}) the one assignment of {@code i} off the loop, on
     * every path from the entry to the head and not after it; the decrement {@code i = i - 1} the only one in the
     * loop; the head's two edges test {@code i >= low} (continue) and its negation (the loop's one exit); the create on
     * every path of an iteration from the head to the decrement, once.
     */
    record DownLoop(Edge init, int head, Edge exit, Set<Integer> nodes, long low) {
        /**
         * The loop counting down local {@code i} (a signed integer whose address the caller checked is never taken)
         * that runs {@code create} once per iteration, if there is one and its lowest key is above the type's
         * minimum, so that the decrement never wraps: each iteration then has a different counter.
         */
        static DownLoop counting(Function f, Variable i, Edge create, Loops cycles) {
            if (i.kind() != Variable.Kind.LOCAL || !(i.type().unqualified() instanceof CType.Int it) || !it.signed()) return null;
            DownLoop l = of(f, i, create, cycles);
            return l == null || l.low() <= minOf(it) ? null : l;
        }

        private static DownLoop of(Function f, Variable i, Edge create, Loops cycles) {
            Cfg cfg = f.cfg();
            Edge init = null;
            Edge dec = null;
            for (Edge e : cfg.edges()) {
                Lvalue lhs = e.stmt() instanceof Stmt.Assign a ? a.lhs() : e.stmt() instanceof Stmt.Call c ? c.result() : null;
                if (!(lhs instanceof Lvalue.Var v) || !v.variable().equals(i)) continue;
                if (!cycles.inCycle(e)) {
                    if (init != null) return null;
                    init = e;
                } else {
                    if (dec != null || !(e.stmt() instanceof Stmt.Assign a) || !(Expr.stripCasts(a.rhs()) instanceof Expr.Binary b)
                            || b.op() != Expr.BinOp.SUB || Expr.loadedVariable(b.left()) != i
                            || !(Expr.stripCasts(b.right()) instanceof Expr.IntConst one) || one.value() != 1) {
                        return null;
                    }
                    dec = e;
                }
            }
            if (init == null || dec == null || !(init.stmt() instanceof Stmt.Assign)) return null;
            BitSet fwd = cfg.reached(List.of(dec.to()), e -> true);
            Set<Integer> nodes = new HashSet<>();
            ArrayDeque<Integer> work = new ArrayDeque<>(List.of(dec.from()));
            while (!work.isEmpty()) {
                int n = work.poll();
                if (!fwd.get(n) || !nodes.add(n)) continue;
                for (Edge e : cfg.in(n)) work.add(e.from());
            }
            if (!nodes.contains(create.from()) || !nodes.contains(create.to())) return null;
            Edge exit = null;
            for (int n : nodes) {
                for (Edge e : cfg.out(n)) {
                    if (nodes.contains(e.to())) continue;
                    if (exit != null) return null;
                    exit = e;
                }
            }
            if (exit == null || !(exit.stmt() instanceof Stmt.Assume out)) return null;
            int head = exit.from();
            List<Edge> outs = cfg.out(head);
            if (outs.size() != 2) return null;
            Edge stay = outs.get(0).equals(exit) ? outs.get(1) : outs.get(0);
            if (!(stay.stmt() instanceof Stmt.Assume in) || !in.cond().equals(out.cond()) || in.positive() == out.positive()) return null;
            Long low = lowest(in.cond(), in.positive(), i);
            if (low == null) return null;
            // the create on every path of an iteration from the head to the decrement, and not twice before it
            if (reachesAvoiding(cfg, nodes, stay.to(), head, create, dec.from())) return null;
            if (reachesAvoiding(cfg, nodes, create.to(), head, dec, create.from())) return null;
            // the initialisation before the head on every path, never after it
            if (reachesAvoiding(cfg, null, cfg.entry(), -1, init, head)) return null;
            if (cfg.reached(List.of(head), e -> true).get(init.from())) return null;
            return new DownLoop(init, head, exit, Set.copyOf(nodes), low);
        }

        /** For the head's continuing test {@code cond} (taken when {@code positive}): the K of {@code i >= K}, or null. */
        private static Long lowest(Expr cond, boolean positive, Variable i) {
            if (!(cond instanceof Expr.Binary b) || Expr.loadedVariable(b.left()) != i || !(b.left() instanceof Expr.Load)
                    || !(Expr.stripCasts(b.right()) instanceof Expr.IntConst k)
                    || !(b.right().type().unqualified() instanceof CType.Int rt) || !rt.signed()
                    || rt.size() > i.type().size()) {
                return null;
            }
            return switch (b.op()) {
                case GE -> positive ? k.value() : null;
                case GT -> positive ? k.value() + 1 : null;
                case LT -> positive ? null : k.value();
                case LE -> positive ? null : k.value() + 1;
                default -> null;
            };
        }

        /**
         * Whether some path from {@code start} (within {@code within} when set, never through {@code stop}) reaches
         * {@code target} without taking {@code avoid}.
         */
        static boolean reachesAvoiding(Cfg cfg, Set<Integer> within, int start, int stop, Edge avoid, int target) {
            ArrayDeque<Integer> work = new ArrayDeque<>(List.of(start));
            Set<Integer> seen = new HashSet<>();
            while (!work.isEmpty()) {
                int n = work.poll();
                if (n == target) return true;
                if (n == stop || !seen.add(n)) continue;
                for (Edge e : cfg.out(n)) {
                    if (e.equals(avoid) || within != null && !within.contains(e.to())) continue;
                    work.add(e.to());
                }
            }
            return false;
        }

        /** Whether {@code e} is reached from the entry only through the loop's exit, and is not in the loop. */
        boolean onlyAfterExit(Cfg cfg, Edge e) {
            return !nodes.contains(e.from()) && !reachesAvoiding(cfg, null, cfg.entry(), -1, exit, e.from());
        }
    }
}
