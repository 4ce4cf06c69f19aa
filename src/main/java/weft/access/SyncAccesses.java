package weft.access;

import weft.ir.CText;
import weft.ir.Expr;
import weft.ir.Stmt;
import weft.model.Event;

import java.util.List;

/**
 * The synchronisation objects a library call operates on, each recorded as an atomic write of the whole
 * object (its pointee type's bytes): mutex, rwlock, spin lock and semaphore operations (lock, trylock,
 * timed lock, unlock, wait, post), condition waits (the condition and the mutex), signals, barrier waits
 * and {@code pthread_once} / {@code call_once} (the flag).
 *
 * <p>Soundness (audit D5): under C11 these operations are atomic operations on their object, so a plain
 * write of the object's bytes by another thread that is not ordered with them (a {@code memset},
 * {@code memcpy} or assignment over a mutex, semaphore or once flag) is a data race. Recording them as
 * atomic accesses pairs every such write with every operation by the ordinary exclusion rules, while two
 * operations never race with each other (both atomic, {@code NotBothAtomic}). A reset of a lock while it
 * is held by its own thread needs no separate release in the lockset analysis: for the reset to let another
 * thread in, that thread's lock operation must run unordered with the reset, and that pair is reported.
 * Initialisation and destruction ({@code pthread_mutex_init}, {@code sem_init}, {@code pthread_barrier_init},
 * the {@code _destroy} functions) are plain writes of the whole object: they change its state without
 * synchronising, so one not ordered with another thread's operation on the object (a mutex re-initialised
 * while another thread holds it) races with that operation, exactly as a {@code memset} over it would. An
 * initialisation before the threads start, or a destruction after they are joined, is ordered by the usual
 * rules (created after, joined before, unpublished objects). The exhaustive exploration records the same accesses
 * ({@code weft.exec.LibraryBehaviour}), so its proofs cover these races too.
 */
final class SyncAccesses {
    private SyncAccesses() {
    }

    /** Receives one synchronisation object access: the pointer, a description, whether it is atomic. */
    interface Sink {
        void accept(Expr pointer, String what, boolean atomic);
    }

    /**
     * Calls {@code sink} with the pointer to each synchronisation object {@code ev} operates on (atomic) or
     * initialises or destroys (plain).
     */
    static void of(Event ev, Stmt.Call c, Sink sink) {
        List<Expr> args = c.args();
        for (int k : Event.syncObjectArgs(ev)) {
            if (k < 0 || k >= args.size() || !args.get(k).type().isPointer()) continue;
            sink.accept(args.get(k), "synchronisation operation on " + CText.deref(args.get(k)), true);
        }
        for (int k : Event.syncInitArgs(ev)) {
            if (k < 0 || k >= args.size() || !args.get(k).type().isPointer()) continue;
            sink.accept(args.get(k), "initialisation or destruction of " + CText.deref(args.get(k)), false);
        }
    }
}
