package weft.modular;

import weft.access.AccessCollector;
import weft.access.MemoryAccess;
import weft.escape.Unpublished;
import weft.ir.CallTarget;
import weft.ir.Cfg;
import weft.ir.Edge;
import weft.ir.Function;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.lock.Lock;
import weft.thread.InstanceKeys;
import weft.thread.ThreadId;
import weft.value.IntervalCache;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Runs the thread-modular dataflow analysis of each abstract thread ({@link ContextFixpoint}: a forward analysis
 * of {@link LocalState} over the thread's code, interprocedural with the entry state as calling context), then
 * a second pass that reports every memory access with the final state at its statement. Reporting only
 * after the fixpoint matters: intermediate states of the iteration hold too many must-locks. The write
 * of a call's result ({@code g = f();}) is reported with the state after the call, the reads that
 * locate it with the join of the states before and after: a lock the callee (or the library call)
 * released is not held there, whatever the caller held before.
 *
 * <p>Assumes what {@link ContextFixpoint} assumes; an access is left out only for an object the thread has not
 * published yet ({@link Unpublished}) or one no calling context reaching it allows ({@link ArgumentTargets}).
 */
public final class ThreadWalker {
    /** Receives each access with its thread, statement and state. */
    public interface Sink {
        void access(ThreadId thread, Function function, Edge edge, LocalState state, MemoryAccess access);
    }

    /** A function's walk in a calling context, with the parameters that receive unpublished objects. */
    private record CollectKey(ContextFixpoint.Key key, long freshParams) {}

    private final Program program;
    private final IntervalCache intervals;
    private final AccessCollector collector;
    private final ContextFixpoint contexts;
    private final InstanceKeys instanceKeys;
    private final weft.thread.RecordJoins recordJoins;
    private final weft.thread.ChildJoins childJoins;
    private final weft.thread.JoinTrees joinTrees;
    private final weft.thread.Tickets tickets;
    private final weft.thread.SlotMasks slots;
    private final Unpublished unpublished;
    private final ArgumentTargets arguments;
    private final ThreadVarargs varargs;
    private final SemaphoreUse semaphores;
    private final MemoryBudget memory;

    /** A walker over {@code facts} that keeps fewer calling contexts once {@code memory} is exceeded. */
    public ThreadWalker(ProgramFacts facts, AccessCollector collector, MemoryBudget memory) {
        this.memory = memory;
        this.program = facts.program();
        this.intervals = facts.intervals();
        this.collector = collector;
        this.unpublished = facts.unpublished();
        this.arguments = new ArgumentTargets(facts.pts(), facts.addressTaken());
        this.semaphores = new SemaphoreUse(program, facts.locks());
        this.instanceKeys = facts.instanceKeys();
        this.recordJoins = facts.recordJoins();
        this.childJoins = facts.childJoins();
        this.joinTrees = facts.joinTrees();
        this.tickets = facts.tickets();
        this.slots = facts.slots();
        Transfer transfer = new Transfer(program, facts.graph(), facts.regions(), facts.locks(), facts.tids(), facts.joinLoops(),
                facts.joinTrees(), facts.counterJoins(), facts.publicationFlags(), facts.stopFlags(), facts.addressTaken(), facts.externalReach());
        this.contexts = new ContextFixpoint(program, facts.pts(), facts.graph(), intervals, transfer, facts.locks(), memory);
        this.varargs = new ThreadVarargs(program, facts.pts(), facts.addressTaken(), facts.graph(), contexts::userCallees);
    }

    /** Functions given one joined context because the memory budget was exceeded. */
    public int joinedContexts() {
        return contexts.joinedContexts();
    }

    /** Calling contexts analysed so far: (thread, function, entry state) triples with a fixpoint. */
    public int contexts() {
        return contexts.contexts();
    }

    /** Why the analysis may have missed behaviour (then race freedom cannot be claimed), or null. */
    public String incompleteReason() {
        return contexts.incompleteReason();
    }

    /**
     * Threads {@code t} has certainly joined whenever it terminates; empty if it may terminate in a way
     * not seen (then nothing is claimed).
     */
    public Set<ThreadId> joinedAtEnd(ThreadId t) {
        LocalState end = contexts.endState(t);
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

    /** Per-thread records joined one by one in a join loop (for exclusion rules). */
    public weft.thread.RecordJoins recordJoins() {
        return recordJoins;
    }

    /** Children created with an object of their creator's and joined by it (for exclusion rules). */
    /** The join trees over id arrays ({@link weft.thread.JoinTrees}). */
    public weft.thread.JoinTrees joinTrees() {
        return joinTrees;
    }

    public weft.thread.ChildJoins childJoins() {
        return childJoins;
    }

    /** Indices handed out by a counter under a lock (for exclusion rules). */
    public weft.thread.Tickets tickets() {
        return tickets;
    }

    /** Slots handed to threads through a bitmask under a lock (for exclusion rules). */
    public weft.thread.SlotMasks slots() {
        return slots;
    }

    /** States in which the creating thread executed the create statement of {@code child}. */
    public List<LocalState> creationStates(ThreadId child) {
        return contexts.creationStates(child);
    }

    public void walk(ThreadId t, Sink sink) {
        Function f = program.function(t.routine());
        if (f == null) return;
        LocalState init = LocalState.INITIAL;
        contexts.analyseThread(t, f);
        try {
            Map<CollectKey, Set<ArgumentTargets.Binding>> reach = new HashMap<>();
            bindings(t, f, init, 0L, arguments.bindThread(t, f, program), new HashSet<>(), reach);
            Set<CollectKey> visited = new HashSet<>();
            collect(t, f, init, 0L, reach, visited, sink);
            // thread-specific data destructors run as the thread ends, before a join returns
            LocalState end = contexts.endState(t);
            if (end == null) return;
            for (Function d : contexts.graph().destructors()) {
                LocalState entry = contexts.calleeEntry(d, end);
                if (!contexts.syncFree().test(d)) contexts.analyse(t, d, entry);
                collect(t, d, entry, 0L, reach, visited, sink);
            }
        } finally {
            flat.clear();
        }
    }

    /**
     * Reports the accesses of {@code f} entered with {@code entry}; those to objects the thread has
     * not published yet ({@link Unpublished}) are not shared and are left out, and so are those none of
     * the calling contexts reaching this walk allows ({@link ArgumentTargets}, {@code reach}).
     */
    private void collect(ThreadId t, Function f, LocalState entry, long freshParams, Map<CollectKey, Set<ArgumentTargets.Binding>> reach,
                         Set<CollectKey> visited, Sink sink) {
        if (Thread.currentThread().isInterrupted()) throw new AnalysisInterrupted();
        ContextFixpoint.Key key = contexts.keyOf(t, f, entry);
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
                    if (kept(t, f, freshParams, bindings, e, a)) sink.access(t, f, e, s, a);
                }
                List<MemoryAccess> result = collector.resultAccesses(f, e);
                if (!result.isEmpty()) {
                    // the result is written after the call returned (a lock the callee released is no
                    // longer held, a thread it created may run); finding where it goes is unsequenced
                    // with the call, so those reads get what holds both before and after it
                    LocalState post = contexts.afterCallAt(t, f, e, s);
                    for (MemoryAccess a : result) {
                        LocalState at = a.write() ? post : post == null ? s : s.join(post);
                        if (at != null && kept(t, f, freshParams, bindings, e, a)) {
                            sink.access(t, f, e, at, a);
                        }
                    }
                }
                callees(t, f, e, s, freshParams, (g, ge, mask, binds) -> collect(t, g, ge, mask, reach, visited, sink));
            }
        }
    }

    /**
     * Whether access {@code a} of {@code f} at {@code e} is reported: not to an object the thread has not published yet
     * ({@link Unpublished}), allowed by some calling context reaching the walk ({@link ArgumentTargets}), and, through a
     * {@code va_list} of the thread's own, to what the thread's variadic arguments may point to ({@link ThreadVarargs}).
     */
    private boolean kept(ThreadId t, Function f, long freshParams, Set<ArgumentTargets.Binding> bindings, Edge e, MemoryAccess a) {
        return !unpublished.covers(f, freshParams, e, a.lvalue(), a.pointer()) && arguments.keeps(f, bindings, e, a) && varargs.keeps(t, f, a);
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
        if (Thread.currentThread().isInterrupted()) throw new AnalysisInterrupted();
        CollectKey ck = new CollectKey(contexts.keyOf(t, f, entry), freshParams);
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
        List<Function> callees = contexts.userCallees(f, c);
        if (callees == null) return;
        Lock flag = contexts.onceFlag(f, e, c);
        LocalState caller = flag == null ? s : s.withOnce(s.onceDone(), flag);
        boolean binds = !(program.target(c) instanceof CallTarget.Library) && !memory.exceeded();
        for (Function g : callees) visit.visit(g, contexts.calleeEntry(g, caller), unpublished.calleeMask(f, freshParams, e, g), binds);
    }

    /** The states of {@code f}'s walk in context {@code key}: the fixpoint's, or the entry's everywhere when there is none. */
    private LocalState[] statesOf(Function f, ContextFixpoint.Key key) {
        LocalState[] st = contexts.states(key);
        return st != null ? st : flat.computeIfAbsent(key, k -> flatStates(f, k.entry()));
    }

    /** During one {@link #walk}: the states of synchronisation-free walks, which {@link #bindings} and {@link #collect} both read. */
    private final Map<ContextFixpoint.Key, LocalState[]> flat = new HashMap<>();

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
