package weft.smt;

import com.microsoft.z3.BitVecSort;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import weft.ir.IntConversions;
import weft.ir.CType;
import weft.ir.Expr.BinOp;
import weft.ir.Lvalue;
import weft.ir.Variable;

import java.util.Map;

/**
 * Encodes side-effect-free IR expressions of integer type as Z3 bit-vectors of the type's width (the data model's
 * sizes are already in the types), with C's integer promotions and usual arithmetic conversions
 * ({@link IntConversions}, the rules every layer uses).
 *
 * <p>Over-approximation, the property the bounded layer's proofs rest on: the encoding of an expression may take
 * <em>every</em> value the expression can have in some execution, never fewer. Values read from memory other than
 * the tracked locals, pointers, floating-point values, and everything this encoder does not model are <em>fresh</em>
 * unconstrained constants; an operation with undefined behaviour (signed overflow, division by zero, a shift out of
 * range) yields a fresh value where it is undefined; conversions to signed types wrap (GCC's documented choice).
 *
 * <p>In <em>wrapping</em> mode ({@code wrapping}) the encoder follows what GCC documents it implements instead: signed
 * {@code + - *} and unary {@code -} wrap modulo 2^bits, and {@code <<} of a signed value is the shift of its bits
 * (GCC's manual, "Integers implementation": it does not use the latitude C gives to treat signed shifts as undefined);
 * a shift count outside [0, width) stays a fresh value; and a division or remainder by zero, or of the type's minimum
 * by -1, is a <em>trap</em> (on the targets Weft runs, SIGFPE, whose default action ends the process): its value is
 * fresh and its condition is recorded in {@link #definedness()}, which then lists only the conditions that no division
 * trapped, so a caller can take an execution that traps as one that ends there.
 */
public final class ExprEncoder {
    private final Context ctx;
    private final Map<Variable, Expr<BitVecSort>> tracked;
    private int fresh;
    private final java.util.List<BoolExpr> defined = new java.util.ArrayList<>();
    private final Operands operands;
    private final boolean wrapping;

    /**
     * Where values that are not tracked locals come from when memory is modelled ({@code weft.bounded.bmc}): loads,
     * addresses of objects and functions. With operands, pointers are unsigned integers of the data model's pointer
     * width and pointer arithmetic scales by the pointee's size; without, every such value is fresh.
     */
    public interface Operands {
        /** The value of {@code lv} read as integer type {@code t} (of {@code lv}'s size). */
        Expr<BitVecSort> load(Lvalue lv, CType.Int t);

        /** The address of {@code lv}. */
        Expr<BitVecSort> address(Lvalue lv);

        /** The address of function {@code name}. */
        Expr<BitVecSort> function(String name);

        /** The width of a pointer in bytes. */
        int pointerBytes();
    }

    /**
     * @param tracked the current values of the tracked locals (read through {@link Lvalue.Var}); every other load is
     *                fresh
     */
    public ExprEncoder(Context ctx, Map<Variable, Expr<BitVecSort>> tracked, int freshStart) {
        this(ctx, tracked, freshStart, null);
    }

    /** An encoder that reads memory, addresses and pointers through {@code operands} (null: all fresh). */
    public ExprEncoder(Context ctx, Map<Variable, Expr<BitVecSort>> tracked, int freshStart, Operands operands) {
        this(ctx, tracked, freshStart, operands, false);
    }

    /** An encoder as above in wrapping mode (see the class comment). */
    public static ExprEncoder wrapping(Context ctx, Map<Variable, Expr<BitVecSort>> tracked, int freshStart, Operands operands) {
        return new ExprEncoder(ctx, tracked, freshStart, operands, true);
    }

    private ExprEncoder(Context ctx, Map<Variable, Expr<BitVecSort>> tracked, int freshStart, Operands operands, boolean wrapping) {
        this.ctx = ctx;
        this.tracked = tracked;
        this.fresh = freshStart;
        this.operands = operands;
        this.wrapping = wrapping;
    }

    /**
     * The integer type this encoder models values of type {@code t} as: {@link #intType}, and with operands also
     * pointers (unsigned, of pointer width); null if not modelled.
     */
    public CType.Int modelled(CType t) {
        CType.Int i = intType(t);
        if (i != null || operands == null || t == null) return i;
        if (t.unqualified() instanceof CType.Pointer) return pointerType(operands.pointerBytes());
        return null;
    }

    /** The unsigned integer type pointers are modelled as. */
    public static CType.Int pointerType(int bytes) {
        return new CType.Int(bytes == 8 ? "unsigned long" : "unsigned int", bytes, bytes, false);
    }

    /**
     * The conditions under which the operations encoded so far are defined (no undefined behaviour): not part of
     * the over-approximation, only a preference for models that the explorer can execute. In wrapping mode: the
     * conditions under which no division trapped.
     */
    public java.util.List<BoolExpr> definedness() {
        return defined;
    }

    /** The number of fresh constants made so far (to continue numbering in the next encoder). */
    public int freshCount() {
        return fresh;
    }

    /** The integer type the encoder models {@code t} as, or null (not an integer of at most 8 bytes). */
    public static CType.Int intType(CType t) {
        return t != null && t.unqualified() instanceof CType.Int i && i.size() >= 1 && i.size() <= 8 ? i : null;
    }

    public Expr<BitVecSort> freshValue(CType.Int t, String hint) {
        return ctx.mkBVConst("v" + (fresh++) + "_" + hint, bits(t));
    }

    public BoolExpr freshBool() {
        return ctx.mkBoolConst("b" + (fresh++));
    }

    public Expr<BitVecSort> constant(long v, CType.Int t) {
        int w = bits(t);
        long masked = w >= 64 ? v : v & ((1L << w) - 1);
        return ctx.mkBV(Long.toUnsignedString(masked), w);
    }

    /** The truth of {@code e} as a condition (non-zero), fresh when {@code e} is not a modelled integer. */
    public BoolExpr truth(weft.ir.Expr e) {
        if (e instanceof weft.ir.Expr.Unary u && u.op() == weft.ir.Expr.UnOp.NOT) return ctx.mkNot(truth(u.operand()));
        if (e instanceof weft.ir.Expr.Binary b && b.op().isComparison()) return compare(b);
        CType.Int t = modelled(e.type());
        if (t == null) return freshBool();
        return ctx.mkNot(ctx.mkEq(value(e), constant(0, t)));
    }

    /** The value of integer expression {@code e} (fresh if its type is not a modelled integer: the caller checks). */
    public Expr<BitVecSort> value(weft.ir.Expr e) {
        CType.Int t = modelled(e.type());
        if (t == null) throw new IllegalArgumentException("not an integer expression: " + e);
        if (e instanceof weft.ir.Expr.IntConst k) return constant(k.value(), t);
        if (e instanceof weft.ir.Expr.Load l && l.lvalue() instanceof Lvalue.Var v && tracked.containsKey(v.variable())) {
            return tracked.get(v.variable());
        }
        if (operands != null) {
            if (e instanceof weft.ir.Expr.Load l) return operands.load(l.lvalue(), t);
            if (e instanceof weft.ir.Expr.AddrOf a) return operands.address(a.lvalue());
            if (e instanceof weft.ir.Expr.FuncRef f) return operands.function(f.name());
        }
        if (e instanceof weft.ir.Expr.Cast c) {
            CType.Int from = modelled(c.operand().type());
            return from == null ? freshValue(t, "cast") : convert(value(c.operand()), from, t);
        }
        if (e instanceof weft.ir.Expr.Unary u) return unary(u, t);
        if (e instanceof weft.ir.Expr.Binary b) {
            if (b.op().isComparison()) return ctx.mkITE(compare(b), constant(1, t), constant(0, t));
            return binary(b, t);
        }
        return freshValue(t, "load");
    }

    /** Conversion between integer types: truncation, or extension by the source's signedness; to {@code _Bool}: {@code != 0}. */
    public Expr<BitVecSort> convert(Expr<BitVecSort> v, CType.Int from, CType.Int to) {
        if (IntConversions.isBool(to) && !IntConversions.isBool(from)) {
            return ctx.mkITE(ctx.mkEq(v, constant(0, from)), constant(0, to), constant(1, to));
        }
        int fw = bits(from);
        int tw = bits(to);
        if (fw == tw) return v;
        if (tw < fw) return ctx.mkExtract(tw - 1, 0, v);
        return from.signed() ? ctx.mkSignExt(tw - fw, v) : ctx.mkZeroExt(tw - fw, v);
    }

    private BoolExpr compare(weft.ir.Expr.Binary b) {
        CType.Int lt = modelled(b.left().type());
        CType.Int rt = modelled(b.right().type());
        if (lt == null || rt == null) return freshBool();
        CType.Int ct = IntConversions.common(lt, rt, IntConversions.INT);
        Expr<BitVecSort> l = convert(value(b.left()), lt, ct);
        Expr<BitVecSort> r = convert(value(b.right()), rt, ct);
        boolean s = ct.signed();
        return switch (b.op()) {
            case EQ -> ctx.mkEq(l, r);
            case NE -> ctx.mkNot(ctx.mkEq(l, r));
            case LT -> s ? ctx.mkBVSLT(l, r) : ctx.mkBVULT(l, r);
            case LE -> s ? ctx.mkBVSLE(l, r) : ctx.mkBVULE(l, r);
            case GT -> s ? ctx.mkBVSGT(l, r) : ctx.mkBVUGT(l, r);
            case GE -> s ? ctx.mkBVSGE(l, r) : ctx.mkBVUGE(l, r);
            default -> throw new IllegalArgumentException(b.op().toString());
        };
    }

    private Expr<BitVecSort> unary(weft.ir.Expr.Unary u, CType.Int t) {
        if (u.op() == weft.ir.Expr.UnOp.NOT) return ctx.mkITE(truth(u.operand()), constant(0, t), constant(1, t));
        CType.Int from = modelled(u.operand().type());
        if (from == null) return freshValue(t, "unary");
        CType.Int ot = IntConversions.promote(from, IntConversions.INT);
        Expr<BitVecSort> x = convert(value(u.operand()), from, ot);
        Expr<BitVecSort> r;
        if (u.op() == weft.ir.Expr.UnOp.NEG) {
            r = ctx.mkBVNeg(x);
            if (ot.signed() && !wrapping) r = undefinedUnless(ctx.mkBVNegNoOverflow(x), r, ot);
        } else {
            r = ctx.mkBVNot(x);
        }
        return convert(r, ot, t);
    }

    private Expr<BitVecSort> binary(weft.ir.Expr.Binary b, CType.Int t) {
        CType.Int lt = modelled(b.left().type());
        CType.Int rt = modelled(b.right().type());
        if (lt == null || rt == null) return freshValue(t, "ptr");
        BinOp op = b.op();
        if (op == BinOp.SHL || op == BinOp.SHR) {
            CType.Int ot = IntConversions.promote(lt, IntConversions.INT);
            int w = bits(ot);
            Expr<BitVecSort> a = convert(value(b.left()), lt, ot);
            Expr<BitVecSort> cnt64 = convert(value(b.right()), rt, new CType.Int("long long", 8, 8, rt.signed()));
            // a count out of [0, width) is undefined: the result is then any value
            BoolExpr inRange = ctx.mkBVULT(cnt64, ctx.mkBV(w, 64));
            Expr<BitVecSort> cnt = w == 64 ? cnt64 : ctx.mkExtract(w - 1, 0, cnt64);
            Expr<BitVecSort> r = op == BinOp.SHR ? (ot.signed() ? ctx.mkBVASHR(a, cnt) : ctx.mkBVLSHR(a, cnt)) : ctx.mkBVSHL(a, cnt);
            BoolExpr defined = inRange;
            if (op == BinOp.SHL && ot.signed() && !wrapping) {
                // a negative left operand or bits shifted into or past the sign bit are undefined
                defined = ctx.mkAnd(inRange, ctx.mkBVSGE(a, constant(0, ot)), ctx.mkEq(ctx.mkBVASHR(r, cnt), a),
                        ctx.mkBVSGE(r, constant(0, ot)));
            }
            return convert(wrapping ? ctx.mkITE(defined, r, freshValue(ot, "ub")) : undefinedUnless(defined, r, ot), ot, t);
        }
        if (operands != null && (b.left().type().isPointer() || b.right().type().isPointer())) return pointerArithmetic(b, lt, rt, t);
        CType.Int ot = IntConversions.common(lt, rt, IntConversions.INT);
        Expr<BitVecSort> l = convert(value(b.left()), lt, ot);
        Expr<BitVecSort> r = convert(value(b.right()), rt, ot);
        boolean s = ot.signed();
        Expr<BitVecSort> res;
        BoolExpr defined = null;
        switch (op) {
            case ADD -> {
                res = ctx.mkBVAdd(l, r);
                if (s && !wrapping) defined = ctx.mkAnd(ctx.mkBVAddNoOverflow(l, r, true), ctx.mkBVAddNoUnderflow(l, r));
            }
            case SUB -> {
                res = ctx.mkBVSub(l, r);
                if (s && !wrapping) defined = ctx.mkAnd(ctx.mkBVSubNoOverflow(l, r), ctx.mkBVSubNoUnderflow(l, r, true));
            }
            case MUL -> {
                res = ctx.mkBVMul(l, r);
                if (s && !wrapping) defined = ctx.mkAnd(ctx.mkBVMulNoOverflow(l, r, true), ctx.mkBVMulNoUnderflow(l, r));
            }
            case DIV, MOD -> {
                res = op == BinOp.DIV ? (s ? ctx.mkBVSDiv(l, r) : ctx.mkBVUDiv(l, r)) : (s ? ctx.mkBVSRem(l, r) : ctx.mkBVURem(l, r));
                defined = ctx.mkNot(ctx.mkEq(r, constant(0, ot)));
                if (s) defined = ctx.mkAnd(defined, ctx.mkBVSDivNoOverflow(l, r));
            }
            case AND -> res = ctx.mkBVAND(l, r);
            case OR -> res = ctx.mkBVOR(l, r);
            case XOR -> res = ctx.mkBVXOR(l, r);
            default -> throw new IllegalArgumentException(op.toString());
        }
        if (defined != null) res = undefinedUnless(defined, res, ot);
        return convert(res, ot, t);
    }

    /**
     * {@code p + i}, {@code p - i} (scaled by the pointee's size, the index extended by its signedness), {@code p - q}
     * (the byte difference divided by the size); any other operation on pointers is an operation on their integers.
     */
    private Expr<BitVecSort> pointerArithmetic(weft.ir.Expr.Binary b, CType.Int lt, CType.Int rt, CType.Int t) {
        boolean lp = b.left().type().isPointer();
        boolean rp = b.right().type().isPointer();
        CType.Int pt = pointerType(operands.pointerBytes());
        if (b.op() == BinOp.ADD || b.op() == BinOp.SUB) {
            if (lp && rp && b.op() == BinOp.SUB) {
                long size = Math.max(1, b.left().type().pointee().size());
                Expr<BitVecSort> d = ctx.mkBVSub(value(b.left()), value(b.right()));
                return convert(ctx.mkBVSDiv(d, constant(size, pt)), pt, t);
            }
            weft.ir.Expr ptr = lp ? b.left() : b.right();
            weft.ir.Expr idx = lp ? b.right() : b.left();
            CType.Int it = lp ? rt : lt;
            CType pointee = ptr.type().pointee();
            long size = pointee == null || pointee.size() <= 0 ? 1 : pointee.size();
            Expr<BitVecSort> off = ctx.mkBVMul(convert(value(idx), it, pt), constant(size, pt));
            Expr<BitVecSort> p = value(ptr);
            return convert(b.op() == BinOp.ADD ? ctx.mkBVAdd(p, off) : ctx.mkBVSub(p, off), pt, t);
        }
        Expr<BitVecSort> l = convert(value(b.left()), lt, pt);
        Expr<BitVecSort> r = convert(value(b.right()), rt, pt);
        Expr<BitVecSort> res = switch (b.op()) {
            case AND -> ctx.mkBVAND(l, r);
            case OR -> ctx.mkBVOR(l, r);
            case XOR -> ctx.mkBVXOR(l, r);
            default -> freshValue(pt, "ptrop");
        };
        return convert(res, pt, t);
    }

    /** {@code r} where {@code ok} holds, else any value (undefined behaviour); records {@code ok}. */
    private Expr<BitVecSort> undefinedUnless(BoolExpr ok, Expr<BitVecSort> r, CType.Int t) {
        defined.add(ok);
        return ctx.mkITE(ok, r, freshValue(t, "ub"));
    }

    public static int bits(CType.Int t) {
        return (int) (8 * t.size());
    }
}
