package weft.explore;

import weft.exec.ExecState;
import weft.exec.Frame;
import weft.exec.state.Memory;
import weft.exec.state.Sync;
import weft.exec.ThreadState;
import weft.exec.state.Value;
import java.util.Arrays;
import java.util.Map;

/**
 * Which memory objects of a state only one thread can reach, for the reductions of {@link StateSpace}.
 *
 * <p>An object is <em>reachable</em> by a thread when a pointer path leads to it from the thread's roots: the objects
 * of its frames' variables and its owned objects, its thread-locals, its thread-specific values and the keys it
 * blocks on. Everyone reaches the static objects (globals, string literals: they are named in the code), the
 * synchronisation objects, and the result of every finished thread (any thread may join it); objects reachable from
 * them are <em>shared</em>. An object reached by no thread but {@code t} is <em>private</em> to {@code t}.
 *
 * <p>Why another thread cannot touch an object private to {@code t} while {@code t} does not move: a thread obtains a
 * pointer only by taking the address of one of its variables or of a static object, by allocating, or by reading one
 * from an object it reaches (pointers keep their provenance through integer casts and copies; integers never become
 * pointers to objects). So the objects other threads reach can only grow by the objects they create; the private
 * objects of {@code t} stay out of their reach until {@code t} itself publishes a pointer, which needs a write to an
 * object they reach. Dead objects are followed too, which only makes more objects shared.
 */
final class Sharing {
    private static final int NONE = -1;
    private static final int SHARED = -2;

    /** Per object id: the only thread that reaches it, {@link #NONE} or {@link #SHARED}. */
    private final int[] owner;
    private final int fixedObjects;

    private Sharing(int[] owner, int fixedObjects) {
        this.owner = owner;
        this.fixedObjects = fixedObjects;
    }

    /** Computes who reaches each object of {@code s}; objects below {@code fixedObjects} are static. */
    static Sharing of(ExecState s, int fixedObjects) {
        int n = s.mem.count();
        int[] owner = new int[n];
        Arrays.fill(owner, NONE);
        Walk w = new Walk(s, owner);
        for (int i = 0; i < Math.min(fixedObjects, n); i++) w.root(i, SHARED);
        for (Sync.Key k : s.sync.locks.keySet()) w.root(k.obj(), SHARED);
        for (Sync.Key k : s.sync.barriers.keySet()) w.root(k.obj(), SHARED);
        for (Sync.Key k : s.sync.once.keySet()) w.root(k.obj(), SHARED);
        for (Sync.Key k : s.sync.condWaiters.keySet()) w.root(k.obj(), SHARED);
        for (ThreadState t : s.threads) if (t.finished) w.value(t.retval, SHARED);
        w.run();
        for (ThreadState t : s.threads) {
            if (t.finished) continue;
            int me = t.index;
            for (Frame f : t.stack) {
                for (int i = 0; i < f.variables(); i++) w.root(f.objectAt(i), me);
                for (int i = 0; i < f.owned(); i++) w.root(f.ownedAt(i), me);
                if (f.onceKey != null) w.root(f.onceKey.obj(), me);
            }
            for (int o : t.tls.values()) w.root(o, me);
            for (Value v : t.specific.values()) w.value(v, me);
            if (t.phaseKey != null) w.root(t.phaseKey.obj(), me);
            if (t.phaseCond != null) w.root(t.phaseCond.obj(), me);
            w.run();
        }
        return new Sharing(owner, fixedObjects);
    }

    /**
     * Whether only {@code thread} can reach object {@code obj}. Objects created after this analysis (by the thread's
     * own local steps, see {@link StateSpace}) count as private to it.
     */
    boolean privateTo(int obj, int thread) {
        if (obj >= owner.length) return true;
        if (obj < fixedObjects) return false;
        int o = owner[obj];
        return o == thread || o == NONE;
    }

    /** A depth-first marking: each object gets the one thread that reaches it, or becomes shared. */
    private static final class Walk {
        final ExecState s;
        final int[] owner;
        int[] stack = new int[64];
        int[] as = new int[64];
        int size;

        Walk(ExecState s, int[] owner) {
            this.s = s;
            this.owner = owner;
        }

        void root(int obj, int who) {
            if (obj < 0 || obj >= owner.length) return;
            int cur = owner[obj];
            if (cur == SHARED || cur == who) return;
            owner[obj] = cur == NONE ? who : SHARED;
            if (size == stack.length) {
                stack = Arrays.copyOf(stack, size * 2);
                as = Arrays.copyOf(as, size * 2);
            }
            stack[size] = obj;
            as[size++] = owner[obj];
        }

        void value(Value v, int who) {
            if (v instanceof Value.Ptr p) {
                root(p.obj(), who);
            } else if (v instanceof Value.Agg a) {
                for (Memory.Stored st : a.ptrs().values()) value(st.value(), who);
            }
        }

        /** Marks everything reachable from the pushed roots, with the mark each was given. */
        void run() {
            while (size > 0) {
                size--;
                int obj = stack[size];
                int who = as[size];
                for (Map.Entry<Long, Memory.Stored> e : s.mem.peek(obj).ptrs.entrySet()) value(e.getValue().value(), who);
            }
        }
    }
}
