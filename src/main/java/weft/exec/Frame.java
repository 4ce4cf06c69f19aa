package weft.exec;

import weft.exec.state.*;

import weft.ir.Edge;
import weft.ir.Function;

import java.util.Arrays;

/**
 * One activation of a user function: current CFG node, the objects of its locals, how to return to the caller.
 * Shared copy-on-write between copies of a thread state (see {@link ThreadState#ownTop}).
 */
public final class Frame {
    public final Function fn;
    public int node;
    /** Variable ids (ascending) and their objects, for parameters, locals and temporaries of this activation. */
    private int[] vars = new int[4];
    private int[] objs = new int[4];
    private int count;
    /** Objects that die when the activation ends (live locals and parameters, {@code alloca} blocks). */
    private int[] owned = new int[4];
    private int ownedCount;
    /** The caller's call edge (its result lvalue and the node to continue at), or null for a thread's start routine. */
    public final Edge callEdge;
    /** The body runs atomically ({@code __VERIFIER_atomic_*} functions). */
    public final boolean atomic;
    /** For routines run by {@code pthread_once}: the once-control to mark done on return, else null. */
    public Sync.Key onceKey;
    /** The thread state that may change this frame in place (see {@link ThreadState#ownTop}); null: none. */
    Object token;
    /** Which activation this is, within its run (its copies keep it): a {@code longjmp} finds its target by it ({@link Jumps}). */
    final long serial;

    Frame(Function fn, Edge callEdge, boolean atomic) {
        this(fn, callEdge, atomic, 0);
    }

    Frame(Function fn, Edge callEdge, boolean atomic, long serial) {
        this.fn = fn;
        this.node = fn.cfg().entry();
        this.callEdge = callEdge;
        this.atomic = atomic;
        this.serial = serial;
    }

    Frame copy() {
        Frame f = new Frame(fn, callEdge, atomic, serial);
        f.node = node;
        f.vars = Arrays.copyOf(vars, Math.max(count, 1));
        f.objs = Arrays.copyOf(objs, Math.max(count, 1));
        f.count = count;
        f.owned = Arrays.copyOf(owned, Math.max(ownedCount, 1));
        f.ownedCount = ownedCount;
        f.onceKey = onceKey;
        return f;
    }

    /** The object of variable {@code var} in this activation, or -1 when it has none (yet). */
    public int object(int var) {
        int i = find(var);
        return i >= 0 ? objs[i] : -1;
    }

    /** Sets the object of variable {@code var}. */
    void setObject(int var, int obj) {
        int i = find(var);
        if (i >= 0) {
            objs[i] = obj;
            return;
        }
        int at = -i - 1;
        if (count == vars.length) {
            vars = Arrays.copyOf(vars, count * 2);
            objs = Arrays.copyOf(objs, count * 2);
        }
        System.arraycopy(vars, at, vars, at + 1, count - at);
        System.arraycopy(objs, at, objs, at + 1, count - at);
        vars[at] = var;
        objs[at] = obj;
        count++;
    }

    /** Removes variable {@code var}'s object from the activation (and from the owned ones); returns it, or -1. */
    int removeObject(int var) {
        int i = find(var);
        if (i < 0) return -1;
        int obj = objs[i];
        System.arraycopy(vars, i + 1, vars, i, count - i - 1);
        System.arraycopy(objs, i + 1, objs, i, count - i - 1);
        count--;
        for (int k = 0; k < ownedCount; k++) {
            if (owned[k] == obj) {
                System.arraycopy(owned, k + 1, owned, k, ownedCount - k - 1);
                ownedCount--;
                break;
            }
        }
        return obj;
    }

    /** Number of variables with an object; {@link #varAt} and {@link #objectAt} enumerate them by ascending id. */
    public int variables() {
        return count;
    }

    public int varAt(int i) {
        return vars[i];
    }

    public int objectAt(int i) {
        return objs[i];
    }

    /** Adds an object that dies with the activation. */
    void own(int obj) {
        if (ownedCount == owned.length) owned = Arrays.copyOf(owned, ownedCount * 2);
        owned[ownedCount++] = obj;
    }

    /** Number of owned objects; {@link #ownedAt} enumerates them. */
    public int owned() {
        return ownedCount;
    }

    public int ownedAt(int i) {
        return owned[i];
    }

    private int find(int var) {
        for (int i = 0; i < count; i++) {
            if (vars[i] == var) return i;
            if (vars[i] > var) return -i - 1;
        }
        return -count - 1;
    }
}
