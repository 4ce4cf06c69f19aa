package weft.pointer;

import weft.ir.Edge;
import weft.ir.Expr;
import weft.ir.Stmt;
import weft.ir.Variable;
import weft.model.Event;
import weft.model.LibraryModels;

import java.util.List;
import java.util.Objects;

/**
 * An abstract memory object of the points-to analysis. Each one stands for a set of run-time objects:
 * a {@link Var} for every instance of a variable (all activations of a local, all threads' copies of a
 * thread-local), a {@link Heap} for every block allocated at one site (in one wrapper call context), a
 * {@link Fn} for a function's code and {@link Unknown} for all memory the program did not allocate
 * visibly (memory of external code, integers cast to pointers, nondeterministic pointers).
 */
public sealed interface MemObject {

    /** Size in bytes, or -1 when unknown. */
    long size();

    /** Whether {@code o} is the C library's read-only data pseudo-object ({@link weft.model.LibcFacts#CONST_OBJECT}): never written. */
    static boolean isLibraryConstData(MemObject o) {
        return o instanceof Var v && v.variable().name().equals(weft.model.LibcFacts.CONST_OBJECT);
    }

    /** A variable: global, function-local static, local, parameter, lowering temporary or string literal. */
    record Var(Variable variable) implements MemObject {
        public long size() {
            long s = variable.type().size();
            return s > 0 ? s : -1;
        }

        @Override public String toString() { return variable.name(); }
    }

    /**
     * The blocks allocated by call edge {@code site} of function {@code function} (a link name). If the
     * allocating function is an allocation wrapper, each call of it gets its own objects: {@code context} is
     * the outermost call edge of the call chain that reached the allocation (in the caller that is not
     * itself a cloned wrapper activation) and {@code via} the call edges from there down to {@code function}
     * (empty when {@code context} calls {@code function} directly), e.g. for {@code kmalloc -> __kmalloc ->
     * ldv_malloc -> malloc} called at edge E: {@code Heap(ldv_malloc, malloc-call, E, [kmalloc's call,
     * __kmalloc's call])}. A null {@code context} means the blocks of activations not reached through such
     * a chain (all blocks of a function that is not a wrapper). Distinct objects denote disjoint sets of
     * blocks (see {@link PointsTo#mayAlias}).
     */
    record Heap(String function, Edge site, Edge context, List<Edge> via) implements MemObject {
        public Heap {
            via = via == null || context == null ? List.of() : List.copyOf(via);
        }

        /** An object allocated directly by the function the context edge calls (or a context-free one). */
        public Heap(String function, Edge site, Edge context) {
            this(function, site, context, List.of());
        }

        public long size() {
            return HeapSizes.size(site);
        }

        /** Cheap hash (edges hash their whole statement tree); consistent with the record's equals. */
        @Override
        public int hashCode() {
            int h = Objects.hashCode(function) * 31 + edgeHash(site);
            if (context != null) h = h * 31 + edgeHash(context);
            for (int i = 0; i < via.size(); i++) h = h * 31 + edgeHash(via.get(i)); // no iterator: hashed per access pair
            return h;
        }

        private static int edgeHash(Edge e) {
            return e.from() * 7 + e.to();
        }

        /** The record's equality, with cheap rejections first (edges compare their whole statement trees). */
        @Override
        public boolean equals(Object o) {
            if (this == o) return true;
            if (!(o instanceof Heap h) || !function.equals(h.function) || !sameEdge(site, h.site)
                    || !sameEdge(context, h.context) || via.size() != h.via.size()) {
                return false;
            }
            for (int i = 0; i < via.size(); i++) if (!sameEdge(via.get(i), h.via.get(i))) return false;
            return true;
        }

        private static boolean sameEdge(Edge a, Edge b) {
            if (a == b) return true;
            return a != null && b != null && a.from() == b.from() && a.to() == b.to() && a.equals(b);
        }

        @Override
        public String toString() {
            String s = "heap@" + function + ":" + site.loc().line();
            if (context == null) return s;
            StringBuilder sb = new StringBuilder(s).append("[ctx ").append(where(context));
            for (Edge e : via) sb.append('>').append(where(e));
            return sb.append(']').toString();
        }

        private static String where(Edge e) {
            return e.loc().line() + ":" + e.loc().col();
        }
    }

    /** A function, the target of function pointers; its only meaningful location is offset 0. */
    record Fn(String linkName) implements MemObject {
        public long size() { return -1; }

        @Override public String toString() { return "fn:" + linkName; }
    }

    /**
     * Memory the program cannot see, only ever used with offset {@link Loc#ANY}. It may overlap every object
     * whose address escaped to it ({@link PointsTo#mayAlias}); reading it yields those addresses.
     */
    record Unknown() implements MemObject {
        public long size() { return -1; }

        @Override public String toString() { return "unknown"; }
    }
}

/** Sizes of heap blocks whose allocation call has constant size arguments (standard model table). */
final class HeapSizes {
    private static final LibraryModels MODELS = LibraryModels.standard();

    private HeapSizes() {
    }

    static long size(Edge site) {
        if (!(site.stmt() instanceof Stmt.Call call) || call.directName() == null) return -1;
        Event ev = MODELS.lookup(call.directName()).map(m -> m.event()).orElse(null);
        if (!(ev instanceof Event.Alloc alloc) || alloc.sizeArgs().isEmpty()) return -1;
        List<Expr> args = call.args();
        long size = 1;
        for (int i : alloc.sizeArgs()) {
            if (i < 0 || i >= args.size()) return -1;
            Long v = Consts.fold(args.get(i));
            if (v == null || v <= 0 || v > Integer.MAX_VALUE) return -1;
            size = Math.multiplyExact(size, v);
            if (size > Integer.MAX_VALUE) return -1;
        }
        return size;
    }
}
