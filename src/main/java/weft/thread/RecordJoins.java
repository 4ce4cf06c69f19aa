package weft.thread;

import weft.access.MemoryAccess;
import weft.ir.CallTarget;
import weft.ir.Cfg;
import weft.ir.Edge;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.Lvalue;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.model.Event;
import weft.value.Interval;

import java.util.List;
import java.util.Map;

/**
 * Per-thread records joined one by one: threads created in a counting loop each with its own record {@code t}
 * ({@code ts[i] = t; pthread_create(&t->tid, .., t)}), and a later counting loop over the same slots that joins
 * {@code ts[j]->tid} and then uses the record {@code ts[j]} (frees it, reads its results). In iteration j of the join
 * loop the creator touches record j only after joining the thread that owns it; every other instance owns another
 * record. So a creator's access there through {@code ts[j]} and an instance's access through its key (its record) are
 * ordered or touch different objects.
 *
 * <p>Soundness. {@link JoinLoops#recordSlots} gives: the create loop L runs once (not enclosed; the parent is unique
 * and runs the function once), each iteration's record is a different live object, the id member of those records is
 * written by the create alone, and {@code ts[i]} is written only by the store {@code ts[i] = t} of L. Here in addition:
 * the store is on every iteration of L, so every slot of L's counter range holds that iteration's record once L has
 * ended; the join loop M starts only after L has ended (L's exit is on every path from the function's entry to M's
 * head) and its counter stays within L's range (its entry value at least L's, its bound no higher). In iteration j of
 * M, the join of {@code ts[j]->tid} is on every path before the access, and the counter is not yet incremented, so the
 * access reads the same slot j, which holds record R_j, and if a thread T_j was created with R_j it has ended. Another
 * instance T_k (k != j) was given R_k, a different object (both allocated live in L; storage of a record freed before
 * may be reused, but then the first owner's accesses after the free are use-after-free, undefined, and those before
 * it precede the reuse), and its accesses through its key stay inside R_k ({@link InstanceKeys}, POINTER kind).
 *
 * <p>Assumes: what {@link JoinLoops} and {@link TidCells} assume; the accesses through {@code ts[j]} stay inside the
 * record (C11 6.5.6p8). Corpus {@code 36-per-thread-records}.
 */
public final class RecordJoins {
    private final Program program;
    private final ThreadGraph graph;
    private final JoinLoops loops;

    public RecordJoins(Program program, ThreadGraph graph, JoinLoops loops) {
        this.program = program;
        this.graph = graph;
        this.loops = loops;
    }

    /**
     * Whether {@code access} at {@code x} of {@code f} (in {@code child}'s parent) goes through {@code ts[j]} after
     * the join of {@code ts[j]->tid} in a join loop over the records of the create loop that started {@code child}.
     */
    public boolean ownRecordAfterJoin(ThreadId child, Function f, Edge x, MemoryAccess access) {
        if (child.isMain() || !f.linkName().equals(child.createFunction()) || !graph.isUnique(child.parent())
                || !graph.functionOnce(child.parent(), f.linkName()) || loops.detaches()) {
            return false;
        }
        Expr pointer = recordPointer(access);
        if (!(pointer instanceof Expr.Load slot)) return false;
        Edge create = child.createEdge();
        return answers.computeIfAbsent(List.of(create, x, slot), k -> afterJoin(f, create, x, slot));
    }

    /** Asked per pair of accesses: the answer per (create, access edge, record pointer). */
    private final Map<List<Object>, Boolean> answers = new java.util.concurrent.ConcurrentHashMap<>();

    private boolean afterJoin(Function f, Edge create, Edge x, Expr.Load slot) {
        JoinLoops.Found found = loops.found(f);
        JoinLoops.Slots cs = found.creates().get(create);
        Edge store = found.recordStores().get(create);
        JoinLoops.Loop l = found.createLoops().get(create);
        if (cs == null || store == null || l == null || !givenItsRecord(create)) return false;
        Cfg cfg = f.cfg();
        if (!JoinLoops.onEveryIteration(cfg, l, store)) return false;
        Interval lEntry = loops.entryValue(f, l);
        if (lEntry.isBottom() || !lEntry.isSingleton()) return false;
        for (Map.Entry<JoinLoops.Loop, JoinLoops.Slots> j : found.joins().entrySet()) {
            JoinLoops.Loop m = j.getKey();
            JoinLoops.Slots js = j.getValue();
            if (js.member() != cs.member() || !loops.covers(f, m, js, cs) || !within(f, l, lEntry, m)) continue;
            if (cfg.reached(List.of(cfg.entry()), e -> !e.equals(l.exit())).get(m.head()) || !JoinLoops.passesBefore(cfg, m, js.op(), x) || afterIncrement(cfg, m, x)) continue;
            JoinLoops.Slots xs = loops.slots(f, m, x, slot.lvalue(), false, o -> true);
            if (xs != null && xs.array().equals(cs.array())) return true;
        }
        return false;
    }

    /** The create passes the record whose id member it sets ({@code pthread_create(&t->tid, .., t)}). */
    private boolean givenItsRecord(Edge create) {
        if (!(create.stmt() instanceof Stmt.Call c) || !(program.target(c) instanceof CallTarget.Library lib)
                || !(lib.model().event() instanceof Event.ThreadCreate tc) || tc.argArg() >= c.args().size()
                || !(c.args().get(tc.idArg()) instanceof Expr.AddrOf a)) {
            return false;
        }
        return JoinLoops.record(a.lvalue()) instanceof Expr.Load rec && rec.lvalue() instanceof Lvalue.Var rv
                && Expr.stripCasts(c.args().get(tc.argArg())) instanceof Expr.Load arg && arg.lvalue() instanceof Lvalue.Var av
                && rv.variable().equals(av.variable());
    }

    /** M's counter stays within L's range: entry at least L's (single) entry value, last value no higher than L's. */
    private boolean within(Function f, JoinLoops.Loop l, Interval lEntry, JoinLoops.Loop m) {
        Interval mEntry = loops.entryValue(f, m);
        if (mEntry.isBottom() || !mEntry.hasLowerBound() || mEntry.lo() < lEntry.lo()) return false;
        if (l.boundVar() != null || m.boundVar() != null) {
            return l.boundVar() != null && m.boundVar() != null && m.bound() == l.bound()
                    && (l.boundVar().equals(m.boundVar()) || loops.sameValueAt(f, m.head(), l.boundVar(), m.boundVar()));
        }
        return m.bound() <= l.bound();
    }

    /** The pointer an access goes through to its record: a library access's pointer argument, or the base of p->f. */
    private static Expr recordPointer(MemoryAccess a) {
        if (a.pointer() != null) return Expr.stripCasts(a.pointer());
        Lvalue lv = a.lvalue();
        while (lv instanceof Lvalue.Field || lv instanceof Lvalue.Index) {
            lv = lv instanceof Lvalue.Field fl ? fl.base() : ((Lvalue.Index) lv).base();
        }
        return lv instanceof Lvalue.Deref d ? Expr.stripCasts(d.pointer()) : null;
    }

    /** Whether {@code x} may run after the counter's increment within an iteration of {@code m}. */
    private static boolean afterIncrement(Cfg cfg, JoinLoops.Loop m, Edge x) {
        List<Integer> starts = new java.util.ArrayList<>();
        for (int n : m.nodes()) {
            for (Edge e : cfg.out(n)) {
                if (JoinLoops.isIncrement(e, m.counter()) && m.nodes().contains(e.to())) {
                    if (e.equals(x)) return true;
                    starts.add(e.to());
                }
            }
        }
        // within the iteration: not on from the head, which starts the next one
        return x.from() != m.head() && cfg.reached(starts, e -> e.from() != m.head() && m.nodes().contains(e.to())).get(x.from());
    }
}
