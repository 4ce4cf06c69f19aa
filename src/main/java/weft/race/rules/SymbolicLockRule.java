package weft.race.rules;

import weft.analysis.SymbolicBase;
import weft.lock.SymbolicLock;
import weft.race.Access;
import weft.race.ExclusionRule;
import weft.race.RaceContext;

/**
 * Accesses {@code p->x} and {@code q->y} made while holding {@code p->m} and {@code q->m} (the same
 * member of the same struct type, {@code p}, {@code q} locals unchanged since locking): if {@code p}
 * and {@code q} point to the same object, both threads hold the same mutex; if not, the accesses touch
 * two distinct objects of that type, which do not overlap. Either way no race (Goblint's symbolic
 * locksets, restricted to pointers into whole objects of one type; assumes accesses stay inside the
 * object, as C requires).
 */
public final class SymbolicLockRule implements ExclusionRule {
    @Override
    public String exclude(Access a, Access b, RaceContext ctx) {
        SymbolicBase sa = a.access().symbolic();
        SymbolicBase sb = b.access().symbolic();
        if (sa == null || sb == null || !SymbolicLock.sameType(sa.pointee(), sb.pointee())) return null;
        long size = sa.pointee().size();
        if (size <= 0 || !inside(a, sa, size) || !inside(b, sb, size)) return null;
        for (SymbolicLock la : a.state().locks().symbolic()) {
            if (!la.base().equals(sa.base())) continue;
            for (SymbolicLock lb : b.state().locks().symbolic()) {
                if (lb.base().equals(sb.base()) && la.excludes(lb) && la.offset() < size) {
                    return "common lock " + la.base().name() + "->@" + la.offset() + " of the same object";
                }
            }
        }
        return null;
    }

    private static boolean inside(Access a, SymbolicBase s, long size) {
        long accessSize = a.region().size();
        return s.offset() >= 0 && accessSize > 0 && s.offset() + accessSize <= size;
    }
}
