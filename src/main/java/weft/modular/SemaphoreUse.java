package weft.modular;

import weft.ir.CallTarget;
import weft.ir.Edge;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.lock.HeldLock;
import weft.lock.Lock;
import weft.lock.LockResolver;
import weft.model.Event;
import weft.thread.ThreadId;

import java.util.HashSet;
import java.util.Set;

/**
 * Which POSIX semaphores are used as mutexes. The lockset analysis reads {@code sem_wait} as acquiring
 * and {@code sem_post} as releasing; that is sound for a semaphore whose count never exceeds one,
 * which holds when (1) every {@code sem_init} of it gives the constant count 0 or 1 and runs in main
 * before any thread exists, and (2) every {@code sem_post} on it is made by a thread that holds it
 * (has waited on it and not posted since, on every path). Then the count is {@code 1 - holders}, so at
 * most one thread holds it at a time, exactly like a mutex. A semaphore breaking a rule — a signal
 * posted by a thread that never waited, a counting semaphore — is {@link #misused()}: its
 * acquisitions must not count as a common lock. A post through a pointer that may denote several
 * semaphores (a parameter, {@code &s[i]}) makes each of them suspect (a semaphore whose offset is unknown
 * stands for every one of its object, see {@code LockState.withoutMust}); an operation on a semaphore
 * with no known target or in unknown memory makes every semaphore suspect.
 *
 * <p>Fed with the final states of the thread walk (not the intermediate states of the fixpoint, which
 * hold too many locks).
 *
 * <p>Assumes: every {@code sem_init}/{@code sem_post} of the program is visited with its final state
 * ({@code ThreadWalker.collect} visits every reachable edge of every thread); a post whose pointer may
 * denote several semaphores — several objects, or an unknown offset ({@code s[i]}, whose lock has offset
 * -1) — may post each of them, so each of them, and every semaphore waited on in the same object, is
 * misused; must-locksets are under-approximate (a held semaphore is held on every path); nothing but
 * {@code sem_*} calls changes a semaphore's count. Not guaranteed: a plain write over a semaphore
 * ({@code memcpy} of another {@code sem_t}, assignment) is not seen as a post (audit: open, probe
 * {@code p58-sem-memset.c}).
 */
public final class SemaphoreUse {
    private final Program program;
    private final LockResolver locks;
    private final Set<Lock> misused = new HashSet<>();
    /** Every semaphore some wait may acquire. */
    private final Set<Lock> waited = new HashSet<>();
    private boolean allMisused;

    SemaphoreUse(Program program, LockResolver locks) {
        this.program = program;
        this.locks = locks;
    }

    /**
     * Semaphores that may count past one: their acquisitions exclude nothing. All of them when some
     * semaphore operation could not be tied to an object.
     */
    public Set<Lock> misused() {
        Set<Lock> all = new HashSet<>(misused);
        if (allMisused) {
            all.addAll(waited);
            return all;
        }
        // a post through an imprecise pointer ("s[?]", unknown offset) may post any semaphore of its object
        for (Lock m : misused) {
            if (m.offset() >= 0) continue;
            for (Lock w : waited) if (w.object() != null && w.object().equals(m.object())) all.add(w);
        }
        return all;
    }

    /** Checks the semaphore operation at {@code e} (if it is one), executed by {@code t} in state {@code s}. */
    void visit(ThreadId t, Function f, Edge e, LocalState s) {
        if (!(e.stmt() instanceof Stmt.Call c)) return;
        if (program.target(c) instanceof CallTarget.Library lib) {
            visit(t, f, e, c, lib.model().event(), s);
        } else if (program.target(c) instanceof CallTarget.Indirect) {
            // semaphore functions called through a function pointer: checked as direct calls
            for (CallTarget lt : locks.pointsTo().libraryCallees(c)) {
                if (lt instanceof CallTarget.Library lib) visit(t, f, e, c, lib.model().event(), s);
            }
        }
    }

    private void visit(ThreadId t, Function f, Edge e, Stmt.Call c, Event ev, LocalState s) {
        if (ev instanceof Event.SemInit si) {
            LockResolver.Target target = target(f, e, c, si.semArg());
            if (target == null) return;
            Long count = constant(si.valueArg() < c.args().size() ? c.args().get(si.valueArg()) : null);
            boolean early = t.isMain() && s.threads().created().isEmpty();
            if (count == null || count < 0 || count > 1 || !early) misused.addAll(target.locks());
        } else if (ev instanceof Event.Unlock u && u.kind() == Event.LockKind.SEMAPHORE) {
            LockResolver.Target target = target(f, e, c, u.lockArg());
            if (target == null) return;
            boolean held = target.concrete() && s.locks().must().stream().map(HeldLock::lock).anyMatch(target.locks()::contains);
            if (!held) misused.addAll(target.locks());
        } else if (ev instanceof Event.Lock l && l.kind() == Event.LockKind.SEMAPHORE) {
            LockResolver.Target target = target(f, e, c, l.lockArg());
            if (target != null) waited.addAll(target.locks());
        }
    }

    private LockResolver.Target target(Function f, Edge e, Stmt.Call c, int arg) {
        if (arg >= c.args().size()) {
            allMisused = true;
            return null;
        }
        LockResolver.Target target = locks.resolve(f, e.from(), c.args().get(arg));
        if (target.locks().isEmpty() || target.locks().stream().anyMatch(l -> l.object() instanceof weft.pointer.MemObject.Unknown)) {
            // no known target, or memory the program cannot see: it may be any semaphore
            allMisused = true;
            return null;
        }
        return target;
    }

    private static Long constant(Expr e) {
        while (e instanceof Expr.Cast cast) e = cast.operand();
        return e instanceof Expr.IntConst k ? k.value() : null;
    }
}
