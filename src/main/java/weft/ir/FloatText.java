package weft.ir;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * The exact number a C floating-point text spells (a literal's, or what {@code strtod} reads without its sign): decimal
 * ({@code 1.5e3}) or hexadecimal ({@code 0x1.8p3}, after the {@code 0x}), for telling whether a double holds it exactly
 * (a {@code long double} literal, {@code strtold}: the interpreter holds no other long double).
 */
public final class FloatText {
    private FloatText() {
    }

    /**
     * Whether values of {@code t} are x87 extended: {@code long double}, 16 bytes (LP64) or 12 (ILP32); not a complex
     * one (twice that), not {@code __float128} (IEEE's quadruple).
     */
    public static boolean extended(CType t) {
        return t.unqualified() instanceof CType.Float f && f.name().equals("long double") && (f.size() == 16 || f.size() == 12);
    }

    /** Binary exponents past this make a number no double holds (a zero's aside). */
    private static final int FAR = 4000;

    /**
     * The exact value of {@code text} (no sign, no suffix; {@code hex}: the digits after {@code 0x}), or null when it is
     * not a number of that form or its exponent is past any double's (nonzero).
     */
    public static BigDecimal exact(String text, boolean hex) {
        String t = text.toLowerCase(java.util.Locale.ROOT);
        try {
            if (!hex) {
                BigDecimal v = new BigDecimal(t);
                return v.signum() == 0 ? BigDecimal.ZERO : v;
            }
            int p = t.indexOf('p');
            long exp = p < 0 ? 0 : Long.parseLong(t.substring(p + 1).startsWith("+") ? t.substring(p + 2) : t.substring(p + 1));
            String digits = (p < 0 ? t : t.substring(0, p)).replace(".", "");
            int point = (p < 0 ? t : t.substring(0, p)).indexOf('.');
            int fraction = point < 0 ? 0 : (p < 0 ? t : t.substring(0, p)).length() - point - 1;
            BigInteger m = new BigInteger(digits.isEmpty() ? "0" : digits, 16);
            if (m.signum() == 0) return BigDecimal.ZERO;
            long shift = exp - 4L * fraction;
            if (Math.abs(shift) > FAR) return null;
            BigDecimal v = new BigDecimal(m);
            BigDecimal two = BigDecimal.valueOf(2);
            return shift >= 0 ? v.multiply(two.pow((int) shift)) : v.divide(two.pow((int) -shift));
        } catch (NumberFormatException | ArithmeticException x) {
            return null;
        }
    }

    /** Whether the finite double {@code d} is exactly {@code exact} (null: a number no double holds). */
    public static boolean holds(double d, BigDecimal exact) {
        return exact != null && !Double.isNaN(d) && !Double.isInfinite(d) && new BigDecimal(d).compareTo(exact) == 0;
    }
}
