package weft.modular;

import weft.access.Region;
import weft.access.Regions;
import weft.access.SymbolicBase;
import weft.ir.AddressTaken;
import weft.ir.CallTarget;
import weft.ir.Edge;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.Lvalue;
import weft.ir.Program;
import weft.ir.Reassigned;
import weft.ir.Stmt;
import weft.ir.Variable;
import weft.lock.ExternalReach;
import weft.lock.Lock;
import weft.lock.LockResolver;
import weft.lock.LockState;
import weft.lock.Release;
import weft.lock.SymbolicLock;
import weft.model.Event;
import weft.pointer.Loc;
import weft.thread.CounterJoins;
import weft.thread.StopFlags;
import weft.thread.JoinLoops;
import weft.thread.PublicationFlags;
import weft.thread.ThreadEvents;
import weft.thread.ThreadGraph;
import weft.thread.ThreadId;
import weft.thread.TidCells;

import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The effect of one statement (other than a call into user code) on the thread-modular state: lock
 * and unlock (with rwlock modes; trylock results become pending until a branch tests them), atomic
 * sections, thread creation (children and the id cells they are stored in) and join (a unique thread
 * whose id is certainly the one in the joined cell); an external function may release what it can reach
 * ({@link ExternalReach}). Returns null when the statement ends the path
 * ({@code exit}, {@code abort}, {@code pthread_exit}).
 */
final class Transfer {
    private final Program program;
    private final ThreadGraph graph;
    private final Regions regions;
    private final LockResolver locks;
    private final TidCells tids;
    private final JoinLoops joinLoops;
    private final weft.thread.JoinTrees joinTrees;
    private final CounterJoins counterJoins;
    private final PublicationFlags flags;
    private final StopFlags stops;
    private final AddressTaken addressTaken;
    private final ExternalReach external;
    private final Reassigned reassigned = new Reassigned();

    Transfer(Program program, ThreadGraph graph, Regions regions, LockResolver locks, TidCells tids, JoinLoops joinLoops,
             weft.thread.JoinTrees joinTrees, CounterJoins counterJoins, PublicationFlags flags, StopFlags stops, AddressTaken addressTaken, ExternalReach external) {
        this.program = program;
        this.graph = graph;
        this.regions = regions;
        this.locks = locks;
        this.tids = tids;
        this.joinLoops = joinLoops;
        this.joinTrees = joinTrees;
        this.counterJoins = counterJoins;
        this.flags = flags;
        this.stops = stops;
        this.addressTaken = addressTaken;
        this.external = external;
    }

    LocalState apply(ThreadId t, Function f, Edge e, LocalState s) {
        Stmt stmt = e.stmt();
        if (stmt instanceof Stmt.Assign a) {
            LocalState r = stopWrite(overwrite(s, a.lhs()), e);
            // a copy of a pending try's result (int r = pthread_tryjoin_np(..) goes through a temporary) tests the same
            Variable copied = Expr.loadedVariable(a.rhs());
            ThreadId tried = r == null || copied == null ? null : s.threads().tries().get(copied);
            if (tried != null && a.lhs() instanceof Lvalue.Var x && !x.variable().isStatic() && !x.variable().threadLocal()
                    && !addressTaken(f, x.variable())) {
                r = r.withThreads(r.threads().withTry(x.variable(), tried));
            }
            Variable flag = flags.setAt(e);
            if (flag == null || r == null || r.flagsSet().contains(flag)) return r;
            Set<Variable> set = new java.util.HashSet<>(r.flagsSet());
            set.add(flag);
            return r.withFlags(r.flagsSeen(), set);
        }
        if (stmt instanceof Stmt.Decl d) return overwrite(s, new Lvalue.Var(d.variable()));
        // inline assembly may write locals without taking their address: what was known about them ends
        if (stmt instanceof Stmt.Asm) return s.withLocks(s.locks().withoutLocalFacts().withoutPending().withSymbolic(Set.of()));
        if (stmt instanceof Stmt.Assume a) {
            LocalState r = assume(f, s, a);
            if (r == null) return null;
            r = stopObserved(t, f, e, r);
            Set<PublicationFlags.Flag> seen = flags.observedAt(f, e);
            if (!seen.isEmpty() && !r.flagsSeen().containsAll(seen)) {
                Set<PublicationFlags.Flag> now = new java.util.HashSet<>(r.flagsSeen());
                now.addAll(seen);
                r = r.withFlags(now, r.flagsSet());
            }
            Set<ThreadId> all = joinLoops.joinedAt(t, f, e);
            Set<ThreadId> counted = counterJoins.joinedAt(t, f, e);
            if (!counted.isEmpty()) {
                all = new java.util.LinkedHashSet<>(all);
                all.addAll(counted);
            }
            if (all.isEmpty()) return r;
            ThreadEvents te = r.threads();
            for (ThreadId c : all) te = te.withJoined(c);
            return r.withThreads(te);
        }
        if (stmt instanceof Stmt.Call c) {
            CallTarget target = program.target(c);
            if (target instanceof CallTarget.Library lib) return library(t, f, e, c, lib.model().event(), s);
            if (target instanceof CallTarget.External) s = s.withLocks(external.after(s.locks()));
            return c.result() == null ? s : overwrite(s, c.result());
        }
        return s;
    }

    /**
     * The stop-flag facts after write {@code e} ({@link StopFlags}): a write of 0 clears the flag for this thread; a
     * nonzero write ends that and every drain of the flag this thread had seen.
     */
    private LocalState stopWrite(LocalState r, Edge e) {
        StopFlags.Write w = r == null ? null : stops.writeAt(e);
        if (w == null) return r;
        Set<StopFlags.Fact> now = new HashSet<>(r.stops());
        if (w.zero()) {
            now.add(new StopFlags.Cleared(w.flag()));
        } else {
            now.removeIf(x -> x instanceof StopFlags.Cleared c && c.flag().equals(w.flag())
                    || x instanceof StopFlags.Drained d && d.drain().flag().equals(w.flag()));
        }
        return now.equals(r.stops()) ? r : r.withStops(now);
    }

    /** The stop-flag facts after assume edge {@code e}: a worker's read of its flag set, a drainer's read of the count as 0. */
    private LocalState stopObserved(ThreadId t, Function f, Edge e, LocalState r) {
        Set<StopFlags.Drain> running = stops.runningAt(f, e);
        Set<StopFlags.Drain> zero = stops.zeroAt(f, e);
        if (running.isEmpty() && zero.isEmpty()) return r;
        Set<StopFlags.Fact> now = new HashSet<>(r.stops());
        for (StopFlags.Drain d : running) now.add(new StopFlags.Running(d));
        for (StopFlags.Drain d : zero) {
            if (r.stops().contains(new StopFlags.Cleared(d.flag())) && stops.mayDrain(t, d)) now.add(new StopFlags.Drained(d));
        }
        return now.equals(r.stops()) ? r : r.withStops(now);
    }

    /**
     * The state after a call through a function pointer runs library function {@code model} (one of the
     * pointer's possible targets), exactly as a direct call of it; null if it ends the path. Thread creation
     * through a pointer creates the children the thread graph has at this edge, as a direct create; once
     * through a pointer is an analysis gap ({@code CallGraph}), so it only overwrites the result here. The
     * caller joins these states over all targets: a must-lock released by any target is dropped, one acquired
     * by only some targets is not a must-lock ({@code LockState#join}), a child created by any target may
     * have been created ({@code ThreadEvents#join}).
     */
    LocalState applyLibraryTarget(ThreadId t, Function f, Edge e, Stmt.Call c, weft.model.LibraryModel model, LocalState s) {
        Event ev = model.event();
        if (ev instanceof Event.Once) return c.result() == null ? s : overwrite(s, c.result());
        return library(t, f, e, c, ev, s);
    }

    /**
     * The state after a call through a function pointer runs external code (one of its possible targets), as a
     * direct call of it: the code may release every lock it reaches ({@link ExternalReach}).
     */
    LocalState applyExternalTarget(Stmt.Call c, LocalState s) {
        LocalState r = s.withLocks(external.after(s.locks()));
        return c.result() == null ? r : overwrite(r, c.result());
    }

    /**
     * The caller's state after a user call returned in {@code exit}: the callee's locks (its exit state
     * is the state after the whole call, so a lock it released is not held by anything that follows,
     * the write of the call's result included, see {@link ThreadWalker}). The caller's pending
     * trylocks, symbolic and conditional locks survive only a call that performs no synchronisation:
     * else the callee might have released the lock they name (a trylock's success would then no longer
     * prove it held).
     */
    LocalState afterCall(Function caller, int node, Function callee, LocalState before, Stmt.Call c, LocalState exit, boolean syncFree) {
        Set<SymbolicLock> symbolic = syncFree ? before.locks().symbolic() : Set.of();
        if (callee != null && !exit.locks().symbolic().isEmpty()) symbolic = returned(caller, callee, c, exit.locks().symbolic(), symbolic);
        LockState l = new LockState(exit.locks().must(), syncFree ? before.locks().pending() : java.util.Map.of(),
                symbolic, before.locks().truths(), syncFree ? before.locks().conditional() : Set.of(), exit.locks().some());
        if (callee != null) {
            for (SymbolicLock sl : exit.locks().symbolic()) {
                LockResolver.Target k = argumentLock(caller, node, callee, c, sl);
                if (k != null) l = l.acquire(k.locks(), k.concrete(), sl.mode());
            }
        }
        LocalState s = exit.withLocks(l);
        // the caller's pending tries: the callee cannot assign the caller's locals (their address is never taken)
        s = s.withThreads(s.threads().withTries(before.threads().tries()));
        return c.result() == null ? s : overwrite(s, c.result());
    }

    /**
     * The symbolic locks a lock wrapper returns holding, named in the caller ({@code possess(p)} with
     * {@code possess(lock *l) { pthread_mutex_lock(&l->m); }} holds {@code p->m}): a lock of the callee
     * relative to a parameter it never assigns (so at its exit the parameter still has the argument's
     * value) becomes the same lock relative to the argument, when that is a caller local no pointer can
     * change ({@code p}, {@code &p->f}, {@code &a[i]}; an index parameter {@code &locks[i]} of a static
     * array maps to a local index argument). Locks relative to other callee locals end with the call.
     */
    private Set<SymbolicLock> returned(Function caller, Function callee, Stmt.Call c, Set<SymbolicLock> exit, Set<SymbolicLock> kept) {
        Set<SymbolicLock> out = new HashSet<>(kept);
        for (SymbolicLock l : exit) {
            Expr arg = argumentOf(callee, c, l);
            if (arg == null) continue;
            if (l.array() != null) {
                Variable j = SymbolicBase.indexVariable(arg);
                if (l.array().isStatic() && j != null && caller.linkName().equals(j.function()) && !addressTaken(caller, j)) {
                    out.add(new SymbolicLock(j, l.array(), l.offset(), l.pointee(), l.mode()));
                }
                continue;
            }
            SymbolicLock mapped = relativeTo(caller, arg, l);
            if (mapped != null) out.add(mapped);
        }
        return out;
    }

    /**
     * The lock a lock wrapper returns holding, relative to a parameter it never assigns ({@code possess(bolt)} locking
     * {@code &bolt->mutex}), resolved from the argument at the call ({@code possess(&threads_lock)},
     * {@code possess(compress_have)}): one lock at the argument's exact offset plus the lock's; {@code concrete} when the
     * argument denotes one lock that exists once, which the caller then holds as if it had locked it itself (at the
     * wrapper's exit the parameter still holds the argument, and {@link LockResolver} over-approximates what that points
     * to); otherwise it holds one instance of it ({@link LockState#some}, for ranking only). Null when the argument does
     * not resolve to a single lock.
     */
    private LockResolver.Target argumentLock(Function caller, int node, Function callee, Stmt.Call c, SymbolicLock l) {
        Expr arg = l.array() != null ? null : argumentOf(callee, c, l);
        if (arg == null) return null;
        LockResolver.Target t = locks.resolve(caller, node, arg);
        if (t.locks().size() != 1) return null;
        Lock base = t.locks().iterator().next();
        if (base.offset() == Lock.ANY_OFFSET) return null;
        return new LockResolver.Target(Set.of(LockResolver.lockAt(base.object(), base.offset() + l.offset())), t.concrete());
    }

    /**
     * The argument of call {@code c} (of a user function, directly or through a pointer) for the parameter of {@code callee}
     * that lock {@code l} is relative to, when the callee never assigns it nor takes its address (so at its exit the
     * parameter still holds the argument's value); else null.
     */
    private Expr argumentOf(Function callee, Stmt.Call c, SymbolicLock l) {
        CallTarget target = program.target(c);
        if (!(target instanceof CallTarget.User || target instanceof CallTarget.Indirect)) return null;
        int i = callee.params().indexOf(l.base());
        if (i < 0 || i >= c.args().size() || reassigned.in(callee, l.base()) || addressTaken(callee, l.base())) return null;
        return c.args().get(i);
    }

    /** Lock {@code l}, relative to the object pointer {@code arg} points to, as a lock of {@code caller}; or null. */
    private SymbolicLock relativeTo(Function caller, Expr arg, SymbolicLock l) {
        Expr p = arg;
        while (p instanceof Expr.Cast k && k.operand().type().isPointer()) p = k.operand();
        if (p instanceof Expr.Load ld && ld.lvalue() instanceof Lvalue.Var v && v.variable().type().isPointer()
                && !v.variable().isStatic() && caller.linkName().equals(v.variable().function()) && !addressTaken(caller, v.variable())) {
            return new SymbolicLock(v.variable(), null, l.offset(), l.pointee(), l.mode());
        }
        SymbolicBase b = SymbolicBase.ofPointer(p);
        if (b == null || addressTaken(caller, b.base()) || !caller.linkName().equals(b.base().function())) return null;
        long offset = b.offset() + l.offset();
        if (offset < 0 || offset >= b.pointee().size()) return null;
        return new SymbolicLock(b.base(), b.array(), offset, b.pointee(), l.mode());
    }

    private static LocalState overwrite(LocalState s, Lvalue lhs) {
        if (lhs instanceof Lvalue.Var v) {
            LockState l = s.locks().killBase(v.variable());
            if (l.pending().containsKey(v.variable())) l = l.withPending(v.variable(), null);
            if (s.threads().tries().containsKey(v.variable())) s = s.withThreads(s.threads().withTry(v.variable(), null));
            return l == s.locks() ? s : s.withLocks(l);
        }
        return s;
    }

    private LocalState library(ThreadId t, Function f, Edge e, Stmt.Call c, Event ev, LocalState s) {
        int node = e.from();
        var args = c.args();
        if (ev instanceof Event.Lock l && l.lockArg() < args.size()) {
            LockResolver.Target target = locks.resolve(f, node, args.get(l.lockArg()));
            if (!l.trying()) {
                LockState held = s.locks().acquire(target.locks(), target.concrete(), l.mode());
                // semaphores count only when used as mutexes, which is checked for concrete ones
                LocalState r = s.withLocks(l.kind() == Event.LockKind.SEMAPHORE ? held : symbolicAcquire(f, args.get(l.lockArg()), l.mode(), held));
                return c.result() == null ? r : overwrite(r, c.result());
            }
            if (c.result() instanceof Lvalue.Var v && !addressTaken(f, v.variable())) {
                // the result overwrites v: what was known about its old value (truth, locks conditional on it) ends
                LockState.PendingTry p = new LockState.PendingTry(target.locks(), target.concrete(), l.mode(), l.successValue());
                return s.withLocks(overwrite(s, c.result()).locks().withPending(v.variable(), p));
            }
            LocalState r = s.withLocks(s.locks().acquire(target.locks(), false, l.mode()));
            return c.result() == null ? r : overwrite(r, c.result());
        }
        if (ev instanceof Event.Unlock u) {
            // a call without the lock argument releases no lock the analysis can name: it may be any
            LockResolver.Target target = u.lockArg() < args.size() ? locks.resolve(f, node, args.get(u.lockArg()))
                    : new LockResolver.Target(Set.of(), false);
            LocalState r = s.withLocks(symbolicRelease(s.locks().release(new Release(target.locks()))));
            return c.result() == null ? r : overwrite(r, c.result());
        }
        if (ev instanceof Event.AtomicBegin) return s.withAtomicDepth(s.atomicDepth() + 1);
        if (ev instanceof Event.AtomicEnd) return s.withAtomicDepth(s.atomicDepth() - 1);
        if (ev instanceof Event.ProgramEnd || ev instanceof Event.ThreadExit) return null;
        if (ev instanceof Event.Assume a && a.condArg() < args.size()) {
            Long k = constant(args.get(a.condArg()));
            if (k != null && k == 0) return null;
        }
        if (ev instanceof Event.ThreadCreate tc) {
            Set<ThreadId> children = graph.childrenAt(t, e);
            Set<Loc> cells = new LinkedHashSet<>();
            boolean exact = true;
            if (tc.idArg() < args.size()) {
                Set<Region> rs = regions.pointer(f, node, args.get(tc.idArg()), 1);
                exact = rs.size() == 1;
                for (Region r : rs) {
                    if (r.minStart() != r.maxStart() || !tids.trusted(r.object())) {
                        exact = false;
                        continue;
                    }
                    cells.add(new Loc(r.object(), r.minStart()));
                }
            }
            LocalState r = s.withThreads(s.threads().create(children, cells, exact && cells.size() == 1));
            return c.result() == null ? r : overwrite(r, c.result());
        }
        // only a join that waits joins for certain: pthread_tryjoin_np and pthread_timedjoin_np may fail and join nothing
        if (ev instanceof Event.ThreadJoin tj && !tj.waits() && tj.idArg() < args.size() && args.get(tj.idArg()) instanceof Expr.Load load
                && c.result() instanceof Lvalue.Var rv && !rv.variable().isStatic() && !rv.variable().threadLocal() && !addressTaken(f, rv.variable())) {
            // a join that does not wait: where its result is tested equal to 0 it joined (assume)
            ThreadId joined = uniqueIn(f, node, load.lvalue(), s);
            LocalState out = overwrite(s, c.result());
            return joined == null ? out : out.withThreads(out.threads().withTry(rv.variable(), joined));
        }
        if (ev instanceof Event.ThreadJoin tj && tj.waits() && tj.idArg() < args.size() && args.get(tj.idArg()) instanceof Expr.Load load) {
            Set<ThreadId> tree = joinTrees.joinedAt(t, f, e);
            if (!tree.isEmpty()) {
                ThreadEvents te = s.threads();
                for (ThreadId child : tree) te = te.withJoined(child);
                s = s.withThreads(te);
            }
            ThreadId joined = uniqueIn(f, node, load.lvalue(), s);
            if (joined != null) s = s.withThreads(s.threads().withJoined(joined));
        }
        return c.result() == null ? s : overwrite(s, c.result());
    }

    /** The one unique thread whose id the trusted id cell {@code lv} holds at {@code node}, or null. */
    private ThreadId uniqueIn(Function f, int node, Lvalue lv, LocalState s) {
        Set<Region> rs = regions.lvalue(f, node, lv);
        if (rs.size() != 1 || tids.detaches()) return null;
        Region r = rs.iterator().next();
        if (r.minStart() != r.maxStart() || !tids.trusted(r.object())) return null;
        Set<ThreadId> ids = s.threads().ids().get(new Loc(r.object(), r.minStart()));
        return ids != null && ids.size() == 1 && graph.isUnique(ids.iterator().next()) ? ids.iterator().next() : null;
    }

    /** Adds {@code &p->m} as a symbolic lock if {@code p} is a local no pointer can change. */
    private LockState symbolicAcquire(Function f, Expr lockPtr, weft.model.Event.Mode mode, LockState ls) {
        SymbolicBase b = SymbolicBase.ofPointer(lockPtr);
        if (b == null || addressTaken(f, b.base())) return ls;
        Set<SymbolicLock> sy = new HashSet<>(ls.symbolic());
        sy.add(new SymbolicLock(b.base(), b.array(), b.offset(), b.pointee(), mode));
        return ls.withSymbolic(sy);
    }

    /**
     * Any release drops every symbolic lock: {@code p->m} names whatever object {@code p} points to now,
     * which may be the released lock whatever pointer the release goes through ({@code q->m} with
     * {@code q == p}, {@code &s.m} with {@code p == &s}, an unknown pointer).
     */
    private static LockState symbolicRelease(LockState ls) {
        return ls.symbolic().isEmpty() ? ls : ls.withSymbolic(Set.of());
    }

    /**
     * Resolves a pending trylock on the branch that tests its result variable; records what the branch
     * says about an unaddressed local being zero or not (path-sensitive locksets, {@link LockState}), and
     * returns null (the path ends) for a branch that contradicts what every path here knows about it.
     */
    private LocalState assume(Function f, LocalState s, Stmt.Assume a) {
        VarTest test = VarTest.of(a);
        if (test == null) return s;
        Variable v = test.var();
        if (!v.isStatic() && !v.threadLocal() && !addressTaken(f, v)) {
            Boolean nonZero = test.equal() ? Boolean.valueOf(test.value() != 0) : test.value() == 0 ? Boolean.TRUE : null;
            Boolean known = s.locks().truths().get(v);
            // the truth holds on every path reaching here: the branch that contradicts it is never taken
            if (nonZero != null && known != null && !known.equals(nonZero)) return null;
            if (nonZero != null && !nonZero.equals(known)) s = s.withLocks(s.locks().learn(v, nonZero));
        }
        ThreadId tried = s.threads().tries().get(test.var());
        if (tried != null && test.equal() && test.value() == 0) {
            // a join that does not wait returned 0: it joined the thread
            s = s.withThreads(s.threads().withTry(test.var(), null).withJoined(tried));
        }
        if (s.locks().pending().isEmpty()) return s;
        LockState.PendingTry p = s.locks().pending().get(test.var());
        if (p == null) return s;
        boolean hitsSuccess = test.value() == p.successValue();
        // "r == success" acquired; "r == other" or "r != success" did not; "r != other" says nothing.
        if (!test.equal() && !hitsSuccess) return s;
        boolean success = test.equal() && hitsSuccess;
        LockState ls = s.locks().withPending(test.var(), null);
        if (success) ls = ls.acquire(p.locks(), p.concrete(), p.mode());
        return s.withLocks(ls);
    }

    private static Expr strip(Expr e) {
        while (e instanceof Expr.Cast c) e = c.operand();
        return e;
    }

    private static Long constant(Expr e) {
        e = strip(e);
        return e instanceof Expr.IntConst k ? k.value() : null;
    }

    /** Marker for a branch no return split satisfies. */
    static final LocalState INFEASIBLE = new LocalState(LockState.EMPTY, 0, ThreadEvents.EMPTY, Set.of(), null, null, Set.of(), Set.of(), Set.of());

    /**
     * For a branch testing the split's result variable against a constant, the join of the snapshots
     * that satisfy it ({@link #INFEASIBLE} if none); null if the statement is not such a test.
     */
    LocalState selectSplit(LocalState s, Stmt stmt) {
        if (!(stmt instanceof Stmt.Assume a)) return null;
        VarTest test = VarTest.of(a);
        if (test == null || !test.var().equals(s.split().result())) return null;
        LocalState chosen = s.split().select(test.value(), test.equal());
        return chosen == null ? INFEASIBLE : chosen;
    }

    boolean addressTaken(Function f, Variable v) {
        return addressTaken.in(f, v);
    }
}
