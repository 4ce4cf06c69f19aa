package weft.race.rules;

import weft.pointer.MemObject;
import weft.race.pair.Access;
import weft.race.pair.ExclusionRule;
import weft.race.pair.RaceContext;
import weft.thread.InstanceAccess;
import weft.thread.InstanceKeys;

/**
 * Two accesses of one abstract thread whose instances each received a different argument (see
 * {@link InstanceKeys}), both made by its start routine through that argument: {@code g[k]} with the
 * same named array, or {@code k->f} within one array element, or — when each instance received its own
 * unpublished allocated object — a library access through {@code k} itself ({@code free(k)}), which stays
 * within that object. Instances differ in {@code k}, so they
 * touch different elements; within one instance the accesses are ordered by program order. For
 * {@code g[k]} through a pointer variable {@code g}, only if {@code g} is written before any instance
 * of the thread exists and never after ({@link RaceContext#fixedFor}): every instance indexes the same array.
 *
 * <p>Of two different threads, when the instances of each were all handed an object their creator allocated and had
 * not published (POINTER keys by allocation, {@link InstanceKeys}): no two instances of any threads receive the same
 * live object, so accesses through the keys of two instances touch different objects (the recursive halves of a
 * divide and conquer, corpus {@code 37-join-trees}).
 *
 * <p>Assumes: {@link InstanceKeys}: the create runs once per iteration of a counting loop that runs
 * once, so the keys differ per instance; keys are never reassigned in the routine; {@code
 * fixedWhileThreadsRun} for arrays reached through a pointer variable. Probes p31-p35: sound.
 */
public final class DistinctInstances implements ExclusionRule {
    /** Both accesses must be made by the routine of an instance-keyed thread ({@link #exclude}'s first test). */
    @Override
    public boolean mayExclude(Access a, RaceContext ctx) {
        return ctx.instances().kind(a.thread()) != null && a.function().linkName().equals(a.thread().routine());
    }

    @Override
    public String exclude(Access a, Access b, RaceContext ctx) {
        InstanceKeys keys = ctx.instances();
        if (!a.thread().equals(b.thread())) {
            // two threads each handed objects of their creators' own: no two instances share one
            return OwnChildAfterJoin.childSide(a, ctx) && OwnChildAfterJoin.childSide(b, ctx)
                    ? "each thread instance uses its own argument object" : null;
        }
        InstanceKeys.Kind kind = keys.kind(a.thread());
        if (kind == null || !a.function().linkName().equals(a.thread().routine())
                || !b.function().linkName().equals(a.thread().routine())) {
            return null;
        }
        var vars = keys.keys(a.function());
        InstanceAccess ia = use(a, vars, kind);
        InstanceAccess ib = use(b, vars, kind);
        if (ia == null || ib == null) return null;
        if (kind == InstanceKeys.Kind.VALUE) {
            if (!ia.arrayOrNull().equals(ib.arrayOrNull()) || ia.elementSize() != ib.elementSize()
                    || ia.throughPointer() != ib.throughPointer()) {
                return null;
            }
            if (ia.throughPointer() && !ctx.fixedFor(new MemObject.Var(ia.arrayOrNull()), a.thread())) return null;
            return "each thread instance uses its own element of " + (ia.throughPointer() ? "*" : "") + ia.arrayOrNull().name();
        }
        long elem = keys.elementSize(a.thread());
        return ia.elementSize() <= elem && ib.elementSize() <= elem ? "each thread instance uses its own argument object" : null;
    }

    /** How the access uses a key: through its lvalue, or (a library access such as {@code free(k)}) its pointer argument. */
    static InstanceAccess use(Access x, java.util.Set<weft.ir.Variable> vars, InstanceKeys.Kind kind) {
        if (x.access().lvalue() != null) return InstanceAccess.of(x.access().lvalue(), vars, kind);
        return InstanceAccess.ofPointer(x.access().pointer(), vars, kind);
    }
}
