package weft.lock;

import weft.ir.Variable;
import weft.pointer.MemObject;
import weft.pointer.PointsTo;

import java.util.HashSet;
import java.util.Set;

/**
 * The locks a call of an external function (no definition, no model) may release. Such code may be any
 * code, {@code pthread_mutex_unlock} on whatever it can reach included: a global it names (any
 * file-scope object, as linkage is not recorded), and every object whose address escaped to external
 * code (passed to it or stored where it can read, {@link PointsTo#mayAlias} with
 * {@link MemObject.Unknown}). Objects outside both sets are out of its reach: their address never left
 * the program's own code, so no external code can name them.
 *
 * <p>Soundness: {@link #after} drops every lock held in any form (must, conditional, pending trylock)
 * that the external call may release, and all symbolic locks (their objects are not known here), so the
 * locks left are held on every path after the call as before it.
 */
public final class ExternalReach {
    private final PointsTo pts;

    public ExternalReach(PointsTo pts) {
        this.pts = pts;
    }

    /** Whether external code may act on {@code l}. */
    boolean reaches(Lock l) {
        MemObject o = l.object();
        if (o == null) return false;
        if (o instanceof MemObject.Var v && v.variable().kind() == Variable.Kind.GLOBAL) return true;
        return pts.mayAlias(new MemObject.Unknown(), o);
    }

    /** The lock state after an external call made in {@code ls}. */
    public LockState after(LockState ls) {
        Set<Lock> reached = new HashSet<>();
        for (HeldLock h : ls.must()) if (reaches(h.lock())) reached.add(h.lock());
        for (ConditionalLock cl : ls.conditional()) if (reaches(cl.lock().lock())) reached.add(cl.lock().lock());
        for (LockState.PendingTry p : ls.pending().values()) for (Lock l : p.locks()) if (reaches(l)) reached.add(l);
        // an empty release would mean "no known target": release only what was found reachable
        LockState out = reached.isEmpty() ? ls : ls.release(new Release(reached));
        return out.symbolic().isEmpty() ? out : out.withSymbolic(Set.of());
    }
}
