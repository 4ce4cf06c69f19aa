package weft.modular;

import weft.ir.CallTarget;
import weft.ir.Cfg;
import weft.ir.Edge;
import weft.ir.Function;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.lock.Lock;
import weft.lock.LockResolver;
import weft.model.Event;
import weft.model.LibraryModels;
import weft.pointer.PointsTo;
import weft.thread.ThreadGraph;
import weft.thread.ThreadId;
import weft.value.IntervalCache;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The thread-modular dataflow analysis of {@link LocalState} in calling contexts: each function of a thread
 * is analysed once per distinct entry state (like Goblint's digest contexts), its fixpoint kept for the walk
 * that reports accesses ({@link ThreadWalker}).
 *
 * <p><b>Recursion.</b> A call of a context that is still being analysed (a recursive call with the same entry
 * state) returns the exit assumed for it so far, at first none (bottom: the call does not return yet), and every
 * analysis records the contexts in progress whose assumption it used (directly, or through a result that did). A
 * context whose analysis ends with an exit its assumption does not cover has its assumption grown to the join of
 * both. The outermost context of a recursion (whose result used no assumption but its own) is then analysed again,
 * after dropping every result completed since it started; a context inside it marks the contexts whose assumptions it
 * used for another round instead, which pass the mark outwards, so a recursion through many functions costs a few
 * rounds of the whole, not rounds within rounds. Sound: an assumption that grows marks a context in progress that
 * started before every analysis that may have used the old one, and whose next round drops them all; so the
 * outermost context stops only after a round in which no assumption grew, each context's exit in that round is
 * covered by its assumption, which makes the assumptions a post-fixpoint of the recursive equations, and every state
 * of that round over-approximates every state of the real recursive runs (Kleene iteration over the
 * finite-height lattice of {@link LocalState}, whose path facts are dropped after
 * {@link #MAX_UPDATES_WITH_PATH_FACTS} updates of a node). After {@link #MAX_RECURSION_ROUNDS} rounds without that,
 * or when a chain of recursive calls keeps changing the entry state (more than {@link #MAX_RECURSIVE_CONTEXTS}
 * contexts of one function in progress), the analysis records a gap: race freedom is not claimed.
 *
 * <p><b>Fewer contexts under memory pressure.</b> Once the {@link MemoryBudget} is exceeded, each
 * function of a thread gets one context: the join of every entry state it is called with from then on
 * (analysed again whenever the join grows: a finite ascending chain), and its accesses are collected
 * once, with the states of that join. Sound because the join over-approximates each entry it replaces
 * (fewer must-locks, more created threads, fewer joined ones) and the analysis from a larger entry gives
 * larger states at every node, so an exclusion that holds for them holds for each real entry; every
 * entry met after the limit tripped is in the join, and those met before keep their own precise
 * results. A synchronisation-free function still returns its real entry state to its caller.
 *
 * <p>Assumes: every function a thread may run is reached through {@code CallGraph} (a call with no known
 * target or a non-local jump is a recorded gap); a function skipped as {@link SyncFree} neither synchronises
 * nor ends the thread, so the states at every {@code pthread_exit} are among the end states
 * ({@link #joinedAtEnd}; audit fix, probe p07).
 */
final class ContextFixpoint {
    /** A function of a thread entered with a state. */
    record Key(ThreadId thread, String function, LocalState entry) {}

    /** A function in a thread, for its joined context under memory pressure. */
    private record FnKey(ThreadId thread, String function) {}

    private record Result(LocalState[] states, LocalState exit, Map<Long, LocalState> byReturn) {}

    /** An analysis in progress, with the contexts in progress whose assumption it used. */
    private record Frame(Key key, Set<Key> assumed) {}

    /** Updates of one node's state after which its lockset's path facts are dropped (termination). */
    private static final int MAX_UPDATES_WITH_PATH_FACTS = 32;
    /** Rounds of a recursive context's analysis before its exit is given up (a gap). */
    static final int MAX_RECURSION_ROUNDS = 16;
    /** Contexts of one function in progress at once before a chain of recursive calls is given up (a gap). */
    static final int MAX_RECURSIVE_CONTEXTS = 8;
    /** Levels of nested atomic functions counted (see {@link #entersAtomic}). */
    static final int MAX_ATOMIC_DEPTH = 4;

    private final Program program;
    private final PointsTo pts;
    private final ThreadGraph graph;
    private final IntervalCache intervals;
    private final Transfer transfer;
    private final SyncFree syncFree;
    private final LockResolver locks;
    private final MemoryBudget memory;
    private final Map<Key, Result> memo = new HashMap<>();
    /** The keys of {@link #memo} in the order their analyses completed (a recursion's round drops those since it started). */
    private final List<Key> completed = new ArrayList<>();
    /** For results of {@link #memo} computed with the assumption of contexts then in progress: those contexts. */
    private final Map<Key, Set<Key>> assumedBy = new HashMap<>();
    /** The analyses in progress, innermost first, each with the contexts in progress whose assumption it used. */
    private final ArrayDeque<Frame> frames = new ArrayDeque<>();

    /** The exit each recursive context's recursive calls assume (absent: none yet, bottom); it only grows. */
    private final Map<Key, LocalState> assumptions = new HashMap<>();
    /** Outermost contexts in progress to analyse again: an assumption of a context inside them grew. */
    private final Set<Key> dirty = new HashSet<>();

    /** Under memory pressure: per thread and function, the join of the entry states met since. */
    private final Map<FnKey, LocalState> joinedEntries = new HashMap<>();
    /** Contexts being analysed. */
    private final Set<Key> inProgress = new HashSet<>();
    /** Contexts in progress that were called recursively during their current round. */
    private final Set<Key> reentered = new HashSet<>();
    private final Map<ThreadId, List<LocalState>> creationStates = new HashMap<>();
    /** Join of the states at every point where a thread may terminate (return from its routine, pthread_exit). */
    private final Map<ThreadId, LocalState> endStates = new HashMap<>();
    private String incomplete;

    ContextFixpoint(Program program, PointsTo pts, ThreadGraph graph, IntervalCache intervals, Transfer transfer,
                    LockResolver locks, MemoryBudget memory) {
        this.program = program;
        this.pts = pts;
        this.graph = graph;
        this.intervals = intervals;
        this.transfer = transfer;
        this.syncFree = new SyncFree(program, pts);
        this.locks = locks;
        this.memory = memory;
    }

    /** Functions given one joined context because the memory budget was exceeded. */
    int joinedContexts() {
        return joinedEntries.size();
    }

    /** Calling contexts analysed so far: (thread, function, entry state) triples with a fixpoint. */
    int contexts() {
        return memo.size();
    }

    /** Why the analysis may have missed behaviour (then race freedom cannot be claimed), or null. */
    String incompleteReason() {
        return incomplete;
    }

    /** The join of the states in which {@code t} may terminate, or null if none was seen. */
    LocalState endState(ThreadId t) {
        return endStates.get(t);
    }

    /** States in which the creating thread executed the create statement of {@code child}. */
    List<LocalState> creationStates(ThreadId child) {
        return creationStates.getOrDefault(child, List.of());
    }

    ThreadGraph graph() {
        return graph;
    }

    SyncFree syncFree() {
        return syncFree;
    }

    /** Analyses thread {@code t} from its routine {@code f}'s entry, recording where it may end. */
    void analyseThread(ThreadId t, Function f) {
        LocalState exit = analyse(t, f, LocalState.INITIAL);
        if (exit != null) endStates.merge(t, exit, LocalState::join);
    }

    /**
     * The context {@code f} entered with {@code entry} is collected in: its own, or, for an entry met under memory
     * pressure (or a synchronisation-free function's entry that the joined context covers), the joined one.
     */
    Key keyOf(ThreadId t, Function f, LocalState entry) {
        Key key = new Key(t, f.linkName(), entry);
        if (memo.containsKey(key)) return key;
        LocalState joined = joinedEntries.get(new FnKey(t, f.linkName()));
        return joined != null && joined.join(entry).equals(joined) ? new Key(t, f.linkName(), joined) : key;
    }

    /** The fixpoint's states of the context {@code key}, or null if it has none (a synchronisation-free function). */
    LocalState[] states(Key key) {
        Result r = memo.get(key);
        return r == null ? null : r.states();
    }

    /**
     * The exit state of {@code f} analysed from {@code entry} (null if it never returns); for a context in progress
     * (recursion), the exit assumed so far (see the class comment).
     */
    LocalState analyse(ThreadId t, Function f, LocalState entry) {
        Key key = new Key(t, f.linkName(), entry);
        Result done = memo.get(key);
        if (done != null) {
            Set<Key> used = assumedBy.get(key);
            if (used != null && !frames.isEmpty()) {
                for (Key k : used) if (inProgress.contains(k)) frames.peek().assumed().add(k);
            }
            return done.exit();
        }
        if (inProgress.contains(key)) {
            reentered.add(key);
            if (!frames.isEmpty()) frames.peek().assumed().add(key);
            return assumptions.get(key);
        }
        if (inProgress.stream().filter(k -> k.thread().equals(t) && k.function().equals(key.function())).count()
                >= MAX_RECURSIVE_CONTEXTS) {
            incomplete = "recursive function " + f.name() + " is called in ever new synchronisation states";
            return entry;
        }
        inProgress.add(key);
        int start = completed.size();
        Frame frame = new Frame(key, new HashSet<>());
        frames.push(frame);
        try {
            for (int round = 1; ; round++) {
                LocalState[] st = fixpoint(t, f, entry);
                LocalState exit = st[f.cfg().exit()];
                LocalState assumed = assumptions.get(key);
                boolean grew = reentered.remove(key) && exit != null && (assumed == null || !assumed.join(exit).equals(assumed));
                if (grew) assumptions.put(key, assumed == null ? exit : assumed.join(exit));
                frame.assumed().remove(key);
                boolean inner = !frame.assumed().isEmpty();
                boolean stale = dirty.remove(key) | grew;
                if (stale && inner) dirty.addAll(frame.assumed());
                if (!stale || inner || round == MAX_RECURSION_ROUNDS) {
                    if (stale && !inner) {
                        incomplete = "recursive function " + f.name() + " performs synchronisation and its effect "
                                + "did not settle within " + MAX_RECURSION_ROUNDS + " rounds";
                    }
                    memo.put(key, new Result(st, exit, byReturn(f, st)));
                    completed.add(key);
                    if (inner) assumedBy.put(key, Set.copyOf(frame.assumed()));
                    return exit;
                }
                // an assumption grew: every result completed since this context started is computed again
                while (completed.size() > start) {
                    Key k = completed.remove(completed.size() - 1);
                    memo.remove(k);
                    assumedBy.remove(k);
                }
                frame.assumed().clear();
            }
        } finally {
            frames.pop();
            inProgress.remove(key);
            if (!frames.isEmpty()) {
                for (Key k : frame.assumed()) if (inProgress.contains(k)) frames.peek().assumed().add(k);
            }
        }
    }

    /** The states of {@code f}'s nodes from {@code entry}: one intraprocedural fixpoint, callees by their contexts. */
    private LocalState[] fixpoint(ThreadId t, Function f, LocalState entry) {
        Cfg cfg = f.cfg();
        LocalState[] st = new LocalState[cfg.nodeCount()];
        int[] updates = new int[cfg.nodeCount()];
        st[cfg.entry()] = entry;
        ArrayDeque<Integer> work = new ArrayDeque<>();
        BitSet queued = new BitSet();
        work.add(cfg.entry());
        queued.set(cfg.entry());
        while (!work.isEmpty()) {
            if (Thread.currentThread().isInterrupted()) throw new ThreadWalker.AnalysisInterrupted();
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
        return st;
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
                    ReturnSplit split = split(t, f, e.from(), callees.get(0), s, c, rv.variable());
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
            return transfer.afterCall(f, e.from(), null, s, c, s, true);
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
            LocalState after = transfer.afterCall(f, e.from(), g, s, c, exit, syncFree.test(g));
            out = out == null ? after : out.join(after);
        }
        return out;
    }

    /**
     * The state after the call at {@code e} executed from {@code s}, without the bookkeeping of
     * {@link #step} (null if the call does not return).
     */
    LocalState afterCallAt(ThreadId t, Function f, Edge e, LocalState s) {
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
    private ReturnSplit split(ThreadId t, Function caller, int node, Function g, LocalState s, Stmt.Call c, weft.ir.Variable result) {
        if (syncFree.test(g) || transfer.addressTaken(caller, result)) return null;
        Result r = memo.get(new Key(t, g.linkName(), calleeEntry(g, s)));
        if (r == null || r.byReturn().size() < 2) return null;
        Map<Long, LocalState> snaps = new HashMap<>();
        for (var e : r.byReturn().entrySet()) {
            LocalState exit = e.getValue();
            if (entersAtomic(g, s)) exit = exit.withAtomicDepth(exit.atomicDepth() - 1);
            snaps.put(e.getKey(), transfer.afterCall(caller, node, g, s, c, exit, false));
        }
        return new ReturnSplit(result, snaps);
    }

    /** The concrete once-flag of a {@code pthread_once} call, or null (not such a call, or flag not one object). */
    Lock onceFlag(Function f, Edge e, Stmt.Call c) {
        if (!(program.target(c) instanceof CallTarget.Library lib) || !(lib.model().event() instanceof Event.Once o)
                || o.onceArg() >= c.args().size()) {
            return null;
        }
        LockResolver.Target target = locks.resolve(f, e.from(), c.args().get(o.onceArg()));
        return target.concrete() ? target.locks().iterator().next() : null;
    }

    /** User functions a call runs in this thread ({@code pthread_once} routines included); null if none apply. */
    List<Function> userCallees(Function f, Stmt.Call c) {
        CallTarget target = program.target(c);
        if (target instanceof CallTarget.User || target instanceof CallTarget.Indirect) {
            return new ArrayList<>(pts.callees(f.linkName(), c));
        }
        if (target instanceof CallTarget.Library lib && lib.model().event() instanceof Event.Once) {
            return new ArrayList<>(pts.threadRoutines(f.linkName(), c));
        }
        return null;
    }

    /**
     * Whether calling {@code g} from {@code s} counts one more level of atomic functions: {@code g} is a
     * {@code __VERIFIER_atomic_*} function and the caller is fewer than {@link #MAX_ATOMIC_DEPTH} levels deep. Deeper
     * calls run inside an atomic function anyway, so the depth stays (and is not taken off on return): a recursive
     * atomic function then has finitely many entry states.
     */
    private static boolean entersAtomic(Function g, LocalState s) {
        return LibraryModels.isAtomicFunction(g.name()) && s.atomicDepth() < MAX_ATOMIC_DEPTH;
    }

    LocalState calleeEntry(Function g, LocalState s) {
        LocalState entry = s.withLocks(s.locks().withoutPending().withSymbolic(java.util.Set.of()).withoutLocalFacts());
        // a pending try names a local of the caller's activation: the callee's own (recursion) is another
        if (!s.threads().tries().isEmpty()) entry = entry.withThreads(s.threads().withTries(java.util.Map.of()));
        if (entersAtomic(g, s)) entry = entry.withAtomicDepth(entry.atomicDepth() + 1);
        return entry;
    }

    private LocalState callUser(ThreadId t, Function g, LocalState s) {
        LocalState entry = calleeEntry(g, s);
        LocalState context = context(t, g, entry);
        LocalState exit = syncFree.test(g) ? entry : analyse(t, g, context);
        if (exit == null) return null;
        if (entersAtomic(g, s)) exit = exit.withAtomicDepth(exit.atomicDepth() - 1);
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
}
