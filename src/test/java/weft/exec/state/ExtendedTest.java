package weft.exec.state;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** x87's extended format for the doubles the interpreter holds: gcc's bytes, and no value read back rounded. */
class ExtendedTest {
    @Test
    void everyKindOfDoubleGoesThroughTheFormatUnchanged() {
        double[] values = {0.0, -0.0, 1.0, -3.0, 0.375, Math.PI, Double.MAX_VALUE, Double.MIN_NORMAL, Double.MIN_VALUE, 0x1.8p-1060,
            Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (double d : values) {
            Double back = Extended.decode(Extended.encode(d), 0);
            assertEquals(Double.doubleToRawLongBits(d), Double.doubleToRawLongBits(back), "round trip of " + d);
        }
        assertEquals(true, Double.isNaN(Extended.decode(Extended.encode(Double.NaN), 0)));
    }

    @Test
    void theBytesAreGccs() {
        // 1.0L as gcc stores it: significand 0x8000000000000000, exponent 0x3fff
        assertArrayEquals(new byte[] {0, 0, 0, 0, 0, 0, 0, (byte) 0x80, (byte) 0xff, 0x3f}, Extended.encode(1.0));
        // -0.375L: 1.1b x 2^-2
        assertArrayEquals(new byte[] {0, 0, 0, 0, 0, 0, 0, (byte) 0xc0, (byte) 0xfd, (byte) 0xbf}, Extended.encode(-0.375));
    }

    @Test
    void aValueNoDoubleHoldsIsNotReadBack() {
        byte[] b = Extended.encode(3.0);
        b[0] = 1; // 3 + 2^-62: more significant bits than a double's
        assertNull(Extended.decode(b, 0));
        byte[] big = Extended.encode(1.0);
        big[8] = (byte) 0xff;
        big[9] = 0x43; // 2^1024: past the double's range
        assertNull(Extended.decode(big, 0));
        byte[] unnormal = Extended.encode(1.0);
        unnormal[7] = 0x40; // the integer bit clear
        assertNull(Extended.decode(unnormal, 0));
    }
}
