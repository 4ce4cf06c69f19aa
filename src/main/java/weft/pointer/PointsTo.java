package weft.pointer;

import weft.ir.CType;
import weft.ir.CallTarget;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.Lvalue;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.model.Event;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Deque;
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
 * copied at offsets that do not start a pointer cell is lost); inline assembly has no pointer effects;
 * library models are faithful. When something unsound is detected (unresolved indirect call or start routine,
 * function pointers reaching external code), {@link #isComplete()} is false.
 *
 * <p>Instances are immutable and safe to share between threads once {@link #analyze} returned.
 */
public final class PointsTo {
    private static final long UNKNOWN = ConstraintBuilder.UNKNOWN;

    private final Program program;
    private final Solver s;
    private final List<String> incompleteReasons;
    private final java.util.Map<String, List<String>> incompleteByFunction;
    /** Objects whose address reached unknown memory. */
    private final Set<MemObject> escaped;

    private PointsTo(Program program, Solver s) {
        this.program = program;
        this.s = s;
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
        ConstraintGraph.checkInterruptNow();
        Solver s = new Solver();
        ConstraintBuilder b = new ConstraintBuilder(program, s);
        b.build();
        do {
            s.solve();
        } while (b.resolveCasts());
        b.calls.checkIndirectCalls();
        s.freeze();
        return new PointsTo(program, s);
    }

    /**
     * What the pointer-valued expression {@code pointerExpr}, evaluated in {@code function}, may point to.
     * (Variables are unique program-wide, so {@code function} only documents where the expression is.) A
     * variable of an allocation wrapper stands for all its copies: the shared version's and those of every
     * per-call-site clone, so the result covers every activation of the wrapper.
     */
    public Set<Loc> eval(String function, Expr pointerExpr) {
        return Collections.unmodifiableSet(evalQ(pointerExpr));
    }

    /**
     * The locations {@code lv} (in {@code function}) may designate: the start offset of the accessed
     * bytes, or {@link Loc#ANY} when it is not a constant.
     */
    public Set<Loc> locations(String function, Lvalue lv) {
        return Collections.unmodifiableSet(locationsQ(lv));
    }

    /** User functions {@code call} may invoke: the direct target, or resolved targets of an indirect call. */
    public Set<Function> callees(String function, Stmt.Call call) {
        Set<Function> out = new LinkedHashSet<>();
        CallTarget t = program.target(call);
        if (t instanceof CallTarget.User u) {
            out.add(u.function());
        } else if (t instanceof CallTarget.Indirect) {
            for (String name : functionNames(evalQ(call.callee()))) {
                Function f = program.function(name);
                if (f != null) out.add(f);
            }
        }
        return Collections.unmodifiableSet(out);
    }

    /** Start routines of a thread-creation or once call (also when called through a function pointer). */
    public Set<Function> threadRoutines(String function, Stmt.Call createCall) {
        List<Event> events = new ArrayList<>();
        CallTarget t = program.target(createCall);
        if (t instanceof CallTarget.Library l) {
            events.add(l.model().event());
        } else if (t instanceof CallTarget.Indirect) {
            for (String name : functionNames(evalQ(createCall.callee()))) {
                if (program.function(name) == null) program.models().lookup(name).ifPresent(m -> events.add(m.event()));
            }
        }
        Set<Function> out = new LinkedHashSet<>();
        for (Event ev : events) {
            int arg = ev instanceof Event.ThreadCreate tc ? tc.routineArg() : ev instanceof Event.Once o ? o.routineArg() : -1;
            if (arg < 0 || arg >= createCall.args().size()) continue;
            for (String name : functionNames(evalQ(createCall.args().get(arg)))) {
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
        return Collections.unmodifiableSet(read(normalize(cell.object(), cell.offset())));
    }

    /** Objects reachable from {@code roots} by following stored pointers, including the roots' objects. */
    public Set<MemObject> reachable(Collection<Loc> roots) {
        Set<MemObject> seen = new LinkedHashSet<>();
        Deque<MemObject> work = new ArrayDeque<>();
        for (Loc r : roots) if (seen.add(r.object())) work.add(r.object());
        while (!work.isEmpty()) {
            for (Loc l : read(new Loc(work.poll(), Loc.ANY))) if (seen.add(l.object())) work.add(l.object());
        }
        return Collections.unmodifiableSet(seen);
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
            if (m == null || c < 0 || s.pts[c] == null || s.pts[c].size() == 0) continue;
            sb.append(toLoc(l)).append(" -> ").append(toLocs(s.pts[c].sorted())).append('\n');
        }
        return sb.toString();
    }

    @Override
    public String toString() {
        return "PointsTo[" + s.objs.size() + " objects, " + s.locCount + " locations, " + s.nodeCount + " nodes"
                + (isComplete() ? "" : ", incomplete") + "]";
    }

    // ---------------------------------------------------------------- query-time evaluation (mirrors ConstraintBuilder)

    private Set<Loc> evalQ(Expr e) {
        if (e instanceof Expr.Load l) {
            Set<Loc> out = new LinkedHashSet<>();
            for (Loc loc : locationsQ(l.lvalue())) out.addAll(read(loc));
            return out;
        }
        if (e instanceof Expr.AddrOf a) return locationsQ(a.lvalue());
        if (e instanceof Expr.FuncRef f) return new LinkedHashSet<>(List.of(new Loc(new MemObject.Fn(f.name()), 0)));
        if (e instanceof Expr.Binary b) return binary(b);
        if (e instanceof Expr.Cast c) {
            Expr op = c.operand();
            if (!c.type().isPointer() || ConstraintBuilder.pointerLike(op.type())) return evalQ(op);
            if (Consts.isConstant(op)) return new LinkedHashSet<>();
            Set<Loc> r = evalQ(op);
            if (r.isEmpty()) r.add(new Loc(new MemObject.Unknown(), Loc.ANY));
            return r;
        }
        return new LinkedHashSet<>();
    }

    private Set<Loc> binary(Expr.Binary b) {
        Expr.BinOp op = b.op();
        boolean additive = op == Expr.BinOp.ADD || op == Expr.BinOp.SUB;
        boolean bitwise = op == Expr.BinOp.AND || op == Expr.BinOp.OR || op == Expr.BinOp.XOR;
        if (!additive && !bitwise) return new LinkedHashSet<>();
        Expr l = b.left();
        Expr r = b.right();
        boolean lp = ConstraintBuilder.pointerLike(l.type());
        boolean rp = ConstraintBuilder.pointerLike(r.type());
        if (b.type().isPointer() && additive && (lp || rp) && !(op == Expr.BinOp.SUB && !lp)) {
            Expr ptr = lp ? l : r;
            Expr other = lp ? r : l;
            CType pointee = b.type().pointee();
            long elem = pointee == null || pointee.size() <= 0 ? 1 : pointee.size();
            Long c = Consts.fold(other);
            int sh = c == null ? Solver.SHIFT_ANY : Solver.toShift(c * elem * (op == Expr.BinOp.SUB ? -1 : 1));
            Set<Loc> out = shiftAll(evalQ(ptr), sh == Solver.SHIFT_ANY ? UNKNOWN : sh);
            out.addAll(shiftAll(evalQ(other), UNKNOWN));
            return out;
        }
        if (!b.type().isPointer() && lp && rp) return new LinkedHashSet<>();
        if (additive && !b.type().isPointer()) {
            Long cr = Consts.fold(r);
            if (cr != null) return shiftAll(evalQ(l), shiftBytes(op == Expr.BinOp.SUB ? -cr : cr));
            Long cl = Consts.fold(l);
            if (cl != null && op == Expr.BinOp.ADD) return shiftAll(evalQ(r), shiftBytes(cl));
        }
        Set<Loc> out = shiftAll(evalQ(l), UNKNOWN);
        out.addAll(shiftAll(evalQ(r), UNKNOWN));
        return out;
    }

    private static long shiftBytes(long bytes) {
        int sh = Solver.toShift(bytes);
        return sh == Solver.SHIFT_ANY ? UNKNOWN : sh;
    }

    /** Locations designated by {@code lv}: base locations plus an accumulated byte offset, normalised once. */
    private Set<Loc> locationsQ(Lvalue lv) {
        long[] shift = {0};
        Set<Loc> base = baseOf(lv, shift);
        return shiftAll(base, shift[0]);
    }

    private Set<Loc> baseOf(Lvalue lv, long[] shift) {
        if (lv instanceof Lvalue.Var v) return new LinkedHashSet<>(List.of(new Loc(new MemObject.Var(v.variable()), 0)));
        if (lv instanceof Lvalue.Field f) {
            Set<Loc> base = baseOf(f.base(), shift);
            shift[0] = add(shift[0], f.field().offset());
            return base;
        }
        if (lv instanceof Lvalue.Index ix) {
            Set<Loc> base = baseOf(ix.base(), shift);
            shift[0] = add(shift[0], ConstraintBuilder.indexBytes(ix));
            return base;
        }
        return evalQ(((Lvalue.Deref) lv).pointer());
    }

    private static long add(long a, long b) {
        if (a == UNKNOWN || b == UNKNOWN) return UNKNOWN;
        return shiftBytes(a + b);
    }

    private static Set<Loc> shiftAll(Set<Loc> locs, long bytes) {
        if (bytes == 0) return locs;
        Set<Loc> out = new LinkedHashSet<>();
        for (Loc l : locs) {
            boolean any = bytes == UNKNOWN || l.offset() == Loc.ANY;
            out.add(normalize(l.object(), any ? Loc.ANY : l.offset() + bytes));
        }
        return out;
    }

    private static Loc normalize(MemObject m, long off) {
        if (off != Loc.ANY && (off < 0 || off >= Solver.limit(m))) off = Loc.ANY;
        return new Loc(m, off);
    }

    /**
     * What a read at {@code l} yields: its cell (including weak writes at ANY), or all cells for ANY; for a
     * variable with copies in wrapper clones, the union over the variable and its copies.
     */
    private Set<Loc> read(Loc l) {
        Integer id = s.objIds.get(l.object());
        IntList copies = s.copies.get(l.object());
        if (copies == null) return id == null ? new LinkedHashSet<>() : read(id, l.offset());
        Set<Loc> out = id == null ? new LinkedHashSet<>() : read(id, l.offset());
        for (int i = 0; i < copies.size(); i++) out.addAll(read(copies.get(i), l.offset()));
        return out;
    }

    private Set<Loc> read(int id, long offset) {
        Solver.Obj o = s.obj(id);
        if (o.unknown) return toLocs(nodeSet(o.anyCell));
        if (offset == Loc.ANY) {
            if (o.sum >= 0) return toLocs(nodeSet(o.sum));
            IntSet all = new IntSet();
            for (int i = 0; i < o.cells.size(); i++) addAll(all, s.locCell[o.cells.get(i)]);
            addAll(all, o.anyCell);
            return toLocs(all.sorted());
        }
        int loc = s.findLoc(id, offset);
        int cell = loc >= 0 && s.locCell[loc] >= 0 ? s.locCell[loc] : o.anyCell;
        return toLocs(nodeSet(cell));
    }

    private int[] nodeSet(int node) {
        return node < 0 || s.pts[node] == null ? new int[0] : s.pts[node].sorted();
    }

    private void addAll(IntSet into, int node) {
        if (node >= 0 && s.pts[node] != null) for (int l : s.pts[node].toArray()) into.add(l);
    }

    private Set<Loc> toLocs(int[] ids) {
        Set<Loc> out = new LinkedHashSet<>();
        for (int id : ids) out.add(toLoc(id));
        return out;
    }

    private Loc toLoc(int id) {
        return new Loc(s.obj(s.locObj[id]).object, s.locOff[id] == Solver.ANY ? Loc.ANY : s.locOff[id]);
    }

    private static List<String> functionNames(Set<Loc> locs) {
        List<String> out = new ArrayList<>();
        for (Loc l : locs) if (l.object() instanceof MemObject.Fn fn && !out.contains(fn.linkName())) out.add(fn.linkName());
        return out;
    }
}
