package weft.analysis;

import weft.escape.Locals;
import weft.ir.CType;
import weft.ir.Edge;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.Lvalue;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.ir.Variable;
import weft.model.Event;
import weft.model.VaListBuiltins;
import weft.pointer.Loc;
import weft.pointer.MemObject;
import weft.pointer.PointsTo;
import weft.thread.ThreadId;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * Per abstract thread, what the variadic arguments its own calls pass may point to: a library function given a
 * {@code va_list} that stands for an activation of the calling thread ({@code vfprintf(stderr, fmt, ap)} in a logger)
 * reads or writes only that. The points-to analysis keeps every variadic argument of every call of the program in
 * one object ({@link VaListBuiltins#OBJECT}); without this, a thread's logger "reads" every string any other thread
 * ever logged.
 *
 * <p><b>Qualified lists.</b> A variable {@code v} of function {@code f} is <em>qualified</em> when {@code f} is not
 * {@code main} and its address is never taken (so only the program's direct calls start its activations, each in
 * the thread that makes the call), {@code v} is tracked ({@link Locals#trackable}: only assignments naming it change
 * it), and every value it can hold is a {@code va_list} of an activation of the same thread:
 * <ul>
 *   <li>a local: {@code f} assigns it only by {@code va_start(v, ...)} ({@code f} variadic) or
 *       {@code va_copy(v, s)} with {@code s} qualified, never by an assignment or a call's result;</li>
 *   <li>a parameter: {@code f} never assigns it, {@code f} has calls, and every call passes, at its position, a
 *       qualified variable of the caller (casts aside).</li>
 * </ul>
 * The greatest fixpoint is taken: by induction on the call stack, a parameter of an activation got its value from
 * its caller's activation, below it on the same thread's stack, and the chain ends at a local set by
 * {@code va_start} in an activation of the thread.
 *
 * <p><b>Per thread and function.</b> A qualified variable may hold lists of activations of the variadic functions
 * {@code origins(v)}: those whose {@code va_start} set it, or set what a {@code va_copy} or a call gave it (least
 * fixpoint). {@link #keeps} drops an access through a qualified list {@code v} to an object outside
 * {@code V(t, g)} for every {@code g} in {@code origins(v)}: every object the variadic arguments of a call of
 * {@code g} made in thread {@code t} may point to (the points-to analysis at the call), over every such call in
 * every function the thread walk can enter from the
 * thread's routine or a thread-specific data destructor ({@link ContextFixpoint#userCallees}, the edges the walk
 * follows; library callbacks are lowered to such calls by the front end). An aggregate variadic argument makes
 * {@code V(t, g)} unrestricted, and so does anything that could change the variadic-arguments object other than a
 * call binding its arguments: an assignment or a library call (other than a {@code va_list} argument of a function
 * taking one) given a pointer that may point into it, or external code that may reach it. The variadic arguments a
 * list stands for are fixed at its activation's call, so a library call reading through it reads only what that
 * call passed, which {@code V(t, g)} covers.
 */
final class ThreadVarargs {
    private final Program program;
    private final PointsTo pts;
    private final Locals locals;
    private final BiFunction<Function, Stmt.Call, List<Function>> callees;
    private final MemObject argsObject;
    private final boolean enabled;
    private final Set<Variable> qualified = new HashSet<>();
    /** Per qualified variable, the variadic functions whose activations' lists it may hold. */
    private final Map<Variable, Set<String>> origins = new HashMap<>();
    private final Map<ThreadId, Map<String, Set<MemObject>>> perThread = new HashMap<>();
    /** Marks a thread whose variadic arguments are unrestricted (an aggregate among them). */
    private static final Set<MemObject> ANY = java.util.Collections.unmodifiableSet(new HashSet<>());

    ThreadVarargs(Program program, PointsTo pts, AddressTaken addressTaken, String mainFunction,
                  BiFunction<Function, Stmt.Call, List<Function>> callees) {
        this.program = program;
        this.pts = pts;
        this.locals = new Locals(addressTaken);
        this.callees = callees;
        Variable va = program.libcObject(VaListBuiltins.OBJECT);
        this.argsObject = va == null ? null : new MemObject.Var(va);
        this.enabled = argsObject != null && argsObjectOnlyBound();
        if (enabled) qualify(mainFunction);
    }

    /**
     * Whether access {@code a} of {@code f}, made in thread {@code t}, may be made: false only for an access through a
     * qualified {@code va_list} to an object none of the thread's own variadic arguments may point to.
     */
    boolean keeps(ThreadId t, Function f, Set<String> roots, MemoryAccess a) {
        Variable v = enabled && a.vaList() != null ? qualifiedList(f, a.vaList()) : null;
        if (v == null) return true;
        Map<String, Set<MemObject>> own = perThread.computeIfAbsent(t, k -> collect(roots));
        for (String g : origins.getOrDefault(v, Set.of())) {
            Set<MemObject> passed = own.get(g);
            if (passed == ANY || passed != null && passed.contains(a.region().object())) return true;
        }
        return false;
    }

    /** The qualified variable of {@code f} that {@code list} reads (casts aside), or null. */
    private Variable qualifiedList(Function f, Expr list) {
        VaListBuiltins.ListArgument arg = VaListBuiltins.listArgument(list);
        return arg != null && !arg.addressOf() && arg.lvalue() instanceof Lvalue.Var v && f.linkName().equals(v.variable().function())
                && qualified.contains(v.variable()) ? v.variable() : null;
    }

    /**
     * {@code V(t)} per variadic function: what the variadic arguments of every call of it in the functions the walk
     * enters from {@code roots} may point to ({@link #ANY} when one is an aggregate).
     */
    private Map<String, Set<MemObject>> collect(Set<String> roots) {
        Map<String, Set<MemObject>> out = new HashMap<>();
        Set<String> seen = new HashSet<>(roots);
        ArrayDeque<String> work = new ArrayDeque<>(roots);
        while (!work.isEmpty()) {
            Function h = program.function(work.poll());
            if (h == null) continue;
            for (Edge e : h.cfg().edges()) {
                if (!(e.stmt() instanceof Stmt.Call c)) continue;
                List<Function> gs = callees.apply(h, c);
                if (gs == null) continue;
                for (Function g : gs) {
                    if (seen.add(g.linkName())) work.add(g.linkName());
                    if (!g.type().varargs() || out.get(g.linkName()) == ANY) continue;
                    Set<MemObject> passed = out.computeIfAbsent(g.linkName(), k -> new HashSet<>());
                    for (int k = g.params().size(); k < c.args().size(); k++) {
                        Expr x = c.args().get(k);
                        if (!(x.type().isPointer() || x.type().isScalar())) {
                            out.put(g.linkName(), ANY);
                            break;
                        }
                        for (Loc l : pts.eval(h.linkName(), x)) passed.add(l.object());
                    }
                }
            }
        }
        return out;
    }

    /**
     * Whether nothing but the binding of a call's variadic arguments may change the variadic-arguments object: no
     * assignment, library call (other than through a {@code va_list} argument of a function taking one, or a
     * {@code va_*} builtin) or external code may write into it.
     */
    private boolean argsObjectOnlyBound() {
        if (pts.mayAlias(new MemObject.Unknown(), argsObject)) return false;
        for (Function h : program.functions().values()) {
            for (Edge e : h.cfg().edges()) {
                if (e.stmt() instanceof Stmt.Assign as) {
                    if (!(as.lhs() instanceof Lvalue.Var) && touches(pts.locations(h.linkName(), as.lhs()))) return false;
                } else if (e.stmt() instanceof Stmt.Call c && !(c.directName() != null && VaListBuiltins.is(c.directName()))
                        && (callees.apply(h, c) == null || !pts.libraryCallees(c).isEmpty())) {
                    int list = program.target(c) instanceof weft.ir.CallTarget.Library lib
                            && lib.model().event() instanceof Event.MemAccess m ? m.vaList() : -1;
                    for (int k = 0; k < c.args().size(); k++) {
                        if (k != list && touches(pts.eval(h.linkName(), c.args().get(k)))) return false;
                    }
                }
            }
        }
        return true;
    }

    private boolean touches(Set<Loc> locs) {
        for (Loc l : locs) if (l.object().equals(argsObject)) return true;
        return false;
    }

    /** The greatest fixpoint of {@link ThreadVarargs qualified} variables. */
    private void qualify(String mainFunction) {
        Map<String, List<Stmt.Call>> callsOf = new HashMap<>();
        Map<Stmt.Call, Function> callerOf = new java.util.IdentityHashMap<>();
        Set<String> addressTaken = new HashSet<>();
        for (MemObject o : pts.objects()) if (o instanceof MemObject.Fn fn) addressTaken.add(fn.linkName());
        List<Function> candidates = new ArrayList<>();
        for (Function h : program.functions().values()) {
            for (Edge e : h.cfg().edges()) {
                if (e.stmt() instanceof Stmt.Call c && program.target(c) instanceof weft.ir.CallTarget.User) {
                    for (Function g : pts.callees(h.linkName(), c)) callsOf.computeIfAbsent(g.linkName(), k -> new ArrayList<>()).add(c);
                    callerOf.put(c, h);
                }
            }
            if (h.name().equals(mainFunction) || h.linkName().equals(mainFunction)
                    || addressTaken.contains(h.linkName()) || addressTaken.contains(h.name())) continue;
            candidates.add(h);
            for (Variable v : h.params()) if (locals.trackable(h, v)) qualified.add(v);
            for (Variable v : h.locals()) if (locals.trackable(h, v)) qualified.add(v);
        }
        for (boolean changed = true; changed; ) {
            changed = false;
            for (Function h : candidates) {
                for (int i = 0; i < h.params().size(); i++) {
                    Variable p = h.params().get(i);
                    if (qualified.contains(p) && !paramQualified(h, i, callsOf, callerOf)) changed |= qualified.remove(p);
                }
                for (Variable v : h.locals()) {
                    if (qualified.contains(v) && !localQualified(h, v)) changed |= qualified.remove(v);
                }
            }
        }
        // then, least, which variadic functions' lists each may hold
        for (boolean changed = true; changed; ) {
            changed = false;
            for (Function h : candidates) {
                for (int i = 0; i < h.params().size(); i++) {
                    Variable p = h.params().get(i);
                    if (!qualified.contains(p)) continue;
                    for (Stmt.Call c : callsOf.getOrDefault(h.linkName(), List.of())) {
                        changed |= addOrigins(p, qualifiedList(callerOf.get(c), c.args().get(i)));
                    }
                }
                for (Edge e : h.cfg().edges()) {
                    if (!(e.stmt() instanceof Stmt.Call c) || c.directName() == null || c.args().isEmpty()) continue;
                    VaListBuiltins.ListArgument set = VaListBuiltins.listArgument(c.args().get(0));
                    if (set == null || !(set.lvalue() instanceof Lvalue.Var lv) || !qualified.contains(lv.variable())) continue;
                    if (c.directName().equals("__builtin_va_start")) {
                        changed |= origins.computeIfAbsent(lv.variable(), k -> new HashSet<>()).add(h.linkName());
                    } else if (c.directName().equals("__builtin_va_copy") && c.args().size() >= 2) {
                        changed |= addOrigins(lv.variable(), qualifiedList(h, c.args().get(1)));
                    }
                }
            }
        }
    }

    private boolean addOrigins(Variable to, Variable from) {
        Set<String> more = from == null ? Set.of() : origins.getOrDefault(from, Set.of());
        return !more.isEmpty() && origins.computeIfAbsent(to, k -> new HashSet<>()).addAll(more);
    }

    private boolean paramQualified(Function h, int i, Map<String, List<Stmt.Call>> callsOf, Map<Stmt.Call, Function> callerOf) {
        Variable p = h.params().get(i);
        List<Stmt.Call> calls = callsOf.getOrDefault(h.linkName(), List.of());
        if (calls.isEmpty() || assignedOtherwise(h, p)) return false;
        for (Edge e : h.cfg().edges()) if (writtenByBuiltin(e, p) != null) return false;
        for (Stmt.Call c : calls) {
            if (i >= c.args().size() || qualifiedList(callerOf.get(c), c.args().get(i)) == null) return false;
        }
        return true;
    }

    private boolean localQualified(Function h, Variable v) {
        if (assignedOtherwise(h, v)) return false;
        for (Edge e : h.cfg().edges()) {
            Stmt.Call c = writtenByBuiltin(e, v);
            if (c == null) continue;
            if (c.directName().equals("__builtin_va_start")) {
                if (!h.type().varargs()) return false;
            } else if (c.directName().equals("__builtin_va_copy")) {
                if (c.args().size() < 2 || qualifiedList(h, c.args().get(1)) == null) return false;
            }
        }
        return true;
    }

    /** Whether {@code h} assigns {@code v} by name other than through a {@code va_*} builtin. */
    private static boolean assignedOtherwise(Function h, Variable v) {
        for (Edge e : h.cfg().edges()) if (ArgumentTargets.assigns(e, v)) return true;
        return false;
    }

    /** The {@code va_start}/{@code va_copy} call of edge {@code e} that sets {@code v}, or null ({@code va_end} sets nothing). */
    private static Stmt.Call writtenByBuiltin(Edge e, Variable v) {
        if (!(e.stmt() instanceof Stmt.Call c) || c.directName() == null || !VaListBuiltins.is(c.directName())
                || c.directName().equals("__builtin_va_end") || c.args().isEmpty()) {
            return null;
        }
        VaListBuiltins.ListArgument arg = VaListBuiltins.listArgument(c.args().get(0));
        if (arg == null) return null;
        Variable root = arg.lvalue() instanceof Lvalue.Var lv ? lv.variable() : null;
        return v.equals(root) ? c : null;
    }
}
