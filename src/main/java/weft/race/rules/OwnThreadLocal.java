package weft.race.rules;

import weft.pointer.MemObject;
import weft.race.pair.Access;
import weft.race.pair.ExclusionRule;
import weft.race.pair.RaceContext;

/**
 * Each thread has its own instance of a {@code _Thread_local}/{@code __thread} variable. Two accesses
 * that name such a variable directly (not through a pointer) each touch their own thread's instance:
 * in different threads these are different objects, in the same thread they are ordered by program
 * order. Only accesses through pointers (the address escaped) can reach another thread's instance.
 *
 * <p>Assumes: a {@code named} access names the variable itself, never through a pointer ({@code
 * MemoryAccess.named}); a pointer to another thread's instance is an unnamed access to the same {@code
 * Var} object and is paired normally. Probes p69, p70: sound.
 */
public final class OwnThreadLocal implements ExclusionRule {
    /** Reads only the two memory accesses. */
    @Override
    public boolean accessOnly() {
        return true;
    }

    /** Both must name the same thread-local variable. */
    @Override
    public boolean mayExclude(Access a, RaceContext ctx) {
        return a.access().named() && a.region().object() instanceof MemObject.Var v && v.variable().threadLocal();
    }

    @Override
    public String exclude(Access a, Access b, RaceContext ctx) {
        if (a.access().named() && b.access().named() && a.region().object() instanceof MemObject.Var v
                && v.variable().threadLocal() && b.region().object().equals(a.region().object())) {
            return "thread-local";
        }
        return null;
    }
}
