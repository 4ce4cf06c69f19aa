package weft.pointer;

import weft.ir.CType;
import weft.ir.Edge;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.GlobalInit;
import weft.ir.Lvalue;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.ir.StructType;
import weft.ir.Variable;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Translates the IR into solver constraints. Expressions become nodes (cells of variables, or
 * temporaries joined by shifting edges); lvalues become {@link Term}s: a statically known location, or a
 * pointer node plus a byte shift. Calls are bound by {@link Calls} (user functions, also when an indirect
 * call's target is discovered during solving) and {@link CallEffects} (library models, external code).
 *
 * <p><b>Versions.</b> A function's constraints are generated once context-insensitively (its <em>shared
 * version</em>), except for allocation wrappers ({@link Wrappers}): every call of a wrapper gets a clone
 * of the wrapper's constraints, with private copies of its (non-address-taken) variables and return slot,
 * and calls to wrappers inside a clone are cloned in turn (up to {@link Wrappers#MAX_DEPTH}). Heap blocks
 * allocated in a clone are the objects {@code Heap(wrapper, site, context, via)}: {@code context} is the
 * outermost call edge (in code that is not itself a clone), {@code via} the call edges between. Each run-time
 * activation of a wrapper belongs to exactly one version (determined by its call stack), so these objects and
 * the shared version's {@code Heap(wrapper, site, null)} partition the blocks allocated at {@code site}.
 * A wrapper's shared version is built only when needed: when it has no direct callers (it might be an
 * entry point), when nesting or the cloning budget is exhausted, or if something calls it context-insensitively.
 */
final class ConstraintBuilder {
    /** A location designator: static ({@code obj >= 0}), through a pointer ({@code node >= 0}) or empty. */
    record Term(int obj, long off, int node, int shift) {
        static final Term EMPTY = new Term(-1, 0, -1, 0);

        static Term at(int obj, long off) { return off == UNKNOWN ? new Term(obj, off, -1, Shift.WHOLE) : new Term(obj, off, -1, 0); }

        static Term through(int node, int shift) { return node < 0 ? EMPTY : new Term(-1, 0, node, shift); }

        boolean isEmpty() { return obj < 0 && node < 0; }

        boolean isStatic() { return obj >= 0; }
    }

    private record MemoKey(int node, int shift, boolean load) {}

    /**
     * One copy of a function's constraints: the shared one ({@code context} null) or a wrapper clone for
     * the calling context {@code context} (outermost call edge) and {@code via} (inner call edges).
     */
    static final class Version {
        final int fn;
        final Edge context;
        final List<Edge> via;
        final int depth;
        final int retObj;
        /** Private copies of the wrapper's variables (clones only; null for the shared version). */
        final Map<Variable, Integer> vars;
        /** Edges left for clones under the same outermost call (clones only). */
        final int[] budget;

        Version(int fn, Edge context, List<Edge> via, int depth, int retObj, Map<Variable, Integer> vars, int[] budget) {
            this.fn = fn;
            this.context = context;
            this.via = via;
            this.depth = depth;
            this.retObj = retObj;
            this.vars = vars;
            this.budget = budget;
        }
    }

    /** An offset that is not a compile-time constant (composes to ANY). */
    static final long UNKNOWN = Long.MIN_VALUE;

    final Program program;
    final Solver s;
    final List<Function> functions;
    final Map<String, Integer> fnIndex = new HashMap<>();
    final Wrappers wrappers;
    /** Shared versions by function index (null until needed). */
    private final Version[] shared;
    final Calls calls;
    private final LongIntMap constNodes = new LongIntMap();
    private final Map<MemoKey, Integer> memo = new HashMap<>();
    final IntList castNodes = new IntList();
    /** The version whose body is being translated (null for global initialisers). */
    private Version cur;
    /** Edges all clones may still have together. */
    private int cloneEdgesLeft;
    /**
     * Whether block copies through pointers go through a {@link CopyGroup} (else every source/destination
     * pair is linked: the same solution, for tests comparing the two).
     */
    boolean groupBlockCopies = true;

    ConstraintBuilder(Program program, Solver s) {
        this.program = program;
        this.s = s;
        this.functions = new ArrayList<>(program.functions().values());
        for (int i = 0; i < functions.size(); i++) fnIndex.put(functions.get(i).linkName(), i);
        this.shared = new Version[functions.size()];
        this.wrappers = new Wrappers(program, functions, fnIndex);
        this.cloneEdgesLeft = wrappers.cloneBudget;
        this.calls = new Calls(this);
    }

    /**
     * Generates the constraints of the global initialisers and all function bodies: the shared version of
     * every function that is not a wrapper and of wrappers without direct callers, and (recursively, from
     * their call sites) the wrapper clones and shared wrapper versions these need.
     */
    void build() {
        calls.effects.installExternalWorld();
        cur = null;
        for (Variable g : program.globals()) {
            GlobalInit init = program.init(g);
            if (init == null) continue;
            int obj = varObj(null, g);
            for (GlobalInit.Item item : init.items()) assign(Term.at(obj, item.offset()), item.type(), item.value());
        }
        for (int i = 0; i < functions.size(); i++) {
            if (!wrappers.isWrapper(i)) translate(shared(i));
            else if (!wrappers.isCalled(i)) shared(i);
        }
        // an uninitialised pointer may point anywhere: its function's constraints are not complete
        for (Function f : functions) {
            for (String r : UninitialisedPointers.reads(f)) {
                s.markIncomplete(f.linkName(), "read of the uninitialised pointer " + r + " (any target)");
            }
        }
    }

    /**
     * The shared version of function {@code fn}. Shared versions of non-wrappers are translated by {@link
     * #build}; a wrapper's is translated here, the first time it is needed.
     */
    Version shared(int fn) {
        Version v = shared[fn];
        if (v != null) return v;
        int ret = s.internalObject(functions.get(fn).type().returnType().size());
        v = shared[fn] = new Version(fn, null, List.of(), 0, ret, null, null);
        if (wrappers.isWrapper(fn)) translate(v);
        return v;
    }

    /**
     * The version of {@code callee} that call edge {@code e} of version {@code caller} invokes: for a
     * wrapper, a new clone (translated here) unless nesting is too deep or a budget is exhausted, in which
     * case, as for other functions, the shared version.
     */
    Version calleeVersion(Version caller, Edge e, int callee) {
        if (!wrappers.isWrapper(callee) || caller == null || caller.depth >= Wrappers.MAX_DEPTH) return shared(callee);
        int size = functions.get(callee).cfg().edges().size();
        boolean outermost = caller.context == null;
        int[] budget = outermost ? new int[] {Wrappers.MAX_EDGES_PER_SITE} : caller.budget;
        if (size > budget[0] || size > cloneEdgesLeft) return shared(callee);
        budget[0] -= size;
        cloneEdgesLeft -= size;
        List<Edge> via = outermost ? List.of() : append(caller.via, e);
        int ret = s.internalObject(functions.get(callee).type().returnType().size());
        Version v = new Version(callee, outermost ? e : caller.context, via, caller.depth + 1, ret, new HashMap<>(), budget);
        translate(v);
        return v;
    }

    private static List<Edge> append(List<Edge> list, Edge e) {
        List<Edge> out = new ArrayList<>(list.size() + 1);
        out.addAll(list);
        out.add(e);
        return List.copyOf(out);
    }

    /** Generates the constraints of the body of {@code v}'s function for version {@code v}. */
    private void translate(Version v) {
        Version saved = cur;
        cur = v;
        try {
            Function f = functions.get(v.fn);
            for (Edge e : f.cfg().edges()) {
                s.checkInterrupt();
                statement(v, f, e);
            }
        } finally {
            cur = saved;
        }
    }

    private void statement(Version v, Function f, Edge e) {
        Stmt st = e.stmt();
        if (st instanceof Stmt.Assign a) {
            assign(term(a.lhs()), a.lhs().type(), a.rhs());
        } else if (st instanceof Stmt.Return r) {
            if (r.value() != null) assign(retTerm(v), f.type().returnType(), r.value());
        } else if (st instanceof Stmt.Call c) {
            calls.call(v, f, e, c);
        }
    }

    // ---------------------------------------------------------------- objects

    /** The object of variable {@code v} in version {@code ver}: the clone's private copy, or the variable's own. */
    int varObj(Version ver, Variable v) {
        if (ver != null && ver.vars != null && wrappers.cloned(v) && v.function().equals(functions.get(ver.fn).linkName())) {
            Integer id = ver.vars.get(v);
            if (id == null) {
                id = s.copyOf(new MemObject.Var(v));
                ver.vars.put(v, id);
            }
            return id;
        }
        return s.object(new MemObject.Var(v));
    }

    int fnObj(String name) {
        return s.object(new MemObject.Fn(name));
    }

    /** The heap object of allocation call {@code site} in version {@code ver} (context-free if shared). */
    int heapObj(Version ver, Edge site) {
        return s.object(new MemObject.Heap(functions.get(ver.fn).linkName(), site, ver.context, ver.via));
    }

    /** A node holding exactly {@code loc} (shared; never used for heap locations). */
    int constNode(int loc) {
        int n = constNodes.get(loc);
        if (n >= 0) return n;
        n = s.seededNode(loc);
        constNodes.putIfAbsent(loc, n);
        return n;
    }

    int temp() {
        return s.newNode();
    }

    /** The return slot of version {@code v}. */
    Term retTerm(Version v) {
        return Term.at(v.retObj, 0);
    }

    int retNode(Version v) {
        return s.writeNode(s.loc(v.retObj, 0));
    }

    // ---------------------------------------------------------------- lvalues and expressions

    Term term(Lvalue lv) {
        if (lv instanceof Lvalue.Var v) return Term.at(varObj(cur, v.variable()), 0);
        if (lv instanceof Lvalue.Field f) return shifted(term(f.base()), Shift.plain(f.field().offset()));
        if (lv instanceof Lvalue.Index ix) return shifted(term(ix.base()), indexShift(ix));
        return Term.through(eval(((Lvalue.Deref) lv).pointer()), 0);
    }

    /** All of the object(s) {@code lv} designates (offset ANY). */
    Term anywhereIn(Lvalue lv) {
        return shifted(term(lv), Shift.WHOLE);
    }

    /**
     * The move from an array to its element {@code ix}: to a constant element, known to be in the array
     * ({@link Shift#tagged}); to an unknown one, anywhere in the array ({@link Shift#rangeAt}).
     */
    static int indexShift(Lvalue.Index ix) {
        long bytes = indexBytes(ix);
        if (!(ix.base().type().unqualified() instanceof CType.Array)) return Shift.ofBytes(bytes);
        return bytes == UNKNOWN ? Shift.rangeAt(0) : Shift.tagged(bytes);
    }

    /** Byte offset of a constant index, or {@link #UNKNOWN}. */
    static long indexBytes(Lvalue.Index ix) {
        Long c = Consts.fold(ix.index());
        long elem = ix.type().size();
        if (c == null || elem <= 0) return UNKNOWN;
        try {
            return Math.multiplyExact(c, elem);
        } catch (ArithmeticException e) {
            return UNKNOWN;
        }
    }

    /**
     * Offsets compose first and are normalised (bounds, ANY, array members) only when interned. A static
     * term keeps its offset in {@code off} and what it knows of arrays in {@code shift}: the kind of {@link
     * Shift} it was composed from, at offset 0 ({@code 0}: plain; {@code tagged(0)}: in an array; {@code
     * rangeAt(0)}: anywhere in the array starting at {@code off}; {@code WHOLE}: anywhere).
     */
    private static Term shifted(Term t, int step) {
        if (t.isEmpty() || step == 0) return t;
        if (t.isStatic()) {
            int kind = Shift.add(t.shift(), step);
            if (kind == Shift.WHOLE) return new Term(t.obj(), UNKNOWN, -1, Shift.WHOLE);
            long off = t.off() + Shift.bytes(kind);
            int k = Shift.isRange(kind) ? Shift.rangeAt(0) : Shift.isTagged(kind) ? Shift.tagged(0) : 0;
            return new Term(t.obj(), Shift.isRange(t.shift()) ? t.off() : off, -1, k);
        }
        return Term.through(t.node(), Shift.add(t.shift(), step));
    }

    int staticLoc(Term t) {
        int kind = t.shift();
        if (kind == Shift.WHOLE || t.off() == UNKNOWN || t.off() < 0) return s.loc(t.obj(), Loc.ANY);
        if (Shift.isRange(kind)) return s.rangeLocAt(t.obj(), t.off());
        return s.loc(t.obj(), t.off(), Shift.isTagged(kind));
    }

    /** The node of the value of {@code e}, or -1 if it cannot hold a pointer. */
    int eval(Expr e) {
        if (e instanceof Expr.Load l) return read(term(l.lvalue()));
        if (e instanceof Expr.AddrOf a) return address(term(a.lvalue()));
        if (e instanceof Expr.FuncRef f) return constNode(s.loc(fnObj(f.name()), 0));
        if (e instanceof Expr.Binary b) return binary(b);
        if (e instanceof Expr.Cast c) return cast(c);
        return -1; // constants, unary operators
    }

    /** The node of what is stored at {@code t}. */
    int read(Term t) {
        if (t.isEmpty()) return -1;
        if (t.isStatic()) return s.readNode(staticLoc(t));
        MemoKey k = new MemoKey(t.node(), t.shift(), true);
        Integer m = memo.get(k);
        if (m != null) return m;
        int dst = temp();
        memo.put(k, dst);
        int shift = t.shift();
        s.addConstraint(t.node(), (sv, l) -> sv.addEdge(sv.readNode(sv.shift(l, shift)), dst, 0));
        return dst;
    }

    /** The node of the address {@code t} designates. */
    int address(Term t) {
        if (t.isEmpty()) return -1;
        if (t.isStatic()) return constNode(staticLoc(t));
        return shiftedNode(t.node(), t.shift());
    }

    int shiftedNode(int n, int shift) {
        if (n < 0 || shift == 0) return n;
        MemoKey k = new MemoKey(n, shift, false);
        Integer m = memo.get(k);
        if (m != null) return m;
        int dst = temp();
        memo.put(k, dst);
        s.addEdge(n, dst, shift);
        return dst;
    }

    int union(int a, int b) {
        if (a < 0) return b;
        if (b < 0 || a == b) return a;
        int t = temp();
        s.addEdge(a, t, 0);
        s.addEdge(b, t, 0);
        return t;
    }

    private int binary(Expr.Binary b) {
        int out = -1;
        for (PointerArith.Flow f : PointerArith.flows(b)) {
            int sh = f.bytes() == null ? Shift.WHOLE : Shift.plain(f.bytes());
            // p + k moves p within its array, also by a constant too large to encode
            if (sh == Shift.WHOLE && f.inArray()) sh = Shift.IN_ARRAY;
            out = union(out, shiftedNode(eval(f.operand()), sh));
        }
        return out;
    }

    private int cast(Expr.Cast c) {
        Expr op = c.operand();
        int n = eval(op);
        if (!c.type().isPointer() || pointerLike(op.type())) return n;
        if (Consts.isConstant(op)) return -1;   // NULL or a fixed address
        // integer to pointer: if no pointer flows into the integer, the result is unknown memory
        int t = temp();
        if (n >= 0) s.addEdge(n, t, 0);
        castNodes.add(t);
        return t;
    }

    static boolean pointerLike(CType t) {
        CType u = t.unqualified();
        return u instanceof CType.Pointer || u instanceof CType.Array || u instanceof CType.Function;
    }

    static boolean isAggregate(CType t) {
        CType u = t.unqualified();
        return u instanceof StructType || u instanceof CType.Array;
    }

    // ---------------------------------------------------------------- writes

    /** {@code dst = rhs} with type {@code type}: aggregates are copied cell by cell. */
    void assign(Term dst, CType type, Expr rhs) {
        if (dst.isEmpty()) return;
        if (isAggregate(type) && rhs instanceof Expr.Load ld) {
            blockCopy(dst, term(ld.lvalue()), type.size() > 0 ? type.size() : -1);
            return;
        }
        int n = eval(rhs);
        if (n >= 0) store(dst, n);
    }

    /** The cells {@code dst} designates ⊇ pts(src). */
    void store(Term dst, int src) {
        if (dst.isEmpty() || src < 0) return;
        if (dst.isStatic()) {
            s.addEdge(src, s.writeNode(staticLoc(dst)), 0);
            return;
        }
        int shift = dst.shift();
        s.addConstraint(dst.node(), (sv, l) -> sv.addEdge(src, sv.writeNode(sv.shift(l, shift)), 0));
    }

    /** Copies {@code size} bytes (-1: to the end of the object) of cells from {@code src} to {@code dst}. */
    void blockCopy(Term dst, Term src, long size) {
        if (dst.isEmpty() || src.isEmpty()) return;
        if (dst.isStatic() && src.isStatic()) {
            s.link(staticLoc(src), staticLoc(dst), size);
            return;
        }
        int sn = src.isStatic() ? constNode(staticLoc(src)) : src.node();
        int ss = src.isStatic() ? 0 : src.shift();
        int dn = dst.isStatic() ? constNode(staticLoc(dst)) : dst.node();
        int ds = dst.isStatic() ? 0 : dst.shift();
        if (!groupBlockCopies) {
            s.addConstraint(sn, (sv, l) -> {
                int from = sv.shift(l, ss);
                for (int m : sv.ptsArray(dn)) sv.link(from, sv.shift(m, ds), size);
            });
            s.addConstraint(dn, (sv, l) -> {
                int to = sv.shift(l, ds);
                for (int m : sv.ptsArray(sn)) sv.link(sv.shift(m, ss), to, size);
            });
            return;
        }
        // link(S, D) for every source S in shift(pts(sn)) and destination D in shift(pts(dn)), via shared nodes
        CopyGroup g = new CopyGroup(s, size);
        s.statGroups++;
        s.addConstraint(sn, (sv, l) -> g.addSource(sv.shift(l, ss)));
        s.addConstraint(dn, (sv, l) -> g.addDestination(sv.shift(l, ds)));
    }

    /** Seeds unknown memory into integer-to-pointer casts that received no pointer; true if any changed. */
    boolean resolveCasts() {
        boolean changed = false;
        for (int i = 0; i < castNodes.size(); i++) {
            int n = castNodes.get(i);
            IntSet p = s.ptsOf(n);
            if (p == null || p.isEmpty()) {
                s.addLoc(n, s.unknownLoc);
                changed = true;
            }
        }
        return changed;
    }
}
