package weft.explore;

import weft.ir.CType;
import weft.model.Event;

import java.util.List;

/**
 * The type of a mutex (POSIX {@code PTHREAD_MUTEX_*}, C11 {@code mtx_recursive}), which decides what a relock by the
 * holder and an unlock by another thread do ({@link Sync.MutexType}).
 *
 * <p>Where the type comes from: the argument of {@code mtx_init} ({@code mtx_recursive} is bit 1 in glibc's
 * {@code <threads.h>}); for a pthread mutex used without {@code pthread_mutex_init}, its static initialiser, which
 * in glibc's {@code <pthread.h>} stores the kind in the {@code __kind} field of {@code struct __pthread_mutex_s}
 * (after {@code __lock}, {@code __count}, {@code __owner}, {@code __nusers}: byte 16 on 64-bit, 12 on 32-bit),
 * {@code PTHREAD_MUTEX_RECURSIVE_NP} 1, {@code PTHREAD_MUTEX_ERRORCHECK_NP} 2. Soundness: the type is
 * {@link Sync.MutexType#DEFAULT} whenever it is not read as one of those exactly (an attribute object, whose
 * contents the explorer does not follow, unknown bytes, other lock kinds); {@code DEFAULT} is the type under which
 * the explorer assumes nothing: a relock or an unlock by a non-holder abandons the exploration, as before types
 * were known.
 */
final class MutexTypes {
    /** glibc's {@code PTHREAD_MUTEX_RECURSIVE_NP} and {@code PTHREAD_MUTEX_ERRORCHECK_NP}, C11's {@code mtx_recursive}. */
    static final long PTHREAD_RECURSIVE = 1;
    static final long PTHREAD_ERRORCHECK = 2;
    static final long C11_RECURSIVE = 1;

    private MutexTypes() {}

    /** The type {@code mtx_init} gives with its type argument (a plain or timed C11 mutex is undefined on relock). */
    static Sync.MutexType ofInit(Event.LockInit li, List<Value> args) {
        if (li.kind() != Event.LockKind.C11_MUTEX || li.lockArg() != 0 || args.size() < 2) return Sync.MutexType.DEFAULT;
        return args.get(1) instanceof Value.Int i && (i.v() & C11_RECURSIVE) != 0 ? Sync.MutexType.C11_RECURSIVE : Sync.MutexType.DEFAULT;
    }

    /** The type a pthread mutex's static initialiser stored in its bytes at {@code k}, or DEFAULT. */
    static Sync.MutexType ofBytes(ExecState st, Event.LockKind kind, Sync.Key k) {
        if (kind != Event.LockKind.MUTEX) return Sync.MutexType.DEFAULT;
        long at = k.off() + (st.dm.pointerSize == 8 ? 16 : 12);
        try {
            Value v = st.mem.read(k.obj(), at, new CType.Int("int", 4, 4, true));
            if (v instanceof Value.Int i && i.v() == PTHREAD_RECURSIVE) return Sync.MutexType.RECURSIVE;
            if (v instanceof Value.Int i && i.v() == PTHREAD_ERRORCHECK) return Sync.MutexType.ERRORCHECK;
        } catch (Abandon a) {
            // too small an object, unknown or pointer bytes: nothing is known
        }
        return Sync.MutexType.DEFAULT;
    }
}
