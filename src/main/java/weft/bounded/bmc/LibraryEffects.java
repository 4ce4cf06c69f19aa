package weft.bounded.bmc;

import com.microsoft.z3.BitVecSort;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import weft.smt.ExprEncoder;
import weft.ir.CType;
import weft.ir.CallTarget;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.model.Event;
import weft.model.Semantics;

import java.util.List;

/**
 * What a library call left in the sequential program does to the symbolic state, by its model's {@link Event}
 * (never by its name, except the sequential program's own protocol: {@code reach_error}). Synchronisation is already
 * C code in the sequential program ({@code weft.bounded.seq.LibraryCalls}); what remains:
 * <ul>
 * <li>{@code reach_error()}: the error (the race flag); other program ends ({@code abort}, {@code exit}) end the run;</li>
 * <li>nondeterministic inputs: fresh values, recorded for the witness; {@code __VERIFIER_assume(c)}: {@code c} joins
 * the guard;</li>
 * <li>allocation: a new heap block (never one in use: {@link SymMemory}) or, as the library may fail, a null pointer;
 * its contents unconstrained; {@code free} does nothing (a freed block is never reused);</li>
 * <li>{@code memset}/{@code memcpy}/{@code memmove} with a constant size of at most {@link Steps#MAX_COPY} bytes:
 * byte by byte; atomic loads, stores and exchanges of scalars: as plain ones (the sequential program runs one thread
 * at a time), the generic forms reading the value through their value pointer and writing the old one through
 * their result pointer ({@link Event.Atomic#valueByPointer}, {@link Event.Atomic#resultArg}); other atomic
 * operations: the object (and a compare-exchange's expected value) gets fresh bytes, the result is the old value where
 * the operation returns it (fetch-and-op, test-and-set, {@code __sync_val_compare_and_swap}), else fresh (a
 * compare-exchange's success, the new value of op-and-fetch: {@link Event.Atomic#returnsNew}); atomics
 * on non-scalars: every byte fresh;</li>
 * <li>calls the models say write no memory: a fresh result;</li>
 * <li>everything else (writes through arguments, unknown functions): every byte outside the runtime's objects and
 * the result fresh.</li>
 * </ul>
 * Every case is the function's effect or an over-approximation of it, as {@link SeqEncoder}'s argument needs.
 */
final class LibraryEffects {
    /** Allocations larger than this (bytes) are modelled as failing (the result is null): none in the bounds. */
    static final long MAX_ALLOC = 1L << 24;
    /** Allocations of at most this many bytes get fresh contents byte by byte; larger ones make memory fresh. */
    static final long MAX_FRESH_BLOCK = 256;

    private final Context ctx;
    private final Program program;
    private final SymMemory memory;
    private final SeqEncoder enc;

    LibraryEffects(Context ctx, Program program, SymMemory memory, SeqEncoder enc) {
        this.ctx = ctx;
        this.program = program;
        this.memory = memory;
        this.enc = enc;
    }

    /** The state after library call {@code c} of {@code name}, or null when the run ends there. */
    SymState call(SymFrame frame, Stmt.Call c, String name, SymState st, Steps steps) {
        if (name.equals("reach_error")) {
            enc.error(st.guard());
            return null;
        }
        Event ev = program.target(c) instanceof CallTarget.Library l ? l.model().event() : null;
        if (ev instanceof Event.ProgramEnd || ev instanceof Event.ThreadExit || ev instanceof Event.NonLocalJump) return null;
        if (ev instanceof Event.Assume a && a.condArg() < c.args().size()) {
            Values v = enc.values(frame, st);
            BoolExpr t = v.enc.truth(c.args().get(a.condArg()));
            enc.fresh = v.freshCount();
            return st.withGuard(ctx.mkAnd(st.guard(), t));
        }
        if (ev instanceof Event.Nondet) {
            if (c.result() == null) return st;
            Values v = enc.values(frame, st);
            CType.Int t = v.type(c.result().type());
            if (t == null) return steps.result(c, null, null, st);
            Expr<BitVecSort> x = v.enc.freshValue(t, "in");
            enc.fresh = v.freshCount();
            enc.inputs.add(new SeqEncoder.Input(c.loc(), x, st.guard()));
            return steps.result(c, x, c.result().type(), st);
        }
        if (ev instanceof Event.Alloc a) return alloc(frame, c, a, st, steps);
        if (ev instanceof Event.Pure && Semantics.of(name) instanceof Semantics.ThreadIdsEqual q && c.result() != null
                && Math.max(q.a(), q.b()) < c.args().size()) {
            // pthread_equal: whether the two handles are one (the sequential program's handles are its w_handle values)
            Values v = enc.values(frame, st);
            CType.Int word = ExprEncoder.pointerType(memory.pointerBytes());
            Expr<BitVecSort> a = v.value(c.args().get(q.a()), word);
            Expr<BitVecSort> b = v.value(c.args().get(q.b()), word);
            Expr<BitVecSort> r = (Expr<BitVecSort>) ctx.mkITE(ctx.mkEq(a, b), ctx.mkBV(1, 32), ctx.mkBV(0, 32));
            enc.fresh = v.freshCount();
            return steps.result(c, r, weft.ir.IntConversions.INT, st);
        }
        if (ev instanceof Event.Free || ev instanceof Event.Pure) return steps.result(c, null, null, st);
        if (ev instanceof Event.MemAccess m) {
            SymState exact = copy(frame, c, name, st);
            if (exact != null) return steps.result(c, null, null, exact);
            boolean writes = weft.access.VariadicPointers.writes(program, c.args(), m) || m.args().stream().anyMatch(Event.MemArg::write);
            return steps.result(c, null, null, writes ? steps.havoc(st) : st);
        }
        if (ev instanceof Event.Atomic a) return atomic(frame, c, a, st, steps);
        enc.approximations.add("library calls the encoding does not model make memory fresh (" + name + ")");
        return steps.result(c, null, null, steps.havoc(st));
    }

    private SymState alloc(SymFrame frame, Stmt.Call c, Event.Alloc a, SymState st, Steps steps) {
        Values v = enc.values(frame, st);
        CType.Int pt = ExprEncoder.pointerType(memory.pointerBytes());
        Expr<BitVecSort> size = memory.address(1);
        for (int i : a.sizeArgs()) {
            if (i < c.args().size()) size = ctx.mkBVMul(size, v.value(c.args().get(i), pt));
        }
        BoolExpr fails = ctx.mkOr(ctx.mkBoolConst("allocfail" + v.freshCount()), ctx.mkBVUGT(size, memory.address(MAX_ALLOC)));
        enc.fresh = v.freshCount() + 1;
        if (a.kind() == Event.AllocKind.ALLOCA) fails = ctx.mkBVUGT(size, memory.address(MAX_ALLOC));
        Expr<BitVecSort> rounded = ctx.mkBVAND(ctx.mkBVAdd(size, memory.address(31)), ctx.mkBVNot(memory.address(15)));
        Expr<BitVecSort> block = st.heap();
        Expr<BitVecSort> ptr = ctx.mkITE(fails, memory.address(0), block);
        SymState s = st.withHeap(ctx.mkITE(fails, st.heap(), ctx.mkBVAdd(st.heap(), rounded)));
        // the block's contents are unconstrained: fresh bytes when its size is a small constant, else all memory fresh
        Long n = constantSize(c, a);
        if (n != null && n <= MAX_FRESH_BLOCK) {
            if (n > 0) s = s.withMem(memory.write(s.mem(), block, ctx.mkBVConst("blk" + (enc.fresh++), (int) (8 * n))));
        } else {
            s = steps.havoc(s);
        }
        return steps.result(c, ptr, c.result() == null ? null : new CType.Pointer(new CType.Void(), memory.pointerBytes()), s);
    }

    /** The allocation's size when all its size arguments are constants, else null. */
    private static Long constantSize(Stmt.Call c, Event.Alloc a) {
        long n = 1;
        for (int i : a.sizeArgs()) {
            if (i >= c.args().size()) return null;
            weft.ir.Expr x = c.args().get(i);
            while (x instanceof weft.ir.Expr.Cast k) x = k.operand();
            if (!(x instanceof weft.ir.Expr.IntConst k) || k.value() < 0 || k.value() > MAX_ALLOC) return null;
            n *= k.value();
            if (n > MAX_ALLOC) return null;
        }
        return n;
    }

    /**
     * A byte fill with a value argument ({@link Semantics.SetBytes}: {@code memset}) or a byte copy
     * ({@link Semantics.CopyBytes}: {@code memcpy}, {@code memmove}) of a constant size, byte by byte, or null.
     */
    private SymState copy(SymFrame frame, Stmt.Call c, String name, SymState st) {
        Semantics sem = Semantics.of(name);
        int dest;
        int count;
        int from;
        boolean fill;
        if (sem instanceof Semantics.SetBytes sb && sb.value() >= 0) {
            dest = sb.dest();
            count = sb.count();
            from = sb.value();
            fill = true;
        } else if (sem instanceof Semantics.CopyBytes cb) {
            dest = cb.dest();
            count = cb.count();
            from = cb.src();
            fill = false;
        } else {
            return null;
        }
        if (Math.max(dest, Math.max(count, from)) >= c.args().size()) return null;
        weft.ir.Expr n = c.args().get(count);
        while (n instanceof weft.ir.Expr.Cast k) n = k.operand();
        if (!(n instanceof weft.ir.Expr.IntConst k) || k.value() < 0 || k.value() > Steps.MAX_COPY) return null;
        int len = (int) k.value();
        if (len == 0) return st;
        Values v = enc.values(frame, st);
        CType.Int pt = ExprEncoder.pointerType(memory.pointerBytes());
        Expr<BitVecSort> dst = v.value(c.args().get(dest), pt);
        Expr<BitVecSort> bytes;
        if (fill) {
            Expr<BitVecSort> b = v.value(c.args().get(from), new CType.Int("unsigned char", 1, 1, false));
            bytes = b;
            for (int i = 1; i < len; i++) bytes = ctx.mkConcat(b, bytes);
        } else {
            bytes = memory.read(st.mem(), v.value(c.args().get(from), pt), len);
        }
        enc.fresh = v.freshCount();
        return st.withMem(memory.write(st.mem(), dst, bytes));
    }

    private SymState atomic(SymFrame frame, Stmt.Call c, Event.Atomic a, SymState st, Steps steps) {
        if (a.op() == Event.AtomicOp.FENCE || a.ptrArg() < 0 || a.ptrArg() >= c.args().size()) return steps.result(c, null, null, st);
        weft.ir.Expr ptrArg = c.args().get(a.ptrArg());
        CType pointee = ptrArg.type().pointee();
        Values v = enc.values(frame, st);
        CType.Int ot = pointee == null ? null : v.type(pointee);
        if (ot == null) return steps.result(c, null, null, steps.havoc(st));
        CType.Int pt = ExprEncoder.pointerType(memory.pointerBytes());
        Expr<BitVecSort> p = v.value(ptrArg, pt);
        Expr<BitVecSort> old = memory.read(st.mem(), p, (int) ot.size());
        SymState s = st;
        int n = (int) ot.size();
        if (a.op() == Event.AtomicOp.LOAD || a.op() == Event.AtomicOp.STORE || a.op() == Event.AtomicOp.EXCHANGE) {
            // exact: the value is stored (read through the value pointer of a generic form), the old value returned
            // or written through the result pointer
            Expr<BitVecSort> stored = null;
            if (a.op() != Event.AtomicOp.LOAD) {
                if (a.valueArg() < 0 || a.valueArg() >= c.args().size()) return steps.result(c, null, null, steps.havoc(st));
                stored = a.valueByPointer() ? memory.read(s.mem(), v.value(c.args().get(a.valueArg()), pt), n)
                        : v.value(c.args().get(a.valueArg()), ot);
                s = s.withMem(memory.write(s.mem(), p, stored));
            }
            if (a.op() == Event.AtomicOp.STORE) {
                enc.fresh = v.freshCount();
                return steps.result(c, null, null, s);
            }
            if (a.resultArg() >= 0) {
                if (a.resultArg() >= c.args().size()) return steps.result(c, null, null, steps.havoc(st));
                s = s.withMem(memory.write(s.mem(), v.value(c.args().get(a.resultArg()), pt), old));
                enc.fresh = v.freshCount();
                return steps.result(c, null, null, s);
            }
            enc.fresh = v.freshCount();
            return steps.result(c, old, pointee, s);
        }
        s = s.withMem(memory.write(s.mem(), p, v.enc.freshValue(ot, "atomic")));
        if (a.op() == Event.AtomicOp.CAS && a.expectedIsPointer() && a.expectedArg() >= 0 && a.expectedArg() < c.args().size()) {
            Expr<BitVecSort> e = v.value(c.args().get(a.expectedArg()), pt);
            s = s.withMem(memory.write(s.mem(), e, v.enc.freshValue(ot, "expected")));
        }
        enc.fresh = v.freshCount();
        // the result is the old value only where the operation returns it: not a CAS's success flag, not the new value
        // of __atomic_OP_fetch / __sync_OP_and_fetch (the new value is not tracked: any value)
        boolean returnsOld = a.op() == Event.AtomicOp.CAS ? a.casReturnsOld() : !(a.op() == Event.AtomicOp.RMW && a.returnsNew());
        return steps.result(c, returnsOld ? old : null, returnsOld ? pointee : null, s);
    }
}
