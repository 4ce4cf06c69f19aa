package weft.bounded.bmc;

import com.microsoft.z3.BitVecSort;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import weft.smt.ExprEncoder;
import weft.bounded.seq.LoopUnwinding;
import weft.bounded.seq.Sequentialiser;
import weft.ir.CType;
import weft.ir.Cfg;
import weft.ir.Edge;
import weft.ir.Function;
import weft.ir.GlobalInit;
import weft.ir.Lvalue;
import weft.ir.Program;
import weft.ir.SourceLoc;
import weft.ir.Stmt;
import weft.ir.Variable;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Bounded model checking of the sequentialised program ({@link Sequentialiser}, parsed back into Weft's IR): a
 * symbolic execution of {@code main} that inlines every call of a program function and unwinds every loop (the
 * scheduler's round loop; the thread bodies are already loop-free), in SSA over bit-vectors of the data model's widths
 * ({@link Values}, {@link ExprEncoder}) with byte memory ({@link SymMemory}). Control-flow merges are if-then-else over
 * the guards of the incoming paths (the branches of the IR are pairs of complementary conditions, so at most one is
 * taken). {@code __VERIFIER_assume} conditions and branch conditions strengthen the guard, nondeterministic inputs are
 * fresh constants, and so are the context-switch points the scheduler chooses.
 *
 * <p>The encoding's formulas: {@link Encoding#error()} holds in a model exactly when that run of the sequential
 * program calls {@code reach_error()}; {@link Encoding#cut()} when it reaches a cut-off (a call of
 * {@link Sequentialiser#CUT_OFF}, an unwinding of a loop beyond its bound, an inlining deeper than
 * {@link #MAX_DEPTH}). What is not modelled exactly is over-approximated: a library call the encoding does not know
 * (or one that writes memory: {@link LibraryEffects}) makes every byte outside the runtime's objects fresh; values of
 * floating-point types, bit-fields and undefined operations are fresh. So every run of the sequential program that
 * calls {@code reach_error()} without passing a cut-off satisfies {@code error}, and every run passing a cut-off
 * satisfies {@code cut}: unsatisfiable {@code error} and {@code cut} together mean {@code reach_error()} is unreachable.
 */
final class SeqEncoder {
    /** Inlining depth at which a call is cut off (the sequential program has no recursion: a guard only). */
    static final int MAX_DEPTH = 16;

    /** A nondeterministic input of the sequential program: its call site, value and guard. */
    record Input(SourceLoc loc, Expr<BitVecSort> value, BoolExpr guard) {}

    /** A resumption of thread slot {@code slot} by the scheduler: from point {@code from} up to point {@code to}. */
    record Run(int slot, BoolExpr guard, Expr<BitVecSort> from, Expr<BitVecSort> to) {}

    /** A call of the instrumentation ({@code w_check} or {@code w_arm}) by {@code slot} at point {@code point}. */
    record Probe(boolean arm, int slot, int point, BoolExpr guard) {}

    /** The formulas and what a model is read from (see the class comment). */
    record Encoding(BoolExpr error, BoolExpr cut, List<Input> inputs, List<Run> runs, List<Probe> probes, Set<String> approximations) {}

    private final Context ctx;
    private final Program program;
    private final SymMemory memory;
    private final int unwind;
    int fresh;
    private final List<BoolExpr> errors = new ArrayList<>();
    private final List<BoolExpr> cuts = new ArrayList<>();
    final List<Input> inputs = new ArrayList<>();
    private final List<Run> runs = new ArrayList<>();
    private final List<Probe> probes = new ArrayList<>();
    final Set<String> approximations = new LinkedHashSet<>();
    private final LibraryEffects library;

    private final long maxSteps;
    private final weft.budget.Budget budget;
    private long steps;
    /** The effort charged to the budget so far ({@link Effort#steps}, {@link Effort#walks}). */
    private long chargedSteps;
    private long chargedWalks;

    /**
     * @param unwind   back edges per loop and entry (at least the scheduler's rounds)
     * @param maxSteps statement copies the encoding may make at most (a deterministic bound on its effort)
     * @param budget   what the encoding may take: of work ({@link Effort}, charged as it goes) or of CPU time
     */
    SeqEncoder(Context ctx, Program program, int unwind, long maxSteps, weft.budget.Budget budget) {
        this.maxSteps = maxSteps;
        this.budget = budget;
        this.ctx = ctx;
        this.program = program;
        this.memory = new SymMemory(ctx, program);
        this.unwind = unwind;
        this.library = new LibraryEffects(ctx, program, memory, this);
    }

    Encoding encode() {
        Function main = program.function("main");
        if (main == null) throw new IllegalArgumentException("the sequential program has no main");
        SymState s0 = new SymState(ctx.mkTrue(), Map.of(), initialMemory(), memory.address(SymMemory.HEAP_BASE), null);
        call(main, List.of(), s0, 0);
        charge();
        return new Encoding(or(errors), or(cuts), List.copyOf(inputs), List.copyOf(runs), List.copyOf(probes),
                Set.copyOf(approximations));
    }

    private Bytes initialMemory() {
        Bytes mem = memory.initial();
        SymFrame none = new SymFrame(new Function("w_globals", "w_globals", new CType.Function(new CType.Void(), List.of(), false),
                List.of(), List.of(), new Cfg(1, 0, 0, List.of()), true, null), memory);
        for (Variable g : program.globals()) {
            GlobalInit gi = program.init(g);
            if (gi == null) continue;
            for (GlobalInit.Item it : gi.items()) {
                Values vals = values(none, new SymState(ctx.mkTrue(), Map.of(), mem, memory.address(0), null));
                CType.Int t = vals.type(it.type());
                if (t == null) continue;
                Expr<BitVecSort> v = vals.value(it.value(), t);
                fresh = vals.freshCount();
                mem = memory.write(mem, memory.address(memory.staticAddress(g) + it.offset()), v);
            }
        }
        return mem;
    }

    Values values(SymFrame frame, SymState st) {
        return new Values(ctx, memory, frame, st, fresh);
    }

    /**
     * Runs an instance of {@code f} with argument values {@code args} (null: not modelled) from {@code in}; the state at
     * its exit (its guard false if it never returns), with the caller's registers.
     */
    SymState call(Function f, List<Expr<BitVecSort>> args, SymState in, int depth) {
        if (Thread.currentThread().isInterrupted()) throw new Interrupted("interrupted");
        SymFrame frame = new SymFrame(f, memory);
        SymState st = new SymState(in.guard(), Map.of(), in.mem(), in.heap(), null);
        for (int i = 0; i < f.params().size(); i++) {
            Variable p = f.params().get(i);
            Values vals = values(frame, st);
            CType.Int t = vals.type(p.type());
            if (t == null) continue;
            Expr<BitVecSort> v = i < args.size() && args.get(i) != null && args.get(i).getSort().getSize() == ExprEncoder.bits(t)
                    ? args.get(i) : vals.enc.freshValue(t, "arg");
            fresh = vals.freshCount();
            st = store(frame, new Lvalue.Var(p), v, st);
        }
        Cfg cfg = f.cfg();
        LoopUnwinding u = LoopUnwinding.of(cfg, unwind);
        List<LoopUnwinding.Copy> copies = u.copies();
        Map<Integer, List<SymState>> pending = new HashMap<>();
        pending.computeIfAbsent(0, k -> new ArrayList<>()).add(st);
        List<SymState> exits = new ArrayList<>();
        for (int c = 0; c < copies.size(); c++) {
            List<SymState> ins = pending.remove(c);
            if (ins == null) continue;
            SymState here = merge(ins);
            int node = copies.get(c).node();
            List<Edge> outs = cfg.out(node);
            if (outs.isEmpty() && node == cfg.exit()) exits.add(here);
            memory.effort.add(outs.size());
            charge();
            if ((steps += outs.size()) > maxSteps) throw new Interrupted("more than " + maxSteps + " statement copies");
            if (budget.expired() || Thread.currentThread().isInterrupted()) throw new Interrupted(budget.clock() instanceof weft.budget.WorkMeter ? "budget of work used up" : "no time left");
            for (int i = 0; i < outs.size(); i++) {
                SymState next = new Steps(this, frame, depth).step(outs.get(i).stmt(), here);
                if (next == null) continue;
                int t = u.target(c, i);
                if (t < 0) cuts.add(next.guard());
                else pending.computeIfAbsent(t, k -> new ArrayList<>()).add(next);
            }
        }
        if (exits.isEmpty()) return new SymState(ctx.mkFalse(), in.regs(), in.mem(), in.heap(), null);
        SymState out = merge(exits);
        return new SymState(out.guard(), in.regs(), out.mem(), out.heap(), out.ret());
    }

    /** The state reached by one of {@code states} (their guards exclude each other). */
    private SymState merge(List<SymState> states) {
        if (states.size() == 1) return states.get(0);
        int n = states.size();
        BoolExpr[] gs = new BoolExpr[n];
        for (int i = 0; i < n; i++) gs[i] = states.get(i).guard();
        Set<Variable> vars = new LinkedHashSet<>();
        for (SymState s : states) vars.addAll(s.regs().keySet());
        Map<Variable, Expr<BitVecSort>> regs = new java.util.LinkedHashMap<>();
        for (Variable v : vars) {
            List<Expr<BitVecSort>> xs = new ArrayList<>(n);
            Expr<BitVecSort> any = null;
            for (SymState s : states) if (s.regs().containsKey(v)) any = s.regs().get(v);
            for (SymState s : states) {
                Expr<BitVecSort> x = s.regs().get(v);
                xs.add(x != null ? x : ctx.mkBVConst("u" + (fresh++), any.getSort().getSize()));
            }
            regs.put(v, ite(gs, xs));
        }
        List<Bytes> mems = new ArrayList<>(n);
        List<Expr<BitVecSort>> heaps = new ArrayList<>(n);
        List<Expr<BitVecSort>> rets = new ArrayList<>(n);
        boolean anyRet = false;
        for (SymState s : states) {
            mems.add(s.mem());
            heaps.add(s.heap());
            rets.add(s.ret());
            anyRet |= s.ret() != null;
        }
        Expr<BitVecSort> ret = null;
        if (anyRet) {
            int w = rets.stream().filter(r -> r != null).findFirst().orElseThrow().getSort().getSize();
            for (int i = 0; i < n; i++) if (rets.get(i) == null || rets.get(i).getSort().getSize() != w) rets.set(i, ctx.mkBVConst("u" + (fresh++), w));
            ret = ite(gs, rets);
        }
        Bytes merged = Bytes.merge(ctx, gs, mems);
        memory.effort.add((long) n * (regs.size() + merged.knownCount()));
        return new SymState(ctx.mkOr(gs), regs, merged, ite(gs, heaps), ret);
    }

    private <S extends com.microsoft.z3.Sort, E extends Expr<S>> E ite(BoolExpr[] gs, List<E> xs) {
        E acc = xs.get(xs.size() - 1);
        for (int i = xs.size() - 2; i >= 0; i--) {
            if (!xs.get(i).equals(acc)) {
                @SuppressWarnings("unchecked") E e = (E) ctx.mkITE(gs[i], xs.get(i), acc);
                acc = e;
            }
        }
        return acc;
    }

    /** {@code st} with {@code value} written to {@code lv} (a register, a bit-field's bytes made fresh, or memory). */
    SymState store(SymFrame frame, Lvalue lv, Expr<BitVecSort> value, SymState st) {
        if (lv instanceof Lvalue.Var v && frame.isRegister(v.variable())) return st.withReg(v.variable(), value);
        Values vals = values(frame, st);
        if (lv instanceof Lvalue.Field f && f.field().isBitField()) {
            Expr<BitVecSort> a = vals.address(f.base());
            a = memory.plus(a, f.field().offset());
            int n = (int) Math.max(1, f.field().byteSize());
            Expr<BitVecSort> any = ctx.mkBVConst("bf" + (vals.freshCount()), 8 * n);
            fresh = vals.freshCount() + 1;
            return st.withMem(memory.write(st.mem(), a, any));
        }
        Expr<BitVecSort> a = vals.address(lv);
        fresh = vals.freshCount();
        return st.withMem(memory.write(st.mem(), a, value));
    }

    /** Charges a budget of work with the effort counted since the last charge ({@link Effort}). */
    private void charge() {
        Effort e = memory.effort;
        if (budget.clock() instanceof weft.budget.WorkMeter m) m.encoding(e.steps() - chargedSteps, e.walks() - chargedWalks);
        chargedSteps = e.steps();
        chargedWalks = e.walks();
    }

    SymMemory memory() {
        return memory;
    }

    Context ctx() {
        return ctx;
    }

    Program program() {
        return program;
    }

    LibraryEffects library() {
        return library;
    }

    void error(BoolExpr guard) {
        errors.add(guard);
    }

    void cut(BoolExpr guard) {
        cuts.add(guard);
    }

    void run(Run r) {
        runs.add(r);
    }

    void probe(Probe p) {
        probes.add(p);
    }

    private BoolExpr or(List<BoolExpr> xs) {
        if (xs.isEmpty()) return ctx.mkFalse();
        return xs.size() == 1 ? xs.get(0) : ctx.mkOr(xs.toArray(BoolExpr[]::new));
    }

    /** The encoding stopped: interrupted, out of time or over its size bound (the interrupt flag is left set). */
    static final class Interrupted extends RuntimeException {
        Interrupted(String why) {
            super(why, null, false, false);
        }
    }
}
