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
import java.util.Set;

/**
 * Translates the IR into solver constraints. Expressions become nodes (cells of variables, or
 * temporaries joined by shifting edges); lvalues become {@link Term}s: a statically known location, or a
 * pointer node plus a byte shift. Calls are bound by {@link Calls} (user functions, also when an indirect
 * call's target is discovered during solving) and {@link CallEffects} (library models, external code).
 *
 * <p>Every node is owned by the function whose activation it belongs to (-1: none); the solver uses this
 * to notice when a fresh heap object leaves its allocating function other than by being returned, which
 * decides whether per-call-site heap copies are sound (see {@link Calls}).
 */
final class ConstraintBuilder {
    /** A location designator: static ({@code obj >= 0}), through a pointer ({@code node >= 0}) or empty. */
    record Term(int obj, long off, int node, int shift) {
        static final Term EMPTY = new Term(-1, 0, -1, 0);

        static Term at(int obj, long off) { return new Term(obj, off, -1, 0); }

        static Term through(int node, int shift) { return node < 0 ? EMPTY : new Term(-1, 0, node, shift); }

        boolean isEmpty() { return obj < 0 && node < 0; }

        boolean isStatic() { return obj >= 0; }
    }

    private record MemoKey(int owner, int node, int shift, boolean load) {}

    /** An offset that is not a compile-time constant (composes to ANY). */
    static final long UNKNOWN = Long.MIN_VALUE;

    final Program program;
    final Solver s;
    final List<Function> functions;
    final Map<String, Integer> fnIndex = new HashMap<>();
    private final int[] retObj;
    private final Set<MemObject> noContexts;
    private final boolean contexts;
    final Calls calls;
    private final LongIntMap constNodes = new LongIntMap();
    private final Map<MemoKey, Integer> memo = new HashMap<>();
    final IntList castNodes = new IntList();
    /** The function whose activation newly created temporaries belong to. */
    int owner = -1;

    ConstraintBuilder(Program program, Solver s, Set<MemObject> noContexts, boolean contexts) {
        this.program = program;
        this.s = s;
        this.noContexts = noContexts;
        this.contexts = contexts;
        this.functions = new ArrayList<>(program.functions().values());
        this.retObj = new int[functions.size()];
        for (int i = 0; i < functions.size(); i++) {
            Function f = functions.get(i);
            fnIndex.put(f.linkName(), i);
            retObj[i] = s.internalObject(i, f.type().returnType().size());
        }
        this.calls = new Calls(this);
    }

    /** Generates the constraints of the global initialisers and all function bodies. */
    void build() {
        calls.effects.installExternalWorld();
        owner = -1;
        for (Variable g : program.globals()) {
            GlobalInit init = program.init(g);
            if (init == null) continue;
            int obj = varObj(g);
            for (GlobalInit.Item item : init.items()) assign(Term.at(obj, item.offset()), item.type(), item.value());
        }
        for (int i = 0; i < functions.size(); i++) {
            Function f = functions.get(i);
            owner = i;
            for (Edge e : f.cfg().edges()) {
                s.checkInterrupt();
                statement(i, f, e);
            }
        }
        owner = -1;
    }

    private void statement(int fi, Function f, Edge e) {
        Stmt st = e.stmt();
        if (st instanceof Stmt.Assign a) {
            assign(term(a.lhs()), a.lhs().type(), a.rhs());
        } else if (st instanceof Stmt.Return r) {
            if (r.value() != null) assign(Term.at(retObj[fi], 0), f.type().returnType(), r.value());
        } else if (st instanceof Stmt.Call c) {
            calls.call(fi, f, e, c);
        }
    }

    // ---------------------------------------------------------------- objects

    int varObj(Variable v) {
        int own = -1;
        if ((v.kind() == Variable.Kind.LOCAL || v.kind() == Variable.Kind.PARAM || v.kind() == Variable.Kind.TEMP)
                && v.function() != null) {
            own = fnIndex.getOrDefault(v.function(), -1);
        }
        return s.object(new MemObject.Var(v), own);
    }

    int fnObj(String name) {
        return s.object(new MemObject.Fn(name), -1);
    }

    /** The context-free heap object of allocation call {@code site} in function {@code fn}. */
    int heapObj(int fn, Edge site) {
        MemObject.Heap h = new MemObject.Heap(functions.get(fn).linkName(), site, null);
        boolean fresh = !s.objIds.containsKey(h);
        int id = s.object(h, -1);
        if (fresh) {
            Solver.Obj o = s.obj(id);
            o.heapFn = fn;
            o.candidate = contexts && !noContexts.contains(h);
        }
        return id;
    }

    /** A node holding exactly {@code loc} (shared; never used for heap locations). */
    int constNode(int loc) {
        int n = constNodes.get(loc);
        if (n >= 0) return n;
        n = s.seededNode(-1, loc);
        constNodes.putIfAbsent(loc, n);
        return n;
    }

    int temp() {
        return s.newNode(owner);
    }

    /** The return slot of function {@code fn}. */
    Term retTerm(int fn) {
        return Term.at(retObj[fn], 0);
    }

    int retNode(int fn) {
        return s.writeNode(s.loc(retObj[fn], 0));
    }

    // ---------------------------------------------------------------- lvalues and expressions

    Term term(Lvalue lv) {
        if (lv instanceof Lvalue.Var v) return Term.at(varObj(v.variable()), 0);
        if (lv instanceof Lvalue.Field f) return shifted(term(f.base()), f.field().offset());
        if (lv instanceof Lvalue.Index ix) return shifted(term(ix.base()), indexBytes(ix));
        return Term.through(eval(((Lvalue.Deref) lv).pointer()), 0);
    }

    /** All of the object(s) {@code lv} designates (offset ANY). */
    Term anywhereIn(Lvalue lv) {
        return shifted(term(lv), UNKNOWN);
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

    /** Offsets compose first and are normalised (bounds, ANY) only when interned, as in queries. */
    private static Term shifted(Term t, long bytes) {
        if (t.isEmpty() || bytes == 0) return t;
        if (t.isStatic()) {
            boolean any = bytes == UNKNOWN || t.off() == UNKNOWN;
            return Term.at(t.obj(), any ? UNKNOWN : t.off() + bytes);
        }
        return Term.through(t.node(), Solver.addShifts(t.shift(), bytes == UNKNOWN ? Solver.SHIFT_ANY : Solver.toShift(bytes)));
    }

    int staticLoc(Term t) {
        return s.loc(t.obj(), t.off() == UNKNOWN || t.off() < 0 ? Loc.ANY : t.off());
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
        MemoKey k = new MemoKey(owner, t.node(), t.shift(), true);
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
        MemoKey k = new MemoKey(owner, n, shift, false);
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
        Expr.BinOp op = b.op();
        boolean additive = op == Expr.BinOp.ADD || op == Expr.BinOp.SUB;
        boolean bitwise = op == Expr.BinOp.AND || op == Expr.BinOp.OR || op == Expr.BinOp.XOR;
        if (!additive && !bitwise) return -1;
        Expr l = b.left();
        Expr r = b.right();
        boolean lp = pointerLike(l.type());
        boolean rp = pointerLike(r.type());
        if (b.type().isPointer() && additive && (lp || rp) && !(op == Expr.BinOp.SUB && !lp)) {
            Expr ptr = lp ? l : r;
            Expr other = lp ? r : l;
            CType pointee = b.type().pointee();
            long elem = pointee == null || pointee.size() <= 0 ? 1 : pointee.size();
            Long c = Consts.fold(other);
            int shift = c == null ? Solver.SHIFT_ANY : Solver.toShift(c * elem * (op == Expr.BinOp.SUB ? -1 : 1));
            return union(shiftedNode(eval(ptr), shift), shiftedNode(eval(other), Solver.SHIFT_ANY));
        }
        if (!b.type().isPointer() && lp && rp) return -1; // pointer difference or comparison
        if (additive && !b.type().isPointer()) {
            // integer arithmetic on a pointer-carrying integer: constant byte offsets stay exact
            Long cr = Consts.fold(r);
            if (cr != null) return shiftedNode(eval(l), Solver.toShift(op == Expr.BinOp.SUB ? -cr : cr));
            Long cl = Consts.fold(l);
            if (cl != null && op == Expr.BinOp.ADD) return shiftedNode(eval(r), Solver.toShift(cl));
        }
        return union(shiftedNode(eval(l), Solver.SHIFT_ANY), shiftedNode(eval(r), Solver.SHIFT_ANY));
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
        s.addConstraint(sn, (sv, l) -> {
            int from = sv.shift(l, ss);
            for (int m : sv.ptsArray(dn)) sv.link(from, sv.shift(m, ds), size);
        });
        s.addConstraint(dn, (sv, l) -> {
            int to = sv.shift(l, ds);
            for (int m : sv.ptsArray(sn)) sv.link(sv.shift(m, ss), to, size);
        });
    }

    /** Seeds unknown memory into integer-to-pointer casts that received no pointer; true if any changed. */
    boolean resolveCasts() {
        boolean changed = false;
        for (int i = 0; i < castNodes.size(); i++) {
            int n = castNodes.get(i);
            if (s.pts[n] == null || s.pts[n].size() == 0) {
                s.addLoc(n, s.unknownLoc);
                changed = true;
            }
        }
        return changed;
    }
}
