package weft.race.rules;

import weft.access.SymbolicBase;
import weft.lock.SymbolicLock;
import weft.race.pair.Access;
import weft.race.pair.ExclusionRule;
import weft.race.pair.RaceContext;

/**
 * Accesses to disjoint members of objects of one struct type, each named relative to its own object
 * ({@code p->bytes} and {@code q->buf[i]}, {@code a[i].len} and {@code p->buf[j]}): if the two objects are
 * the same, the accesses touch disjoint bytes of it; if not, they touch two distinct objects of that type,
 * which do not overlap. Either way no conflict. This keeps the members of one object apart where the
 * pointer analysis only knows that both pointers point somewhere into an array of such objects (an element
 * with an unknown index: its region covers the whole array). The bytes of an access with a non-constant
 * index into a member array are the whole member array ({@link SymbolicBase#within}).
 *
 * <p>Assumes, as {@link SymbolicLockRule} does: the pointer (or array element) each base names holds an
 * object of the base's static type (C's effective-type rules: an access through a {@code struct T} lvalue
 * where no {@code T} object is, is undefined behaviour), so two such objects are either the same or
 * disjoint; both accesses stay inside their objects and indices inside their arrays (undefined behaviour
 * otherwise); the access sizes are the regions' sizes.
 */
public final class DisjointMembers implements ExclusionRule {
    /** Reads only the two memory accesses. */
    @Override
    public boolean accessOnly() {
        return true;
    }

    /** Both need a symbolic base. */
    @Override
    public boolean mayExclude(Access a, RaceContext ctx) {
        return a.access().symbolic() != null;
    }

    @Override
    public String exclude(Access a, Access b, RaceContext ctx) {
        SymbolicBase sa = a.access().symbolic();
        if (sa == null) return null;
        SymbolicBase sb = b.access().symbolic();
        if (sb == null || !SymbolicLock.sameType(sa.pointee(), sb.pointee())) return null;
        long[] x = sa.bytes(a.region().size());
        long[] y = sb.bytes(b.region().size());
        if (x == null || y == null) return null;
        return x[1] <= y[0] || y[1] <= x[0] ? "disjoint members of " + sa.pointee().unqualified() + " objects" : null;
    }
}
