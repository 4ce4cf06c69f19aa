package weft.thread;

import weft.escape.Unpublished;
import weft.ir.AddressTaken;
import weft.ir.CallTarget;
import weft.ir.Edge;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.Lvalue;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.ir.Variable;
import weft.model.Event;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Threads created in a counting loop whose argument is the loop counter ({@code (void*)i}) or the
 * address of the counter's element of an array ({@code &a[i]}): every instance receives a different
 * argument. In the start routine, the parameter and locals assigned once from it (never changed) are
 * the instance's <em>key</em>.
 *
 * <p>Soundness: the create statement runs once per iteration of a simple counting loop that itself
 * runs once (unique parent, function executed once, no enclosing cycle), and the counter differs in
 * each iteration (also for a loop counting down, {@code JoinTrees.DownLoop}: the decrement is the counter's only change
 * in the loop and never wraps), so the arguments are pairwise different values or point to pairwise different
 * elements. An access indexed by a key ({@code g[k]}) or made through a key pointer ({@code k->f},
 * within one element) therefore touches a different element in each instance.
 *
 * <p>Also, wherever the create statement is: an argument pointing into an object the creator
 * allocated and has not published ({@link Unpublished}). Creating the thread publishes it, so the
 * next execution of the statement passes an object allocated after this one: no two instances
 * receive the same live object. (Memory one instance frees may come back from the allocator for a
 * later one, but then the first instance's accesses all precede the allocation of the second's.)
 * Accesses through the key stay inside the object, as C requires.
 *
 * <p>Also: an argument that is a local holding, on every path, an allocation made since the creator's last thread
 * creation ({@link FreshRecords}: a per-thread record allocated in each iteration and perhaps also stored in an
 * array of records): each execution of the create passes an object no earlier one passed (corpus
 * {@code 36-per-thread-records}; harness hole {@code shared_record}).
 *
 * <p>Every activation of the routine in the thread must be the one it starts with ({@code ThreadGraph#functionOnce}
 * of the routine: no call of it in the thread, no recursion), since only there does the parameter hold the
 * instance's argument; without it, instance 0 calling {@code worker((void *)1)} touches instance 1's element (D11).
 *
 * <p>Assumes: {@code ThreadGraph} uniqueness of the parent and run-once of the loop's function (probe
 * p33); the counter is a tracked local changed only by {@code i = i + 1} (probes p32, p35); the routine
 * never reassigns the key. Probes p31-p35: sound.
 */
public final class InstanceKeys {
    /** How a thread's argument distinguishes its instances. */
    public enum Kind { VALUE, POINTER }

    private final Program program;
    private final ThreadGraph graph;
    private final JoinLoops loops;
    private final Map<ThreadId, Kind> kinds = new HashMap<>();
    private final Map<String, Set<Variable>> keyVars = new HashMap<>();
    private final Map<ThreadId, Long> elementSizes = new HashMap<>();
    private final Map<ThreadId, LoopElement> elements = new HashMap<>();

    /** The array element of a counting create loop each instance is given: {@code array[counter]}. */
    private record LoopElement(JoinLoops.Loop loop, Variable array, boolean viaPointer, long size, Edge create) {}

    private final AddressTaken addressTaken;

    private final Unpublished unpublished;

    private final FreshRecords fresh;

    public InstanceKeys(Program program, ThreadGraph graph, JoinLoops loops, AddressTaken addressTaken, Unpublished unpublished,
                        FreshRecords fresh) {
        this.fresh = fresh;
        this.addressTaken = addressTaken;
        this.unpublished = unpublished;
        this.program = program;
        this.graph = graph;
        this.loops = loops;
    }

    /** The kind of distinct argument the instances of {@code t} receive, or null. */
    public Kind kind(ThreadId t) {
        // computeIfAbsent would not keep a null answer (the common one), and computing it walks loops
        if (kinds.containsKey(t)) return kinds.get(t);
        Kind k = compute(t);
        kinds.put(t, k);
        return k;
    }

    private Kind compute(ThreadId t) {
        // the key is the instance's own only in the activation the thread starts with: a routine the thread also
        // calls (recursion, or a call from a function it runs) has activations with other arguments (D11)
        if (t.isMain() || !graph.functionOnce(t, t.routine())) return null;
        Function f = program.function(t.createFunction());
        Edge e = t.createEdge();
        if (f == null || !(e.stmt() instanceof Stmt.Call c) || !(program.target(c) instanceof CallTarget.Library lib)
                || !(lib.model().event() instanceof Event.ThreadCreate tc) || tc.argArg() >= c.args().size()) {
            return null;
        }
        if (handsOwnAllocation(f, e)) {
            elementSizes.put(t, Long.MAX_VALUE);
            return Kind.POINTER;
        }
        if (!graph.isUnique(t.parent()) || !graph.functionOnce(t.parent(), t.createFunction())) return null;
        JoinLoops.Loop loop = loops.countingLoopOf(f, e);
        Expr arg = Expr.stripCasts(c.args().get(tc.argArg()));
        if (loop == null) {
            // a loop counting down (JoinTrees.DownLoop): one value per iteration as well
            Variable v = Expr.loadedVariable(arg);
            return arg instanceof Expr.Load && v != null && !addressTaken.in(f, v)
                    && JoinTrees.DownLoop.counting(f, v, e, graph.loops(f.linkName())) != null ? Kind.VALUE : null;
        }
        if (isCounter(arg, loop.counter())) return Kind.VALUE;
        if (arg instanceof Expr.AddrOf a && a.lvalue() instanceof Lvalue.Index ix && isCounter(Expr.stripCasts(ix.index()), loop.counter())
                && ix.base() instanceof Lvalue.Var av && ix.type().size() > 0) {
            elementSizes.put(t, ix.type().size());
            elements.put(t, new LoopElement(loop, av.variable(), false, ix.type().size(), e));
            return Kind.POINTER;
        }
        // &p[i] with p a local pointer assigned once: the same array in every iteration.
        if (arg instanceof Expr.AddrOf a && a.lvalue() instanceof Lvalue.Deref d && d.pointer() instanceof Expr.Binary b
                && b.op() == Expr.BinOp.ADD && b.left() instanceof Expr.Load base && base.lvalue() instanceof Lvalue.Var pv
                && loops.stable(f, pv.variable()) && isCounter(Expr.stripCasts(b.right()), loop.counter()) && d.type().size() > 0) {
            elementSizes.put(t, d.type().size());
            elements.put(t, new LoopElement(loop, pv.variable(), true, d.type().size(), e));
            return Kind.POINTER;
        }
        return null;
    }

    /**
     * Whether create edge {@code e} of {@code f} gives its new thread a pointer into an object the creator allocated
     * and has not published ({@link Unpublished}), or a local holding an allocation made since the creator's last
     * create ({@link FreshRecords}): the object no other execution of a create, in any thread, ever passes while it
     * lives (the second paragraphs of the class comment).
     */
    public boolean handsOwnAllocation(Function f, Edge e) {
        if (!(e.stmt() instanceof Stmt.Call c) || !(program.target(c) instanceof CallTarget.Library lib)
                || !(lib.model().event() instanceof Event.ThreadCreate tc) || tc.argArg() < 0 || tc.argArg() >= c.args().size()) {
            return false;
        }
        Expr arg = c.args().get(tc.argArg());
        return unpublished.unpublishedAllocation(f, e, arg) || fresh.atEdge(f, e, arg);
    }

    private static boolean isCounter(Expr e, Variable counter) {
        return e instanceof Expr.Load l && l.lvalue() instanceof Lvalue.Var v && v.variable().equals(counter);
    }


    /**
     * For a thread created in a counting loop with {@code &a[i]} (or {@code p + i}, {@code p} set once)
     * as its argument: whether {@code lv}, accessed at {@code edge} of the creating function, is element
     * {@code a[i]} of that array (or a part of it) with {@code i} the loop counter, executed in an
     * iteration before that iteration's create statement and counter increment. In iteration k it
     * touches element k: before the instance that owns element k exists, and never an element of an
     * instance created earlier.
     */
    public boolean elementBeforeCreate(ThreadId t, Edge edge, Lvalue lv) {
        kind(t);
        LoopElement le = elements.get(t);
        if (le == null || lv == null) return false;
        while (lv instanceof Lvalue.Field fl) lv = fl.base();
        Expr index;
        long size;
        if (!le.viaPointer() && lv instanceof Lvalue.Index ix && ix.base() instanceof Lvalue.Var av && av.variable().equals(le.array())) {
            index = ix.index();
            size = ix.type().size();
        } else if (le.viaPointer() && lv instanceof Lvalue.Deref d && Expr.stripCasts(d.pointer()) instanceof Expr.Binary b
                && b.op() == Expr.BinOp.ADD && Expr.stripCasts(b.left()) instanceof Expr.Load base && base.lvalue() instanceof Lvalue.Var pv
                && pv.variable().equals(le.array())) {
            index = b.right();
            size = d.type().size();
        } else {
            return false;
        }
        return size == le.size() && isCounter(Expr.stripCasts(index), le.loop().counter())
                && JoinLoops.beforeInIteration(program.function(t.createFunction()).cfg(), le.loop(), edge, le.create());
    }

    /** For {@link Kind#POINTER}: the size of the array elements the instances' arguments point to. */
    public long elementSize(ThreadId t) {
        kind(t);
        return elementSizes.getOrDefault(t, 0L);
    }

    /** Key variables of routine {@code f}: its first parameter if never assigned, and locals set once from it. */
    public Set<Variable> keys(Function f) {
        return keyVars.computeIfAbsent(f.linkName(), k -> computeKeys(f));
    }

    private Set<Variable> computeKeys(Function f) {
        Set<Variable> out = new HashSet<>();
        if (f.params().isEmpty()) return out;
        Variable p = f.params().get(0);
        Map<Variable, Integer> assigns = new HashMap<>();
        Map<Variable, Expr> source = new HashMap<>();
        for (Edge e : f.cfg().edges()) {
            Lvalue lhs = e.stmt() instanceof Stmt.Assign a ? a.lhs() : e.stmt() instanceof Stmt.Call c ? c.result() : null;
            if (lhs instanceof Lvalue.Var v) {
                assigns.merge(v.variable(), 1, Integer::sum);
                if (e.stmt() instanceof Stmt.Assign a && !graph.loops(f.linkName()).inCycle(e)) source.put(v.variable(), a.rhs());
                else source.put(v.variable(), null);
            }
        }
        if (addressTaken.in(f, p) || assigns.containsKey(p)) return out;
        out.add(p);
        for (Map.Entry<Variable, Expr> e : source.entrySet()) {
            Variable v = e.getKey();
            if (e.getValue() != null && assigns.get(v) == 1 && !addressTaken.in(f, v) && !v.isStatic()
                    && isCounter(Expr.stripCasts(e.getValue()), p)) {
                out.add(v);
            }
        }
        return out;
    }
}
