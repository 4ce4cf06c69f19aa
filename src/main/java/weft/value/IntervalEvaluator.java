package weft.value;

import weft.ir.Expr;
import weft.ir.Expr.BinOp;
import weft.ir.Lvalue;
import weft.ir.Stmt;
import weft.ir.Variable;

import java.util.List;
import java.util.Map;

/**
 * Abstract semantics of expressions and statements over {@link Env}: expression values in the
 * expression's own C type, assignment with conversion to the variable's type, and refinement of
 * tracked variables by branch conditions. Stateless after construction, hence thread-safe.
 */
final class IntervalEvaluator {
    private static final long MIN = Long.MIN_VALUE;
    private static final long MAX = Long.MAX_VALUE;

    /** A tracked variable plus a constant, {@code value(slot) + offset}, computed without any wrap-around. */
    private record Linear(int slot, long offset) {}

    /** The C type of an expression (null if not an integer type) and its values. */
    private record Value(IntKind kind, Interval values) {}

    private static final Value NON_INT = new Value(null, Interval.top());
    private static final IntKind U64 = new IntKind(64, false, false);

    private final Map<Variable, Integer> slots;
    private final IntKind[] kinds;
    private final Interval[] ranges;
    private final int intBits;
    private final IntKind intKind;
    /** Tracked globals ({@code slots}) that a call matching {@code when} may change: reset to their range there. */
    record ResetAtCalls(int[] slots, java.util.function.Predicate<Stmt.Call> when) {}

    private final List<ResetAtCalls> resets;

    IntervalEvaluator(Map<Variable, Integer> slots, IntKind[] kinds, int intBits) {
        this(slots, kinds, intBits, List.of());
    }

    IntervalEvaluator(Map<Variable, Integer> slots, IntKind[] kinds, int intBits, List<ResetAtCalls> resets) {
        this.resets = List.copyOf(resets);
        this.slots = Map.copyOf(slots);
        this.kinds = kinds.clone();
        this.ranges = new Interval[kinds.length];
        for (int i = 0; i < kinds.length; i++) ranges[i] = kinds[i].range();
        this.intBits = intBits;
        this.intKind = new IntKind(intBits, true, false);
    }

    /** Each tracked variable's type range, by slot (a fresh array). */
    Interval[] ranges() {
        return ranges.clone();
    }

    // ---------------------------------------------------------------- expressions

    /** The values of {@code e} under C semantics in state {@code env}; top for non-integer expressions. */
    Interval eval(Expr e, Env env) {
        return value(e, env).values();
    }

    /**
     * The C type and values of {@code e}. Types of arithmetic results are derived from the operands by
     * C's promotions and usual arithmetic conversions, not taken from the IR, whose recorded types may
     * differ: compound assignments carry the target's type, and the parser types some expressions
     * wrongly (for example {@code (u < 1) - 1} as unsigned, or {@code 2147483648} as int). Kind null
     * means not an integer or of unknown type: nothing is known of the value.
     */
    private Value value(Expr e, Env env) {
        if (e instanceof Expr.IntConst c) return constant(c);
        if (e instanceof Expr.Load l) {
            IntKind k = IntKind.of(l.type());
            if (k == null) return NON_INT;
            Integer slot = l.lvalue() instanceof Lvalue.Var v ? slots.get(v.variable()) : null;
            return new Value(k, slot != null ? env.get(slot) : k.range());
        }
        if (e instanceof Expr.Cast c) {
            IntKind k = IntKind.of(c.type());
            if (k == null) return NON_INT;
            Value v = value(c.operand(), env);
            return new Value(k, k.convert(v.values(), v.kind()));
        }
        if (e instanceof Expr.Unary u) {
            Value v = value(u.operand(), env);
            if (u.op() == Expr.UnOp.NOT) return new Value(intKind, Arith.not(v.kind() == null ? null : v.values()));
            if (v.kind() == null) return NON_INT;
            IntKind k = v.kind().promote(intBits);
            Interval x = k.convert(v.values(), v.kind());
            return new Value(k, u.op() == Expr.UnOp.NEG ? Arith.neg(x, k) : Arith.bitNot(x, k));
        }
        if (e instanceof Expr.Binary b) return binary(b, env);
        return NON_INT;
    }

    /**
     * A constant. The parser types every unsuffixed literal as {@code int}; a value that does not fit
     * its recorded type therefore has an uncertain C type (for example {@code 0x80000000} is unsigned
     * int but {@code 2147483648} is a signed 64-bit type), and is then unknown unless only one type is
     * possible. A negative value for an unsigned type is the bit pattern of an unsigned 64-bit literal.
     */
    private static Value constant(Expr.IntConst c) {
        IntKind k = IntKind.of(c.type());
        if (k == null) return NON_INT;
        long x = c.value();
        Interval v = Interval.of(x);
        if (k.holds(v)) return new Value(k, v);
        if (x < 0) return k.signed() ? NON_INT : new Value(U64, U64.range());
        if (k.signed() && k.bits() < 64 && x <= (1L << k.bits()) - 1) return NON_INT;
        return new Value(k.signed() ? IntKind.I64 : U64, v);
    }

    private Value binary(Expr.Binary b, Env env) {
        Value l = value(b.left(), env);
        Value r = value(b.right(), env);
        IntKind ka = l.kind();
        IntKind kb = r.kind();
        if (b.op().isComparison()) {
            if (ka == null || kb == null) return new Value(intKind, Interval.of(0, 1));
            IntKind ck = IntKind.common(ka, kb, intBits);
            return new Value(intKind, Arith.compare(b.op(), ck.convert(l.values(), ka), ck.convert(r.values(), kb), ck));
        }
        if (ka == null || kb == null) return NON_INT;
        if (b.op() == BinOp.SHL || b.op() == BinOp.SHR) {
            IntKind pa = ka.promote(intBits);
            IntKind pb = kb.promote(intBits);
            return new Value(pa, Arith.shift(b.op() == BinOp.SHL, pa.convert(l.values(), ka), pb.convert(r.values(), kb), pa));
        }
        IntKind ck = IntKind.common(ka, kb, intBits);
        return new Value(ck, Arith.binary(b.op(), ck.convert(l.values(), ka), ck.convert(r.values(), kb), ck));
    }

    /**
     * {@code e} as a tracked variable plus a constant such that, for every value the variable may have
     * in {@code env}, the C value of {@code e} equals it mathematically (no conversion or operation
     * wraps around); null if {@code e} has no such form.
     */
    private Linear linear(Expr e, Env env) {
        if (e instanceof Expr.Load l && l.lvalue() instanceof Lvalue.Var v) {
            Integer slot = slots.get(v.variable());
            return slot != null && kinds[slot].exact(env.get(slot)) ? new Linear(slot, 0) : null;
        }
        if (e instanceof Expr.Cast c) {
            Linear in = linear(c.operand(), env);
            return in != null && fits(in, IntKind.of(c.type()), env) ? in : null;
        }
        if (e instanceof Expr.Binary b && (b.op() == BinOp.ADD || b.op() == BinOp.SUB)) {
            boolean constLeft = b.left() instanceof Expr.IntConst && b.op() == BinOp.ADD;
            Expr var = constLeft ? b.right() : b.left();
            Expr cst = constLeft ? b.left() : b.right();
            if (!(cst instanceof Expr.IntConst)) return null;
            Value vv = value(var, env);
            Value cv = value(cst, env);
            if (vv.kind() == null || cv.kind() == null) return null;
            IntKind ck = IntKind.common(vv.kind(), cv.kind(), intBits);
            Linear in = linear(var, env);
            if (in == null || !cv.values().isSingleton() || !ck.holds(cv.values()) || !fits(in, ck, env)) return null;
            long c = cv.values().lo();
            try {
                Linear r = new Linear(in.slot, b.op() == BinOp.ADD ? Math.addExact(in.offset, c) : Math.subtractExact(in.offset, c));
                return fits(r, ck, env) ? r : null;
            } catch (ArithmeticException overflow) {
                return null;
            }
        }
        return null;
    }

    /** The exact values of {@code l} in {@code env}, or null if they overflow a long. */
    private static Interval valuesOf(Linear l, Env env) {
        Interval v = env.get(l.slot);
        try {
            return Interval.of(Math.addExact(v.lo(), l.offset), Math.addExact(v.hi(), l.offset));
        } catch (ArithmeticException overflow) {
            return null;
        }
    }

    /** True if all values of {@code l} are representable in kind {@code k} (conversion is the identity). */
    private static boolean fits(Linear l, IntKind k, Env env) {
        Interval v = valuesOf(l, env);
        return k != null && v != null && k.holds(v);
    }

    // ---------------------------------------------------------------- statements

    /** The state after {@code s} executes in {@code env}; null if {@code s} cannot complete (infeasible branch). */
    Env transfer(Stmt s, Env env) {
        if (s instanceof Stmt.Assign a) {
            Integer slot = trackedTarget(a.lhs());
            if (slot == null) return env;
            IntKind k = kinds[slot];
            Value rhs = value(a.rhs(), env);
            Interval v = k.convert(rhs.values(), rhs.kind());
            Linear lin = linear(a.rhs(), env);
            Env r = env.set(slot, v.isBottom() ? ranges[slot] : v);
            return lin != null && lin.slot != slot && fits(lin, k, env) ? r.withFact(slot, lin.slot, lin.offset) : r;
        }
        if (s instanceof Stmt.Call c) {
            for (ResetAtCalls r : resets) {
                if (r.slots().length > 0 && r.when().test(c)) for (int g : r.slots()) env = env.set(g, ranges[g]);
            }
            Integer slot = c.result() == null ? null : trackedTarget(c.result());
            return slot == null ? env : env.set(slot, ranges[slot]);
        }
        if (s instanceof Stmt.Decl d) {
            Integer slot = slots.get(d.variable());
            return slot == null ? env : env.set(slot, ranges[slot]);
        }
        if (s instanceof Stmt.Assume a) return assume(a.cond(), a.positive(), env);
        if (s instanceof Stmt.Asm) {
            // Inline assembly may write any local through its output operands.
            return Env.of(ranges);
        }
        return env;
    }

    private Integer trackedTarget(Lvalue lv) {
        return lv instanceof Lvalue.Var v ? slots.get(v.variable()) : null;
    }

    /** {@code env} restricted to the states where {@code cond} is non-zero ({@code positive}) or zero. */
    private Env assume(Expr cond, boolean positive, Env env) {
        if (cond instanceof Expr.Unary u && u.op() == Expr.UnOp.NOT) return assume(u.operand(), !positive, env);
        if (cond instanceof Expr.Binary b && b.op().isComparison()) {
            Value lv = value(b.left(), env);
            Value rv = value(b.right(), env);
            if (lv.kind() == null || rv.kind() == null) return env;
            IntKind ck = IntKind.common(lv.kind(), rv.kind(), intBits);
            BinOp op = positive ? b.op() : Arith.negate(b.op());
            Interval l = ck.convert(lv.values(), lv.kind());
            Interval r = ck.convert(rv.values(), rv.kind());
            return constrain(constrain(env, b.left(), op, r, ck), b.right(), Arith.mirror(op), l, ck);
        }
        IntKind k = value(cond, env).kind();
        if (k == null) return env;
        return constrain(env, cond, positive ? BinOp.NE : BinOp.EQ, Interval.of(0), k);
    }

    /**
     * {@code env} restricted to the states where {@code e op other} holds, comparing in kind {@code k};
     * null if it never holds. {@code other} is an interval of kind {@code k}.
     */
    private Env constrain(Env env, Expr e, BinOp op, Interval other, IntKind k) {
        if (env == null) return null;
        Value v = value(e, env);
        Interval self = k.convert(v.values(), v.kind());
        if (Arith.compare(op, self, other, k).equals(Interval.of(0))) return null;
        Linear lin = linear(e, env);
        if (lin == null || !fits(lin, k, env)) return env;
        Interval allowed = allowed(op, other, valuesOf(lin, env), k);
        if (allowed == null) return env;
        long lo = allowed.lo() == MIN ? MIN : minus(allowed.lo(), lin.offset);
        long hi = allowed.hi() == MAX ? MAX : minus(allowed.hi(), lin.offset);
        return env.refine(lin.slot, Interval.of(lo, hi));
    }

    /**
     * The values {@code v} (currently {@code cur}, exact) may take so that {@code v op other} holds; a
     * bound of MIN/MAX means none. Null if the comparison constrains nothing.
     */
    private static Interval allowed(BinOp op, Interval other, Interval cur, IntKind k) {
        return switch (op) {
            case LT -> k.hiExact(other) ? Interval.of(MIN, minus(other.hi(), 1)) : null;
            case LE -> k.hiExact(other) ? Interval.of(MIN, other.hi()) : null;
            case GT -> k.loExact(other) ? Interval.of(plus(other.lo(), 1), MAX) : null;
            case GE -> k.loExact(other) ? Interval.of(other.lo(), MAX) : null;
            case EQ -> other;
            case NE -> {
                if (!other.isSingleton() || !k.exact(other)) yield null;
                long c = other.lo();
                if (cur.lo() == c) yield Interval.of(c == MAX ? MAX : c + 1, MAX);
                if (cur.hi() == c) yield Interval.of(MIN, c - 1);
                yield null;
            }
            default -> null;
        };
    }

    /** {@code a + d}, saturated to the long range (still a sound bound in the direction it overflowed). */
    private static long plus(long a, long d) {
        try {
            return Math.addExact(a, d);
        } catch (ArithmeticException overflow) {
            return d > 0 ? MAX : MIN;
        }
    }

    /** {@code a - d}, saturated. */
    private static long minus(long a, long d) {
        try {
            return Math.subtractExact(a, d);
        } catch (ArithmeticException overflow) {
            return d < 0 ? MAX : MIN;
        }
    }
}
