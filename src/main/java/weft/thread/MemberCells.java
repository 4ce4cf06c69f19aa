package weft.thread;

import weft.access.Region;
import weft.access.Regions;
import weft.ir.CType;
import weft.ir.CallTarget;
import weft.ir.Edge;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.GlobalInit;
import weft.ir.Lvalue;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.ir.Variable;
import weft.model.Event;
import weft.pointer.Loc;
import weft.pointer.MemObject;
import weft.pointer.PointsTo;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Members of unique objects named as cells: {@code pool->alive} where {@code pool} may point to one object only, and
 * that object stands for one object of the run (a global struct, or a heap block allocated at most once in a unique
 * thread: {@link ObjectMultiplicity#isConcrete}). Such a member is one place in memory however the program reaches it,
 * like a global variable, so {@link NamedMutexes} names it by a synthetic {@link Variable} (negative id, unique per
 * object, offset and type) and the idioms built on it ({@link CounterJoins}, {@link PublicationFlags},
 * {@link StopFlags}) work on {@code pool->alive} under {@code pool->lock} as on {@code alive} under {@code lock}.
 *
 * <p>A member lvalue is a chain of {@code .f} over {@code *p} or over a global variable (no array index, no
 * conversion, not a bit-field), whose {@link PointsTo#locations} are one location at a known offset of a concrete object.
 *
 * <p>Soundness of {@link #isolated} (the analogue of "never address-taken" for a global): an integer member cell is
 * accepted only if every access the program makes whose locations may overlap its bytes is an access of exactly that
 * cell (the same object, offset and type), so its writes are all visible as writes of the cell; no library call but a
 * synchronisation call on other bytes of the object, a thread creation handing the pointer on (the thread's accesses are
 * themselves scanned) or {@code free} is given a pointer from which it may reach the object ({@link PointsTo#deepReach});
 * the object never escaped to code outside the program ({@link PointsTo#mayAlias} with {@link MemObject.Unknown}), and
 * a global object is of internal linkage or the program has no external code; the program has no inline assembly
 * (checked by {@link NamedMutexes}); accesses of other cells and of the variables of the program are no concern (their
 * bytes are not the cell's). Its initial value ({@link #zeroInitialised}) is the value its initialisers in the
 * single-threaded start of {@code main} store ({@link #initialisers}: {@code pool->alive = 0} or a {@code memset} to 0,
 * before anything else touches it), else the static initialiser's, or zero for {@code calloc}'s blocks; a
 * {@code malloc}ed block without initialisers starts indeterminate, so it is never zero-initialised here.
 * A mutex member needs no such check: {@link NamedMutexes#held} treats a lock or unlock whose argument it cannot name
 * as possibly releasing every mutex.
 */
final class MemberCells {
    private final Program program;
    private final PointsTo pts;
    private final ObjectMultiplicity objects;
    private final Regions regions;
    /** (object, offset, type) to its cell. */
    private final Map<List<Object>, Variable> cells = new ConcurrentHashMap<>();
    /** A cell's object and offset. */
    private final Map<Variable, Loc> places = new ConcurrentHashMap<>();
    private final java.util.concurrent.atomic.AtomicInteger ids = new java.util.concurrent.atomic.AtomicInteger();
    /** The cells some other access may touch, and the cells the scan knew (a cell first met later is not isolated). */
    private volatile Set<Variable> shared;
    private volatile Set<Variable> scanned;

    MemberCells(Program program, Regions regions, ObjectMultiplicity objects) {
        this.program = program;
        this.pts = regions.pointsTo();
        this.regions = regions;
        this.objects = objects;
    }

    /** Whether {@code v} is a member cell (not a variable of the program). */
    static boolean isMember(Variable v) {
        return v.id() < 0;
    }

    /** The member cell {@code lv} designates in {@code fn}, or null. */
    Variable cell(Function fn, Lvalue lv) {
        // a bit-field shares its bytes with its neighbours: no cell
        if (!(lv instanceof Lvalue.Field top) || top.field().isBitField()) return null;
        Lvalue b = lv;
        while (b instanceof Lvalue.Field f) b = f.base();
        if (!(b instanceof Lvalue.Deref) && !(b instanceof Lvalue.Var v && v.variable().isStatic())) return null;
        Set<Loc> locs = pts.locations(fn.linkName(), lv);
        if (locs.size() != 1) return null;
        Loc l = locs.iterator().next();
        if (l.isAny() || l.isRange() || !unique(l.object())) return null;
        CType type = lv.type().unqualified();
        if (type.size() <= 0) return null;
        return cells.computeIfAbsent(List.of(l.object(), l.offset(), type), k -> {
            Variable v = new Variable(-1 - ids.getAndIncrement(), weft.ir.CText.of(lv), type, Variable.Kind.GLOBAL, null, false, null);
            places.put(v, new Loc(l.object(), l.offset()));
            return v;
        });
    }

    private boolean unique(MemObject o) {
        if (o instanceof MemObject.Var v) return v.variable().kind() == Variable.Kind.GLOBAL || v.variable().kind() == Variable.Kind.STATIC_LOCAL
                ? !v.variable().threadLocal() : false;
        return o instanceof MemObject.Heap && objects.isConcrete(o);
    }

    /** Whether member cell {@code c} is reached by no access but its own (see the class comment). */
    synchronized boolean isolated(Variable c) {
        if (shared == null) shared = scan();
        Loc p = places.get(c);
        if (p == null || shared.contains(c) || !scanned.contains(c) || pts.mayAlias(new MemObject.Unknown(), p.object())) return false;
        if (p.object() instanceof MemObject.Var v) return program.internalLinkage(v.variable()) || program.externals().isEmpty();
        return true;
    }

    /**
     * Whether member cell {@code c} is 0 before any write of the program but its initialisers ({@link #initialisers}):
     * their value if it has some, else its static initialiser's or {@code calloc}'s zero.
     */
    boolean zeroInitialised(Variable c) {
        Loc p = places.get(c);
        if (p == null) return false;
        Start start = start(c);
        if (start != null) return start.value() == 0;
        if (p.object() instanceof MemObject.Var v) return NamedMutexes.zeroIn(program.init(v.variable()), p.offset(), p.offset() + c.type().size());
        return p.object() instanceof MemObject.Heap h && allocKind(h) == Event.AllocKind.CALLOC;
    }

    /** A cell's initial value set by its initialisers, and those edges of {@code main}. */
    private record Start(long value, Set<Edge> edges) {}

    private final Map<Variable, java.util.Optional<Start>> starts = new ConcurrentHashMap<>();
    private volatile BitSet mainStart;

    /**
     * The <em>initialisers</em> of member cell {@code c}: the edges of {@code main}'s single-threaded start
     * ({@link #mainStart}) that store one constant in it ({@code pool->alive = 0}, or a {@code memset} to 0 over its
     * bytes), when every other access of it in {@code main}, and every edge leaving the start, comes after one of them on
     * every path, and they all store the same value. They run before any other thread exists and before any other code
     * of the program runs, and nothing reads the cell before them: the cell starts at their value, as a global at its
     * static initialiser's (so {@link NamedMutexes} does not list them as writes, and the isolation scan lets a
     * {@code memset} among them touch the object). Empty when there are none.
     */
    Set<Edge> initialisers(Variable c) {
        Start s = start(c);
        return s == null ? Set.of() : s.edges();
    }

    private Start start(Variable c) {
        return starts.computeIfAbsent(c, k -> java.util.Optional.ofNullable(computeStart(k))).orElse(null);
    }

    private Start computeStart(Variable c) {
        Function main = program.function("main");
        BitSet start = main == null ? null : mainStart(main);
        if (start == null) return null;
        Map<Edge, Long> inits = new HashMap<>();
        for (Edge e : main.cfg().edges()) {
            Long v = start.get(e.from()) ? initialValue(main, e, c) : null;
            if (v != null) inits.put(e, v);
        }
        if (inits.isEmpty() || new HashSet<>(inits.values()).size() != 1) return null;
        BitSet done = NamedMutexes.mustFlow(main, (e, in) -> in || inits.containsKey(e));
        for (Edge e : main.cfg().edges()) {
            if (inits.containsKey(e) || done.get(e.from())) continue;
            // leaving the start before an initialiser (returning from main ends the program: no leaving)
            if (start.get(e.from()) && (!start.get(e.to()) && e.to() != main.cfg().exit() || leavesStart(e))) return null;
            for (Touch t : touches(main, e, Set.of(places.get(c).object()))) if (meets(t, c)) return null;
        }
        return new Start(inits.values().iterator().next(), Set.copyOf(inits.keySet()));
    }

    /** The constant {@code e} of {@code main} stores in all of cell {@code c}, or null. */
    private Long initialValue(Function main, Edge e, Variable c) {
        if (!(c.type() instanceof CType.Int t)) return null;
        if (e.stmt() instanceof Stmt.Assign a && c.equals(cell(main, a.lhs())) && Expr.stripCasts(a.rhs()) instanceof Expr.IntConst k) {
            return weft.ir.IntConversions.truncate(k.value(), t.size(), t.signed());
        }
        if (!(e.stmt() instanceof Stmt.Call call) || !(program.target(call) instanceof CallTarget.Library lib)
                || !(weft.model.Semantics.of(lib.model().name()) instanceof weft.model.Semantics.SetBytes sb)) {
            return null;
        }
        List<Expr> args = call.args();
        if (sb.dest() >= args.size() || sb.count() >= args.size()) return null;
        boolean zero = sb.value() < 0 || sb.value() < args.size() && Expr.stripCasts(args.get(sb.value())) instanceof Expr.IntConst v && v.value() == 0;
        if (!zero || !(Expr.stripCasts(args.get(sb.count())) instanceof Expr.IntConst n) || n.value() <= 0) return null;
        Set<Region> dest = regions.pointer(main, e.from(), args.get(sb.dest()), n.value());
        Loc p = places.get(c);
        if (dest.size() != 1 || p == null) return null;
        Region r = dest.iterator().next();
        return r.object().equals(p.object()) && r.isExact() && r.minStart() <= p.offset() && p.offset() + c.type().size() <= r.endExclusive() ? 0L : null;
    }

    /**
     * The single-threaded start of {@code main}: the nodes reached from its entry without crossing an edge that
     * {@link #leavesStart leaves it}, and never reached after one; null when {@code main} may run other than once,
     * at the start of the program (some code names it).
     */
    private BitSet mainStart(Function main) {
        BitSet s = mainStart;
        if (s != null) return s.isEmpty() ? null : s;
        s = new BitSet();
        if (!namesMain()) {
            weft.ir.Cfg cfg = main.cfg();
            s = cfg.reached(List.of(cfg.entry()), e -> !leavesStart(e));
            List<Integer> after = new ArrayList<>();
            for (Edge e : cfg.edges()) if (leavesStart(e)) after.add(e.to());
            s.andNot(cfg.reached(after, e -> true));
        }
        mainStart = s;
        return s.isEmpty() ? null : s;
    }

    /** Whether some statement or static initialiser names {@code main} (a call, its address). */
    private boolean namesMain() {
        Set<String> refs = new HashSet<>();
        for (Function fn : program.functions().values()) for (Edge e : fn.cfg().edges()) weft.ir.AddressScan.functionRefs(e.stmt(), refs);
        for (Variable v : program.globals()) {
            GlobalInit init = program.init(v);
            if (init != null) for (GlobalInit.Item it : init.items()) weft.ir.AddressScan.functionRefs(it.value(), refs);
        }
        return refs.contains("main");
    }

    /**
     * Whether {@code e} may let other code run: inline assembly, a call of program code, of code outside the program or
     * through a pointer, a thread creation, a library call given a function.
     */
    private boolean leavesStart(Edge e) {
        if (e.stmt() instanceof Stmt.Asm) return true;
        if (!(e.stmt() instanceof Stmt.Call call)) return false;
        if (!(program.target(call) instanceof CallTarget.Library lib)) return true;
        return lib.model().event() instanceof Event.ThreadCreate || NamedMutexes.callsBack(call);
    }

    private Event.AllocKind allocKind(MemObject.Heap h) {
        if (!(h.site().stmt() instanceof Stmt.Call call)) return null;
        return program.target(call) instanceof CallTarget.Library lib && lib.model().event() instanceof Event.Alloc a ? a.kind() : null;
    }

    /**
     * The member cells some access or library call may touch other than as themselves: the byte regions of every
     * access ({@link Regions}: indices in bounds) are compared with the cells, and an access of exactly a cell with the
     * others only.
     */
    private Set<Variable> scan() {
        // only the objects of the integer cells met so far (those of every write's left side: NamedMutexes), whose
        // accesses are resolved first, so that their cells are known before the overlaps are looked for
        Set<MemObject> objs = new HashSet<>();
        for (Map.Entry<Variable, Loc> en : places.entrySet()) if (en.getKey().type() instanceof CType.Int) objs.add(en.getValue().object());
        List<Touch> touches = new ArrayList<>();
        for (Function fn : program.functions().values()) {
            for (Edge e : fn.cfg().edges()) touches.addAll(touches(fn, e, objs));
        }
        scanned = Set.copyOf(places.keySet());
        Map<MemObject, List<Map.Entry<Variable, Loc>>> byObject = new HashMap<>();
        for (Map.Entry<Variable, Loc> en : places.entrySet()) byObject.computeIfAbsent(en.getValue().object(), k -> new ArrayList<>()).add(en);
        Set<Variable> out = new HashSet<>();
        for (Touch t : touches) {
            for (Map.Entry<Variable, Loc> en : byObject.getOrDefault(t.region().object(), List.of())) {
                Variable c = en.getKey();
                if (c.equals(t.own()) || initialisers(c).contains(t.edge())) continue;
                Region bytes = new Region(en.getValue().object(), en.getValue().offset(), en.getValue().offset(), c.type().size());
                if (bytes.mayOverlap(t.region())) out.add(c);
            }
        }
        return Set.copyOf(out);
    }

    /** Bytes an access or a library call at {@code edge} may touch; {@code own} the cell it accesses exactly, or null. */
    private record Touch(Region region, Variable own, Edge edge) {}

    /**
     * What edge {@code e} of {@code fn} may touch of the objects {@code objs} (and maybe of others): its accesses, and a
     * library call's arguments.
     */
    private List<Touch> touches(Function fn, Edge e, Set<MemObject> objs) {
        List<Touch> out = new ArrayList<>();
        if (objs.isEmpty()) return out;
        List<Lvalue> accessed = new ArrayList<>();
        accesses(e.stmt(), accessed);
        for (Lvalue lv : accessed) {
            if (!meetsAny(pts.locations(fn.linkName(), lv), objs)) continue;
            Variable own = cell(fn, lv);
            for (Region r : regions.lvalue(fn, e.from(), lv)) out.add(new Touch(r, own, e));
        }
        if (!(e.stmt() instanceof Stmt.Call call)) return out;
        CallTarget target = program.target(call);
        if (target instanceof CallTarget.Library lib) {
            libraryTouches(fn, e, call, lib.model().event(), out);
        } else if (target instanceof CallTarget.External) {
            libraryTouches(fn, e, call, null, out);
        } else if (target instanceof CallTarget.Indirect) {
            // through a pointer: each library function it may call, and code outside the program as a whole
            for (CallTarget t : pts.libraryCallees(call)) libraryTouches(fn, e, call, t instanceof CallTarget.Library lib ? lib.model().event() : null, out);
            if (pts.mayDenoteUnknownCode(call.callee())) libraryTouches(fn, e, call, null, out);
        }
        return out;
    }

    private static boolean meetsAny(Set<Loc> locs, Set<MemObject> objs) {
        for (Loc l : locs) if (objs.contains(l.object())) return true;
        return false;
    }

    /** Whether {@code t} may touch the bytes of cell {@code c}. */
    private boolean meets(Touch t, Variable c) {
        Loc p = places.get(c);
        return p != null && new Region(p.object(), p.offset(), p.offset(), c.type().size()).mayOverlap(t.region());
    }

    /**
     * What library call {@code call} with event {@code ev} may touch: the pointee of a synchronisation object's argument
     * (a lock, condition, thread id or join result) or nothing for a thread creation's argument and {@code free}; for
     * any other call (and for code outside the program: a null {@code ev}), every object reachable from its
     * arguments, whole.
     */
    private void libraryTouches(Function fn, Edge e, Stmt.Call call, Event ev, List<Touch> out) {
        Set<Integer> sync = new HashSet<>();
        Set<Integer> passed = new HashSet<>();
        boolean known = true;
        if (ev instanceof Event.Lock l) sync.add(l.lockArg());
        else if (ev instanceof Event.Unlock u) sync.add(u.lockArg());
        else if (ev instanceof Event.LockInit li) sync.add(li.lockArg());
        else if (ev instanceof Event.LockDestroy ld) sync.add(ld.lockArg());
        else if (ev instanceof Event.CondWait w) { sync.add(w.condArg()); sync.add(w.mutexArg()); }
        else if (ev instanceof Event.CondSignal s) sync.add(s.condArg());
        else if (ev instanceof Event.ThreadCreate tc) { sync.add(tc.idArg()); passed.add(tc.argArg()); }
        else if (ev instanceof Event.ThreadJoin tj) sync.add(tj.resultArg());
        else if (ev instanceof Event.Free f) passed.add(f.ptrArg());
        // no effect on shared memory (condition and attribute objects, time): at most the pointees themselves
        else if (ev instanceof Event.Pure) for (int i = 0; i < call.args().size(); i++) sync.add(i);
        else known = false;
        List<Loc> whole = new ArrayList<>();
        for (int i = 0; i < call.args().size(); i++) {
            Expr a = call.args().get(i);
            if (passed.contains(i) || a.type().unqualified() instanceof CType.Float) continue;
            if (known && sync.contains(i)) {
                CType pointee = Expr.stripCasts(a).type().isPointer() ? Expr.stripCasts(a).type().pointee() : null;
                long size = pointee == null || pointee.size() <= 0 ? Region.UNBOUNDED : pointee.size();
                for (Region r : regions.pointer(fn, e.from(), a, size)) out.add(new Touch(r, null, e));
            } else {
                // any other argument (of a synchronisation call too: a routine, an attribute) reaches what it points to
                whole.addAll(pts.eval(fn.linkName(), a));
            }
        }
        if (whole.isEmpty()) return;
        for (MemObject o : pts.deepReach(whole)) out.add(new Touch(new Region(o, 0, Region.UNBOUNDED, Region.UNBOUNDED), null, e));
    }

    /** The places {@code s} reads or writes as a whole (loads, assigned lvalues), with those found inside them. */
    private static void accesses(Stmt s, List<Lvalue> out) {
        if (s instanceof Stmt.Assign a) {
            out.add(a.lhs());
            inner(a.lhs(), out);
            expr(a.rhs(), out);
        } else if (s instanceof Stmt.Call c) {
            if (c.result() != null) {
                out.add(c.result());
                inner(c.result(), out);
            }
            expr(c.callee(), out);
            for (Expr a : c.args()) expr(a, out);
        } else if (s instanceof Stmt.Assume a) {
            expr(a.cond(), out);
        } else if (s instanceof Stmt.Return r && r.value() != null) {
            expr(r.value(), out);
        } else if (s instanceof Stmt.Decl d && d.size() != null) {
            expr(d.size(), out);
        }
    }

    private static void expr(Expr e, List<Lvalue> out) {
        weft.ir.Loads.of(e, false, out::add);
    }

    private static void inner(Lvalue lv, List<Lvalue> out) {
        weft.ir.Loads.locating(lv, false, out::add);
    }
}
