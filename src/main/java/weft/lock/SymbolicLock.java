package weft.lock;

import weft.ir.CType;
import weft.ir.Variable;
import weft.model.Event.Mode;

/**
 * A lock named relative to a pointer variable: the mutex at byte {@code offset} of the
 * {@code pointee}-typed object that local variable {@code base} points to ({@code &p->m}), or, with
 * {@code array} set, of the element {@code array[base]} ({@code &a[i].m}). Held symbolically from
 * acquisition until {@code base} is reassigned or a different lock is released.
 */
public record SymbolicLock(Variable base, Variable array, long offset, CType pointee, Mode mode) {
    /** Whether this lock is named relative to the same object as {@code b}'s base and array. */
    public boolean sameBase(Variable b, Variable arr) {
        return base.equals(b) && java.util.Objects.equals(array, arr);
    }

    /** Whether two threads holding these for the same object would exclude each other. */
    public boolean excludes(SymbolicLock o) {
        return offset == o.offset && sameType(pointee, o.pointee) && (mode == Mode.WRITE || o.mode == Mode.WRITE);
    }

    public static boolean sameType(CType a, CType b) {
        return a.unqualified().toString().equals(b.unqualified().toString()) && a.size() == b.size();
    }

    @Override
    public String toString() {
        return base.name() + "->@" + offset;
    }
}
