package weft.access;

import weft.pointer.MemObject;

/**
 * Bytes an access may touch in one object: it starts somewhere in {@code [minStart, maxStart]} and
 * spans {@code size} bytes. {@link #UNBOUNDED} as {@code maxStart} or {@code size} means "up to the
 * end of the object, whatever its size".
 */
public record Region(MemObject object, long minStart, long maxStart, long size) {
    public static final long UNBOUNDED = Long.MAX_VALUE / 4;

    public static Region whole(MemObject o) {
        return new Region(o, 0, 0, o.size() > 0 ? o.size() : UNBOUNDED);
    }

    public long endExclusive() {
        return Math.min(UNBOUNDED, maxStart + size);
    }

    /** Same object and intersecting byte ranges. */
    public boolean mayOverlap(Region o) {
        return object.equals(o.object) && minStart < o.endExclusive() && o.minStart < endExclusive();
    }

    /** Exactly one start and a known size. */
    public boolean isExact() {
        return minStart == maxStart && size < UNBOUNDED;
    }

    /** Both exact and the same bytes overlap for certain. */
    public boolean mustOverlap(Region o) {
        return isExact() && o.isExact() && mayOverlap(o);
    }

    public Region shift(long lo, long hi) {
        long a = sat(minStart + lo);
        long b = maxStart >= UNBOUNDED || hi >= UNBOUNDED ? UNBOUNDED : sat(maxStart + hi);
        return new Region(object, Math.max(0, a), Math.max(0, b), size);
    }

    /** The smallest region of the same object covering the bytes of both. */
    public Region hull(Region o) {
        if (equals(o)) return this;
        long lo = Math.min(minStart, o.minStart);
        long end = Math.max(endExclusive(), o.endExclusive());
        long s = Math.max(size, o.size);
        long hi = end >= UNBOUNDED ? UNBOUNDED : Math.max(lo, end - s);
        return new Region(object, lo, hi, s);
    }

    public Region withObject(MemObject o) {
        return new Region(o, minStart, maxStart, size);
    }

    public Region withSize(long s) {
        return new Region(object, minStart, maxStart, s);
    }

    private static long sat(long v) {
        return Math.max(-UNBOUNDED, Math.min(UNBOUNDED, v));
    }

    @Override
    public String toString() {
        String range = minStart == maxStart ? Long.toString(minStart) : minStart + ".." + (maxStart >= UNBOUNDED ? "?" : maxStart);
        return object + "[" + range + "+" + (size >= UNBOUNDED ? "?" : size) + "]";
    }
}
