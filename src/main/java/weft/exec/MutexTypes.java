package weft.exec;

import weft.exec.state.*;

import weft.ir.IntConversions;
import weft.ir.CType;
import weft.model.Event;
import weft.model.LibcFacts;

import java.util.List;

/**
 * The type of a mutex (POSIX {@code PTHREAD_MUTEX_*}, C11 {@code mtx_recursive}), which decides what a relock by the
 * holder and an unlock by another thread do ({@link Sync.MutexType}).
 *
 * <p>Where the type comes from: the argument of {@code mtx_init} ({@code mtx_recursive} is bit 1 in glibc's
 * {@code <threads.h>}); for a pthread mutex used without {@code pthread_mutex_init}, its static initialiser, which
 * in glibc's {@code <pthread.h>} stores the kind in the {@code __kind} field of {@code struct __pthread_mutex_s}
 * (after {@code __lock}, {@code __count}, {@code __owner}, {@code __nusers}: byte 16 on 64-bit, 12 on 32-bit),
 * {@code PTHREAD_MUTEX_RECURSIVE_NP} 1, {@code PTHREAD_MUTEX_ERRORCHECK_NP} 2; for {@code pthread_mutex_init} with
 * attributes, the kind the attribute object holds, followed as glibc keeps it: a {@code pthread_mutexattr_t} is an
 * {@code int mutexkind} whose low bits are the kind and whose {@link #ATTR_FLAG_BITS} are the robust, process-shared
 * and protocol flags; {@code pthread_mutexattr_init} stores 0 (normal), {@code pthread_mutexattr_settype} keeps the
 * flags and stores the kind ({@link #storeAttr}; the table's {@code kN} effects, {@link LibcFacts.MutexAttr}).
 * Soundness: the type is {@link Sync.MutexType#DEFAULT} whenever it is not read as one of those exactly (unknown or
 * indeterminate bytes, attributes with a flag set, other lock kinds); {@code DEFAULT} is the type under which the
 * explorer assumes nothing: a relock or an unlock by a non-holder abandons the exploration, as before types were
 * known. A settype on attributes whose content is not known abandons; one with a kind outside POSIX's four stores
 * nothing (glibc's EINVAL: {@link Attributes}, which answers the attribute calls; this class is the one that writes the
 * kind).
 */
public final class MutexTypes {
    /** glibc's {@code PTHREAD_MUTEX_RECURSIVE_NP} and {@code PTHREAD_MUTEX_ERRORCHECK_NP}, C11's {@code mtx_recursive}. */
    static final long PTHREAD_RECURSIVE = 1;
    static final long PTHREAD_ERRORCHECK = 2;
    static final long C11_RECURSIVE = 1;

    /** glibc's {@code PTHREAD_MUTEXATTR_FLAG_BITS}: the bits of {@code mutexkind} that are not the kind. */
    static final long ATTR_FLAG_BITS = 0xf0fff000L;

    private MutexTypes() {}

    /** Performs the table effect {@code a}: the attribute object gets the default kind, or the kind argument. */
    static void storeAttr(ExecState st, LibcFacts.MutexAttr a, List<Value> args) {
        if (!(LibraryBehaviour.arg(args, a.attrArg()) instanceof Value.Ptr p)) throw Abandon.unsupported("mutex attributes at a non-pointer");
        long kind = 0;
        if (a.kindArg() >= 0) {
            if (!(LibraryBehaviour.arg(args, a.kindArg()) instanceof Value.Int k)) throw Abandon.unsupported("pthread_mutexattr_settype of an unknown kind");
            // a kind outside POSIX's four: glibc refuses it (EINVAL, weft.exec.Attributes) and stores nothing
            if (k.v() < 0 || k.v() > 3) return;
            Value old;
            try {
                old = st.mem.read(p.obj(), p.off(), IntConversions.INT);
            } catch (Abandon x) {
                throw Abandon.unsupported("pthread_mutexattr_settype on attributes not initialised");
            }
            if (!(old instanceof Value.Int o)) throw Abandon.unsupported("pthread_mutexattr_settype on attributes holding a pointer");
            kind = (o.v() & ATTR_FLAG_BITS) | k.v();
        }
        st.mem.write(p.obj(), p.off(), IntConversions.INT, Value.of(kind));
    }

    /** The type {@code pthread_mutex_init} gives with the attributes {@code attr} points to (null: the default). */
    static Sync.MutexType ofAttr(ExecState st, Value attr) {
        if (!(attr instanceof Value.Ptr p)) return Sync.MutexType.DEFAULT;
        try {
            if (st.mem.read(p.obj(), p.off(), IntConversions.INT) instanceof Value.Int i && (i.v() & ATTR_FLAG_BITS) == 0) {
                if (i.v() == PTHREAD_RECURSIVE) return Sync.MutexType.RECURSIVE;
                if (i.v() == PTHREAD_ERRORCHECK) return Sync.MutexType.ERRORCHECK;
            }
        } catch (Abandon a) {
            // unknown or indeterminate attributes (undefined behaviour): nothing is known
        }
        return Sync.MutexType.DEFAULT;
    }

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
            Value v = st.mem.read(k.obj(), at, IntConversions.INT);
            if (v instanceof Value.Int i && i.v() == PTHREAD_RECURSIVE) return Sync.MutexType.RECURSIVE;
            if (v instanceof Value.Int i && i.v() == PTHREAD_ERRORCHECK) return Sync.MutexType.ERRORCHECK;
        } catch (Abandon a) {
            // too small an object, unknown or pointer bytes: nothing is known
        }
        return Sync.MutexType.DEFAULT;
    }
}
