package weft.modular;

/**
 * The soft memory limit of an analysis ({@code weft check --memory}): once the heap in use exceeds it,
 * {@link #exceeded} stays true and the thread walk keeps fewer calling contexts ({@link ThreadWalker}:
 * one joined context per thread and function), trading precision for memory before the JVM runs out.
 * Heap in use counts garbage not yet collected, so the limit may trip early; that only costs precision.
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

    /** Whether the heap in use has exceeded the limit (at this or an earlier call). */
    public boolean exceeded() {
        if (!exceeded && limitBytes < Long.MAX_VALUE) {
            Runtime rt = Runtime.getRuntime();
            exceeded = rt.totalMemory() - rt.freeMemory() > limitBytes;
        }
        return exceeded;
    }
}
