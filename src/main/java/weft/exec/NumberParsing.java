package weft.exec;

import static weft.exec.Errno.*;

import weft.exec.state.*;

import weft.ir.CType;
import weft.ir.Edge;
import weft.ir.Stmt;
import weft.model.Semantics;

import java.math.BigInteger;
import java.util.List;

/**
 * Numbers read from text. {@code strtol}, {@code strtoul}, {@code strtoll}, {@code strtoull} and {@code atoi}, {@code atol}, {@code atoll}
 * ({@link Semantics.ParseInt}) as glibc computes them in the C locale (C11 7.22.1.4; the {@code ato*} functions are
 * glibc's {@code strtol(s, NULL, 10)} converted to their type): leading white space ({@code " \t\n\v\f\r"}), an
 * optional sign, for base 0 or 16 an optional {@code 0x} prefix (base 0: a leading {@code 0} means octal), the longest
 * run of digits of the base; no digits: 0 and the end is the string's start. A value outside the result type is the
 * type's bound (the maximum for an unsigned one, whose negated values wrap) with errno set to ERANGE. The bytes
 * examined (the string up to the first byte that is not part of the number, that one included) are read; every one
 * must be known. Another base than 0 and 2 to 36 is EINVAL: abandoned. The locale is C's: the explorer executes no
 * {@code setlocale} that could change it.
 */
final class NumberParsing {

    private NumberParsing() {
    }

    static boolean parse(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                         Semantics.ParseInt p, List<Value> args) {
        ExecState st = in.st;
        Value.Ptr s = LibraryFunctions.ptr(LibraryBehaviour.arg(args, p.s()), name);
        long base = 10;
        if (p.base() >= 0) {
            if (!(LibraryBehaviour.arg(args, p.base()) instanceof Value.Int b)) throw Abandon.unsupported(name + " base");
            base = b.v();
        }
        if (base != 0 && (base < 2 || base > 36)) throw Abandon.unsupported(name + " with base " + base + " (EINVAL)");
        long i = 0;
        while (" \t\n\f\r\u000b".indexOf(at(st, s, i, name)) >= 0) i++;
        boolean negative = false;
        int sign = at(st, s, i, name);
        if (sign == '+' || sign == '-') {
            negative = sign == '-';
            i++;
        }
        if ((base == 0 || base == 16) && at(st, s, i, name) == '0' && (at(st, s, i + 1, name) | 0x20) == 'x'
                && digit(at(st, s, i + 2, name)) >= 0 && digit(at(st, s, i + 2, name)) < 16) {
            base = 16;
            i += 2;
        } else if (base == 0) {
            base = at(st, s, i, name) == '0' ? 8 : 10;
        }
        long start = i;
        BigInteger v = BigInteger.ZERO;
        BigInteger b = BigInteger.valueOf(base);
        for (int d; (d = digit(at(st, s, i, name))) >= 0 && d < base; i++) v = v.multiply(b).add(BigInteger.valueOf(d));
        boolean none = i == start;
        lib.access(c, s, i + 1, false, call, name);
        long bits = p.bits() == 0 ? st.dm.longSize * 8L : p.bits();
        BigInteger max = p.unsigned() ? BigInteger.ONE.shiftLeft((int) bits).subtract(BigInteger.ONE)
                : BigInteger.ONE.shiftLeft((int) bits - 1).subtract(BigInteger.ONE);
        BigInteger min = p.unsigned() ? BigInteger.ZERO : max.negate().subtract(BigInteger.ONE);
        long result;
        boolean range = false;
        if (none) {
            result = 0;
        } else if (v.compareTo(p.unsigned() ? max : negative ? max.add(BigInteger.ONE) : max) > 0) {
            range = true;
            result = p.unsigned() ? max.longValue() : negative ? min.longValue() : max.longValue();
        } else {
            // an unsigned negation wraps modulo 2^bits
            result = weft.ir.IntConversions.truncate((negative ? v.negate() : v).longValue(), bits / 8, !p.unsigned());
        }
        if (p.end() >= 0) storeEnd(st, lib, c, call, name, args, p.end(), s.at(s.off() + (none ? 0 : i)));
        if (range && !c.dry) st.setErrno(t, ERANGE);
        CType.Int type = new CType.Int(p.unsigned() ? "unsigned long" : "long", bits / 8, bits / 8, !p.unsigned());
        long value = p.resultBits() == 0 ? result : weft.ir.IntConversions.truncate(result, p.resultBits() / 8, true);
        return in.finishCall(t, c, e, Value.of(value), p.resultBits() == 0 ? type : weft.ir.IntConversions.INT);
    }

    /** The longest text a floating-point parse copies to the installed library; a longer one stops the run. */
    private static final int MAX_FLOAT_TEXT = 4096;

    /**
     * {@code strtod}, {@code strtof} and {@code atof} ({@link Semantics.ParseFloat}): the installed C library parses the
     * string's bytes in the C locale ({@link weft.installed.CLibrary#parseFloat}), so the value, the end and the errno
     * (ERANGE) are glibc's, whatever the text (decimal or hexadecimal, infinities, NaNs with payloads).
     *
     * <p>Soundness (proofs) and must-soundness (witnesses): every byte of the string up to its terminator must be known
     * (else the run stops). glibc certainly reads the number's bytes and the byte after them (the first byte of the string
     * when there is no number); a witness records those. It may read further (an exponent or a NaN's payload it gives up
     * on): a proof counts the whole string, terminator included. The reproducer's wrapper reads what a witness records.
     */
    static boolean parseFloat(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                              Semantics.ParseFloat p, List<Value> args) {
        ExecState st = in.st;
        Value.Ptr s = LibraryFunctions.ptr(LibraryBehaviour.arg(args, p.s()), name);
        java.io.ByteArrayOutputStream text = new java.io.ByteArrayOutputStream();
        for (int b; (b = at(st, s, text.size(), name)) != 0; ) {
            if (text.size() >= MAX_FLOAT_TEXT) throw Abandon.unsupported(name + " of a text longer than " + MAX_FLOAT_TEXT + " bytes");
            text.write(b);
        }
        weft.installed.CLibrary libc = weft.installed.CLibrary.installed().orElseThrow(() -> Abandon.unsupported(name + ": no installed C library"));
        weft.installed.CLibrary.Parsed r = libc.parseFloat(text.toByteArray(), p.single());
        long sure = r.length() + 1;
        lib.access(c, s, sure, false, call, name);
        if (st.exhaustive && sure < text.size() + 1L) lib.proofOnlyAccess(c, s.at(s.off() + sure), text.size() + 1L - sure, call, name);
        if (p.end() >= 0) storeEnd(st, lib, c, call, name, args, p.end(), s.at(s.off() + r.length()));
        if (p.extended()) {
            // strtold reads the same text as strtod; its value is one the interpreter holds only when it is exactly a
            // double (then it is the same number, far inside the long double's range: no range error)
            if (!exactlyDouble(text.toByteArray(), (int) r.length(), r.value())) {
                throw Abandon.unsupported(name + " of a number that is not exactly a double (no other long double is held)");
            }
            return in.finishCall(t, c, e, new Value.Flt(r.value()), new CType.Float("long double", st.dm.longDoubleSize, st.dm.longDoubleAlign));
        }
        if (r.errno() != 0 && !c.dry) st.setErrno(t, r.errno());
        CType.Float type = p.single() ? new CType.Float("float", 4, 4) : new CType.Float("double", 8, 8);
        return in.finishCall(t, c, e, new Value.Flt(r.value()), type);
    }

    /**
     * Whether the number the first {@code length} bytes of {@code text} spell (as strtod reads it: spaces, a sign, a
     * decimal or hexadecimal number, an infinity or a NaN without payload; none: 0) is exactly {@code value}.
     */
    static boolean exactlyDouble(byte[] text, int length, double value) {
        String s = new String(text, 0, length, java.nio.charset.StandardCharsets.ISO_8859_1).strip();
        if (s.isEmpty()) return value == 0;
        boolean negative = s.charAt(0) == '-';
        if (s.charAt(0) == '-' || s.charAt(0) == '+') s = s.substring(1);
        String lower = s.toLowerCase(java.util.Locale.ROOT);
        if (lower.equals("inf") || lower.equals("infinity")) return Double.isInfinite(value);
        if (lower.equals("nan")) return Double.isNaN(value);
        boolean hex = lower.startsWith("0x");
        java.math.BigDecimal exact = weft.ir.FloatText.exact(hex ? lower.substring(2) : lower, hex);
        if (exact == null) return false;
        if (exact.signum() == 0) return value == 0 && (1 / value < 0) == negative;
        return weft.ir.FloatText.holds(value, negative ? exact.negate() : exact);
    }

    /** The end pointer {@code end} stored through argument {@code endArg} unless that is null. */
    private static void storeEnd(ExecState st, LibraryFunctions lib, Ctx c, Stmt.Call call, String name, List<Value> args, int endArg, Value.Ptr end) {
        Value v = LibraryBehaviour.arg(args, endArg);
        if (v instanceof Value.Int z && z.v() == 0) return;
        Value.Ptr endp = LibraryFunctions.ptr(v, name);
        CType ptrType = call.args().get(endArg).type().pointee();
        if (ptrType == null || !ptrType.isPointer()) throw Abandon.unsupported(name + " end pointer of type " + ptrType);
        lib.access(c, endp, ptrType.size(), true, call, name);
        if (!c.dry) st.mem.write(endp.obj(), endp.off(), ptrType, end);
    }

    /** The known byte at offset {@code i} of the string at {@code s}. */
    private static int at(ExecState st, Value.Ptr s, long i, String name) {
        return Formatter.known(st.mem, s, s.off() + i, name);
    }

    /** The value of {@code ch} as a digit of bases up to 36 ({@code 0-9}, {@code a-z} either case), or -1. */
    static int digit(int ch) {
        if (ch >= '0' && ch <= '9') return ch - '0';
        int l = ch | 0x20;
        if (l >= 'a' && l <= 'z') return l - 'a' + 10;
        return -1;
    }
}
