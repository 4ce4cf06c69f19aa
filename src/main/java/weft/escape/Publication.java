package weft.escape;

import weft.ir.Function;
import weft.ir.Program;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Per user function, the pointer parameters through which it may <em>publish</em> the object the
 * argument points into: store a pointer into it anywhere but its own unaddressed locals, return it,
 * hand it to another thread or to a function that may publish it (see {@link FreshFlow}). A parameter
 * whose token dies in the function for any reason, a join included, counts as published.
 *
 * <p>Least fixpoint over the call graph, starting from "publishes nothing": a parameter is marked
 * only because of a statement of the function or of a callee already marked, so recursion cannot
 * hide a publication; marks only grow, so the iteration ends.
 */
final class Publication {
    private final Map<String, Long> published = new HashMap<>();
    private final Locals locals;

    Publication(Program program, weft.pointer.PointsTo pts, Locals locals) {
        this.locals = locals;
        List<Function> withPointers = new ArrayList<>();
        for (Function f : program.functions().values()) {
            for (int i = 0; i < f.params().size() && i < 63; i++) {
                if (locals.trackable(f, f.params().get(i))) {
                    withPointers.add(f);
                    break;
                }
            }
        }
        FreshFlow flow = new FreshFlow(program, pts, locals, this);
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Function f : withPointers) {
                long[] mask = {published.getOrDefault(f.linkName(), 0L)};
                long before = mask[0];
                flow.run(f, -1L, t -> {
                    if (t < 0 && -t - 1 < 63) mask[0] |= 1L << (-t - 1);
                });
                if (mask[0] != before) {
                    published.put(f.linkName(), mask[0]);
                    changed = true;
                }
            }
        }
    }

    /**
     * Whether {@code f} may publish what its parameter {@code i} points into; true for a parameter the
     * analysis does not track (address taken, not a pointer) and for variadic arguments.
     */
    boolean mayPublish(Function f, int i) {
        if (i >= 63 || i >= f.params().size() || !locals.trackable(f, f.params().get(i))) return true;
        return (published.getOrDefault(f.linkName(), 0L) & (1L << i)) != 0;
    }
}
