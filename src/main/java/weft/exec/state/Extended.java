package weft.exec.state;

/**
 * x86's {@code long double}, the x87 80-bit extended format (gcc's on x86-64 and i386: 10 bytes of a 16- or 12-byte
 * object, a 64-bit significand with an explicit integer bit, a 15-bit exponent biased by 16383, the sign), for the values
 * the interpreter holds, doubles ({@link Value.Flt}): every double is exactly one extended value ({@link #encode}); an
 * extended value is read back only when it is exactly a double ({@link #decode}), since the interpreter computes no
 * extended arithmetic (a run reading any other value stops: no value is ever rounded).
 */
public final class Extended {
    private Extended() {
    }

    /** The bytes of the format's value; the rest of the object's bytes (padding) are not part of it. */
    public static final int BYTES = 10;

    /** The 10 bytes (little-endian significand, then sign and exponent) of the extended value equal to {@code d}. */
    public static byte[] encode(double d) {
        long bits = Double.doubleToRawLongBits(d);
        int sign = (int) (bits >>> 63);
        int e = (int) ((bits >>> 52) & 0x7ff);
        long f = bits & ((1L << 52) - 1);
        long m;
        int exp;
        if (e == 0x7ff) {
            exp = 0x7fff;
            m = (1L << 63) | (f << 11); // infinity's significand 0x8000..., a NaN's payload (its quiet bit) kept
        } else if (e == 0) {
            if (f == 0) {
                m = 0;
                exp = 0;
            } else {
                int lz = Long.numberOfLeadingZeros(f);
                m = f << lz;
                exp = 16383 + 63 - 1074 - lz; // a subnormal double is a normal extended value
            }
        } else {
            m = (1L << 63) | (f << 11);
            exp = e - 1023 + 16383;
        }
        byte[] b = new byte[BYTES];
        for (int i = 0; i < 8; i++) b[i] = (byte) (m >>> (8 * i));
        int se = (sign << 15) | exp;
        b[8] = (byte) se;
        b[9] = (byte) (se >>> 8);
        return b;
    }

    /**
     * The double equal to the extended value of the 10 bytes {@code b} (from {@code off}), or null when it is not
     * exactly a double (more significant bits, an exponent out of the double's range, a denormal, pseudo-denormal or
     * unnormal encoding, a NaN whose payload a double does not hold).
     */
    public static Double decode(byte[] b, int off) {
        long m = 0;
        for (int i = 7; i >= 0; i--) m = (m << 8) | (b[off + i] & 0xff);
        int se = (b[off + 8] & 0xff) | (b[off + 9] & 0xff) << 8;
        boolean negative = (se & 0x8000) != 0;
        int exp = se & 0x7fff;
        double v;
        if (exp == 0x7fff) {
            if (m == 1L << 63) v = Double.POSITIVE_INFINITY;
            else if (m < 0 && (m & 0x7ff) == 0 && (m & (1L << 62)) != 0) {
                return Double.longBitsToDouble((negative ? 1L << 63 : 0) | 0x7ff0000000000000L | ((m & ~(1L << 63)) >>> 11));
            } else return null;
        } else if (exp == 0) {
            if (m != 0) return null;
            v = 0;
        } else {
            if (m >= 0 || (m & 0x7ff) != 0) return null; // an unnormal, or more than a double's 53 bits
            long m53 = m >>> 11;
            int unbiased = exp - 16383;
            if (unbiased > 1023 || unbiased < -1074) return null;
            v = Math.scalb((double) m53, unbiased - 52);
            if (Math.scalb(v, 52 - unbiased) != (double) m53) return null; // a subnormal double that lost bits
        }
        return negative ? -v : v;
    }
}
