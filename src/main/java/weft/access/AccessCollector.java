package weft.access;

import weft.ir.CText;
import weft.ir.CType;
import weft.ir.CallTarget;
import weft.ir.Edge;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.Lvalue;
import weft.ir.Program;
import weft.ir.SourceLoc;
import weft.ir.Stmt;
import weft.model.Event;
import weft.value.IntervalCache;

import java.util.ArrayList;
import java.util.List;

/**
 * Lists the memory accesses of one CFG edge: every {@link Expr.Load} (including those inside address
 * computations), the written lvalue of assignments (a call's result apart: {@link #resultAccesses}), and the reads and writes library
 * models perform through pointer arguments ({@code memset}, {@code memcpy}, string functions,
 * {@code scanf}, atomic builtins, the thread-id store of {@code pthread_create}), and the write of the
 * whole object that a deallocation ({@code free}, {@code realloc}'s old object: {@link Event#freedArg()}) is.
 *
 * <p><b>Synchronisation objects.</b> Lock, unlock, trylock, semaphore, condition, barrier and once
 * operations are atomic writes of their object ({@link SyncAccesses}): they never race with one another,
 * but a plain write of the object (memset, memcpy, assignment) races with them by the ordinary rules.
 *
 * <p><b>Calls through function pointers</b> have, besides the accesses of the user functions the pointer
 * may denote (walked as callees), those of every library or external function it may denote, exactly as
 * if called directly (union over the targets: a may-analysis, so the union is sound).
 *
 * <p><b>Hidden library state.</b> A call of a C library function with hidden state ({@code LibcFacts#state},
 * e.g. {@code rand}, {@code strtok}, {@code localtime}) reads and writes its group's pseudo-object
 * ({@code <libc:rand state>}): calls that may run in parallel race on it, and the ordinary exclusion rules
 * (common lock, created after, joined before...) apply as to any access. A function that returns its
 * static buffer thereby writes that buffer, so the program's reads through an earlier result pair with
 * it. Off ({@code libcStateRaces} false, as in SV-COMP mode, whose property concerns the program's own
 * memory), no such accesses are recorded.
 *
 * <p><b>Unknown external functions</b> (declared, not defined, not modelled) read and write whatever
 * their pointer arguments reach, and also all memory external code may reach (the unknown object, which
 * may be any global and any escaped object, see {@code weft.pointer.CallEffects}): an external function
 * may access the program's globals by name. Sound for any behaviour of the external code on program
 * memory; its internal state (not program memory) is not modelled.
 */
public final class AccessCollector {
    private final Program program;
    private final Regions regions;
    private final IntervalCache intervals;

    private final boolean libcStateRaces;

    public AccessCollector(Program program, Regions regions, IntervalCache intervals) {
        this(program, regions, intervals, true);
    }

    /** With {@code libcStateRaces} false, calls of library functions do not access their hidden state. */
    public AccessCollector(Program program, Regions regions, IntervalCache intervals, boolean libcStateRaces) {
        this(program, regions, intervals, libcStateRaces, o -> false);
    }

    /**
     * @param singleHandOver whether an object is a buffer handed to one stream only (each byte input/output call on
     *     it then holds that stream's lock: {@code weft.thread.StreamHandOvers}); false for every object is sound
     */
    public AccessCollector(Program program, Regions regions, IntervalCache intervals, boolean libcStateRaces,
                           java.util.function.Predicate<weft.pointer.MemObject> singleHandOver) {
        this.singleHandOver = singleHandOver;
        this.libcStateRaces = libcStateRaces;
        this.program = program;
        this.regions = regions;
        this.intervals = intervals;
    }

    private final java.util.function.Predicate<weft.pointer.MemObject> singleHandOver;

    /** The accesses of an edge depend only on the edge, not on the state: computed once per edge. */
    private final java.util.Map<Edge, List<MemoryAccess>> cache = new java.util.IdentityHashMap<>();

    public List<MemoryAccess> accesses(Function f, Edge e) {
        return cache.computeIfAbsent(e, k -> List.copyOf(compute(f, k)));
    }

    private List<MemoryAccess> compute(Function f, Edge e) {
        List<MemoryAccess> out = new ArrayList<>();
        int node = e.from();
        Stmt s = e.stmt();
        if (s instanceof Stmt.Assign a) {
            lvalueReads(f, node, a.lhs(), out);
            reads(f, node, a.rhs(), out);
            add(f, node, a.lhs(), true, false, a.loc(), out);
        } else if (s instanceof Stmt.Assume a) {
            reads(f, node, a.cond(), out);
        } else if (s instanceof Stmt.Return r) {
            if (r.value() != null) reads(f, node, r.value(), out);
            if (f == program.function("main")) mainReturn(r.loc(), out);
        } else if (s instanceof Stmt.Call c) {
            if (!(c.callee() instanceof Expr.FuncRef)) reads(f, node, c.callee(), out);
            for (Expr arg : c.args()) reads(f, node, arg, out);
            CallTarget target = program.target(c);
            if (target instanceof CallTarget.Library lib) {
                library(f, node, c, lib.model(), out);
            } else if (target instanceof CallTarget.External) {
                external(f, node, c, out);
            } else if (target instanceof CallTarget.Indirect) {
                // library and external functions the pointer may denote: each one's accesses, as if called directly
                for (CallTarget t : regions.pointsTo().libraryCallees(c)) {
                    if (t instanceof CallTarget.Library lib) library(f, node, c, lib.model(), out);
                    else if (t instanceof CallTarget.External) external(f, node, c, out);
                }
            }
        }
        return out;
    }

    /**
     * The accesses of a call's result lvalue: the reads that compute where it is and its write. They
     * are not among {@link #accesses}: the write happens after the callee returned, and the reads are
     * unsequenced with the call, so they are reported with other states (see {@code ThreadWalker}).
     */
    public List<MemoryAccess> resultAccesses(Function f, Edge e) {
        if (!(e.stmt() instanceof Stmt.Call c) || c.result() == null) return List.of();
        return resultCache.computeIfAbsent(e, k -> {
            List<MemoryAccess> out = new ArrayList<>();
            lvalueReads(f, k.from(), c.result(), out);
            add(f, k.from(), c.result(), true, false, c.loc(), out);
            return List.copyOf(out);
        });
    }

    private final java.util.Map<Edge, List<MemoryAccess>> resultCache = new java.util.IdentityHashMap<>();

    private void add(Function f, int node, Lvalue lv, boolean write, boolean atomic, SourceLoc loc, List<MemoryAccess> out) {
        boolean at = atomic || lv.type().isAtomic();
        String what = CText.of(lv);
        boolean named = named(lv);
        SymbolicBase sym = SymbolicBase.within(lv);
        for (Region r : perObject(regions.lvalue(f, node, lv))) out.add(new MemoryAccess(r, write, at, loc, what, named, sym, lv, null));
    }

    /** Disjoint regions an access keeps per object; more are joined into their hull. */
    private static final int MAX_REGIONS_PER_OBJECT = 4;

    /**
     * Few regions per object: an access's regions in the same object that overlap or touch are joined into their
     * hull, and all of them when more than {@link #MAX_REGIONS_PER_OBJECT} disjoint ones remain (a hull covers every
     * byte any of its regions covers, so pairing stays sound), which keeps imprecise pointers from multiplying
     * records while a pointer into one of two buffers of a struct does not cover the fields between them.
     */
    private java.util.Collection<Region> perObject(java.util.Set<Region> rs) {
        if (rs.size() <= 1) return rs;
        if (Regions.isShared(rs)) return grouped.computeIfAbsent(rs, k -> List.copyOf(group(k)));
        return group(rs);
    }

    /** {@link #perObject} of the {@link Regions.Shared shared} sets, by identity: once per large points-to answer. */
    private final java.util.Map<java.util.Set<Region>, List<Region>> grouped = new java.util.IdentityHashMap<>();

    private static java.util.Collection<Region> group(java.util.Set<Region> rs) {
        java.util.Map<weft.pointer.MemObject, List<Region>> m = new java.util.LinkedHashMap<>();
        for (Region r : rs) m.computeIfAbsent(r.object(), k -> new ArrayList<>()).add(r);
        List<Region> out = new ArrayList<>();
        for (List<Region> group : m.values()) {
            group.sort(java.util.Comparator.comparingLong(Region::minStart).thenComparingLong(Region::endExclusive));
            List<Region> joined = new ArrayList<>();
            for (Region r : group) {
                Region last = joined.isEmpty() ? null : joined.get(joined.size() - 1);
                if (last != null && r.minStart() <= last.endExclusive()) joined.set(joined.size() - 1, last.hull(r));
                else joined.add(r);
            }
            if (joined.size() > MAX_REGIONS_PER_OBJECT) {
                Region h = joined.get(0);
                for (Region r : joined) h = h.hull(r);
                joined = List.of(h);
            }
            out.addAll(joined);
        }
        return out;
    }

    private static boolean named(Lvalue lv) {
        while (true) {
            if (lv instanceof Lvalue.Var) return true;
            if (lv instanceof Lvalue.Field fl) lv = fl.base();
            else if (lv instanceof Lvalue.Index ix) lv = ix.base();
            else return false;
        }
    }

    private void reads(Function f, int node, Expr e, List<MemoryAccess> out) {
        if (e instanceof Expr.Load l) {
            lvalueReads(f, node, l.lvalue(), out);
            add(f, node, l.lvalue(), false, false, l.loc(), out);
        } else if (e instanceof Expr.AddrOf a) {
            lvalueReads(f, node, a.lvalue(), out);
        } else if (e instanceof Expr.Unary u) {
            reads(f, node, u.operand(), out);
        } else if (e instanceof Expr.Binary b) {
            reads(f, node, b.left(), out);
            reads(f, node, b.right(), out);
        } else if (e instanceof Expr.Cast c) {
            reads(f, node, c.operand(), out);
        }
    }

    /** Reads performed to compute where an lvalue is (indices, pointers), not of the lvalue itself. */
    private void lvalueReads(Function f, int node, Lvalue lv, List<MemoryAccess> out) {
        if (lv instanceof Lvalue.Field fl) lvalueReads(f, node, fl.base(), out);
        else if (lv instanceof Lvalue.Index ix) {
            lvalueReads(f, node, ix.base(), out);
            reads(f, node, ix.index(), out);
        } else if (lv instanceof Lvalue.Deref d) reads(f, node, d.pointer(), out);
    }

    private void through(Function f, int node, Expr ptr, long size, boolean write, boolean atomic, SourceLoc loc,
                         String what, List<MemoryAccess> out) {
        for (Region r : perObject(regions.pointer(f, node, ptr, size))) out.add(new MemoryAccess(r, write, atomic, loc, what, false, null, null, ptr));
    }

    /**
     * A deep argument ({@link Event.MemArg#deep}): every object reachable from what {@code p} points to, whole, or
     * only its array members when it is reached only through pointers into them ({@code PointsTo#deepReachExtents}).
     */
    private void deep(Function f, int node, Expr p, String pText, boolean write, SourceLoc loc, String name, List<MemoryAccess> out) {
        List<weft.pointer.Loc> roots = new ArrayList<>();
        for (Region r : regions.pointer(f, node, p, Region.UNBOUNDED)) roots.add(new weft.pointer.Loc(r.object(), weft.pointer.Loc.ANY));
        String what = (write ? "write by " : "read by ") + name + " of what " + pText + " reaches";
        java.util.Set<weft.pointer.MemObject> targets = new java.util.HashSet<>();
        for (weft.pointer.Loc l : roots) targets.add(l.object());
        for (var reached : regions.pointsTo().deepReachExtents(roots).entrySet()) {
            weft.pointer.MemObject o = reached.getKey();
            if (o instanceof weft.pointer.MemObject.Fn) continue; // code, not data
            if (write && weft.pointer.MemObject.isLibraryConstData(o)) continue; // never written
            long[] x = reached.getValue();   // null: the whole object; else only its array members [lo, hi)
            Region r = x == null ? Region.whole(o) : new Region(o, x[0], x[0], x[1] - x[0]);
            // no pointer: the object is reached from p's target, it is not p's target (ArgumentTargets, Unpublished);
            // one reached only through stored pointers the library may or may not touch
            out.add(targets.contains(o) ? new MemoryAccess(r, write, false, loc, what, false, null, null, null)
                    : MemoryAccess.reachedBy(r, write, loc, what));
        }
    }

    private long pointeeSize(Expr p) {
        CType t = p.type().pointee();
        if (p instanceof Expr.Cast c && c.operand().type().pointee() != null) t = c.operand().type().pointee();
        return t == null || t.size() <= 0 ? Region.UNBOUNDED : t.size();
    }

    private long constSize(Function f, int node, Expr e) {
        var iv = intervals.eval(f, node, e);
        return !iv.isTop() && !iv.isBottom() && iv.hi() >= 0 && iv.hi() < Region.UNBOUNDED ? Math.max(1, iv.hi()) : Region.UNBOUNDED;
    }

    /** A variadic argument as a report names it: its C text, or its position when the front end holds it in a temporary. */
    private static String argumentName(Expr p, int i) {
        return CText.mentionsTemporary(p) ? Integer.toString(i + 1) : CText.of(p);
    }

    private void library(Function f, int node, Stmt.Call c, weft.model.LibraryModel model, List<MemoryAccess> out) {
        library(f, node, c, model.name(), model.event(), out);
        if (libcStateRaces) hiddenState(f, node, c, model.facts(), out);
        stateTargets(c.loc(), model.name(), model.facts(), out);
        for (weft.model.LibcFacts.GlobalAccess g : model.facts().globals()) {
            // the library's own globals the program can see (optind, environ): ordinary program memory
            weft.ir.Variable v = program.globalNamed(g.name());
            if (v != null) add(f, node, new Lvalue.Var(v), g.write(), false, c.loc(), out);
        }
        SyncAccesses.of(model.event(), c, (ptr, what, atomic) -> {
            for (Region r : perObject(regions.pointer(f, node, ptr, pointeeSize(ptr)))) {
                out.add(new MemoryAccess(r, true, atomic, c.loc(), what, false, null, null, ptr, true, null));
            }
        });
        // a typed event's plain accesses besides it: attributes and timeouts read, condition variables and keys written (D41)
        if (!model.alongside().isEmpty()) library(f, node, c, model.name(), new Event.MemAccess(model.alongside(), false, false, -1), out);
    }

    private void library(Function f, int node, Stmt.Call c, String name, Event ev, List<MemoryAccess> out) {
        List<Expr> args = c.args();
        SourceLoc loc = c.loc();
        if (ev.freedArg() >= 0 && ev.freedArg() < args.size()) freed(f, node, args.get(ev.freedArg()), name, loc, out);
        if (ev instanceof Event.MemAccess m) {
            for (Event.MemArg ma : m.args()) {
                if (ma.ptrArg() >= args.size()) continue;
                long size = ma.sizeArg() >= 0 && ma.sizeArg() < args.size() ? constSize(f, node, args.get(ma.sizeArg())) : Region.UNBOUNDED;
                Expr p = args.get(ma.ptrArg());
                if (ma.deep()) deep(f, node, p, CText.argument(p, ma.ptrArg()), ma.write(), loc, name, out);
                else through(f, node, p, size, ma.write(), false, loc, (ma.write() ? "write by " : "read by ") + name + " of " + CText.argument(p, ma.ptrArg()), out);
            }
            if (m.touchesVarargs()) {
                java.util.Set<Integer> written = VariadicPointers.written(program, regions.pointsTo(), f.linkName(), c, m);
                boolean write = written == null || !written.isEmpty();
                if (m.vaList() >= 0 && m.vaList() < args.size()) {
                    String what = name + " argument through the va_list " + CText.of(args.get(m.vaList()));
                    var targets = VariadicPointers.ofVaList(program, regions.pointsTo(), f.linkName(), args.get(m.vaList()));
                    for (Region r : perObject(regions.locations(targets, Region.UNBOUNDED))) {
                        if (m.varargsRead()) out.add(MemoryAccess.throughVaList(r, false, loc, what, args.get(m.vaList())));
                        if (write) out.add(MemoryAccess.throughVaList(r, true, loc, what, args.get(m.vaList())));
                    }
                } else if (m.vaList() < 0) {
                    int first = Math.max(0, m.varargsFrom());
                    for (int i = first; i < args.size(); i++) {
                        Expr p = args.get(i);
                        if (!p.type().isPointer()) continue;
                        if (m.varargsRead()) through(f, node, p, Region.UNBOUNDED, false, false, loc, name + " argument " + argumentName(p, i), out);
                        if (written == null || written.contains(i - first)) {
                            through(f, node, p, Region.UNBOUNDED, true, false, loc, name + " argument " + argumentName(p, i), out);
                        }
                    }
                }
            }
        } else if (ev instanceof Event.Atomic a && a.ptrArg() >= 0 && a.ptrArg() < args.size()) {
            Expr p = args.get(a.ptrArg());
            long size = pointeeSize(p);
            boolean writes = a.op() != Event.AtomicOp.LOAD;
            boolean readsToo = a.op() != Event.AtomicOp.STORE && a.op() != Event.AtomicOp.CLEAR;
            if (readsToo) through(f, node, p, size, false, true, loc, "atomic read of " + CText.deref(p), out);
            if (writes) through(f, node, p, size, true, true, loc, "atomic write of " + CText.deref(p), out);
            if (a.expectedArg() >= 0 && a.expectedIsPointer() && a.expectedArg() < args.size()) {
                Expr q = args.get(a.expectedArg());
                through(f, node, q, pointeeSize(q), false, false, loc, "read of " + CText.deref(q), out);
                through(f, node, q, pointeeSize(q), true, false, loc, "write of " + CText.deref(q), out);
            }
            // the generic forms read the stored value from, and write the old value to, the caller's memory
            // (plain accesses, of the object's size: the operand's own pointer type may be void * or a cast)
            boolean stores = a.op() == Event.AtomicOp.STORE || a.op() == Event.AtomicOp.EXCHANGE || a.op() == Event.AtomicOp.CAS;
            if (a.valueByPointer() && stores && a.valueArg() >= 0 && a.valueArg() < args.size()) {
                Expr q = args.get(a.valueArg());
                through(f, node, q, size, false, false, loc, "read of " + CText.deref(q), out);
            }
            if (a.resultArg() >= 0 && a.resultArg() < args.size()) {
                Expr q = args.get(a.resultArg());
                through(f, node, q, size, true, false, loc, "write of " + CText.deref(q), out);
            }
        } else if (ev instanceof Event.ThreadCreate tc && tc.idArg() < args.size()) {
            Expr p = args.get(tc.idArg());
            through(f, node, p, pointeeSize(p), true, false, loc, "thread id store into " + CText.deref(p), out);
        } else if (ev instanceof Event.ThreadJoin tj && tj.resultArg() >= 0 && tj.resultArg() < args.size()) {
            Expr p = args.get(tj.resultArg());
            through(f, node, p, pointeeSize(p), true, false, loc, "join result store into " + CText.deref(p), out);
        }
    }

    /** The read and write of each hidden-state pseudo-object the call uses, the read of each it only consults. */
    private void hiddenState(Function f, int node, Stmt.Call c, weft.model.LibcFacts facts, List<MemoryAccess> out) {
        for (String g : facts.state()) {
            weft.ir.Variable v = program.libcObject(weft.model.LibcFacts.stateObjectName(g));
            if (v == null) continue;
            Lvalue lv = new Lvalue.Var(v);
            add(f, node, lv, false, false, c.loc(), out);
            add(f, node, lv, true, false, c.loc(), out);
        }
        for (String g : facts.readState()) {
            weft.ir.Variable v = program.libcObject(weft.model.LibcFacts.stateObjectName(g));
            if (v != null) add(f, node, new Lvalue.Var(v), false, false, c.loc(), out);
        }
    }

    /**
     * The objects the pointers stored in the call's hidden state point to, whole, read or written as the table says
     * ({@link weft.model.LibcFacts#stateTargets}: {@code strtok(NULL, ...)} scans and cuts the string its first call was
     * given). Program memory, so they are accessed whatever {@code libcStateRaces} says; the pointer analysis put there
     * what the calls of the group stored ({@code ps=T}), the hidden state's own cells included.
     */
    private void stateTargets(SourceLoc loc, String name, weft.model.LibcFacts facts, List<MemoryAccess> out) {
        weft.model.LibcFacts.Reach reach = facts.stateTargets();
        if (!reach.any()) return;
        // per object: whether every group it is reached through is followed under the lock of the stream it belongs
        // to, and whether some group that reaches it only holds pointers (memory handed to the library)
        java.util.Map<weft.pointer.MemObject, Boolean> objects = new java.util.LinkedHashMap<>();
        java.util.Set<weft.pointer.MemObject> handed = new java.util.HashSet<>();
        for (String g : facts.allGroups()) {
            boolean locked = facts.followsLocked(g);
            for (weft.pointer.Loc l : regions.pointsTo().stateContents(g)) {
                objects.merge(l.object(), locked, Boolean::logicalAnd);
                if (facts.pointerState().contains(g)) handed.add(l.object());
            }
        }
        for (var entry : objects.entrySet()) {
            weft.pointer.MemObject o = entry.getKey();
            if (o instanceof weft.pointer.MemObject.Fn) continue; // code, not data
            // the hidden state's own object (a static buffer linked to itself): hiddenState's accesses
            if (o instanceof weft.pointer.MemObject.Var v && program.isLibcObject(v.variable())) continue;
            // setvbuf's buffer, which the program handed to a stream; strtok's continuation in the string it saved
            String what = name + (handed.contains(o) ? " on memory the program handed to the library earlier" : " on what its saved state points to");
            // a buffer handed to one stream only, followed under that stream's lock: two such accesses are ordered by it
            // (weft.race.rules.StreamLockOrders); every other access pairs with them
            boolean locked = entry.getValue() && singleHandOver.test(o);
            if (reach.read()) out.add(locked ? MemoryAccess.underStreamLock(Region.whole(o), false, loc, "read by " + what)
                    : new MemoryAccess(Region.whole(o), false, false, loc, "read by " + what, false, null, null, null));
            if (reach.write() && !weft.pointer.MemObject.isLibraryConstData(o)) {
                out.add(locked ? MemoryAccess.underStreamLock(Region.whole(o), true, loc, "write by " + what)
                        : new MemoryAccess(Region.whole(o), true, false, loc, "write by " + what, false, null, null, null));
            }
        }
    }

    /**
     * Returning from {@code main} is calling {@code exit} with its value (C11 5.1.2.2.3): what {@code exit} does to
     * program memory besides ending it, its model's hidden-state targets (it writes out every stream's buffer: those
     * handed to streams by {@code setvbuf} and the like, audit D46); the exit handlers are the front end's calls
     * ({@code weft.frontend.CallbackLowering}).
     */
    private void mainReturn(SourceLoc loc, List<MemoryAccess> out) {
        program.models().lookup("exit").ifPresent(m -> stateTargets(loc, "the exit of main", m.facts(), out));
    }

    /**
     * A deallocation writes every byte of each allocated object {@code p} may point to (whatever the offset:
     * freeing through an interior pointer is undefined, and the whole object dies either way). Named
     * variables are left out: freeing one is undefined behaviour (C11 7.22.3.3p2, only pointers returned by
     * an allocation function may be freed), so no defined execution performs that write; heap objects and
     * memory of unknown origin (what external functions return) are all kept.
     */
    private void freed(Function f, int node, Expr p, String name, SourceLoc loc, List<MemoryAccess> out) {
        java.util.Set<Region> whole = new java.util.HashSet<>();
        for (Region r : regions.pointer(f, node, p, Region.UNBOUNDED)) {
            if (!(r.object() instanceof weft.pointer.MemObject.Var)) whole.add(Region.whole(r.object()));
        }
        // when every object freed is exactly one object of p's static pointee type, the free writes just the bytes
        // of *p: give it that lvalue, so that rules relating accesses through p (thread instances, symbolic locks)
        // see it as what it is
        Expr base = p;
        while (base instanceof Expr.Cast c && c.operand().type().isPointer()) base = c.operand();
        CType pointee = base.type().pointee();
        boolean exact = pointee != null && pointee.size() > 0 && !whole.isEmpty();
        for (Region r : whole) exact &= r.object().size() == pointee.size();
        Lvalue lv = exact ? new Lvalue.Deref(base, pointee) : null;
        SymbolicBase sym = lv == null ? null : SymbolicBase.of(lv);
        for (Region r : whole) out.add(new MemoryAccess(r, true, false, loc, name + " of " + CText.of(p), false, sym, lv, p));
    }

    private void external(Function f, int node, Stmt.Call c, List<MemoryAccess> out) {
        if (weft.model.VaListBuiltins.is(c.directName()) && vaList(f, node, c, out)) return;
        Region all = Region.whole(new weft.pointer.MemObject.Unknown());
        String ext = "memory reachable by unknown function " + (c.directName() == null ? CText.of(c.callee()) : c.directName());
        out.add(new MemoryAccess(all, false, false, c.loc(), ext, false, null, null, null));
        out.add(new MemoryAccess(all, true, false, c.loc(), ext, false, null, null, null));
        for (Expr p : c.args()) {
            if (!p.type().isPointer()) continue;
            CType pointee = p.type().pointee();
            if (pointee != null && pointee.unqualified() instanceof CType.Function) continue;
            String what = "unknown function " + c.directName() + " on " + CText.of(p);
            through(f, node, p, Region.UNBOUNDED, false, false, c.loc(), what, out);
            through(f, node, p, Region.UNBOUNDED, true, false, c.loc(), what, out);
        }
    }

    /**
     * The accesses of {@code va_start}/{@code va_copy}/{@code va_end} ({@link weft.model.VaListBuiltins}): the
     * {@code va_list} arguments, given as the variable's value or its address; false (the accesses of unknown
     * external code instead) for any other form.
     */
    private boolean vaList(Function f, int node, Stmt.Call c, List<MemoryAccess> out) {
        List<Lvalue> lists = new java.util.ArrayList<>();
        int n = weft.model.VaListBuiltins.listArguments(c.directName());
        if (c.args().size() < n) return false;
        for (int k = 0; k < n; k++) {
            weft.ir.VaLists.ListArgument arg = weft.ir.VaLists.listArgument(c.args().get(k));
            if (arg == null) return false;
            lists.add(arg.lvalue());
        }
        for (int k = 0; k < n; k++) {
            add(f, node, lists.get(k), !weft.model.VaListBuiltins.readsArgument(c.directName(), k), false, c.loc(), out);
        }
        return true;
    }
}
