package weft.modular;

/**
 * The soft memory limit of an analysis ({@code weft check --memory}): once the heap in use exceeds it,
 * {@link #exceeded} stays true and the thread walk keeps fewer calling contexts ({@link ThreadWalker}:
 * one joined context per thread and function), trading precision for memory before the JVM runs out.
 * Heap in use counts garbage not yet collected: the JVM is asked to collect a few times before the limit trips, so
 * that garbage alone does not cost precision; past those, the limit may trip early, which only costs precision.
 *
 * <p>Not a soundness argument of its own: a joined context over-approximates each context it replaces
 * (see {@link ThreadWalker}), so degrading never turns a possible race into an excluded one.
 */
public final class MemoryBudget {
    /** No limit. */
    public static final MemoryBudget NONE = new MemoryBudget(Long.MAX_VALUE);

    private final long limitBytes;
    private boolean exceeded;

    public MemoryBudget(long limitBytes) {
        this.limitBytes = limitBytes;
    }

    /** The limit for {@code requested} bytes, or 3/4 of the JVM's maximum heap when {@code requested} is 0. */
    public static MemoryBudget of(long requested) {
        return new MemoryBudget(requested > 0 ? requested : Runtime.getRuntime().maxMemory() / 4 * 3);
    }

    public long limitBytes() {
        return limitBytes;
    }

    /** Collections asked for before the limit trips: garbage alone must not cost precision (a few, then trusted). */
    private static final int COLLECTIONS = 4;
    private int collections;

    /**
     * Whether the heap in use has exceeded the limit (at this or an earlier call). Heap in use counts garbage not yet
     * collected (other analyses in the same JVM leave some: a test suite, a benchmark), so the first few times it is
     * over the limit the JVM is asked to collect and the heap is measured again; only what is still in use trips it.
     */
    public boolean exceeded() {
        if (!exceeded && limitBytes < Long.MAX_VALUE) {
            Runtime rt = Runtime.getRuntime();
            long used = rt.totalMemory() - rt.freeMemory();
            exceeded = used > limitBytes;
            // garbage can explain heap use up to about twice the limit; far above it (a tiny --memory) it cannot
            if (exceeded && collections < COLLECTIONS && used / 2 <= limitBytes) {
                collections++;
                System.gc();
                exceeded = rt.totalMemory() - rt.freeMemory() > limitBytes;
            }
        }
        return exceeded;
    }
}
