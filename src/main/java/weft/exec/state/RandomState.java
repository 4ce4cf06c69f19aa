package weft.exec.state;

/**
 * The C library's hidden generator states of one execution, as glibc keeps them (immutable, replaced on change):
 * {@code random}'s and {@code rand}'s additive feedback table ({@code stdlib/random_r.c}, TYPE_3: 31 words, the front
 * pointer 3 ahead of the rear one) and the 48-bit linear congruential generator of {@code lrand48}, {@code mrand48},
 * {@code drand48} (its state {@code x}, multiplier {@code a} and addend {@code c}, which {@code erand48},
 * {@code nrand48} and {@code jrand48} use too). A process starts as if {@code srandom(1)} had run (glibc's static
 * table is that state) and with the 48-bit state 0 and glibc's default multiplier and addend (its zeroed static
 * data, initialised at the first call). Every value these generators give is a function of this state: none is the
 * world's (audit D50).
 */
public final class RandomState {
    private static final int DEGREE = 31, SEPARATION = 3;
    /** glibc's default multiplier and addend of the 48-bit generator. */
    public static final long A48 = 0x5DEECE66DL, C48 = 0xB, MASK48 = (1L << 48) - 1;
    /** The state a process starts with. */
    public static final RandomState INITIAL = seeded(1).with48(0, A48, C48);

    private final int[] table;
    private final int front;
    private final int rear;
    /** The 48-bit generator's state, multiplier and addend. */
    public final long x48, a48, c48;

    private RandomState(int[] table, int front, int rear, long x48, long a48, long c48) {
        this.table = table;
        this.front = front;
        this.rear = rear;
        this.x48 = x48;
        this.a48 = a48;
        this.c48 = c48;
    }

    /** {@code srandom(seed)} (and {@code srand}): glibc's {@code __srandom_r} on the unsigned {@code seed}, 310 values discarded. */
    public static RandomState seeded(long seed) {
        return seededTable(seed, A48, C48, 0);
    }

    /** This state after {@code srandom(seed)}; the 48-bit generator kept. */
    public RandomState reseeded(long seed) {
        return seededTable(seed, a48, c48, x48);
    }

    private static RandomState seededTable(long seed, long a48, long c48, long x48) {
        int s = (int) seed;
        if (s == 0) s = 1;
        int[] t = new int[DEGREE];
        t[0] = s;
        int word = s;
        for (int i = 1; i < DEGREE; i++) {
            long hi = word / 127773;
            long lo = word % 127773;
            word = (int) (16807 * lo - 2836 * hi);
            if (word < 0) word += 2147483647;
            t[i] = word;
        }
        RandomState r = new RandomState(t, SEPARATION, 0, x48, a48, c48);
        for (int k = 0; k < DEGREE * 10; k++) r = r.next();
        return r;
    }

    /** The value {@code random()} gives now (31 bits), of {@link #next}'s step. */
    public long value() {
        int[] t = table.clone();
        t[front] += t[rear];
        return (t[front] & 0xffffffffL) >>> 1;
    }

    /** The state after one {@code random()}. */
    public RandomState next() {
        int[] t = table.clone();
        t[front] += t[rear];
        int f = front + 1;
        int r = rear + 1;
        if (f >= DEGREE) {
            f = 0;
        } else if (r >= DEGREE) {
            r = 0;
        }
        return new RandomState(t, f, r, x48, a48, c48);
    }

    /** This state with the 48-bit generator's state, multiplier and addend replaced. */
    public RandomState with48(long x, long a, long c) {
        return new RandomState(table, front, rear, x & MASK48, a & MASK48, c & 0xffff);
    }

    /** The 48-bit state after one step from {@code x}: {@code a * x + c mod 2^48}. */
    public long step48(long x) {
        return (a48 * x + c48) & MASK48;
    }
}
