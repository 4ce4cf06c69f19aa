package weft.thread;

import weft.ir.AddressTaken;
import weft.ir.CType;
import weft.ir.CallTarget;
import weft.ir.Edge;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.Lvalue;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.ir.Variable;
import weft.model.Event;
import weft.model.Semantics;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Slots handed out through a bitmask of free slots under a lock, the other per-thread index of real programs besides
 * {@link Tickets}: a thread takes a free slot, {@code lock(&m); j = ffs(mask) - 1; mask &= ~(1 << j); unlock(&m)},
 * uses it or starts a thread with {@code j} as its argument, and whoever owns the slot gives it back when done:
 * {@code lock(&m); mask |= 1 << j; unlock(&m)}.
 *
 * <p>A <em>slot mask</em> {@code M} is a plain global integer ({@link NamedMutexes#integers}: never address-taken,
 * every write a plain assignment, out of reach of external code), every write of which holds one global mutex
 * {@code L} named directly and is either
 * <ul>
 *   <li>a <em>take</em> {@code M = M & ~(1 << j)}, where {@code j} is a local (address never taken) known to be a set
 *       bit of {@code M}: assigned {@code t - 1} from {@code t = ffs(M)} (any function the semantics table gives as
 *       {@link Semantics.FindFirstSet}), or tested by {@code M & (1 << j)} being non-zero, since the last write of
 *       {@code M}, {@code L} held all along (a must dataflow); or</li>
 *   <li>a <em>give-back</em> {@code M = M | (1 << j)}, {@code j} holding a slot its thread owns (below);</li>
 * </ul>
 * with the shifted {@code 1} of {@code M}'s width. A local <em>holds a taken slot</em> from a take until it is
 * assigned again, any thread is created, or a slot of {@code M} is given back (a must dataflow per function; copies
 * through conversions that keep the value hold it too). A <em>slot thread</em> of {@code M} is a function {@code g}
 * (not {@code main}) named nowhere but as the start routine of creates ({@link CounterJoins#onlyStarted}), each of
 * which passes as the argument a local holding a taken slot of {@code M}. In {@code g}, the parameter and its copies
 * hold the thread's <em>own slot</em> until a give-back (after which nothing does). A thread <em>owns</em> the slot a
 * local holds, taken or its own; a write of {@code M} that is neither a take of a set bit nor a give-back of an owned
 * slot makes {@code M} no slot mask.
 *
 * <p>Soundness. Say a slot {@code k} is <em>owned</em> from a take of bit {@code k} until its give-back: by the taker
 * until it starts a thread with it, then by that thread. The takes and give-backs of {@code M} are made holding
 * {@code L}, so they are totally ordered, and in that order, for every bit {@code k}: at most one owner of {@code k},
 * and {@code k} is clear in {@code M} while it is owned. Initially nothing is owned. A take of {@code k} reads bit
 * {@code k} set (read holding {@code L} since the last write of {@code M}, and every write holds {@code L}), so
 * {@code k} had no owner; afterwards it has one, and is clear. Only the owner gives {@code k} back (a give-back is of
 * a slot its thread holds: its own, which its creator no longer holds since the create, or one it took and has
 * handed to no thread), and then no local of that thread holds it any more, so it gives it back at most once; this
 * leaves {@code k} unowned and set. A taker hands a slot to at most one thread (every create ends what the creator
 * holds), and nothing else writes {@code M}. So two threads that both access through slot {@code k} while they own it
 * own it in disjoint intervals of that order: one's give-back (and the release of {@code L} after it) comes before
 * the other's take, which comes before that thread's creation if the other thread was handed it; each thread's
 * accesses through a slot it owns come after it got it and before it gives it back. So they are ordered by
 * happens-before: two different thread instances accessing at the same time through slots they own hold different
 * slots.
 *
 * <p>Assumes: mutexes behave as POSIX says; no non-local jumps; no shift by a negative amount or by the width or more
 * (undefined behaviour: {@code ffs} of an empty mask gives {@code j = -1}); the conversions of a slot to a pointer and
 * back keep its value. Corpus {@code 39-slot-masks}; harness hole {@code slot_mask}.
 */
public final class SlotMasks {
    /** A slot mask and its mutex. */
    private record Mask(Variable m, Variable lock) {}

    /** The facts a must dataflow carries: locals known to be set bits, ffs results, held slots, own slots. */
    private record Facts(Map<Variable, Variable> bits, Map<Variable, Variable> ffs, Map<Variable, Variable> held) {
        static final Facts EMPTY = new Facts(Map.of(), Map.of(), Map.of());

        Facts meet(Facts o) {
            return new Facts(common(bits, o.bits), common(ffs, o.ffs), common(held, o.held));
        }
    }

    private final Program program;
    private final AddressTaken addressTaken;
    private final NamedMutexes mutexes;
    private final CounterJoins counters;
    private final Computed<Result> result = new Computed<>(this::compute);

    /** Per node of a slot thread's function, the locals holding its own slot (null: unreached). */
    private record Own(Variable mask, List<Set<Variable>> at) {}

    /** The slot masks found, their slot threads' own slots, and the creator-side facts of each function. */
    private record Result(Set<Variable> masks, Map<String, Own> own, Map<String, List<Facts>> creator) {}

    public SlotMasks(Program program, AddressTaken addressTaken, NamedMutexes mutexes, CounterJoins counters) {
        this.program = program;
        this.addressTaken = addressTaken;
        this.mutexes = mutexes;
        this.counters = counters;
    }

    /**
     * The mask whose slot {@code v} holds where {@code e} of {@code f} runs, owned by the thread running {@code f}: the
     * thread's own slot (in a slot thread), or one it took and has neither handed to a thread nor given back; or null.
     */
    public Variable slotOf(Function f, Edge e, Variable v) {
        Result r = result.get();
        if (r.masks().isEmpty()) return null;
        Own own = r.own().get(f.linkName());
        Set<Variable> at = own == null ? null : own.at().get(e.from());
        if (at != null && at.contains(v)) return own.mask();
        List<Facts> creator = r.creator().get(f.linkName());
        Facts cur = creator == null ? null : creator.get(e.from());
        Variable m = cur == null ? null : cur.held().get(v);
        return m != null && r.masks().contains(m) ? m : null;
    }

    private Result compute() {
        Map<Variable, Mask> masks = candidates();
        if (masks.isEmpty()) return new Result(Set.of(), Map.of(), Map.of());
        // creator side: per function, the facts at each node; takes must find a set bit
        Map<String, List<Facts>> creator = new HashMap<>();
        Set<Variable> rejected = new HashSet<>();
        for (Function f : program.functions().values()) {
            if (!writesMaskOrCreates(f, masks)) continue;
            List<Facts> at = MustFlow.solve(f, Facts.EMPTY, (x, cur) -> after(f, x, cur, masks), Facts::meet);
            creator.put(f.linkName(), at);
            for (Edge x : f.cfg().edges()) {
                Facts cur = at.get(x.from());
                Write w = write(x, masks);
                if (w == null || !w.take()) continue;
                if (cur == null || !w.m().equals(cur.bits().get(w.j()))) rejected.add(w.m());
            }
        }
        // slot threads: every create of g hands a held slot of one mask
        Map<String, Own> out = new HashMap<>();
        Set<String> routines = new HashSet<>();
        for (Function f : program.functions().values()) {
            for (Edge x : f.cfg().edges()) {
                if (mutexes.event(x) instanceof Event.ThreadCreate tc) routines.add(CounterJoins.startRoutine((Stmt.Call) x.stmt(), tc));
            }
        }
        routines.remove(null);
        routines.remove("main");
        for (String g : routines) {
            Function gf = program.function(g);
            if (gf == null || gf.params().isEmpty() || !MustFlow.tracked(addressTaken, gf, gf.params().get(0))) continue;
            Variable mask = handedMask(g, creator);
            if (mask == null || rejected.contains(mask) || !counters.onlyStarted(g, allCreates(g))) continue;
            Variable p = gf.params().get(0);
            List<Set<Variable>> own = MustFlow.solve(gf, Set.of(p), (x, cur) -> ownAfter(gf, x, cur, masks), MustFlow::intersect);
            out.put(g, new Own(mask, own));
        }
        // give-backs: each of a slot its thread owns (its own slot, or one it took and still holds)
        for (Function f : program.functions().values()) {
            for (Edge x : f.cfg().edges()) {
                Write w = write(x, masks);
                if (w == null || w.take()) continue;
                Own own = out.get(f.linkName());
                Set<Variable> at = own == null || !own.mask().equals(w.m()) ? null : own.at().get(x.from());
                List<Facts> cf = creator.get(f.linkName());
                Facts cur = cf == null ? null : cf.get(x.from());
                boolean owned = at != null && at.contains(w.j()) || cur != null && w.m().equals(cur.held().get(w.j()));
                if (!owned) rejected.add(w.m());
            }
        }
        out.values().removeIf(o -> rejected.contains(o.mask()));
        Set<Variable> valid = new HashSet<>(masks.keySet());
        valid.removeAll(rejected);
        return new Result(Set.copyOf(valid), Map.copyOf(out), Map.copyOf(creator));
    }

    /** The mask every create of {@code g} hands a held slot of, or null. */
    private Variable handedMask(String g, Map<String, List<Facts>> creator) {
        Variable mask = null;
        boolean any = false;
        for (Function f : program.functions().values()) {
            for (Edge x : counters.creates(f, g)) {
                any = true;
                List<Facts> at = creator.get(f.linkName());
                Facts cur = at == null ? null : at.get(x.from());
                Event.ThreadCreate tc = (Event.ThreadCreate) mutexes.event(x);
                List<Expr> args = ((Stmt.Call) x.stmt()).args();
                Variable v = tc.argArg() < args.size() ? slotCopy(args.get(tc.argArg())) : null;
                Variable m = cur == null || v == null ? null : cur.held().get(v);
                if (m == null || mask != null && !mask.equals(m)) return null;
                mask = m;
            }
        }
        return any ? mask : null;
    }

    private List<Edge> allCreates(String g) {
        List<Edge> out = new ArrayList<>();
        for (Function f : program.functions().values()) out.addAll(counters.creates(f, g));
        return out;
    }

    /** Plain global integers all of whose writes are takes or give-backs holding one mutex. */
    private Map<Variable, Mask> candidates() {
        Map<Variable, Mask> out = new HashMap<>();
        for (Map.Entry<Variable, List<NamedMutexes.Write>> w : mutexes.variableIntegers().entrySet()) {
            Variable m = w.getKey();
            if (!(m.type().unqualified() instanceof CType.Int)) continue;
            Variable lock = null;
            boolean ok = !w.getValue().isEmpty();
            for (NamedMutexes.Write x : w.getValue()) {
                Variable held = mutexes.heldAt(x.fn(), x.e());
                if (held == null || lock != null && !lock.equals(held) || shape(m, (Stmt.Assign) x.e().stmt()) == null) {
                    ok = false;
                    break;
                }
                lock = held;
            }
            if (ok) out.put(m, new Mask(m, lock));
        }
        return out;
    }

    /** A write of a mask: a take or a give-back of bit {@code j}. */
    private record Write(Variable m, Variable j, boolean take) {}

    private Write write(Edge x, Map<Variable, Mask> masks) {
        if (!(x.stmt() instanceof Stmt.Assign a) || !(a.lhs() instanceof Lvalue.Var lv) || !masks.containsKey(lv.variable())) return null;
        return shape(lv.variable(), a);
    }

    /** {@code m = m & ~(1 << j)} (a take) or {@code m = m | (1 << j)} (a give-back), j a local; else null. */
    private static Write shape(Variable m, Stmt.Assign a) {
        Expr r = a.rhs();
        while (r instanceof Expr.Cast k && k.type().unqualified() instanceof CType.Int ki && ki.size() >= m.type().size()) r = k.operand();
        if (!(r instanceof Expr.Binary b) || b.op() != Expr.BinOp.AND && b.op() != Expr.BinOp.OR) return null;
        Expr other = NamedMutexes.isLoadOf(b.left(), m) ? b.right() : NamedMutexes.isLoadOf(b.right(), m) ? b.left() : null;
        if (other == null) return null;
        if (b.op() == Expr.BinOp.AND) {
            if (!(other instanceof Expr.Unary u) || u.op() != Expr.UnOp.BITNOT) return null;
            Variable j = bitOf(u.operand(), m);
            return j == null ? null : new Write(m, j, true);
        }
        Variable j = bitOf(other, m);
        return j == null ? null : new Write(m, j, false);
    }

    /** {@code j} for {@code 1 << j} of {@code m}'s width (conversions aside), j a variable; else null. */
    private static Variable bitOf(Expr e, Variable m) {
        while (e instanceof Expr.Cast k && k.type().unqualified() instanceof CType.Int ki && ki.size() == m.type().size()) e = k.operand();
        if (!(e instanceof Expr.Binary b) || b.op() != Expr.BinOp.SHL || b.type().size() != m.type().size()) return null;
        if (!(Expr.stripCasts(b.left()) instanceof Expr.IntConst one) || one.value() != 1) return null;
        return Expr.loadedVariable(b.right());
    }

    private boolean writesMaskOrCreates(Function f, Map<Variable, Mask> masks) {
        for (Edge x : f.cfg().edges()) {
            if (write(x, masks) != null || mutexes.event(x) instanceof Event.ThreadCreate) return true;
        }
        return false;
    }

    /** The creator-side facts after {@code x}. */
    private Facts after(Function f, Edge x, Facts cur, Map<Variable, Mask> masks) {
        Stmt s = x.stmt();
        if (s instanceof Stmt.Asm) return Facts.EMPTY;
        Map<Variable, Variable> bits = new HashMap<>(cur.bits());
        Map<Variable, Variable> ffs = new HashMap<>(cur.ffs());
        Map<Variable, Variable> held = new HashMap<>(cur.held());
        Write w = write(x, masks);
        if (w != null) {
            // a write of m: no local is a set bit of it any more; a take makes j hold the slot
            bits.values().removeIf(w.m()::equals);
            ffs.values().removeIf(w.m()::equals);
            if (w.take() && w.m().equals(cur.bits().get(w.j()))) held.put(w.j(), w.m());
            if (!w.take()) held.values().removeIf(w.m()::equals);
            return new Facts(Map.copyOf(bits), Map.copyOf(ffs), Map.copyOf(held));
        }
        if (mutexes.event(x) instanceof Event.ThreadCreate) held.clear();
        if (s instanceof Stmt.Assume as) {
            for (Mask k : masks.values()) {
                Variable j = testedBit(as, k.m());
                if (j != null) bits.put(j, k.m());
            }
        }
        Variable assigned = MustFlow.assigned(s);
        if (assigned != null) {
            bits.remove(assigned);
            ffs.remove(assigned);
            held.remove(assigned);
            if (MustFlow.tracked(addressTaken, f, assigned)) gen(s, assigned, cur, bits, ffs, held, masks);
        }
        // a set bit is known only while the mask's mutex stays held
        for (Mask k : masks.values()) {
            if (!mutexes.held(f, k.lock()).get(x.to())) {
                bits.values().removeIf(k.m()::equals);
                ffs.values().removeIf(k.m()::equals);
            }
        }
        return new Facts(Map.copyOf(bits), Map.copyOf(ffs), Map.copyOf(held));
    }

    private void gen(Stmt s, Variable v, Facts cur, Map<Variable, Variable> bits, Map<Variable, Variable> ffs,
                     Map<Variable, Variable> held, Map<Variable, Mask> masks) {
        if (s instanceof Stmt.Call c && program.target(c) instanceof CallTarget.Library lib
                && Semantics.of(lib.model().name()) instanceof Semantics.FindFirstSet fs && fs.arg() < c.args().size()) {
            for (Mask k : masks.values()) if (NamedMutexes.isLoadOf(c.args().get(fs.arg()), k.m())) ffs.put(v, k.m());
            return;
        }
        if (!(s instanceof Stmt.Assign a)) return;
        Expr r = Expr.stripCasts(a.rhs());
        if (r instanceof Expr.Binary b && b.op() == Expr.BinOp.SUB && b.right() instanceof Expr.IntConst one && one.value() == 1) {
            Variable t = Expr.loadedVariable(b.left());
            if (t != null && cur.ffs().containsKey(t)) bits.put(v, cur.ffs().get(t));
            return;
        }
        Variable src = slotCopy(a.rhs());
        if (src == null) return;
        if (cur.held().containsKey(src)) held.put(v, cur.held().get(src));
        if (cur.bits().containsKey(src)) bits.put(v, cur.bits().get(src));
    }

    /** {@code j} for a condition {@code m & (1 << j)} (or that {@code != 0}) assumed true; else null. */
    private static Variable testedBit(Stmt.Assume as, Variable m) {
        Expr c = as.cond();
        boolean positive = as.positive();
        while (c instanceof Expr.Unary u && u.op() == Expr.UnOp.NOT) {
            c = u.operand();
            positive = !positive;
        }
        c = Expr.stripCasts(c);
        if (c instanceof Expr.Binary b && (b.op() == Expr.BinOp.NE || b.op() == Expr.BinOp.EQ)
                && Expr.stripCasts(b.right()) instanceof Expr.IntConst z && z.value() == 0) {
            if (b.op() == Expr.BinOp.EQ) positive = !positive;
            c = Expr.stripCasts(b.left());
        }
        if (!positive || !(c instanceof Expr.Binary b) || b.op() != Expr.BinOp.AND) return null;
        Expr other = NamedMutexes.isLoadOf(b.left(), m) ? b.right() : NamedMutexes.isLoadOf(b.right(), m) ? b.left() : null;
        return other == null ? null : bitOf(other, m);
    }

    /** The thread-side facts after {@code x}: the locals holding the thread's own slot. */
    private Set<Variable> ownAfter(Function g, Edge x, Set<Variable> cur, Map<Variable, Mask> masks) {
        Stmt s = x.stmt();
        if (s instanceof Stmt.Asm) return Set.of();
        Write w = write(x, masks);
        if (w != null && !w.take()) return Set.of();
        Variable assigned = MustFlow.assigned(s);
        if (assigned == null) return cur;
        Set<Variable> out = new HashSet<>(cur);
        out.remove(assigned);
        if (s instanceof Stmt.Assign a && MustFlow.tracked(addressTaken, g, assigned)) {
            Variable src = slotCopy(a.rhs());
            if (src != null && cur.contains(src)) out.add(assigned);
        }
        return Set.copyOf(out);
    }

    /** The variable {@code e} copies, through conversions to pointers and to integers other than {@code _Bool}; else null. */
    static Variable slotCopy(Expr e) {
        while (e instanceof Expr.Cast k && (k.type().isPointer()
                || k.type().unqualified() instanceof CType.Int ki && !weft.ir.IntConversions.isBool(ki) && ki.size() >= 1)) {
            e = k.operand();
        }
        return e instanceof Expr.Load l && l.lvalue() instanceof Lvalue.Var v ? v.variable() : null;
    }



    private static <K, V> Map<K, V> common(Map<K, V> a, Map<K, V> b) {
        Map<K, V> m = new HashMap<>();
        for (Map.Entry<K, V> en : a.entrySet()) if (en.getValue().equals(b.get(en.getKey()))) m.put(en.getKey(), en.getValue());
        return Map.copyOf(m);
    }
}
