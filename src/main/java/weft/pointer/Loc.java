package weft.pointer;

/**
 * An abstract memory location: an object and a byte offset into it. {@link #ANY} means "some offset
 * inside the object that the analysis could not determine" (a non-constant index, pointer arithmetic
 * with a non-constant operand, an offset that left the object's bounds); it overlaps every byte of the
 * object. A <em>range location</em> ({@link #isRange}) is an unknown offset known to lie within the bytes
 * {@code [rangeLo, rangeHi)} of one array member of the object ({@code Extents}); its offset is {@link #ANY},
 * so code that ignores the range treats it as the whole object (which is sound). A <em>tagged location</em>
 * ({@link #isTagged}) is a concrete offset known to point into (or just past) the array member {@code [rangeLo,
 * rangeHi)}: the same cell as the plain location at that offset, but what is reached through it by an unknown
 * length stays in the member. A location is also a <em>cell</em>: the pointer value stored at that place in memory.
 */
public record Loc(MemObject object, long offset, long rangeLo, long rangeHi) {
    public static final long ANY = -1;

    /** The location at {@code offset} (or anywhere in the object for {@link #ANY}). */
    public Loc(MemObject object, long offset) {
        this(object, offset, 0, 0);
    }

    public boolean isAny() {
        return offset == ANY;
    }

    /** Whether this is an unknown offset within {@code [rangeLo, rangeHi)} (an array member) rather than the whole object. */
    public boolean isRange() {
        return offset == ANY && rangeHi > rangeLo;
    }

    /** Whether this is a concrete offset known to lie in the array member {@code [rangeLo, rangeHi)} (or just past it). */
    public boolean isTagged() {
        return offset != ANY && rangeHi > rangeLo;
    }

    @Override
    public String toString() {
        if (isRange()) return object + "+[" + rangeLo + ".." + rangeHi + ")";
        return object + (offset == ANY ? "+?" : offset == 0 ? "" : "+" + offset);
    }
}
