package weft.race.rules;

import weft.ir.CType;
import weft.ir.StructType;
import weft.race.pair.Access;
import weft.race.pair.ExclusionRule;
import weft.race.pair.RaceContext;

/**
 * A plain access by a scalar lvalue of non-character type ({@code *q = 1} with {@code int *q}) does not
 * touch a synchronisation object of structure, union or array type ({@code pthread_mutex_t},
 * {@code sem_t}, {@code pthread_cond_t}, {@code pthread_barrier_t}...) that a lock, semaphore, condition,
 * barrier or once operation uses ({@code weft.access.SyncAccesses}). Without this rule every access
 * through a pointer into unknown memory (which may be any global) would pair with every lock operation.
 *
 * <p>Assumes: the program does not read or write the members of the library's opaque synchronisation
 * types itself. POSIX leaves their contents unspecified and defines them only through its functions; and
 * by C11 6.5p7 an object whose effective type is such a structure or union may not be accessed by an
 * lvalue of a scalar type other than a character type, except for its own members, which a program has
 * no defined use for. Whole-object copies (struct assignment, whose lvalue type is the synchronisation
 * type), byte-wise accesses (character types) and library functions ({@code memset}, {@code memcpy},
 * unknown external functions on their pointer arguments: no lvalue) keep their pairs. An unknown external
 * function's access to all memory external code may reach (no lvalue, no pointer argument) is kept off
 * them too, and so is a library's access to what a deep argument reaches (zlib's {@code rw**0} on a
 * stream: no lvalue, no pointer either): external code is assumed to use synchronisation objects it was
 * not handed only through their operations (as initialisation, not recorded as an access, is assumed to precede use). Scalar
 * synchronisation types ({@code pthread_once_t} and {@code pthread_spinlock_t} are {@code int} on glibc) are never excluded.
 */
public final class ScalarStoreKeepsSyncObject implements ExclusionRule {
    /** Reads only the two memory accesses. */
    @Override
    public boolean accessOnly() {
        return true;
    }

    @Override
    public String exclude(Access a, Access b, RaceContext ctx) {
        if (keeps(a, b) || keeps(b, a)) return "a scalar or external-reach access does not touch a synchronisation object";
        return null;
    }

    private static boolean keeps(Access sync, Access other) {
        CType st = sync.access().syncObjectType();
        if (st == null || !(st.unqualified() instanceof StructType || st.unqualified() instanceof CType.Array)
                || other.access().syncOperation()) {
            return false;
        }
        var lv = other.access().lvalue();
        if (lv == null) return other.access().pointer() == null; // external code's reach, not an argument
        CType t = lv.type();
        return t.isScalar() && !(t.unqualified() instanceof CType.Int i && i.size() == 1);
    }
}
