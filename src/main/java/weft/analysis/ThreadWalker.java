package weft.analysis;

import weft.ir.CallTarget;
import weft.ir.Cfg;
import weft.ir.Edge;
import weft.ir.Function;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.model.Event;
import weft.model.LibraryModels;
import weft.escape.Unpublished;
import weft.lock.Lock;
import weft.pointer.PointsTo;
import weft.thread.ThreadGraph;
import weft.thread.ThreadId;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Runs the thread-modular dataflow analysis of each abstract thread: a forward analysis of
 * {@link LocalState} over the thread's code, interprocedural with the entry state as calling context
 * (each function is analysed once per distinct entry state, like Goblint's digest contexts), then a
 * second pass that reports every memory access with the final state at its statement. Reporting only
 * after the fixpoint matters: intermediate states of the iteration hold too many must-locks. The write
 * of a call's result ({@code g = f();}) is reported with the state after the call, the reads that
 * locate it with the join of the states before and after: a lock the callee (or the library call)
 * released is not held there, whatever the caller held before.
 *
 * <p>Assumes: every function a thread may run is reached through {@code CallGraph} (a call with no known
 * target, a non-local jump or recursion through synchronisation is a recorded gap); a function skipped
 * as {@link SyncFree} neither synchronises nor ends the thread, so the states at every
 * {@code pthread_exit} are among the end states ({@link #joinedAtEnd}; audit fix, probe p07).
 *
 * <p><b>Fewer contexts under memory pressure.</b> Once the {@link MemoryBudget} is exceeded, each
 * function of a thread gets one context: the join of every entry state it is called with from then on
 * (analysed again whenever the join grows: a finite ascending chain), and its accesses are collected
 * once, with the states of that join. Sound because the join over-approximates each entry it replaces
 * (fewer must-locks, more created threads, fewer joined ones) and the analysis from a larger entry gives
 * larger states at every node, so an exclusion that holds for them holds for each real entry; every
 * entry met after the limit tripped is in the join, and those met before keep their own precise
 * results. A synchronisation-free function still returns its real entry state to its caller.
 */
public final class ThreadWalker {
    /** Receives each access with its thread, statement and state. */
    public interface Sink {
        void access(ThreadId thread, Function function, Edge edge, LocalState state, MemoryAccess access);
    }

    private record Key(ThreadId thread, String function, LocalState entry) {}

    /** A function in a thread, for its joined context under memory pressure. */
    private record FnKey(ThreadId thread, String function) {}

    /** A function's walk in a calling context, with the parameters that receive unpublished objects. */
    private record CollectKey(Key key, long freshParams) {}

    private record Result(LocalState[] states, LocalState exit, Map<Long, LocalState> byReturn) {}

    /** Updates of one node's state after which its lockset's path facts are dropped (termination). */
    private static final int MAX_UPDATES_WITH_PATH_FACTS = 32;

    private final Program program;
    private final PointsTo pts;
    private final ThreadGraph graph;
    private final IntervalCache intervals;
    private final Transfer transfer;
    private final AccessCollector collector;
    private final SyncFree syncFree;
    private final LockResolver locks;
    private final InstanceKeys instanceKeys;
    private final Unpublished unpublished;
    private final ArgumentTargets arguments;
    private final SemaphoreUse semaphores;
    private final Map<Key, Result> memo = new HashMap<>();
    private final MemoryBudget memory;
    /** Under memory pressure: per thread and function, the join of the entry states met since. */
    private final Map<FnKey, LocalState> joinedEntries = new HashMap<>();
    private final Set<Key> inProgress = new HashSet<>();
    private final Map<ThreadId, List<LocalState>> creationStates = new HashMap<>();
    /** Join of the states at every point where a thread may terminate (return from its routine, pthread_exit). */
    private final Map<ThreadId, LocalState> endStates = new HashMap<>();
    private String incomplete;

    public ThreadWalker(Program program, PointsTo pts, ThreadGraph graph, IntervalCache intervals, Regions regions,
                        LockResolver locks, AccessCollector collector) {
        this(program, pts, graph, intervals, regions, locks, collector, MemoryBudget.NONE);
    }

    /** A walker that keeps fewer calling contexts once {@code memory} is exceeded. */
    public ThreadWalker(Program program, PointsTo pts, ThreadGraph graph, IntervalCache intervals, Regions regions,
                        LockResolver locks, AccessCollector collector, MemoryBudget memory) {
        this.memory = memory;
        this.program = program;
        this.pts = pts;
        this.graph = graph;
        this.intervals = intervals;
        this.collector = collector;
        this.syncFree = new SyncFree(program, pts);
        this.locks = locks;
        TidCells tids = new TidCells(program, pts, regions);
        AddressTaken addressTaken = new AddressTaken();
        JoinLoops joinLoops = new JoinLoops(program, graph, intervals, regions, tids, locks.objects(), addressTaken);
        this.unpublished = new Unpublished(program, pts, addressTaken);
        this.arguments = new ArgumentTargets(pts, addressTaken);
        this.semaphores = new SemaphoreUse(program, locks);
        this.instanceKeys = new InstanceKeys(program, graph, joinLoops, addressTaken, unpublished);
        this.transfer = new Transfer(program, graph, regions, locks, tids, joinLoops, addressTaken, new ExternalReach(pts));
    }

    /** Functions given one joined context because the memory budget was exceeded. */
    public int joinedContexts() {
        return joinedEntries.size();
    }

    /** Calling contexts analysed so far: (thread, function, entry state) triples with a fixpoint. */
    public int contexts() {
        return memo.size();
    }

    /** Why the analysis may have missed behaviour (then race freedom cannot be claimed), or null. */
    public String incompleteReason() {
        return incomplete;
    }

    /**
     * Threads {@code t} has certainly joined whenever it terminates; empty if it may terminate in a way
     * not seen (then nothing is claimed).
     */
    public Set<ThreadId> joinedAtEnd(ThreadId t) {
        LocalState end = endStates.get(t);
        return end == null ? Set.of() : end.threads().joined();
    }

    /** Which semaphores were seen used as mutexes (complete once every thread has been walked). */
    public SemaphoreUse semaphores() {
        return semaphores;
    }

    /** Which threads' instances get distinct arguments (for exclusion rules). */
    public InstanceKeys instanceKeys() {
        return instanceKeys;
    }

    /** States in which the creating thread executed the create statement of {@code child}. */
    public List<LocalState> creationStates(ThreadId child) {
        return creationStates.getOrDefault(child, List.of());
    }

    public void walk(ThreadId t, Sink sink) {
        Function f = program.function(t.routine());
        if (f == null) return;
        LocalState init = LocalState.INITIAL;
        LocalState exit = analyse(t, f, init);
        if (exit != null) endStates.merge(t, exit, LocalState::join);
        try {
            Map<CollectKey, Set<ArgumentTargets.Binding>> reach = new HashMap<>();
            bindings(t, f, init, 0L, ArgumentTargets.Binding.NONE, new HashSet<>(), reach);
            Set<CollectKey> visited = new HashSet<>();
            collect(t, f, init, 0L, reach, visited, sink);
            // thread-specific data destructors run as the thread ends, before a join returns
            LocalState end = endStates.get(t);
            if (end == null) return;
            for (Function d : graph.destructors()) {
                LocalState entry = calleeEntry(d, end);
                if (!syncFree.test(d)) analyse(t, d, entry);
                collect(t, d, entry, 0L, reach, visited, sink);
            }
        } finally {
            flat.clear();
        }
    }

    private LocalState analyse(ThreadId t, Function f, LocalState entry) {
        Key key = new Key(t, f.linkName(), entry);
        Result done = memo.get(key);
        if (done != null) return done.exit();
        if (!inProgress.add(key)) {
            incomplete = "recursive function " + f.name() + " performs synchronisation";
            return entry;
        }
        Cfg cfg = f.cfg();
        LocalState[] st = new LocalState[cfg.nodeCount()];
        int[] updates = new int[cfg.nodeCount()];
        st[cfg.entry()] = entry;
        ArrayDeque<Integer> work = new ArrayDeque<>();
        BitSet queued = new BitSet();
        work.add(cfg.entry());
        queued.set(cfg.entry());
        while (!work.isEmpty()) {
            if (Thread.currentThread().isInterrupted()) throw new AnalysisInterrupted();
            int n = work.poll();
            queued.clear(n);
            for (Edge e : cfg.out(n)) {
                if (!intervals.reachable(f, e.to())) continue;
                LocalState next = step(t, f, e, st[n]);
                if (next == null) continue;
                LocalState merged = st[e.to()] == null ? next : st[e.to()].join(next);
                if (!merged.equals(st[e.to()])) {
                    // the path facts of the lockset need not settle monotonically: after many updates of
                    // a node they are dropped there, and the rest of the state is a finite-height lattice
                    if (++updates[e.to()] > MAX_UPDATES_WITH_PATH_FACTS) merged = merged.withLocks(merged.locks().withoutLocalFacts());
                    if (merged.equals(st[e.to()])) continue;
                    st[e.to()] = merged;
                    if (!queued.get(e.to())) {
                        queued.set(e.to());
                        work.add(e.to());
                    }
                }
            }
        }
        inProgress.remove(key);
        Result r = new Result(st, st[cfg.exit()], byReturn(f, st));
        memo.put(key, r);
        return r.exit();
    }

    /** Exit states by constant return value, if every feasible return returns a constant; else empty. */
    private Map<Long, LocalState> byReturn(Function f, LocalState[] st) {
        Map<Long, LocalState> out = new HashMap<>();
        for (Edge e : f.cfg().in(f.cfg().exit())) {
            if (st[e.from()] == null) continue;
            if (!(e.stmt() instanceof Stmt.Return r) || constant(r.value()) == null) return Map.of();
            out.merge(constant(r.value()), st[e.from()], LocalState::join);
        }
        return out;
    }

    private static Long constant(weft.ir.Expr e) {
        while (e instanceof weft.ir.Expr.Cast c) e = c.operand();
        return e instanceof weft.ir.Expr.IntConst k ? k.value() : null;
    }

    private LocalState step(ThreadId t, Function f, Edge e, LocalState s) {
        if (s.split() != null) {
            if (e.stmt() instanceof Stmt.Skip) return s;
            if (e.stmt() instanceof Stmt.Assign a && a.lhs() instanceof weft.ir.Lvalue.Var to
                    && a.rhs() instanceof weft.ir.Expr.Load l && l.lvalue() instanceof weft.ir.Lvalue.Var from
                    && from.variable().equals(s.split().result()) && !transfer.addressTaken(f, to.variable())) {
                // "r = t" right after "t = f()": the split moves on to r.
                Map<Long, LocalState> moved = new HashMap<>();
                for (var en : s.split().byValue().entrySet()) moved.put(en.getKey(), transfer.apply(t, f, e, en.getValue()));
                LocalState joined = transfer.apply(t, f, e, s.withSplit(null));
                return joined.withSplit(new ReturnSplit(to.variable(), moved));
            }
            LocalState chosen = s.split() == null ? null : transfer.selectSplit(s, e.stmt());
            s = s.withSplit(null);
            if (chosen != null) return chosen == Transfer.INFEASIBLE ? null : transfer.apply(t, f, e, chosen);
        }
        if (e.stmt() instanceof Stmt.Call c) {
            List<Function> callees = userCallees(f, c);
            List<CallTarget> libs = pts.libraryCallees(c);
            if (callees != null && !libs.isEmpty()) return indirectCall(t, f, e, c, callees, libs, s);
            if (callees != null) {
                LocalState out = afterUserCall(t, f, e, c, callees, s);
                if (out != null && !callees.isEmpty() && onceFlag(f, e, c) == null && callees.size() == 1
                        && c.result() instanceof weft.ir.Lvalue.Var rv) {
                    ReturnSplit split = split(t, f, callees.get(0), s, c, rv.variable());
                    if (split != null) out = out.withSplit(split);
                }
                return out;
            }
            if (program.target(c) instanceof CallTarget.Library end && end.model().event() instanceof Event.ThreadExit) {
                endStates.merge(t, s, LocalState::join);
            }
            if (program.target(c) instanceof CallTarget.Library lib && lib.model().event() instanceof Event.ThreadCreate) {
                recordCreation(t, e, s);
            }
        }
        return transfer.apply(t, f, e, s);
    }

    /** Records {@code s} as a state in which {@code t} executes the create statement {@code e} (direct or through a pointer). */
    private void recordCreation(ThreadId t, Edge e, LocalState s) {
        for (ThreadId child : graph.childrenAt(t, e)) creationStates.computeIfAbsent(child, k -> new ArrayList<>()).add(s);
    }

    /** The state after a call of the user functions {@code callees} from state {@code s} (null if none returns). */
    private LocalState afterUserCall(ThreadId t, Function f, Edge e, Stmt.Call c, List<Function> callees, LocalState s) {
        if (callees.isEmpty()) {
            if (program.target(c) instanceof CallTarget.Indirect) incomplete = "call through a function pointer with no known target at " + c.loc();
            return transfer.afterCall(f, null, s, c, s, true);
        }
        Lock flag = onceFlag(f, e, c);
        LocalState caller = flag == null ? s : s.withOnce(s.onceDone(), flag);
        LocalState out = null;
        for (Function g : callees) {
            LocalState exit = callUser(t, g, caller);
            if (exit != null && flag != null) {
                Set<Lock> done = new HashSet<>(s.onceDone());
                done.add(flag);
                exit = exit.withOnce(done, s.inOnce());
            }
            if (exit == null) continue;
            LocalState after = transfer.afterCall(f, g, s, c, exit, syncFree.test(g));
            out = out == null ? after : out.join(after);
        }
        return out;
    }

    /**
     * The state after the call at {@code e} executed from {@code s}, without the bookkeeping of
     * {@link #step} (null if the call does not return).
     */
    private LocalState afterCallAt(ThreadId t, Function f, Edge e, LocalState s) {
        Stmt.Call c = (Stmt.Call) e.stmt();
        List<Function> callees = userCallees(f, c);
        List<CallTarget> libs = pts.libraryCallees(c);
        if (callees != null && !libs.isEmpty()) return indirectCall(t, f, e, c, callees, libs, s.withSplit(null));
        return callees != null ? afterUserCall(t, f, e, c, callees, s.withSplit(null)) : transfer.apply(t, f, e, s.withSplit(null));
    }

    /**
     * A call through a function pointer that may denote library or external functions as well as the user
     * functions {@code callees}: the join of the states after each possible target, each as if called
     * directly (a user function as in {@link #afterUserCall}, a library function as its model says, external
     * code as any external call: it may release every lock it reaches). A library target that ends the thread
     * ({@code pthread_exit}) records an end state, one that creates a thread records a creation state.
     */
    private LocalState indirectCall(ThreadId t, Function f, Edge e, Stmt.Call c, List<Function> callees, List<CallTarget> libs, LocalState s) {
        LocalState out = callees.isEmpty() ? null : afterUserCall(t, f, e, c, callees, s);
        for (CallTarget lt : libs) {
            LocalState after;
            if (lt instanceof CallTarget.Library lib) {
                if (lib.model().event() instanceof Event.ThreadExit) endStates.merge(t, s, LocalState::join);
                if (lib.model().event() instanceof Event.ThreadCreate) recordCreation(t, e, s);
                after = transfer.applyLibraryTarget(t, f, e, c, lib.model(), s);
            } else {
                after = transfer.applyExternalTarget(c, s);
            }
            if (after == null) continue;
            out = out == null ? after : out.join(after);
        }
        return out;
    }

    /** Snapshots after the call per constant return value of {@code g}, when it has several. */
    private ReturnSplit split(ThreadId t, Function caller, Function g, LocalState s, Stmt.Call c, weft.ir.Variable result) {
        if (syncFree.test(g) || transfer.addressTaken(caller, result)) return null;
        Result r = memo.get(new Key(t, g.linkName(), calleeEntry(g, s)));
        if (r == null || r.byReturn().size() < 2) return null;
        Map<Long, LocalState> snaps = new HashMap<>();
        for (var e : r.byReturn().entrySet()) {
            LocalState exit = e.getValue();
            if (LibraryModels.isAtomicFunction(g.name())) exit = exit.withAtomicDepth(exit.atomicDepth() - 1);
            snaps.put(e.getKey(), transfer.afterCall(caller, g, s, c, exit, false));
        }
        return new ReturnSplit(result, snaps);
    }

    /** The concrete once-flag of a {@code pthread_once} call, or null (not such a call, or flag not one object). */
    private Lock onceFlag(Function f, Edge e, Stmt.Call c) {
        if (!(program.target(c) instanceof CallTarget.Library lib) || !(lib.model().event() instanceof Event.Once o)
                || o.onceArg() >= c.args().size()) {
            return null;
        }
        LockResolver.Target target = locks.resolve(f, e.from(), c.args().get(o.onceArg()));
        return target.concrete() ? target.locks().iterator().next() : null;
    }

    /** User functions a call runs in this thread ({@code pthread_once} routines included); null if none apply. */
    private List<Function> userCallees(Function f, Stmt.Call c) {
        CallTarget target = program.target(c);
        if (target instanceof CallTarget.User || target instanceof CallTarget.Indirect) {
            return new ArrayList<>(pts.callees(f.linkName(), c));
        }
        if (target instanceof CallTarget.Library lib && lib.model().event() instanceof Event.Once) {
            return new ArrayList<>(pts.threadRoutines(f.linkName(), c));
        }
        return null;
    }

    private LocalState calleeEntry(Function g, LocalState s) {
        LocalState entry = s.withLocks(s.locks().withoutPending().withSymbolic(java.util.Set.of()).withoutLocalFacts());
        if (LibraryModels.isAtomicFunction(g.name())) entry = entry.withAtomicDepth(entry.atomicDepth() + 1);
        return entry;
    }

    private LocalState callUser(ThreadId t, Function g, LocalState s) {
        LocalState entry = calleeEntry(g, s);
        LocalState context = context(t, g, entry);
        LocalState exit = syncFree.test(g) ? entry : analyse(t, g, context);
        if (exit == null) return null;
        if (LibraryModels.isAtomicFunction(g.name())) exit = exit.withAtomicDepth(exit.atomicDepth() - 1);
        return exit;
    }

    /**
     * The entry state {@code g} is analysed with: {@code entry} itself, or under memory pressure the join
     * of every entry of {@code g} in {@code t} met since (see the class comment).
     */
    private LocalState context(ThreadId t, Function g, LocalState entry) {
        if (!memory.exceeded()) return entry;
        return joinedEntries.merge(new FnKey(t, g.linkName()), entry, LocalState::join);
    }

    /**
     * Reports the accesses of {@code f} entered with {@code entry}; those to objects the thread has
     * not published yet ({@link Unpublished}) are not shared and are left out, and so are those none of
     * the calling contexts reaching this walk allows ({@link ArgumentTargets}, {@code reach}).
     */
    private void collect(ThreadId t, Function f, LocalState entry, long freshParams, Map<CollectKey, Set<ArgumentTargets.Binding>> reach,
                         Set<CollectKey> visited, Sink sink) {
        Key key = keyOf(t, f, entry);
        CollectKey ck = new CollectKey(key, freshParams);
        if (!visited.add(ck)) return;
        Set<ArgumentTargets.Binding> bindings = reach.getOrDefault(ck, Set.of(ArgumentTargets.Binding.NONE));
        LocalState[] st = statesOf(f, key);
        Cfg cfg = f.cfg();
        for (int n = 0; n < cfg.nodeCount(); n++) {
            LocalState s = st[n];
            if (s == null) continue;
            for (Edge e : cfg.out(n)) {
                if (!intervals.reachable(f, e.to())) continue;
                semaphores.visit(t, f, e, s);
                for (MemoryAccess a : collector.accesses(f, e)) {
                    if (!unpublished.covers(f, freshParams, e, a) && arguments.keeps(f, bindings, a)) sink.access(t, f, e, s, a);
                }
                List<MemoryAccess> result = collector.resultAccesses(f, e);
                if (!result.isEmpty()) {
                    // the result is written after the call returned (a lock the callee released is no
                    // longer held, a thread it created may run); finding where it goes is unsequenced
                    // with the call, so those reads get what holds both before and after it
                    LocalState post = afterCallAt(t, f, e, s);
                    for (MemoryAccess a : result) {
                        LocalState at = a.write() ? post : post == null ? s : s.join(post);
                        if (at != null && !unpublished.covers(f, freshParams, e, a) && arguments.keeps(f, bindings, a)) {
                            sink.access(t, f, e, at, a);
                        }
                    }
                }
                callees(t, f, e, s, freshParams, (g, ge, mask, binds) -> collect(t, g, ge, mask, reach, visited, sink));
            }
        }
    }

    /** A collected walk in the binding of a calling context (for {@link #bindings}). */
    private record BoundKey(CollectKey key, ArgumentTargets.Binding binding) {}

    /**
     * Adds to {@code reach}, for each walk {@link #collect} will make from {@code f}, the bindings of the calling
     * contexts that enter it ({@link ArgumentTargets}): only call edges are visited. A walk already entered without a
     * binding is not visited again with one: everything it and its callees could leave out is kept anyway (a
     * caller without a binding gives each callee the widest binding of its arguments).
     */
    private void bindings(ThreadId t, Function f, LocalState entry, long freshParams, ArgumentTargets.Binding b,
                          Set<BoundKey> seen, Map<CollectKey, Set<ArgumentTargets.Binding>> reach) {
        CollectKey ck = new CollectKey(keyOf(t, f, entry), freshParams);
        Set<ArgumentTargets.Binding> known = reach.computeIfAbsent(ck, k -> new HashSet<>());
        if (known.contains(ArgumentTargets.Binding.NONE) || !seen.add(new BoundKey(ck, b))) return;
        known.add(b);
        LocalState[] st = statesOf(f, ck.key());
        Cfg cfg = f.cfg();
        for (int n = 0; n < cfg.nodeCount(); n++) {
            LocalState s = st[n];
            if (s == null) continue;
            for (Edge e : cfg.out(n)) {
                if (!(e.stmt() instanceof Stmt.Call) || !intervals.reachable(f, e.to())) continue;
                callees(t, f, e, s, freshParams, (g, ge, mask, binds) -> bindings(t, g, ge, mask,
                        binds ? arguments.bind(t, f, b, e, g) : ArgumentTargets.Binding.NONE, seen, reach));
            }
        }
    }

    /** What {@link #callees} hands on: a user function the call runs, its entry state, its unpublished mask. */
    private interface CalleeVisit {
        void visit(Function g, LocalState entry, long freshMask, boolean binds);
    }

    /**
     * Each user function the call at {@code e} (from state {@code s}) runs in this thread, with its entry state and the
     * parameters that receive unpublished objects; {@code binds} says whether its parameters are the call's arguments
     * (not a once-routine's) and calling contexts may be told apart (not under memory pressure).
     */
    private void callees(ThreadId t, Function f, Edge e, LocalState s, long freshParams, CalleeVisit visit) {
        if (!(e.stmt() instanceof Stmt.Call c)) return;
        List<Function> callees = userCallees(f, c);
        if (callees == null) return;
        Lock flag = onceFlag(f, e, c);
        LocalState caller = flag == null ? s : s.withOnce(s.onceDone(), flag);
        boolean binds = !(program.target(c) instanceof CallTarget.Library) && !memory.exceeded();
        for (Function g : callees) visit.visit(g, calleeEntry(g, caller), unpublished.calleeMask(f, freshParams, e, g), binds);
    }

    /**
     * The context {@code f} entered with {@code entry} is collected in: its own, or, for an entry met under memory
     * pressure (or a synchronisation-free function's entry that the joined context covers), the joined one.
     */
    private Key keyOf(ThreadId t, Function f, LocalState entry) {
        Key key = new Key(t, f.linkName(), entry);
        if (memo.containsKey(key)) return key;
        LocalState joined = joinedEntries.get(new FnKey(t, f.linkName()));
        return joined != null && joined.join(entry).equals(joined) ? new Key(t, f.linkName(), joined) : key;
    }

    /** The states of {@code f}'s walk in context {@code key}: the fixpoint's, or the entry's everywhere when there is none. */
    private LocalState[] statesOf(Function f, Key key) {
        Result r = memo.get(key);
        return r != null ? r.states() : flat.computeIfAbsent(key, k -> flatStates(f, k.entry()));
    }

    /** During one {@link #walk}: the states of synchronisation-free walks, which {@link #bindings} and {@link #collect} both read. */
    private final Map<Key, LocalState[]> flat = new HashMap<>();

    /** States of a synchronisation-free function: the entry state at every node reachable from its entry. */
    private LocalState[] flatStates(Function f, LocalState entry) {
        Cfg cfg = f.cfg();
        LocalState[] st = new LocalState[cfg.nodeCount()];
        ArrayDeque<Integer> work = new ArrayDeque<>();
        st[cfg.entry()] = entry;
        work.add(cfg.entry());
        while (!work.isEmpty()) {
            int n = work.poll();
            for (Edge e : cfg.out(n)) {
                if (st[e.to()] != null || !intervals.reachable(f, e.to())) continue;
                st[e.to()] = entry;
                work.add(e.to());
            }
        }
        return st;
    }

    /** Thrown when the analysing thread is interrupted (timeout). */
    public static final class AnalysisInterrupted extends RuntimeException {
        public AnalysisInterrupted() {
            super("interrupted");
        }
    }
}
