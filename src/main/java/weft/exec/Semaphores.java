package weft.exec;

import weft.exec.state.*;

import weft.ir.Edge;
import weft.model.Event;

import java.util.List;

/**
 * POSIX unnamed semaphores ({@code sem_init}, {@code sem_wait}, {@code sem_trywait}, {@code sem_timedwait},
 * {@code sem_post}, {@code sem_destroy}), executed on a count kept in {@link Sync#semaphores} by the semaphore's
 * address; the {@code sem_t} bytes are never interpreted (their accesses are recorded as for every synchronisation
 * object: atomic writes, the initialisation and destruction plain ones).
 *
 * <p>Semantics (POSIX XSH {@code sem_*}): {@code sem_init} sets the count (a value above {@code SEM_VALUE_MAX}, 2^31-1
 * on Linux, fails with EINVAL there: abandoned); {@code sem_wait} decrements a positive count and returns 0, and blocks
 * (the thread is not enabled) while it is 0; {@code sem_trywait} on a count of 0 returns -1 and sets errno to EAGAIN;
 * {@code sem_timedwait} on a count of 0 would wait until a post or its deadline, which this model does not time:
 * abandoned, as a timed lock is; {@code sem_post} increments (past {@code SEM_VALUE_MAX}: EOVERFLOW, abandoned);
 * {@code sem_destroy} forgets the count, and a later use of the semaphore without a new {@code sem_init} abandons
 * (undefined), as does any use of one never initialised (POSIX leaves it undefined; a zeroed static {@code sem_t} is
 * not an initialised semaphore).
 *
 * <p>Soundness (must side and proofs): every run is one the semaphore's specification allows, and the exhaustive
 * exploration ({@code explore.StateSpace}) sees every behaviour a run can have, because the only other outcome POSIX
 * allows is a wait ended by a signal handler (EINTR), and a program that installs a handler is never explored (the
 * handler-installing functions abandon: {@code LibcFacts.runs}). A waiting thread is woken by whichever post the
 * schedule puts first: the scheduler, not a queue, decides which of several waiters takes a posted unit, which covers
 * every order POSIX allows (it specifies none without a scheduling policy). Dependencies for the partial-order
 * reduction: each operation writes the semaphore's first byte in the transition's footprint, as a lock operation does,
 * so operations on one semaphore are never reordered and a wait made enabled by a post is dependent on it.
 */
final class Semaphores {
    static final long SEM_VALUE_MAX = Integer.MAX_VALUE;

    private final Interpreter in;
    private final ExecState st;
    private final LibraryBehaviour library;

    Semaphores(Interpreter in, LibraryBehaviour library) {
        this.in = in;
        this.st = in.st;
        this.library = library;
    }

    /** Whether {@code event} is one of the semaphore operations this class executes. */
    static boolean handles(Event event) {
        return event instanceof Event.SemInit
                || event instanceof Event.Lock l && l.kind() == Event.LockKind.SEMAPHORE
                || event instanceof Event.Unlock u && u.kind() == Event.LockKind.SEMAPHORE
                || event instanceof Event.LockDestroy d && d.kind() == Event.LockKind.SEMAPHORE;
    }

    /** Executes (or plans) the call; false when the thread is blocked. */
    boolean call(ThreadState t, Ctx c, Edge e, String name, Event event, List<Value> args) {
        c.visible = true;
        if (event instanceof Event.SemInit s) {
            Sync.Key k = library.key(LibraryBehaviour.arg(args, s.semArg()), "semaphore");
            Value v = LibraryBehaviour.arg(args, s.valueArg());
            if (!(v instanceof Value.Int n)) throw Abandon.unsupported(name + " with value " + v);
            long value = n.v() & 0xffffffffL; // the argument is an unsigned int
            if (value > SEM_VALUE_MAX) throw Abandon.unsupported(name + " above SEM_VALUE_MAX (EINVAL)");
            touch(c, k);
            if (!c.dry) st.sync.semaphores.put(k, value);
            return in.finishCall(t, c, e, Value.ZERO, null);
        }
        if (event instanceof Event.LockDestroy d) {
            Sync.Key k = library.key(LibraryBehaviour.arg(args, d.lockArg()), "semaphore");
            count(k, name);
            touch(c, k);
            if (!c.dry) st.sync.semaphores.remove(k);
            return in.finishCall(t, c, e, Value.ZERO, null);
        }
        if (event instanceof Event.Unlock u) {
            Sync.Key k = library.key(LibraryBehaviour.arg(args, u.lockArg()), "semaphore");
            long n = count(k, name);
            if (n >= SEM_VALUE_MAX) throw Abandon.unsupported(name + " past SEM_VALUE_MAX (EOVERFLOW)");
            touch(c, k);
            if (!c.dry) st.sync.semaphores.put(k, n + 1);
            return in.finishCall(t, c, e, Value.ZERO, null);
        }
        Event.Lock l = (Event.Lock) event;
        Sync.Key k = library.key(LibraryBehaviour.arg(args, l.lockArg()), "semaphore");
        long n = count(k, name);
        touch(c, k);
        if (n == 0) {
            if (!l.trying()) return false;
            if (l.timed()) throw Abandon.unsupported(name + " would time out");
            if (!c.dry) st.setErrno(t, Errno.EAGAIN);
            return in.finishCall(t, c, e, Value.of(-1), null);
        }
        if (!c.dry) st.sync.semaphores.put(k, n - 1);
        return in.finishCall(t, c, e, Value.ZERO, null);
    }

    private long count(Sync.Key k, String name) {
        Long n = st.sync.semaphores.get(k);
        if (n == null) throw Abandon.unsupported(name + " of a semaphore not initialised");
        return n;
    }

    /** Every operation on a semaphore depends on every other one on it (see the class comment). */
    private void touch(Ctx c, Sync.Key k) {
        if (!c.dry && st.mem.footprint != null) st.mem.footprint.add(k.obj(), k.off(), k.off() + 1, Memory.Footprint.WRITE);
    }
}
