package weft.exec.state;

import weft.ir.CType;
import weft.ir.Expr.BinOp;
import weft.ir.IntConversions;

/**
 * C integer semantics on {@code long} bits for the explorer: conversion to a type, the integer promotions and the
 * usual arithmetic conversions (the rules of {@link IntConversions}, with the explorer's {@code int}), and the operators.
 * Undefined behaviour (signed overflow, division by zero, {@code INT_MIN / -1}, shifts out of range or of negative
 * values) abandons the execution rather than picking one of the outcomes a compiler might produce. Conversions to
 * signed types wrap modulo 2^n, as GCC documents for this implementation-defined case.
 */
public final class Ints {
    private Ints() {}

    public static long normalize(long bits, CType.Int t) {
        if (t.size() > 8) throw Abandon.unsupported("integer type " + t);
        return IntConversions.truncate(bits, t.size(), t.signed());
    }

    /** Conversion of an integer value to integer type {@code t} (to {@code _Bool}: compare with zero). */
    public static long convert(long v, CType.Int t) {
        if (IntConversions.isBool(t)) return v != 0 ? 1 : 0;
        return normalize(v, t);
    }

    /** The integer promotion of {@code t} ({@link IntConversions#promote}); a type wider than 64 bits is not supported. */
    public static CType.Int promote(CType.Int t) {
        if (t.size() > 8) throw Abandon.unsupported("integer type " + t);
        return IntConversions.promote(t, IntConversions.INT);
    }

    /** The common type of the usual arithmetic conversions of two integer types ({@link IntConversions#common}). */
    public static CType.Int common(CType.Int a, CType.Int b) {
        return IntConversions.common(promote(a), promote(b), IntConversions.INT);
    }

    public static boolean fits(long v, CType.Int t) {
        if (t.size() >= 8) return true;
        return IntConversions.truncate(v, t.size(), t.signed()) == v;
    }

    /** {@code a op b} computed in type {@code t} (operands already converted to {@code t}). */
    public static long arith(BinOp op, long a, long b, CType.Int t) {
        boolean signed = t.signed();
        boolean wide = t.size() >= 8;
        long r;
        switch (op) {
            case ADD -> r = signed && wide ? exact(() -> Math.addExact(a, b)) : a + b;
            case SUB -> r = signed && wide ? exact(() -> Math.subtractExact(a, b)) : a - b;
            case MUL -> {
                if (signed) r = wide ? exact(() -> Math.multiplyExact(a, b)) : a * b;
                else r = a * b;
            }
            case DIV, MOD -> {
                if (b == 0) throw Abandon.unsupported("division by zero");
                if (signed) {
                    long min = wide ? Long.MIN_VALUE : IntConversions.truncate(1L << (8 * t.size() - 1), t.size(), true);
                    if (a == min && b == -1) throw Abandon.unsupported("signed division overflow");
                    r = op == BinOp.DIV ? a / b : a % b;
                } else {
                    r = op == BinOp.DIV ? Long.divideUnsigned(a, b) : Long.remainderUnsigned(a, b);
                }
            }
            case AND -> r = a & b;
            case OR -> r = a | b;
            case XOR -> r = a ^ b;
            default -> throw new IllegalArgumentException(op.toString());
        }
        if (signed && !fits(r, t)) throw Abandon.unsupported("signed overflow in " + op.symbol);
        return normalize(r, t);
    }

    /** Shift of {@code a} (of promoted type {@code t}) by a count {@code b} whose value is {@code b}. */
    public static long shift(BinOp op, long a, long b, boolean countNegative, CType.Int t) {
        int width = (int) (8 * t.size());
        if (countNegative || b < 0 || b >= width) throw Abandon.unsupported("shift count " + b + " out of range");
        if (op == BinOp.SHR) return t.signed() ? a >> b : normalize(a, t) >>> b;
        if (t.signed()) {
            if (a < 0) throw Abandon.unsupported("left shift of a negative value");
            if (a != 0 && Long.numberOfLeadingZeros(a) <= b + (64 - width)) {
                throw Abandon.unsupported("signed overflow in <<");
            }
        }
        return normalize(a << b, t);
    }

    public static boolean compare(BinOp op, long a, long b, boolean signed) {
        int c = signed ? Long.compare(a, b) : Long.compareUnsigned(a, b);
        return switch (op) {
            case EQ -> c == 0;
            case NE -> c != 0;
            case LT -> c < 0;
            case LE -> c <= 0;
            case GT -> c > 0;
            case GE -> c >= 0;
            default -> throw new IllegalArgumentException(op.toString());
        };
    }

    private interface LongOp {
        long get();
    }

    private static long exact(LongOp f) {
        try {
            return f.get();
        } catch (ArithmeticException e) {
            throw Abandon.unsupported("signed overflow");
        }
    }
}
