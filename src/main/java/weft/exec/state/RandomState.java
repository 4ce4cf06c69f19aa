package weft.exec.state;

/**
 * The C library's hidden generator states of one execution, as glibc keeps them: {@code random}'s and {@code rand}'s
 * additive feedback table ({@code stdlib/random_r.c}, TYPE_3: 31 words, the front pointer 3 ahead of the rear one)
 * and the 48-bit linear congruential generator of {@code lrand48}, {@code mrand48}, {@code drand48} (its state
 * {@code x}, multiplier {@code a} and addend {@code c}, which {@code erand48}, {@code nrand48} and {@code jrand48}
 * use too). A process starts as if {@code srandom(1)} had run (glibc's static table is that state) and with the
 * 48-bit state 0 and glibc's default multiplier and addend (its zeroed static data, initialised at the first call).
 * Every value these generators give is a function of this state: none is the world's (audit D50).
 *
 * <p>Mutable, stepped in place (a program may draw millions of values: qsort_mt fills its array with them); the
 * run's {@link Sync} copies it whenever it copies itself ({@link Sync#restore}), so a snapshot keeps its own.
 */
public final class RandomState {
    private static final int DEGREE = 31, SEPARATION = 3;
    /** glibc's default multiplier and addend of the 48-bit generator. */
    public static final long A48 = 0x5DEECE66DL, C48 = 0xB, MASK48 = (1L << 48) - 1;
    /** The state a process starts with (copied: {@link #initial}). */
    private static final RandomState INITIAL = seeded(1);

    private final int[] table;
    private int front;
    private int rear;
    private long x48 = 0, a48 = A48, c48 = C48;

    private RandomState(int[] table, int front, int rear) {
        this.table = table;
        this.front = front;
        this.rear = rear;
    }

    /** A process's state at its start. */
    public static RandomState initial() {
        return INITIAL.copy();
    }

    /** An independent copy. */
    public RandomState copy() {
        RandomState r = new RandomState(table.clone(), front, rear);
        r.x48 = x48;
        r.a48 = a48;
        r.c48 = c48;
        return r;
    }

    /** {@code srandom(seed)} (and {@code srand}): glibc's {@code __srandom_r} on the unsigned {@code seed}, 310 values discarded. */
    private static RandomState seeded(long seed) {
        RandomState r = new RandomState(new int[DEGREE], SEPARATION, 0);
        r.reseed(seed);
        return r;
    }

    /** {@code srandom(seed)} on this state; the 48-bit generator kept. */
    public void reseed(long seed) {
        int s = (int) seed;
        if (s == 0) s = 1;
        table[0] = s;
        int word = s;
        for (int i = 1; i < DEGREE; i++) {
            long hi = word / 127773;
            long lo = word % 127773;
            word = (int) (16807 * lo - 2836 * hi);
            if (word < 0) word += 2147483647;
            table[i] = word;
        }
        front = SEPARATION;
        rear = 0;
        for (int k = 0; k < DEGREE * 10; k++) next();
    }

    /** One {@code random()}: the value (31 bits), the state stepped. */
    public long next() {
        table[front] += table[rear];
        long v = (table[front] & 0xffffffffL) >>> 1;
        if (++front >= DEGREE) {
            front = 0;
            ++rear;
        } else if (++rear >= DEGREE) {
            rear = 0;
        }
        return v;
    }

    /** The 48-bit generator's state, multiplier and addend. */
    public long x48() {
        return x48;
    }

    public long a48() {
        return a48;
    }

    public long c48() {
        return c48;
    }

    /** The 48-bit generator's state, multiplier and addend set. */
    public void set48(long x, long a, long c) {
        x48 = x & MASK48;
        a48 = a & MASK48;
        c48 = c & 0xffff;
    }

    /** The 48-bit state after one step from {@code x}: {@code a * x + c mod 2^48}. */
    public long step48(long x) {
        return (a48 * x + c48) & MASK48;
    }
}
