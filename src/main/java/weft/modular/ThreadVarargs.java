package weft.modular;

import weft.access.MemoryAccess;
import weft.escape.Locals;
import weft.ir.AddressTaken;
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
import weft.thread.ThreadGraph;
import weft.thread.ThreadId;

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
 * reads or writes only that. The points-to analysis keeps every variadic argument of every call of a variadic function
 * in one object per function ({@link VaListBuiltins#objectName}); without this, a thread's logger "reads" every string
 * any other thread ever logged.
 *
 * <p><b>Qualified lists.</b> A variable {@code v} of function {@code f} is <em>qualified</em> when {@code f} is not
 * {@code main} and its address is never taken (so only the program's direct calls start its activations, each in
 * the thread that makes the call), {@code v} is tracked ({@link Locals#trackable}: only assignments naming it change
 * it), and every value it can hold is a {@code va_list} of an activation of the same thread:
 * <ul>
 *   <li>a local: {@code f} assigns it only by {@code va_start(v, ...)} ({@code f} variadic) or
 *       {@code va_copy(v, s)} with {@code s} qualified, never by an assignment or a call's result other than
 *       {@code va_arg}'s step {@code v = v + k} ({@link weft.ir.VaLists#advancesItself}: it stays in its object);</li>
 *   <li>a parameter: {@code f} never assigns it (but by {@code va_arg}'s step), {@code f} has calls, and every call passes, at its position, a
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
 * every function the thread may run ({@link ThreadGraph#functions}: its routine, the thread-specific data destructors
 * and all they call, a superset of what the walk enters; targets as the walk resolves them,
 * {@link ContextFixpoint#userCallees}; library callbacks are lowered to such calls by the front end). An aggregate variadic argument makes
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
    private final ThreadGraph graph;
    private final BiFunction<Function, Stmt.Call, List<Function>> callees;
    /** The variadic-arguments objects, one per variadic function. */
    private final Set<MemObject> argsObjects = new HashSet<>();
    private final boolean enabled;
    private final Set<Variable> qualified = new HashSet<>();
    /** Per qualified variable, the variadic functions whose activations' lists it may hold. */
    private final Map<Variable, Set<String>> origins = new HashMap<>();
    private final Map<ThreadId, Map<String, Set<MemObject>>> perThread = new HashMap<>();
    /** Marks a thread whose variadic arguments are unrestricted (an aggregate among them). */
    private static final Set<MemObject> ANY = java.util.Collections.unmodifiableSet(new HashSet<>());

    ThreadVarargs(Program program, PointsTo pts, AddressTaken addressTaken, ThreadGraph graph,
                  BiFunction<Function, Stmt.Call, List<Function>> callees) {
        this.program = program;
        this.graph = graph;
        this.pts = pts;
        this.locals = new Locals(addressTaken);
        this.callees = callees;
        for (Variable v : program.globals()) if (weft.ir.VaLists.isArgumentsObject(program, v)) argsObjects.add(new MemObject.Var(v));
        this.enabled = !argsObjects.isEmpty() && argsObjectOnlyBound();
        if (enabled) qualify(graph.main().routine());
    }

    /**
     * Whether access {@code a} of {@code f}, made in thread {@code t}, may be made: false only for an access through a
     * qualified {@code va_list} to an object none of the thread's own variadic arguments may point to.
     */
    boolean keeps(ThreadId t, Function f, MemoryAccess a) {
        Variable v = enabled && a.vaList() != null ? qualifiedList(f, a.vaList()) : null;
        if (v == null) return true;
        Map<String, Set<MemObject>> own = perThread.computeIfAbsent(t, this::collect);
        for (String g : origins.getOrDefault(v, Set.of())) {
            Set<MemObject> passed = own.get(g);
            if (passed == ANY || passed != null && passed.contains(a.region().object())) return true;
        }
        return false;
    }

    /** The qualified variable of {@code f} that {@code list} reads (casts aside), or null. */
    private Variable qualifiedList(Function f, Expr list) {
        weft.ir.VaLists.ListArgument arg = weft.ir.VaLists.listArgument(list);
        return arg != null && !arg.addressOf() && arg.lvalue() instanceof Lvalue.Var v && f.linkName().equals(v.variable().function())
                && qualified.contains(v.variable()) ? v.variable() : null;
    }

    /**
     * {@code V(t)} per variadic function: what the variadic arguments of every call of it in the functions thread
     * {@code t} may run ({@link ThreadGraph#functions}: its routine, the destructors and what they call, a superset of
     * what the walk enters) may point to ({@link #ANY} when one is an aggregate).
     */
    private Map<String, Set<MemObject>> collect(ThreadId t) {
        Map<String, Set<MemObject>> out = new HashMap<>();
        for (String name : graph.functions(t)) {
            Function h = program.function(name);
            if (h == null) continue;
            for (Edge e : h.cfg().edges()) {
                List<Function> gs = e.stmt() instanceof Stmt.Call c ? callees.apply(h, c) : null;
                if (gs == null) continue;
                Stmt.Call c = (Stmt.Call) e.stmt();
                for (Function g : gs) {
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
        for (MemObject o : argsObjects) if (pts.mayAlias(new MemObject.Unknown(), o)) return false;
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
        for (Loc l : locs) if (argsObjects.contains(l.object())) return true;
        return false;
    }

    /**
     * What a function does to its variables by name: those it assigns (an assignment, a call's result) and, per
     * variable, the {@code va_start}/{@code va_copy} calls that set it ({@code va_end} sets nothing). One pass each.
     */
    private record Writes(Set<Variable> assigned, Map<Variable, List<Stmt.Call>> builtins) {
        static Writes of(Function h) {
            Set<Variable> assigned = new HashSet<>();
            Map<Variable, List<Stmt.Call>> builtins = new HashMap<>();
            for (Edge e : h.cfg().edges()) {
                Variable to = ArgumentTargets.assignedVariable(e);
                // va_arg's step moves a list within its object (weft.ir.VaLists#advancesItself): no new value
                if (to != null && !weft.ir.VaLists.advancesItself(e)) assigned.add(to);
                if (e.stmt() instanceof Stmt.Call c && c.directName() != null && VaListBuiltins.is(c.directName())
                        && !c.directName().equals("__builtin_va_end") && !c.args().isEmpty()) {
                    weft.ir.VaLists.ListArgument arg = weft.ir.VaLists.listArgument(c.args().get(0));
                    if (arg != null && arg.lvalue() instanceof Lvalue.Var lv) {
                        builtins.computeIfAbsent(lv.variable(), k -> new ArrayList<>()).add(c);
                    }
                }
            }
            return new Writes(assigned, builtins);
        }

        List<Stmt.Call> builtinsOf(Variable v) {
            return builtins.getOrDefault(v, List.of());
        }
    }

    /** The greatest fixpoint of {@link ThreadVarargs qualified} variables, then the least one of their origins. */
    private void qualify(String mainFunction) {
        Map<String, List<Stmt.Call>> callsOf = new HashMap<>();
        Map<Stmt.Call, Function> callerOf = new java.util.IdentityHashMap<>();
        Set<String> addressTaken = new HashSet<>();
        for (MemObject o : pts.objects()) if (o instanceof MemObject.Fn fn) addressTaken.add(fn.linkName());
        Map<Function, Writes> candidates = new java.util.LinkedHashMap<>();
        for (Function h : program.functions().values()) {
            for (Edge e : h.cfg().edges()) {
                if (e.stmt() instanceof Stmt.Call c && program.target(c) instanceof weft.ir.CallTarget.User) {
                    for (Function g : pts.callees(h.linkName(), c)) callsOf.computeIfAbsent(g.linkName(), k -> new ArrayList<>()).add(c);
                    callerOf.put(c, h);
                }
            }
            if (h.name().equals(mainFunction) || h.linkName().equals(mainFunction)
                    || addressTaken.contains(h.linkName()) || addressTaken.contains(h.name())) continue;
            candidates.put(h, Writes.of(h));
            for (Variable v : h.params()) if (locals.trackable(h, v)) qualified.add(v);
            for (Variable v : h.locals()) if (locals.trackable(h, v)) qualified.add(v);
        }
        for (boolean changed = true; changed; ) {
            changed = false;
            for (Map.Entry<Function, Writes> fw : candidates.entrySet()) {
                Function h = fw.getKey();
                for (int i = 0; i < h.params().size(); i++) {
                    Variable p = h.params().get(i);
                    if (qualified.contains(p) && !paramQualified(h, i, fw.getValue(), callsOf, callerOf)) changed |= qualified.remove(p);
                }
                for (Variable v : h.locals()) {
                    if (qualified.contains(v) && !localQualified(h, v, fw.getValue())) changed |= qualified.remove(v);
                }
            }
        }
        for (boolean changed = true; changed; ) {
            changed = false;
            for (Map.Entry<Function, Writes> fw : candidates.entrySet()) {
                Function h = fw.getKey();
                for (int i = 0; i < h.params().size(); i++) {
                    Variable p = h.params().get(i);
                    if (!qualified.contains(p)) continue;
                    for (Stmt.Call c : callsOf.getOrDefault(h.linkName(), List.of())) {
                        changed |= addOrigins(p, qualifiedList(callerOf.get(c), c.args().get(i)));
                    }
                }
                for (Map.Entry<Variable, List<Stmt.Call>> b : fw.getValue().builtins().entrySet()) {
                    if (!qualified.contains(b.getKey())) continue;
                    for (Stmt.Call c : b.getValue()) {
                        if (c.directName().equals("__builtin_va_start")) {
                            changed |= origins.computeIfAbsent(b.getKey(), k -> new HashSet<>()).add(h.linkName());
                        } else if (c.args().size() >= 2) {
                            changed |= addOrigins(b.getKey(), qualifiedList(h, c.args().get(1)));
                        }
                    }
                }
            }
        }
    }

    private boolean addOrigins(Variable to, Variable from) {
        Set<String> more = from == null ? Set.of() : origins.getOrDefault(from, Set.of());
        return !more.isEmpty() && origins.computeIfAbsent(to, k -> new HashSet<>()).addAll(more);
    }

    /** A parameter no statement of {@code h} sets, and every (direct) call of {@code h} passes a qualified list. */
    private boolean paramQualified(Function h, int i, Writes w, Map<String, List<Stmt.Call>> callsOf, Map<Stmt.Call, Function> callerOf) {
        Variable p = h.params().get(i);
        List<Stmt.Call> calls = callsOf.getOrDefault(h.linkName(), List.of());
        if (calls.isEmpty() || w.assigned().contains(p) || !w.builtinsOf(p).isEmpty()) return false;
        for (Stmt.Call c : calls) {
            if (i >= c.args().size() || qualifiedList(callerOf.get(c), c.args().get(i)) == null) return false;
        }
        return true;
    }

    /** A local set only by {@code va_start} (in a variadic function) or by {@code va_copy} from a qualified list. */
    private boolean localQualified(Function h, Variable v, Writes w) {
        if (w.assigned().contains(v)) return false;
        for (Stmt.Call c : w.builtinsOf(v)) {
            if (c.directName().equals("__builtin_va_start")) {
                if (!h.type().varargs()) return false;
            } else if (c.args().size() < 2 || qualifiedList(h, c.args().get(1)) == null) {
                return false;
            }
        }
        return true;
    }
}
