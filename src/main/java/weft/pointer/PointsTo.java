package weft.pointer;

import weft.ir.CallTarget;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.Lvalue;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.model.Event;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Whole-program, flow-insensitive, field-sensitive, inclusion-based (Andersen-style) points-to analysis.
 *
 * <p><b>What it computes.</b> For every cell (abstract object + byte offset) a set of locations the
 * pointer stored there may point to; from these, what any expression may point to and which memory any
 * lvalue may designate. Context-insensitive, except for allocation wrappers ({@link Wrappers}): their
 * constraints are cloned for every call (nested wrappers up to {@link Wrappers#MAX_DEPTH} levels), so the
 * heap blocks they allocate are split per calling context ({@link MemObject.Heap}).
 *
 * <p><b>Why it over-approximates</b> (given the assumptions listed below): statement order is ignored, so
 * every value ever assigned to a cell is in its set; objects summarise all their run-time instances, so
 * writes to an abstract object are weak (never kill); a write at an unknown offset reaches every cell of
 * the object and a read at an unknown offset sees every cell; offsets that become imprecise (non-constant
 * index or arithmetic, out of bounds, too many distinct ones) widen to {@link Loc#ANY}; integers keep the
 * locations of pointers converted to them; integer-to-pointer casts without such a provenance and
 * nondeterministic pointers yield unknown memory, which also contains everything that escaped to external
 * code; a wrapper clone is the wrapper's constraints inlined at one call, with private copies only of
 * variables no pointer can reach (never address-taken), so it over-approximates every activation of the
 * wrapper through that call while everything it stores into shared memory (globals, heap, other
 * functions' parameters) remains visible to all code.
 *
 * <p><b>Assumptions</b> (documented unsoundness): pointers are copied whole (a pointer assembled from bytes
 * copied at offsets that do not start a pointer cell is lost); {@code p + k} with p not cast from an integer in
 * that expression stays within p's objects (C11 6.5.6p8; a null pointer kept in a variable, {@code b = 0; b + k}, takes
 * none of k's targets), even when k was computed from another pointer's address
 * ({@code (char *)p + ((uintptr_t)q - (uintptr_t)p)} is undefined when q is outside p's object; {@link PointerArith}); inline assembly has no pointer effects;
 * library models are faithful. When something unsound is detected (unresolved indirect call or start routine,
 * function pointers reaching external code), {@link #isComplete()} is false.
 *
 * <p><b>Cost.</b> Solving propagates only the difference of each set along edges, merges cycles of copy
 * edges into one node ({@link ConstraintGraph}) and copies blocks through pointers without building all
 * source/destination pairs ({@link CopyGroup}); sets become bitmaps when large ({@link IntSet}). Queries
 * are evaluated on location ids and memoised per node, location, expression and call ({@link Queries}):
 * asking again, or about another expression reading the same cells, is cheap.
 *
 * <p>Instances are immutable (apart from those caches) and safe to share between threads once {@link
 * #analyze} returned.
 */
public final class PointsTo {
    private final Program program;
    private final Solver s;
    private final List<String> incompleteReasons;
    private final java.util.Map<String, List<String>> incompleteByFunction;
    /** Objects whose address reached unknown memory. */
    private final Set<MemObject> escaped;
    /** Query evaluation with its caches. */
    private final Queries q;
    /** Answers of {@link #callees} and {@link #threadRoutines} by call statement (identity). */
    private final java.util.Map<Queries.Key, Set<Function>> callees = new java.util.concurrent.ConcurrentHashMap<>();
    private final java.util.Map<Queries.Key, Set<Function>> routines = new java.util.concurrent.ConcurrentHashMap<>();

    private PointsTo(Program program, Solver s) {
        this.program = program;
        this.s = s;
        this.q = new Queries(s);
        this.incompleteReasons = List.copyOf(s.incomplete);
        java.util.Map<String, List<String>> byFn = new java.util.LinkedHashMap<>();
        s.incompleteIn.forEach((k, v) -> byFn.put(k, List.copyOf(v)));
        this.incompleteByFunction = java.util.Map.copyOf(byFn);
        Set<MemObject> esc = new HashSet<>();
        for (Loc l : read(new Loc(new MemObject.Unknown(), Loc.ANY))) esc.add(l.object());
        this.escaped = Set.copyOf(esc);
    }

    /**
     * Analyses the whole program. Throws {@link java.util.concurrent.CancellationException} if the
     * calling thread is interrupted meanwhile.
     */
    public static PointsTo analyze(Program program) {
        return analyze(program, true);
    }

    /**
     * Analyses the whole program; without {@code optimised}, with neither cycle collapsing nor grouped block
     * copies, which must give the same solution (for tests).
     */
    static PointsTo analyze(Program program, boolean optimised) {
        return analyze(program, optimised, CopyGroup.COARSE_EDGES);
    }

    /** With block-copy groups coarsening past {@code coarseCopyEdges} edges ({@link CopyGroup}), for tests. */
    static PointsTo analyze(Program program, boolean optimised, long coarseCopyEdges) {
        ConstraintGraph.checkInterruptNow();
        Solver s = new Solver();
        s.coarseCopyEdges = coarseCopyEdges;
        s.collapseCycles = optimised;
        ConstraintBuilder b = new ConstraintBuilder(program, s);
        b.groupBlockCopies = optimised;
        b.build();
        do {
            s.solve();
        } while (b.resolveCasts());
        b.calls.checkIndirectCalls();
        s.freeze();
        return new PointsTo(program, s);
    }

    /**
     * User functions that may be registered as thread-specific data destructors, in name order: a
     * thread may run any of them when it ends, with any value stored by {@code pthread_setspecific}.
     */
    public List<String> threadDestructors() {
        List<String> out = new java.util.ArrayList<>(s.destructors);
        out.sort(null);
        return out;
    }

    /**
     * What the pointer-valued expression {@code pointerExpr}, evaluated in {@code function}, may point to.
     * (Variables are unique program-wide, so {@code function} only documents where the expression is.) A
     * variable of an allocation wrapper stands for all its copies: the shared version's and those of every
     * per-call-site clone, so the result covers every activation of the wrapper. Equal answers are one (unmodifiable)
     * set object, so a client may key what it derives from an answer by the set's identity.
     */
    public Set<Loc> eval(String function, Expr pointerExpr) {
        return q.eval(pointerExpr);
    }

    /**
     * The locations {@code lv} (in {@code function}) may designate: the start offset of the accessed
     * bytes, or {@link Loc#ANY} when it is not a constant.
     */
    public Set<Loc> locations(String function, Lvalue lv) {
        return q.locations(lv);
    }

    /** User functions {@code call} may invoke: the direct target, or resolved targets of an indirect call. */
    public Set<Function> callees(String function, Stmt.Call call) {
        return callees.computeIfAbsent(new Queries.Key(call), k -> computeCallees(call));
    }

    private Set<Function> computeCallees(Stmt.Call call) {
        Set<Function> out = new LinkedHashSet<>();
        CallTarget t = program.target(call);
        if (t instanceof CallTarget.User u) {
            out.add(u.function());
        } else if (t instanceof CallTarget.Indirect) {
            for (String name : q.functionNames(call.callee())) {
                Function f = program.function(name);
                if (f != null) out.add(f);
            }
        }
        return Collections.unmodifiableSet(out);
    }

    /**
     * Library functions (with their model) and external functions an indirect call may invoke, in name
     * order; empty for direct calls. Their effects apply as if called directly, joined with those of
     * the user callees ({@link #callees}).
     */
    public List<CallTarget> libraryCallees(Stmt.Call call) {
        return libraryCallees.computeIfAbsent(new Queries.Key(call), k -> {
            if (!(program.target(call) instanceof CallTarget.Indirect)) return List.of();
            List<CallTarget> out = new ArrayList<>();
            for (String name : q.functionNames(call.callee())) {
                if (program.function(name) != null) continue;
                out.add(program.models().lookup(name).<CallTarget>map(CallTarget.Library::new).orElse(new CallTarget.External(name)));
            }
            return List.copyOf(out);
        });
    }

    private final java.util.Map<Queries.Key, List<CallTarget>> libraryCallees = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * Whether the function pointer {@code pointerExpr} may hold a value the analysis cannot name: it may
     * point into unknown memory (loaded from memory external code wrote, an integer cast), so the call may
     * run code no analysis has seen.
     */
    public boolean mayDenoteUnknownCode(Expr pointerExpr) {
        for (Loc l : q.eval(pointerExpr)) if (l.object() instanceof MemObject.Unknown) return true;
        return false;
    }

    /** Start routines of a thread-creation or once call (also when called through a function pointer). */
    public Set<Function> threadRoutines(String function, Stmt.Call createCall) {
        return routines.computeIfAbsent(new Queries.Key(createCall), k -> computeRoutines(createCall));
    }

    private Set<Function> computeRoutines(Stmt.Call createCall) {
        List<Event> events = new ArrayList<>();
        CallTarget t = program.target(createCall);
        if (t instanceof CallTarget.Library l) {
            events.add(l.model().event());
        } else if (t instanceof CallTarget.Indirect) {
            for (String name : q.functionNames(createCall.callee())) {
                if (program.function(name) == null) program.models().lookup(name).ifPresent(m -> events.add(m.event()));
            }
        }
        Set<Function> out = new LinkedHashSet<>();
        for (Event ev : events) {
            int arg = ev instanceof Event.ThreadCreate tc ? tc.routineArg() : ev instanceof Event.Once o ? o.routineArg() : -1;
            if (arg < 0 || arg >= createCall.args().size()) continue;
            for (String name : q.functionNames(createCall.args().get(arg))) {
                Function f = program.function(name);
                if (f != null) out.add(f);
            }
        }
        return Collections.unmodifiableSet(out);
    }

    /**
     * What the pointer stored at {@code cell} may point to (all cells of the object for offset ANY); for a
     * wrapper's variable, in any of its copies.
     */
    public Set<Loc> contents(Loc cell) {
        long off = cell.offset();
        if (off != Loc.ANY && (off < 0 || off >= Solver.limit(cell.object()))) off = Loc.ANY;
        return read(new Loc(cell.object(), off));
    }

    /**
     * What the pointers stored in the hidden-state objects of a library call's groups may point to ({@code strtok}'s
     * saved position: {@link weft.model.LibcFacts#stateTargets}).
     */
    public Set<Loc> stateContents(weft.model.LibcFacts facts) {
        Set<Loc> out = new java.util.LinkedHashSet<>();
        for (String g : facts.allGroups()) out.addAll(stateContents(g));
        return out;
    }

    /** What the pointers stored in hidden-state group {@code group}'s object may point to (none without the object). */
    public Set<Loc> stateContents(String group) {
        weft.ir.Variable v = program.libcObject(weft.model.LibcFacts.stateObjectName(group));
        return v == null ? Set.of() : contents(new Loc(new MemObject.Var(v), Loc.ANY));
    }

    /** Objects reachable from {@code roots} by following stored pointers, including the roots' objects. */
    public Set<MemObject> reachable(Collection<Loc> roots) {
        return Collections.unmodifiableSet(q.reachable(roots));
    }

    /**
     * What a library function's deep argument reaches ({@code weft.model.Event.MemArg#deep}): the objects reachable
     * from {@code roots}, not followed past unknown memory (whose accesses already stand for every escaped object)
     * or the library's read-only data (which holds none of the structure's pointers).
     */
    public Set<MemObject> deepReach(Collection<Loc> roots) {
        return Collections.unmodifiableSet(q.reachable(roots, o -> !(o instanceof MemObject.Unknown) && !MemObject.isLibraryConstData(o)));
    }

    /**
     * {@link #deepReach} with the bytes reached of each object: {@code {lo, hi}} for an object reached only through
     * pointers into its array members, null for one reached whole ({@link DeepReach}).
     */
    public java.util.Map<MemObject, long[]> deepReachExtents(Collection<Loc> roots) {
        Set<MemObject> objs = new java.util.LinkedHashSet<>();
        for (Loc r : roots) objs.add(r.object());
        return Collections.unmodifiableMap(DeepReach.of(s, objs, o -> !(o instanceof MemObject.Unknown) && !MemObject.isLibraryConstData(o)));
    }

    /**
     * Whether two abstract objects may denote the same run-time memory: equal objects, and unknown memory
     * with every object that escaped to it (external code, integer-to-pointer casts). Clients comparing the
     * locations of two accesses must use this rather than {@code equals} on objects.
     *
     * <p>Heap objects of one allocation site with different contexts are disjoint: every run-time
     * activation of a wrapper is represented by exactly one version of its constraints, chosen by its call
     * chain (a clone per outermost call edge and inner call path, or the shared version for activations
     * reached otherwise), and each version allocates only its own object. In particular code inside the
     * wrapper sees the per-context objects themselves (its variables are the union of their copies), never
     * a context-free stand-in for them; the context-free object exists only if the shared version runs.
     */
    public boolean mayAlias(MemObject a, MemObject b) {
        if (a.equals(b)) return true;
        if (a instanceof MemObject.Unknown) return escaped.contains(b);
        if (b instanceof MemObject.Unknown) return escaped.contains(a);
        return false;
    }

    /** False if the analysis saw something it cannot account for; clients must not then claim race freedom. */
    public boolean isComplete() {
        return incompleteReasons.isEmpty();
    }

    /**
     * Why the analysis is incomplete for the given executed functions: reasons caused by code of those
     * functions plus whole-program ones. Code that never runs cannot make the analysis miss behaviour.
     */
    public List<String> incompleteReasons(java.util.Collection<String> executedFunctions) {
        List<String> out = new java.util.ArrayList<>(incompleteByFunction.getOrDefault("", List.of()));
        for (String f : executedFunctions) out.addAll(incompleteByFunction.getOrDefault(f, List.of()));
        return out;
    }

    /** Why the analysis is incomplete (empty if complete), for diagnostics. */
    public List<String> incompleteReasons() {
        return incompleteReasons;
    }

    /**
     * The array member {@code {lo, hi}} of object {@code o} containing byte offset {@code off}: its outermost array
     * inside a declared struct ({@link Extents}), within which pointer arithmetic and library accesses from a pointer
     * into it stay; null when {@code off} is in none.
     */
    public long[] arrayMemberAt(MemObject o, long off) {
        Integer id = s.objIds.get(o);
        if (id == null) return null;
        long[] ext = s.obj(id).ext;
        int e = Extents.containing(ext, off);
        return e < 0 ? null : new long[] {ext[2 * e], ext[2 * e + 1]};
    }

    /** Every object the analysis knows of (variables used, heap sites, functions, unknown memory). */
    public Set<MemObject> objects() {
        Set<MemObject> out = new LinkedHashSet<>();
        for (Solver.Obj o : s.objs) if (o.object != null) out.add(o.object);
        return Collections.unmodifiableSet(out);
    }

    /** A readable listing of all non-empty cells, for debugging and tests. */
    public String dump() {
        StringBuilder sb = new StringBuilder();
        for (int l = 0; l < s.locCount; l++) {
            MemObject m = s.obj(s.locObj[l]).object;
            int c = s.locCell[l];
            if (m == null || c < 0 || s.ptsOf(c) == null || s.ptsOf(c).size() == 0) continue;
            sb.append(toLoc(l)).append(" -> ").append(toLocs(s.ptsOf(c).sorted())).append('\n');
        }
        return sb.toString();
    }

    /** The solved constraint system (for tests). */
    Solver solver() {
        return s;
    }

    /** Solver statistics (edges, propagations, constraint applications, set sizes), for benchmarks. */
    public String stats() {
        return s.stats;
    }

    /**
     * All non-empty cells of objects clients see with what they may point to (for a wrapper's variable,
     * the union over its copies), one line per cell, sorted, with variables named unambiguously: a
     * canonical form for comparing solutions independently of internal numbering.
     */
    public String dumpCanonical() {
        java.util.Map<Integer, MemObject> copyOf = new java.util.HashMap<>();
        s.copies.forEach((m, ids) -> {
            for (int i = 0; i < ids.size(); i++) copyOf.put(ids.get(i), m);
        });
        Set<Loc> cells = new HashSet<>();
        for (int l = 0; l < s.locCount; l++) {
            MemObject m = s.obj(s.locObj[l]).object;
            if (m == null) m = copyOf.get(s.locObj[l]);
            if (m != null) cells.add(new Loc(m, s.locOff[l] == Solver.ANY ? Loc.ANY : s.locOff[l]));
        }
        List<String> lines = new ArrayList<>();
        for (Loc cell : cells) {
            Set<Loc> v = read(cell);
            if (v.isEmpty()) continue;
            java.util.TreeSet<String> names = new java.util.TreeSet<>();
            for (Loc x : v) names.add(canonicalName(x));
            lines.add(canonicalName(cell) + " -> " + names);
        }
        Collections.sort(lines);
        return String.join("\n", lines);
    }

    private static String canonicalName(Loc l) {
        MemObject m = l.object();
        String o = m instanceof MemObject.Var v ? v.variable().name() + "#" + v.variable().id() : m.toString();
        return o + (l.offset() == Loc.ANY ? "+?" : "+" + l.offset());
    }

    @Override
    public String toString() {
        return "PointsTo[" + s.objs.size() + " objects, " + s.locCount + " locations, " + s.nodeCount + " nodes"
                + (isComplete() ? "" : ", incomplete") + "]";
    }

    /**
     * What a read at {@code l} yields: its cell (including weak writes at ANY), or all cells for ANY; for a
     * variable with copies in wrapper clones, the union over the variable and its copies.
     */
    private Set<Loc> read(Loc l) {
        return q.read(l);
    }

    private Set<Loc> toLocs(int[] ids) {
        Set<Loc> out = new LinkedHashSet<>();
        for (int id : ids) out.add(toLoc(id));
        return out;
    }

    private Loc toLoc(int id) {
        return q.locOf(id);
    }
}
