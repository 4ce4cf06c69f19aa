package weft.thread;

import weft.ir.AddressTaken;
import weft.ir.CType;
import weft.ir.Cfg;
import weft.ir.Edge;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.Lvalue;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.ir.Variable;

import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Indices handed out by a counter under a lock, the <em>tickets</em> of real programs' per-thread slots: {@code
 * lock(&m); me = next++; unlock(&m); slot[me] = ...}. A <em>ticket counter</em> is a plain integer cell, a global or
 * a member of a unique object such as {@code pool->next} ({@link NamedMutexes#integers}: reached by no access but its
 * own, every write a plain assignment, out of reach of external code) of a signed type (or at least 8 bytes wide),
 * every write of which is an increment {@code c = c + 1} (or {@code c = t + 1} with {@code t} a local read from
 * {@code c} since the last write of {@code c} while the mutex stayed held) made holding one mutex {@code L} named
 * directly (a cell too). A <em>ticket read</em> is {@code v = c}, into
 * a local {@code v} whose address is never taken, holding {@code L}, after which, on every path, an increment of
 * {@code c} comes before {@code L} may be released (or the function returns). A local <em>holds a ticket</em> of
 * {@code c} where, on every path, it was last assigned by a ticket read or by a copy of a local holding one.
 *
 * <p>Soundness. The ticket sections (a ticket read and the increment after it, within one hold of {@code L}) are
 * totally ordered by {@code L}, and {@code c} never decreases: every write adds 1 to its current value ({@code t}
 * still equals {@code c} at {@code c = t + 1}: read since the last write of {@code c} in this thread, and no other
 * thread wrote it, as every write holds {@code L}, which stayed held). A ticket section reads some value k and leaves
 * {@code c} above k, so every later section reads more than k: no two ticket reads, in any threads, give the same
 * value, as long as {@code c} does not wrap around (signed overflow is undefined behaviour; an unsigned counter of 8
 * bytes would need 2^64 increments). So two accesses {@code g[v1]}, {@code g[v2]} of two different thread instances,
 * where each index holds a ticket of the same counter, touch different elements.
 *
 * <p>Assumes: mutexes behave as POSIX says; no non-local jumps; no signed overflow. Corpus {@code 38-tickets}; harness
 * hole {@code ticket}.
 */
public final class Tickets {
    /** A ticket counter and its mutex. */
    private record Counter(Variable c, Variable lock) {}

    private final Program program;
    private final AddressTaken addressTaken;
    private final NamedMutexes mutexes;
    private final Computed<Map<Variable, Counter>> counters = new Computed<>(this::findCounters);
    /** Per function: per node, which locals hold a ticket of which counter (null: unreached). */
    private final Map<String, List<Map<Variable, Variable>>> holders = new ConcurrentHashMap<>();
    /** Per (function, counter): its increments of the counter. */
    private final Map<List<Object>, Set<Edge>> incrementsOf = new ConcurrentHashMap<>();

    public Tickets(Program program, AddressTaken addressTaken, NamedMutexes mutexes) {
        this.program = program;
        this.addressTaken = addressTaken;
        this.mutexes = mutexes;
    }

    /** The counter whose ticket {@code v} holds wherever {@code e} of {@code f} runs, or null. */
    public Variable ticketOf(Function f, Edge e, Variable v) {
        if (counters.get().isEmpty()) return null;
        List<Map<Variable, Variable>> at = holders.computeIfAbsent(f.linkName(), k -> solve(f));
        Map<Variable, Variable> m = at.get(e.from());
        return m == null ? null : m.get(v);
    }

    /**
     * The cell array lvalue {@code array} designates in {@code f} ({@link NamedMutexes#cell}: a file-scope variable, or a
     * member of one location of a single object allocated at most once), or null: two accesses that index the same
     * cell index the same array.
     */
    public Variable namedArray(Function f, Lvalue array) {
        return array.type().unqualified() instanceof weft.ir.CType.Array ? mutexes.cell(f, array) : null;
    }

    private Map<Variable, Counter> findCounters() {
        Map<Variable, Counter> out = new HashMap<>();
        for (Map.Entry<Variable, List<NamedMutexes.Write>> w : mutexes.integers().entrySet()) {
            Variable c = w.getKey();
            if (!(c.type().unqualified() instanceof CType.Int ci) || !ci.signed() && ci.size() < 8) continue;
            Variable lock = null;
            boolean ok = !w.getValue().isEmpty();
            for (NamedMutexes.Write x : w.getValue()) {
                Variable held = mutexes.heldAt(x.fn(), x.e());
                if (held == null || lock != null && !lock.equals(held) || !increments(x.fn(), c, held).contains(x.e())) {
                    ok = false;
                    break;
                }
                lock = held;
            }
            // each write holds its lock, and every write's lock is the same one: the mutex held at them all
            if (ok && lock != null) out.put(c, new Counter(c, lock));
        }
        return Map.copyOf(out);
    }

    /**
     * The edges of {@code f} that increment {@code c}: {@code c = c + 1}, or {@code c = t + 1} with {@code t} a local
     * (address never taken) assigned {@code t = c} since the last write of {@code c}, {@code lock} held all along.
     */
    private Set<Edge> increments(Function f, Variable c, Variable lock) {
        return incrementsOf.computeIfAbsent(List.of(f.linkName(), c, lock), k -> computeIncrements(f, c, lock));
    }

    private Set<Edge> computeIncrements(Function f, Variable c, Variable lock) {
        Cfg cfg = f.cfg();
        BitSet held = mutexes.held(f, lock);
        // must: the locals equal to c's current value
        List<Set<Variable>> eq = MustFlow.solve(f, Set.of(), (x, cur) -> held.get(x.to()) ? equalAfter(f, x, c, cur) : Set.of(),
                MustFlow::intersect);
        Set<Edge> out = new HashSet<>();
        for (Edge x : cfg.edges()) {
            Set<Variable> cur = eq.get(x.from());
            if (cur == null || !(x.stmt() instanceof Stmt.Assign a) || !c.equals(mutexes.cell(f, a.lhs()))) continue;
            Expr r = a.rhs();
            while (r instanceof Expr.Cast k && k.type().unqualified() instanceof CType.Int) r = k.operand();
            if (!(r instanceof Expr.Binary b) || b.op() != Expr.BinOp.ADD) continue;
            Expr base = b.right() instanceof Expr.IntConst k && k.value() == 1 ? b.left()
                    : b.left() instanceof Expr.IntConst k && k.value() == 1 ? b.right() : null;
            if (base == null) continue;
            if (mutexes.isLoadOf(f, base, c) || Expr.loadedVariable(base) != null && cur.contains(Expr.loadedVariable(base))) out.add(x);
        }
        return out;
    }

    private Set<Variable> equalAfter(Function f, Edge x, Variable c, Set<Variable> cur) {
        Stmt s = x.stmt();
        if (s instanceof Stmt.Asm) return Set.of();
        if (s instanceof Stmt.Assign w && c.equals(mutexes.cell(f, w.lhs()))) return Set.of();
        Variable assigned = MustFlow.assigned(s);
        if (assigned == null) return cur;
        Set<Variable> out = new HashSet<>(cur);
        out.remove(assigned);
        if (s instanceof Stmt.Assign a && mutexes.isLoadOf(f, a.rhs(), c) && MustFlow.tracked(addressTaken, f, assigned)) out.add(assigned);
        return out;
    }

    /** Per node of {@code f}, the locals holding a ticket and their counters. */
    private List<Map<Variable, Variable>> solve(Function f) {
        Map<Edge, Variable> reads = ticketReads(f);
        List<Map<Variable, Variable>> in = MustFlow.solve(f, Map.of(), (x, cur) -> holdersAfter(f, x, cur, reads), (a, b) -> {
            Map<Variable, Variable> m = new HashMap<>();
            for (Map.Entry<Variable, Variable> en : b.entrySet()) if (en.getValue().equals(a.get(en.getKey()))) m.put(en.getKey(), en.getValue());
            return Map.copyOf(m);
        });
        return in;
    }

    private Map<Variable, Variable> holdersAfter(Function f, Edge x, Map<Variable, Variable> cur, Map<Edge, Variable> reads) {
        Stmt s = x.stmt();
        if (s instanceof Stmt.Asm) return Map.of();
        Variable assigned = MustFlow.assigned(s);
        if (assigned == null) return cur;
        Map<Variable, Variable> out = new HashMap<>(cur);
        out.remove(assigned);
        Variable counter = reads.get(x);
        if (counter != null) {
            out.put(assigned, counter);
        } else if (s instanceof Stmt.Assign a && Expr.loadedVariable(a.rhs()) != null && cur.containsKey(Expr.loadedVariable(a.rhs())) && MustFlow.tracked(addressTaken, f, assigned)) {
            out.put(assigned, cur.get(Expr.loadedVariable(a.rhs())));
        }
        return out;
    }

    /**
     * The ticket reads of {@code f}, with their counters: {@code v = c} into a tracked local, holding the counter's
     * mutex, after which every path increments {@code c} before a node where the mutex may not be held, and before the
     * exit.
     */
    private Map<Edge, Variable> ticketReads(Function f) {
        Map<Edge, Variable> out = new HashMap<>();
        Map<Variable, Counter> all = counters.get();
        for (Edge x : f.cfg().edges()) {
            if (!(x.stmt() instanceof Stmt.Assign a) || !(a.lhs() instanceof Lvalue.Var lv) || !MustFlow.tracked(addressTaken, f, lv.variable())) continue;
            for (Counter k : all.values()) {
                if (!mutexes.isLoadOf(f, a.rhs(), k.c())) continue;
                BitSet held = mutexes.held(f, k.lock());
                if (!held.get(x.from())) continue;
                Set<Edge> inc = increments(f, k.c(), k.lock());
                BitSet pending = f.cfg().reached(List.of(x.to()), e -> !inc.contains(e));
                boolean ok = !pending.get(f.cfg().exit());
                for (int n = pending.nextSetBit(0); ok && n >= 0; n = pending.nextSetBit(n + 1)) ok = held.get(n);
                if (ok) out.put(x, k.c());
            }
        }
        return out;
    }



}
