package weft.bounded;

/**
 * The bounds of the bounded layer, an option passed in (never a global).
 *
 * @param maxUnwind the most back edges per path an unwinding may take; the layer tries 1, 2, 4... up to it and
 *                  stops at the first complete one
 * @param maxCopies the most node copies (region nodes times depths + 1) one unwinding may have
 */
public record Bounds(int maxUnwind, int maxCopies) {
    public Bounds {
        if (maxUnwind < 0 || maxCopies < 1) throw new IllegalArgumentException("bounds must be positive");
    }

    public static Bounds defaults() {
        return new Bounds(64, 20_000);
    }

    @Override
    public String toString() {
        return "unwinding up to " + maxUnwind + " back edges per path, at most " + maxCopies + " node copies";
    }
}
