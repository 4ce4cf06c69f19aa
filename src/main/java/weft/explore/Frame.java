package weft.explore;

import weft.ir.Edge;
import weft.ir.Function;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** One activation of a user function: current CFG node, the objects of its locals, how to return to the caller. */
final class Frame {
    final Function fn;
    int node;
    /** Variable id to memory object id, for parameters, locals and temporaries of this activation. */
    final Map<Integer, Integer> objects = new HashMap<>();
    /** Objects that die when the activation ends (locals, parameters, {@code alloca} blocks). */
    final List<Integer> owned = new ArrayList<>();
    /** The caller's call edge (its result lvalue and the node to continue at), or null for a thread's start routine. */
    final Edge callEdge;
    /** The body runs atomically ({@code __VERIFIER_atomic_*} functions). */
    final boolean atomic;
    /** For routines run by {@code pthread_once}: the once-control to mark done on return, else null. */
    Sync.Key onceKey;

    Frame copy() {
        Frame f = new Frame(fn, callEdge, atomic);
        f.node = node;
        f.objects.putAll(objects);
        f.owned.addAll(owned);
        f.onceKey = onceKey;
        return f;
    }

    Frame(Function fn, Edge callEdge, boolean atomic) {
        this.fn = fn;
        this.node = fn.cfg().entry();
        this.callEdge = callEdge;
        this.atomic = atomic;
    }
}
