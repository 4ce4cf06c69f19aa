package weft.bounded.bmc;

import com.microsoft.z3.BitVecSort;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Expr;
import weft.bounded.seq.Sequentialiser;
import weft.ir.CType;
import weft.ir.Function;
import weft.ir.Lvalue;
import weft.ir.Stmt;
import weft.ir.Variable;

import java.util.ArrayList;
import java.util.List;

/**
 * The symbolic effect of one IR statement of the sequential program on a state ({@link SeqEncoder}): assignments
 * (scalars as values, aggregates byte by byte, anything unmodelled as fresh bytes), branch conditions and assumptions
 * on the guard, returns, calls of program functions inlined, {@link Sequentialiser#HAVOC} as fresh bytes, library
 * calls by {@link LibraryEffects}. Calls of the
 * scheduler's thread functions and of the instrumentation are recorded for reading a schedule out of a model.
 */
final class Steps {
    /** Aggregates larger than this are not copied byte by byte: memory is made fresh instead. */
    static final long MAX_COPY = 4096;

    private final SeqEncoder enc;
    private final SymFrame frame;
    private final int depth;

    Steps(SeqEncoder enc, SymFrame frame, int depth) {
        this.enc = enc;
        this.frame = frame;
        this.depth = depth;
    }

    /** The state after {@code s}, or null when no execution continues. */
    SymState step(Stmt s, SymState st) {
        if (s instanceof Stmt.Assume a) {
            Values v = enc.values(frame, st);
            BoolExpr t = v.enc.truth(a.cond());
            enc.fresh = v.freshCount();
            BoolExpr cond = a.positive() ? t : not(t);
            Candidates cs = enc.memory().candidates();
            if (cs.alwaysFalse(cond)) return null;
            return cs.alwaysTrue(cond) ? st : st.withGuard(and(st.guard(), cond));
        }
        if (s instanceof Stmt.Assign a) return assign(a.lhs(), a.rhs(), st);
        if (s instanceof Stmt.Return r) {
            CType.Int t = r.value() == null ? null : enc.values(frame, st).type(frame.function().type().returnType());
            if (t == null) return st;
            Values v = enc.values(frame, st);
            Expr<BitVecSort> x = v.value(r.value(), t);
            enc.fresh = v.freshCount();
            return st.withRet(x);
        }
        if (s instanceof Stmt.Call c) return call(c, st);
        if (s instanceof Stmt.Asm) {
            enc.approximations.add("inline assembly makes memory fresh");
            return havoc(st);
        }
        return st;
    }

    private SymState assign(Lvalue lhs, weft.ir.Expr rhs, SymState st) {
        Values v = enc.values(frame, st);
        CType.Int t = v.type(lhs.type());
        if (t != null) {
            Expr<BitVecSort> x = v.value(rhs, t);
            enc.fresh = v.freshCount();
            return enc.store(frame, lhs, x, st);
        }
        long n = lhs.byteSize();
        if (n <= 0) return st;
        if (n > MAX_COPY) return havoc(st);
        SymMemory m = enc.memory();
        if (rhs instanceof weft.ir.Expr.Load l && l.lvalue().byteSize() == n) {
            Expr<BitVecSort> src = v.address(l.lvalue());
            Expr<BitVecSort> bytes = m.read(st.mem(), src, (int) n);
            enc.fresh = v.freshCount();
            return enc.store(frame, lhs, bytes, st);
        }
        Expr<BitVecSort> any = v.enc.freshValue(new CType.Int("bytes", n, 1, false), "agg");
        enc.fresh = v.freshCount();
        return enc.store(frame, lhs, any, st);
    }

    /** Every byte outside the runtime's objects fresh. */
    SymState havoc(SymState st) {
        return st.withMem(enc.memory().havoc(st.mem(), "any" + (enc.fresh++)));
    }

    private SymState call(Stmt.Call c, SymState st) {
        weft.ir.Expr callee = c.callee();
        while (callee instanceof weft.ir.Expr.Cast k) callee = k.operand();
        if (!(callee instanceof weft.ir.Expr.FuncRef fr)) {
            // the sequential program dispatches calls through pointers itself: one left here is not followed
            enc.cut(st.guard());
            return null;
        }
        Function g = enc.program().function(fr.name());
        if (g == null) return enc.library().call(frame, c, fr.name(), st, this);
        if (g.name().equals(Sequentialiser.CUT_OFF) || depth >= SeqEncoder.MAX_DEPTH) {
            enc.cut(st.guard());
            return null;
        }
        if (g.name().equals(Sequentialiser.CHOOSE) && c.args().size() == 2) return choose(c, st);
        if (g.name().equals(Sequentialiser.HAVOC) && c.args().size() == 2) return havocObject(c, st);
        record(g.name(), c, st);
        Values v = enc.values(frame, st);
        List<Expr<BitVecSort>> args = new ArrayList<>();
        for (int i = 0; i < c.args().size(); i++) {
            CType pt = i < g.params().size() ? g.params().get(i).type() : c.args().get(i).type();
            CType.Int t = v.type(pt);
            args.add(t == null ? null : v.value(c.args().get(i), t));
        }
        enc.fresh = v.freshCount();
        SymState r = enc.call(g, args, st, depth + 1);
        return result(c, r.ret(), g.type().returnType(), r.withRet(st.ret()));
    }

    /** The scheduler's choice: any value in {@code [pc, size]} (see {@link Sequentialiser#CHOOSE}). */
    private SymState choose(Stmt.Call c, SymState st) {
        Values v = enc.values(frame, st);
        CType.Int t = new CType.Int("unsigned int", 4, 4, false);
        Expr<BitVecSort> pc = v.value(c.args().get(0), t);
        Expr<BitVecSort> size = v.value(c.args().get(1), t);
        Expr<BitVecSort> x = v.enc.freshValue(t, "cs");
        enc.fresh = v.freshCount();
        var ctx = enc.ctx();
        SymState s = st.withGuard(ctx.mkAnd(st.guard(), ctx.mkBVULE(pc, x), ctx.mkBVULE(x, size)));
        return result(c, x, t, s);
    }

    /**
     * {@link Sequentialiser#HAVOC}{@code (p, n)}: the {@code n} bytes at {@code p} fresh (an indeterminate object);
     * when {@code n} is not a constant of at most {@link Bytes#MAX_KNOWN} (more than the known bytes hold: a history of
     * that many stores would only slow the solver down), all memory fresh (an over-approximation).
     */
    private SymState havocObject(Stmt.Call c, SymState st) {
        Long n = constant(c.args().get(1));
        if (n == null || n < 0 || n > Math.min(MAX_COPY, Bytes.MAX_KNOWN)) return havoc(st);
        if (n == 0) return st;
        Values v = enc.values(frame, st);
        Expr<BitVecSort> p = v.value(c.args().get(0), weft.smt.ExprEncoder.pointerType(enc.memory().pointerBytes()));
        Expr<BitVecSort> any = v.enc.freshValue(new CType.Int("bytes", n, 1, false), "indet");
        enc.fresh = v.freshCount();
        return st.withMem(enc.memory().write(st.mem(), p, any));
    }

    /** {@code st} with the call's result (of type {@code from}, null: unknown) stored. */
    SymState result(Stmt.Call c, Expr<BitVecSort> value, CType from, SymState st) {
        if (c.result() == null) return st;
        Values v = enc.values(frame, st);
        CType.Int to = v.type(c.result().type());
        if (to == null) {
            long n = c.result().byteSize();
            if (n <= 0 || n > MAX_COPY) return havoc(st);
            Expr<BitVecSort> any = v.enc.freshValue(new CType.Int("bytes", n, 1, false), "res");
            enc.fresh = v.freshCount();
            return enc.store(frame, c.result(), any, st);
        }
        CType.Int ft = from == null ? null : v.type(from);
        Expr<BitVecSort> x = value != null && ft != null && value.getSort().getSize() == 8 * ft.size()
                ? v.enc.convert(value, ft, to) : v.enc.freshValue(to, "res");
        enc.fresh = v.freshCount();
        return enc.store(frame, c.result(), x, st);
    }

    /** Records the scheduler's resumption of a thread and the instrumentation's probes (for reading a model). */
    private void record(String name, Stmt.Call c, SymState st) {
        if (name.startsWith("w_thread_")) {
            int slot = Integer.parseInt(name.substring("w_thread_".length()));
            SymMemory m = enc.memory();
            Variable pc = global("w_pc");
            Variable cs = global("w_cs");
            if (pc == null || cs == null) return;
            Expr<BitVecSort> from = m.read(st.mem(), m.address(m.staticAddress(pc) + 4L * slot), 4);
            Expr<BitVecSort> to = m.read(st.mem(), m.address(m.staticAddress(cs)), 4);
            enc.run(new SeqEncoder.Run(slot, st.guard(), from, to));
        } else if ((name.equals("w_check") || name.equals("w_arm")) && c.args().size() >= 5) {
            Long slot = constant(c.args().get(3));
            Long point = constant(c.args().get(4));
            if (slot != null && point != null) enc.probe(new SeqEncoder.Probe(name.equals("w_arm"), slot.intValue(), point.intValue(), st.guard()));
        }
    }

    private Variable global(String name) {
        for (Variable v : enc.program().globals()) if (v.name().equals(name)) return v;
        return null;
    }

    private static Long constant(weft.ir.Expr e) {
        while (e instanceof weft.ir.Expr.Cast k) e = k.operand();
        return e instanceof weft.ir.Expr.IntConst i ? i.value() : null;
    }

    SymFrame frame() {
        return frame;
    }

    private BoolExpr and(BoolExpr a, BoolExpr b) {
        return enc.ctx().mkAnd(a, b);
    }

    private BoolExpr not(BoolExpr a) {
        return enc.ctx().mkNot(a);
    }
}
