package weft.race.rules;

import weft.access.SymbolicBase;
import weft.ir.Expr;
import weft.ir.Lvalue;
import weft.ir.Variable;
import weft.race.pair.Access;
import weft.race.pair.ExclusionRule;
import weft.race.pair.RaceContext;
import weft.thread.InstanceAccess;
import weft.thread.InstanceKeys;

import java.util.Set;

/**
 * The creator of a fork-join, back after the join, against a thread working on its own allocated argument: {@code l =
 * malloc(..); pthread_create(&a, 0, work, l); pthread_join(a, 0); total += l->sum; free(l)} against {@code t->sum =
 * ...} in {@code work(t)} (recursive divide and conquer: each thread does the same with its halves).
 *
 * <p>Soundness. One side, made by some instance X, goes through the local {@code l} of a tracked create {@code c} of
 * its function, where {@link weft.thread.ChildJoins} proves joined(c): {@code l} still points into the object O that
 * X's last run of {@code c} handed to the child C it started, X allocated O and had not published it then, and C has
 * been joined since; the access stays within O (an access through {@code l} within the object it points into, as C
 * requires, or a library access through {@code l} itself). The other side, made by an instance U of a thread whose
 * every instance was handed an object of its creator's own ({@link InstanceKeys}, POINTER kind by allocation: no two
 * instances, of any threads, ever receive the same live object), goes through U's key within that object. If U is C,
 * all of its accesses happen before its end, which X's join waited for. Otherwise U's object is not O (O was handed to
 * C alone while it lives; memory freed and allocated again comes back only after the first object's accesses), so the
 * two accesses touch different objects.
 *
 * <p>Assumes: {@link weft.thread.ChildJoins} (joins of joinable threads wait: no detached threads, no child joining
 * its creator) and {@link InstanceKeys}. Corpus {@code 37-join-trees}; harness hole {@code join_tree}.
 */
public final class OwnChildAfterJoin implements ExclusionRule {
    @Override
    public boolean mayExclude(Access a, RaceContext ctx) {
        return childSide(a, ctx) || creatorLocal(a, ctx, true) != null;
    }

    @Override
    public String exclude(Access a, Access b, RaceContext ctx) {
        if (creatorLocal(a, ctx, true) != null && childSide(b, ctx) || creatorLocal(b, ctx, true) != null && childSide(a, ctx)) {
            return "the creator uses the object it handed its child after joining that child; other threads were handed other objects";
        }
        return null;
    }

    /** Whether {@code x} is made by the routine of an allocation-keyed thread through its key. */
    static boolean childSide(Access x, RaceContext ctx) {
        var t = x.thread();
        InstanceKeys keys = ctx.instances();
        if (t.isMain() || keys.kind(t) != InstanceKeys.Kind.POINTER || keys.elementSize(t) != Long.MAX_VALUE
                || !x.function().linkName().equals(t.routine())) {
            return false;
        }
        return DistinctInstances.use(x, keys.keys(x.function()), InstanceKeys.Kind.POINTER) != null;
    }

    /**
     * The local of a tracked create that {@code x} goes through, staying within the object it points into, where
     * that create holds ({@code joined}: and its child has been joined since), or null.
     */
    static Variable creatorLocal(Access x, RaceContext ctx, boolean joined) {
        Variable v = through(x);
        if (v == null) return null;
        var cj = ctx.childJoins();
        boolean ok = joined ? cj.joined(x.function(), x.edge(), v) : cj.holds(x.function(), x.edge(), v);
        return ok ? v : null;
    }

    /** The local pointer {@code x} goes through, within the object it points into, or null. */
    private static Variable through(Access x) {
        Lvalue lv = x.access().lvalue();
        if (lv != null) {
            SymbolicBase b = SymbolicBase.within(lv);
            if (b == null || b.base() == null) return null;
            return InstanceAccess.of(lv, Set.of(b.base()), InstanceKeys.Kind.POINTER) != null ? b.base() : null;
        }
        return Expr.loadedVariable(x.access().pointer());
    }
}
