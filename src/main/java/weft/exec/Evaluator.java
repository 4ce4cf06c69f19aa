package weft.exec;

import weft.exec.state.*;

import weft.ir.CType;
import weft.ir.Expr.BinOp;
import weft.ir.Expr;
import weft.ir.IntConversions;
import weft.ir.Lvalue;
import weft.ir.SourceLoc;
import weft.ir.StructType;

/**
 * Evaluates IR expressions and lvalues on the concrete state, recording every memory read (and, for stores, the
 * write) as a {@link ByteAccess} in the step's {@link Ctx}. Evaluation has no side effect on program memory, so the
 * same code computes a step's pending accesses (dry) and performs it.
 *
 * <p>Must-soundness: every value computed is the value the C abstract machine computes on this state, or the
 * evaluation abandons. Abandoned are: undefined behaviour (out-of-bounds pointer arithmetic or array indexing,
 * dereference of null or integer pointers, accesses to dead objects, relational comparison of pointers to different
 * objects, signed overflow, bad shifts, division by zero), floating-point arithmetic (x87 excess precision makes
 * results compiler-dependent), inexact floating conversions, operations on pointer bits (masks, casts to narrower
 * integers), and reads of bytes whose content the IR does not give. A read of an indeterminate integer (automatic or
 * fresh heap storage not yet written) is an input ({@link ExecState#materialise}); of an indeterminate pointer or
 * floating value, it abandons.
 */
public final class Evaluator {
    /** A byte address: object and offset. */
    record Addr(int obj, long off) {}

    private final ExecState st;

    Evaluator(ExecState st) {
        this.st = st;
    }

    // ------------------------------------------------------------------ expressions

    Value eval(Expr e, Ctx c) {
        if (e instanceof Expr.IntConst k) return constant(k);
        if (e instanceof Expr.FloatConst f) return floatConst(f);
        if (e instanceof Expr.Load l) return load(l.lvalue(), c, l.loc());
        if (e instanceof Expr.AddrOf a) return addressOf(a.lvalue(), c);
        if (e instanceof Expr.FuncRef f) return new Value.Fn(f.name());
        if (e instanceof Expr.Unary u) return unary(u, c);
        if (e instanceof Expr.Binary b) return binary(b, c);
        if (e instanceof Expr.Cast k) return convert(eval(k.operand(), c), k.operand().type(), k.type());
        throw Abandon.unsupported("expression " + e);
    }

    private static Value constant(Expr.IntConst k) {
        CType t = k.type().unqualified();
        if (t instanceof CType.Int i) return Value.of(Ints.convert(k.value(), i));
        if (t instanceof CType.Float) return new Value.Flt(k.value());
        return Value.of(k.value());
    }

    private static Value floatConst(Expr.FloatConst f) {
        CType t = f.type().unqualified();
        double v = f.value();
        if (!f.exact()) throw Abandon.unsupported((weft.ir.FloatText.extended(t) ? "long double constant " : "floating constant ") + v);
        if (t.size() == 4) return new Value.Flt((float) v);
        if (t.size() == 8 || weft.ir.FloatText.extended(t)) return new Value.Flt(v);
        throw Abandon.unsupported("floating constant of " + t);
    }

    Value load(Lvalue lv, Ctx c, SourceLoc loc) {
        CType t = lv.type();
        if (lv instanceof Lvalue.Field f && f.field().isBitField()) {
            Addr a = addr(f.base(), c, false);
            long off = a.off() + f.field().offset();
            int n = (int) f.field().byteSize();
            if (n > 8) throw Abandon.unsupported("wide bit-field");
            if (c.collects()) c.record(new ByteAccess(a.obj(), off, n, false, atomic(t, c), loc, lv));
            long bits = storageUnit(a.obj(), off, n, c, loc, WitnessNames.unit(f.base(), f.field().offset(), n)) >>> f.field().bitOffset();
            int w = f.field().bitWidth();
            CType.Int it = intType(f.field().type());
            bits = w >= 64 ? bits : bits & ((1L << w) - 1);
            if (it.signed() && w > 0 && w < 64) bits = (bits << (64 - w)) >> (64 - w);
            return Value.of(bits);
        }
        Addr a = addr(lv, c, false);
        long size = t.size();
        if (size <= 0) throw Abandon.unsupported("read of incomplete type " + t);
        if (c.collects()) c.record(new ByteAccess(a.obj(), a.off(), size, false, atomic(t, c), loc, lv));
        try {
            return st.mem.read(a.obj(), a.off(), t);
        } catch (Abandon.Indeterminate x) {
            // an indeterminate integer is an input: chosen here when the step is performed; a dry evaluation (a plan)
            // leaves the choice to Interpreter#plan, which makes it before planning again
            Abandon.Indeterminate here = x.at(loc, WitnessNames.of(lv));
            if (c.dry || !here.choosable()) throw here;
            st.materialise(here, loc);
            return st.mem.read(a.obj(), a.off(), t);
        }
    }

    /**
     * The {@code n} bytes holding a bit-field; when they are all indeterminate (a local or heap struct whose bit-fields
     * are not yet written), they are an input as an unsigned integer of that size ({@link ExecState#materialise}).
     */
    private long storageUnit(int obj, long off, int n, Ctx c, SourceLoc loc, String source) {
        try {
            return st.mem.readRaw(obj, off, n);
        } catch (Abandon.Indeterminate x) {
            if (n != 1 && n != 2 && n != 4 && n != 8) throw x;
            Abandon.Indeterminate here = x.as(new CType.Int("unsigned", n, n, false), loc, source);
            if (c.dry) throw here;
            st.materialise(here, loc);
            return st.mem.readRaw(obj, off, n);
        }
    }

    /** Evaluates {@code lv}'s address, converts {@code v} (of type {@code from}) to its type and stores it (unless dry). */
    void store(Lvalue lv, Value v, CType from, Ctx c, SourceLoc loc) {
        CType t = lv.type();
        Value cv = convert(v, from, t);
        if (lv instanceof Lvalue.Field f && f.field().isBitField()) {
            Addr a = addr(f.base(), c, false);
            long off = a.off() + f.field().offset();
            int n = (int) f.field().byteSize();
            if (n > 8) throw Abandon.unsupported("wide bit-field");
            if (c.collects()) c.record(new ByteAccess(a.obj(), off, n, true, atomic(t, c), loc, lv));
            if (c.dry) return;
            if (!(cv instanceof Value.Int iv)) throw Abandon.unsupported("non-integer bit-field value");
            int w = f.field().bitWidth();
            long mask = (w >= 64 ? -1L : (1L << w) - 1) << f.field().bitOffset();
            long old = storageUnit(a.obj(), off, n, c, loc, WitnessNames.unit(f.base(), f.field().offset(), n));
            st.mem.writeRaw(a.obj(), off, n, (old & ~mask) | ((iv.v() << f.field().bitOffset()) & mask));
            return;
        }
        Addr a = addr(lv, c, false);
        long size = t.size();
        if (size <= 0) throw Abandon.unsupported("write of incomplete type " + t);
        if (c.collects()) c.record(new ByteAccess(a.obj(), a.off(), size, true, atomic(t, c), loc, lv));
        if (!c.dry) st.mem.write(a.obj(), a.off(), t, cv);
    }

    private static boolean atomic(CType t, Ctx c) {
        return t.isAtomic() || c.atomicSection;
    }

    private Value addressOf(Lvalue lv, Ctx c) {
        if (lv instanceof Lvalue.Deref d) {
            Value p = eval(d.pointer(), c);
            if (p instanceof Value.Undef) throw Abandon.unsupported("undefined value");
            return p;
        }
        Long fixed = integerAddress(lv);
        if (fixed != null) return Value.of(IntConversions.truncate(fixed, st.dm.pointerSize, false));
        if (lv instanceof Lvalue.Index ix && ix.base() instanceof Lvalue.Field
                && ix.base().type().unqualified() instanceof CType.Array arr && arr.length() > 0 && arr.size() > 0) {
            // an element of a member array: arithmetic from here stays in that array (C11 6.5.6p8)
            Addr b = addr(ix.base(), c, false);
            Addr a = element(ix, b, c, true);
            st.mem.markAddressTaken(a.obj());
            return new Value.Ptr(a.obj(), a.off(), b.off(), b.off() + arr.size());
        }
        Addr a = addr(lv, c, true);
        st.mem.markAddressTaken(a.obj());
        return new Value.Ptr(a.obj(), a.off());
    }

    /**
     * The address of a member designated through an integer pointer, as in the classic {@code offsetof}
     * {@code &((T *) 0)->f} (GCC folds it to the member offset); null when the lvalue is not based on an integer.
     */
    private static Long integerAddress(Lvalue lv) {
        long off = 0;
        Lvalue cur = lv;
        while (cur instanceof Lvalue.Field f) {
            off += f.field().offset();
            cur = f.base();
        }
        if (cur == lv || !(cur instanceof Lvalue.Deref d) || !(d.pointer() instanceof Expr.Cast k)
                || !(k.operand() instanceof Expr.IntConst base)) {
            return null;
        }
        return base.value() + off;
    }

    // ------------------------------------------------------------------ lvalues

    /** The address {@code lv} designates; {@code addrOnly}: one past the last array element is allowed. */
    Addr addr(Lvalue lv, Ctx c, boolean addrOnly) {
        if (lv instanceof Lvalue.Var v) return new Addr(st.objectOf(v.variable(), c.thread, c.frame), 0);
        if (lv instanceof Lvalue.Field f) {
            Addr b = addr(f.base(), c, false);
            return new Addr(b.obj(), b.off() + f.field().offset());
        }
        if (lv instanceof Lvalue.Index ix) return element(ix, addr(ix.base(), c, false), c, addrOnly);
        if (lv instanceof Lvalue.Deref d) {
            Value p = eval(d.pointer(), c);
            if (p instanceof Value.Ptr q) return new Addr(q.obj(), q.off());
            if (p instanceof Value.Int i && i.v() == 0) throw Abandon.unsupported("null dereference");
            throw Abandon.unsupported("dereference of " + p);
        }
        throw Abandon.unsupported("lvalue " + lv);
    }

    /** The address of element {@code ix} of the array at {@code b}. */
    private Addr element(Lvalue.Index ix, Addr b, Ctx c, boolean addrOnly) {
        Value iv = eval(ix.index(), c);
        if (!(iv instanceof Value.Int i)) throw Abandon.unsupported("non-integer index");
        long idx = i.v();
        if (isUnsigned(ix.index().type()) && idx < 0) throw Abandon.unsupported("index out of range");
        long es = ix.type().size();
        if (es <= 0) throw Abandon.unsupported("element of unknown size");
        CType bt = ix.base().type().unqualified();
        if (bt instanceof CType.Array arr && arr.length() >= 0) {
            if (idx < 0 || idx > arr.length() || (idx == arr.length() && !addrOnly)) {
                throw Abandon.unsupported("index " + idx + " out of bounds of " + ix.base());
            }
        }
        long off;
        try {
            off = Math.addExact(b.off(), Math.multiplyExact(idx, es));
        } catch (ArithmeticException e) {
            throw Abandon.unsupported("index overflow");
        }
        Block o = st.mem.get(b.obj());
        if (off < 0 || off > o.size) throw Abandon.unsupported("index out of bounds of " + o.name);
        return new Addr(b.obj(), off);
    }

    private static boolean isUnsigned(CType t) {
        return t.unqualified() instanceof CType.Int i && !i.signed();
    }

    private static CType.Int intType(CType t) {
        if (t.unqualified() instanceof CType.Int i) return i;
        throw Abandon.unsupported("not an integer type: " + t);
    }

    // ------------------------------------------------------------------ operators

    private Value unary(Expr.Unary u, Ctx c) {
        Value v = eval(u.operand(), c);
        if (v instanceof Value.Undef) throw Abandon.unsupported("undefined value");
        if (u.op() == Expr.UnOp.NOT) return test(v) ? Value.ZERO : Value.ONE;
        CType t = u.type().unqualified();
        if (v instanceof Value.Flt f && u.op() == Expr.UnOp.NEG) return new Value.Flt(-f.v());
        if (!(v instanceof Value.Int i) || !(t instanceof CType.Int it)) throw Abandon.unsupported("operator on " + v);
        CType.Int ot = u.operand().type().unqualified() instanceof CType.Int oi ? Ints.promote(oi) : it;
        long x = Ints.convert(i.v(), ot);
        long r;
        if (u.op() == Expr.UnOp.NEG) {
            if (ot.signed() && x == IntConversions.truncate(1L << (8 * ot.size() - 1), ot.size(), true)) {
                throw Abandon.unsupported("signed overflow in negation");
            }
            r = Ints.normalize(-x, ot);
        } else {
            r = Ints.normalize(~x, ot);
        }
        return Value.of(Ints.convert(r, it));
    }

    /**
     * The truth of {@code v} as the program tests it: as {@link #truth}, but in a proof ({@code exhaustive}) a test of a
     * pointer into allocated memory abandons ({@link #observe}).
     */
    boolean test(Value v) {
        observe(v);
        return truth(v);
    }

    /**
     * Allocation may fail (D24): the explorer allocates a block where the library may return a null pointer, which it
     * does not enumerate. Up to the first time the program looks at whether the pointer is null (a test, a comparison, a
     * conversion to an integer), the run where it failed behaves as this one, with fewer accesses (a dereference of
     * null ends the program; {@code free(NULL)} does nothing); from there on it may not. So in a proof such a look
     * is a gap ({@link Chooser#proofGap}: the search goes on for races, but cannot answer race-free),
     * unless the program has already written into the object ({@link Block#writtenThrough}: the run where the
     * allocation failed ended at that write): the result of the allocation is an input. The witness search keeps the
     * run where it succeeded.
     */
    void observe(Value v) {
        if (!st.exhaustive || !(v instanceof Value.Ptr p)) return;
        Block o = st.mem.get(p.obj());
        if (o.kind == Block.Kind.HEAP && !o.writtenThrough) {
            st.chooser.proofGap("a test of the pointer " + o.name + " (an allocation may fail: an input)");
        }
    }

    /** " to NAME" for a pointer to an object (a thread's handle in a proof: {@link ExecState#addThread}), else "". */
    private String pointee(Value v) {
        return v instanceof Value.Ptr p ? " to " + st.mem.get(p.obj()).name : "";
    }

    static boolean truth(Value v) {
        if (v instanceof Value.Int i) return i.v() != 0;
        if (v instanceof Value.Ptr || v instanceof Value.Fn) return true;
        if (v instanceof Value.Flt f) return f.v() != 0;
        throw Abandon.unsupported("truth value of " + v);
    }

    private static boolean pointerType(CType t) {
        CType u = t.unqualified();
        return u instanceof CType.Pointer || u instanceof CType.Array || u instanceof CType.Function;
    }

    private static long scaleOf(CType pointerType) {
        CType p = pointerType.pointee();
        if (p == null) return 1;
        long s = p.size();
        if (s == 0) return 1;
        if (s < 0) throw Abandon.unsupported("arithmetic on pointer to incomplete type");
        return s;
    }

    private Value binary(Expr.Binary b, Ctx c) {
        Value l = eval(b.left(), c);
        Value r = eval(b.right(), c);
        if (l instanceof Value.Undef || r instanceof Value.Undef) throw Abandon.unsupported("undefined value");
        CType lt = b.left().type().unqualified();
        CType rt = b.right().type().unqualified();
        CType t = b.type().unqualified();
        BinOp op = b.op();
        boolean lp = pointerType(lt);
        boolean rp = pointerType(rt);
        if (op.isComparison()) {
            boolean res;
            if (lp || rp || isAddress(l) || isAddress(r)) res = comparePointers(op, l, r);
            else if (l instanceof Value.Flt || r instanceof Value.Flt) res = compareFloats(op, l, lt, r, rt);
            else res = Ints.compare(op, convInt(l, lt, Ints.common(intType(lt), intType(rt))),
                        convInt(r, rt, Ints.common(intType(lt), intType(rt))), Ints.common(intType(lt), intType(rt)).signed());
            return res ? Value.ONE : Value.ZERO;
        }
        if ((op == BinOp.ADD || op == BinOp.SUB) && (lp != rp)) {
            if (rp && op == BinOp.SUB) throw Abandon.unsupported("integer minus pointer");
            Value p = lp ? l : r;
            Value n = lp ? r : l;
            if (!(n instanceof Value.Int ni)) throw Abandon.unsupported("pointer offset " + n);
            long delta = mulExact(ni.v(), scaleOf(lp ? lt : rt));
            return offset(p, op == BinOp.SUB ? -delta : delta, constant(lp ? b.right() : b.left()));
        }
        if (op == BinOp.SUB && lp) return pointerDiff(l, r, scaleOf(lt), t);
        if (isAddress(l) || isAddress(r)) {
            // a pointer converted to an integer type: only +/- an integer, or a difference, keep exact meaning
            if (t.size() < st.dm.pointerSize) throw Abandon.unsupported("pointer truncated");
            if (op == BinOp.ADD && isAddress(l) && r instanceof Value.Int ri) return offset(l, ri.v(), false);
            if (op == BinOp.ADD && isAddress(r) && l instanceof Value.Int li) return offset(r, li.v(), false);
            if (op == BinOp.SUB && isAddress(l) && r instanceof Value.Int ri) return offset(l, -ri.v(), false);
            if (op == BinOp.SUB && isAddress(l) && isAddress(r)) return pointerDiff(l, r, 1, t);
            throw Abandon.unsupported("arithmetic on the bits of a pointer" + pointee(isAddress(l) ? l : r));
        }
        if (l instanceof Value.Flt || r instanceof Value.Flt || lt instanceof CType.Float || rt instanceof CType.Float) {
            // a static initialiser's constant expression of doubles: folded by the compiler in IEEE double arithmetic
            // (round to nearest), as Java computes it; at run time x87 excess precision could differ, so it abandons
            if (c.thread == null && l instanceof Value.Flt fa && r instanceof Value.Flt fb && t instanceof CType.Float ft && ft.size() == 8
                    && lt.size() == 8 && rt.size() == 8) {
                switch (op) {
                    case ADD -> { return new Value.Flt(fa.v() + fb.v()); }
                    case SUB -> { return new Value.Flt(fa.v() - fb.v()); }
                    case MUL -> { return new Value.Flt(fa.v() * fb.v()); }
                    case DIV -> { if (fb.v() != 0) return new Value.Flt(fa.v() / fb.v()); }
                    default -> { }
                }
            }
            throw Abandon.unsupported("floating-point arithmetic");
        }
        if (!(l instanceof Value.Int li) || !(r instanceof Value.Int ri)) throw Abandon.unsupported("operands " + l + ", " + r);
        CType.Int rti = lp || rp ? null : intType(rt);
        CType.Int lti = intType(lt);
        long res;
        CType.Int ot;
        if (op == BinOp.SHL || op == BinOp.SHR) {
            ot = Ints.promote(lti);
            long count = ri.v();
            boolean neg = rti != null && rti.signed() && count < 0;
            res = Ints.shift(op, Ints.convert(li.v(), ot), count, neg, ot);
        } else {
            ot = Ints.common(lti, rti == null ? lti : rti);
            res = Ints.arith(op, Ints.convert(li.v(), ot), Ints.convert(ri.v(), ot), ot);
        }
        if (t instanceof CType.Int ti) return Value.of(Ints.convert(res, ti));
        if (t instanceof CType.Pointer) return Value.of(IntConversions.truncate(res, st.dm.pointerSize, false));
        throw Abandon.unsupported("result type " + t);
    }

    private static long convInt(Value v, CType from, CType.Int to) {
        if (!(v instanceof Value.Int i)) throw Abandon.unsupported("comparison of " + v);
        return Ints.convert(i.v(), to);
    }

    private static boolean isAddress(Value v) {
        return v instanceof Value.Ptr || v instanceof Value.Fn;
    }

    /** Whether {@code e} is an integer constant (under conversions), {@code offsetof}'s {@code &((T *) 0)->f} included. */
    private static boolean constant(Expr e) {
        while (e instanceof Expr.Cast k) e = k.operand();
        return e instanceof Expr.IntConst || e instanceof Expr.AddrOf a && integerAddress(a.lvalue()) != null;
    }

    private static long mulExact(long a, long b) {
        try {
            return Math.multiplyExact(a, b);
        } catch (ArithmeticException e) {
            throw Abandon.unsupported("pointer offset overflow");
        }
    }

    /**
     * {@code p + delta} bytes; the result must stay within the object or one past its end, and a pointer into a member
     * array within that array or one past its end (C11 6.5.6p8), as the thread-modular layer assumes
     * ({@code pointer.Solver#shift}, {@code access.Regions}), except for a {@code constant} move back to the object's
     * start: {@code container_of} computed from a member array, which that layer follows exactly.
     */
    Value offset(Value p, long delta, boolean constant) {
        if (p instanceof Value.Ptr q) {
            Block o = st.mem.get(q.obj());
            if (!o.alive) throw Abandon.unsupported("arithmetic on a dangling pointer");
            long off = q.off() + delta;
            if (off < 0 || off > o.size) throw Abandon.unsupported("pointer arithmetic out of bounds of " + o.name);
            if (q.bounded() && (off < q.lo() || off > q.hi())) {
                if (constant && off == 0) return new Value.Ptr(q.obj(), 0);
                throw Abandon.unsupported("pointer arithmetic out of a member array of " + o.name);
            }
            return q.at(off);
        }
        if (delta == 0) return p;
        throw Abandon.unsupported("arithmetic on " + p);
    }

    private Value pointerDiff(Value l, Value r, long scale, CType t) {
        long d;
        if (l instanceof Value.Ptr a && r instanceof Value.Ptr b && a.obj() == b.obj()) {
            d = a.off() - b.off();
        } else if (l instanceof Value.Int a && r instanceof Value.Int b && a.v() == 0 && b.v() == 0) {
            d = 0;
        } else if (l instanceof Value.Ptr a && r instanceof Value.Int z && z.v() == 0 && st.mem.get(a.obj()).alive) {
            d = st.address(a, weft.ir.SourceLoc.NONE); // (char *) p - (char *) 0: one possible placement (ExecState#address)
        } else {
            throw Abandon.unsupported("difference of pointers to different objects");
        }
        if (d % scale != 0) throw Abandon.unsupported("pointer difference not a multiple of the element size");
        long v = d / scale;
        if (t instanceof CType.Int ti) {
            if (!Ints.fits(v, ti)) throw Abandon.unsupported("pointer difference overflow");
            return Value.of(v);
        }
        throw Abandon.unsupported("pointer difference type " + t);
    }

    /** Whether {@code v} is the integer address with every bit set, {@code (void *) -1}. */
    private boolean allOnes(Value v) {
        return v instanceof Value.Int i && IntConversions.truncate(i.v(), st.dm.pointerSize, false)
                == IntConversions.truncate(-1, st.dm.pointerSize, false);
    }

    /** Whether {@code v} is an integer address in the first page, null excepted. */
    private static boolean lowPage(Value v) {
        return v instanceof Value.Int i && i.v() > 0 && i.v() < 4096;
    }

    /** Whether {@code v} is a function's address or a live object's. */
    private boolean placed(Value v) {
        return v instanceof Value.Fn || v instanceof Value.Ptr p && st.mem.get(p.obj()).alive;
    }

    private boolean comparePointers(BinOp op, Value l, Value r) {
        if (l instanceof Value.Ptr a && r instanceof Value.Ptr b) {
            Block oa = st.mem.get(a.obj());
            Block ob = st.mem.get(b.obj());
            if (!oa.alive || !ob.alive) throw Abandon.unsupported("comparison of a dangling pointer");
            if (a.obj() == b.obj()) return Ints.compare(op, a.off(), b.off(), true);
            if (op != BinOp.EQ && op != BinOp.NE) throw Abandon.unsupported("relational comparison of pointers to different objects");
            observe(l);
            observe(r);
            if (a.off() == oa.size || b.off() == ob.size) throw Abandon.unsupported("comparison with a one-past-the-end pointer");
            return op == BinOp.NE;
        }
        if (l instanceof Value.Fn a && r instanceof Value.Fn b) {
            if (op == BinOp.EQ) return a.name().equals(b.name());
            if (op == BinOp.NE) return !a.name().equals(b.name());
            throw Abandon.unsupported("relational comparison of function pointers");
        }
        if (l instanceof Value.Int a && r instanceof Value.Int b) {
            return Ints.compare(op, IntConversions.truncate(a.v(), st.dm.pointerSize, false), IntConversions.truncate(b.v(), st.dm.pointerSize, false), false);
        }
        observe(l);
        observe(r);
        boolean lNull = l instanceof Value.Int a && a.v() == 0;
        boolean rNull = r instanceof Value.Int b && b.v() == 0;
        if (op == BinOp.EQ || op == BinOp.NE) {
            if (lNull || rNull || (isAddress(l) && isAddress(r))) {
                // a pointer to a freed object tested against null (sol: freeaddrinfo(result); if (rp == NULL)): its
                // value is indeterminate in C11 (6.2.4p2), in the machine code gcc makes it is the old, non-null
                // address. A search's run follows the machine (its witness replays under TSan, where the test runs as
                // compiled); a proof stops, as it cannot cover what the standard leaves open.
                boolean againstNull = lNull || rNull;
                if (l instanceof Value.Ptr a && !st.mem.get(a.obj()).alive && (st.exhaustive || !againstNull)) throw Abandon.unsupported("dangling pointer");
                if (r instanceof Value.Ptr b && !st.mem.get(b.obj()).alive && (st.exhaustive || !againstNull)) throw Abandon.unsupported("dangling pointer");
                return op == BinOp.NE;
            }
            // a live object's address against all ones ((void *) -1: mmap's MAP_FAILED, shmat's, SIG_ERR): no object
            // lies at the top of the address space (Linux gives user space the low part: below 2^47 on x86-64, 3 GiB
            // on 32-bit), so they differ, in every placement
            if (allOnes(l) && r instanceof Value.Ptr b && st.mem.get(b.obj()).alive
                    || allOnes(r) && l instanceof Value.Ptr a && st.mem.get(a.obj()).alive) {
                return op == BinOp.NE;
            }
            // a function's or a live object's address against an address in the first page (SIG_IGN 1, SIG_HOLD 2):
            // Linux maps nothing there (vm.mmap_min_addr is at least 4096), so they differ, in every placement
            if (lowPage(l) && placed(r) || lowPage(r) && placed(l)) return op == BinOp.NE;
        }
        throw Abandon.unsupported("comparison of " + l + " and " + r);
    }

    private boolean compareFloats(BinOp op, Value l, CType lt, Value r, CType rt) {
        double a = toDouble(l, lt);
        double b = toDouble(r, rt);
        return switch (op) {
            case EQ -> a == b;
            case NE -> a != b;
            case LT -> a < b;
            case LE -> a <= b;
            case GT -> a > b;
            case GE -> a >= b;
            default -> throw new IllegalArgumentException();
        };
    }

    /** Exact conversion of a number to double; abandons when not representable. */
    private static double toDouble(Value v, CType from) {
        if (v instanceof Value.Flt f) return f.v();
        if (v instanceof Value.Int i) {
            boolean unsigned = from.unqualified() instanceof CType.Int it && !it.signed();
            if (unsigned && i.v() < 0) throw Abandon.unsupported("inexact conversion to floating point");
            double d = (double) i.v();
            if ((long) d != i.v() || Math.abs(d) >= 0x1p63) throw Abandon.unsupported("inexact conversion to floating point");
            return d;
        }
        throw Abandon.unsupported("floating-point operand " + v);
    }

    // ------------------------------------------------------------------ conversions

    /** Converts {@code v} (of type {@code from}, null if unknown) to type {@code to}, as assignment and casts do. */
    Value convert(Value v, CType from, CType to) {
        CType t = to.unqualified();
        if (t instanceof CType.Void) return v;
        if (v instanceof Value.Undef) throw Abandon.unsupported("use of an undefined value");
        if (t instanceof StructType || t instanceof CType.Array) {
            if (v instanceof Value.Agg a && a.bytes().length == t.size()) return v;
            throw Abandon.unsupported("aggregate conversion");
        }
        if (v instanceof Value.Agg) throw Abandon.unsupported("aggregate used as scalar");
        if (t instanceof CType.Int ti) {
            if (v instanceof Value.Int i) return Value.of(Ints.convert(i.v(), ti));
            if (isAddress(v)) {
                observe(v);
                if (IntConversions.isBool(ti)) return Value.ONE;
                if (ti.size() < st.dm.pointerSize) throw Abandon.unsupported("pointer" + pointee(v) + " truncated to " + ti);
                // integer arithmetic on addresses is the implementation's (gcc: byte arithmetic on the object)
                return v instanceof Value.Ptr q ? q.whole() : v;
            }
            if (v instanceof Value.Flt f) return Value.of(floatToInt(f.v(), ti));
        }
        if (t instanceof CType.Pointer) {
            if (v instanceof Value.Int i) return Value.of(IntConversions.truncate(i.v(), st.dm.pointerSize, false));
            if (isAddress(v)) return v;
        }
        if (t instanceof CType.Float) {
            double d = toDouble(v, from == null ? t : from);
            if (t.size() == 4) {
                if ((double) (float) d != d && !Double.isNaN(d)) throw Abandon.unsupported("inexact conversion to float");
                return new Value.Flt(d);
            }
            // every double is exactly a long double (x87's; weft.exec.state.Extended): only a long integer past 2^53
            // would be rounded, which toDouble does not do silently
            if (t.size() == 8 || v instanceof Value.Int || v instanceof Value.Flt && weft.ir.FloatText.extended(t)) return new Value.Flt(d);
            throw Abandon.unsupported("long double conversion");
        }
        throw Abandon.unsupported("conversion of " + v + " to " + to);
    }

    private static long floatToInt(double d, CType.Int t) {
        if (IntConversions.isBool(t)) return d != 0 ? 1 : 0;
        if (Double.isNaN(d)) throw Abandon.unsupported("NaN converted to integer");
        double x = d < 0 ? Math.ceil(d) : Math.floor(d);
        double max = t.signed() ? Math.scalb(1.0, (int) (8 * t.size() - 1)) : Math.scalb(1.0, (int) (8 * t.size()));
        double min = t.signed() ? -max : 0;
        if (x < min || x >= max) throw Abandon.unsupported("floating value out of range of " + t);
        if (!t.signed() && x >= 0x1p63) return Ints.normalize((long) (x - 0x1p63) ^ Long.MIN_VALUE, t);
        return Ints.normalize((long) x, t);
    }
}
