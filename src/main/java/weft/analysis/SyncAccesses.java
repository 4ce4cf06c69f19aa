package weft.analysis;

import weft.ir.Expr;
import weft.ir.Stmt;
import weft.model.Event;

import java.util.List;
import java.util.function.BiConsumer;

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
 * Initialisation and destruction ({@code pthread_mutex_init}...) are not recorded (programs initialise
 * locks of objects before publishing them; a re-initialisation by a thread is checked for semaphores by
 * {@link SemaphoreUse}). The exhaustive exploration records the same accesses
 * ({@code weft.explore.LibraryBehaviour}), so its proofs cover these races too.
 */
final class SyncAccesses {
    private SyncAccesses() {
    }

    /** Calls {@code sink} with the pointer to each synchronisation object {@code ev} operates on. */
    static void of(Event ev, Stmt.Call c, BiConsumer<Expr, String> sink) {
        List<Expr> args = c.args();
        for (int k : Event.syncObjectArgs(ev)) {
            if (k < 0 || k >= args.size() || !args.get(k).type().isPointer()) continue;
            sink.accept(args.get(k), "synchronisation operation on *" + args.get(k));
        }
    }
}
