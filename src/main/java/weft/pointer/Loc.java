package weft.pointer;

/**
 * An abstract memory location: an object and a byte offset into it. {@link #ANY} means "some offset
 * inside the object that the analysis could not determine" (a non-constant index, pointer arithmetic
 * with a non-constant operand, an offset that left the object's bounds); it overlaps every byte of the
 * object. A location is also a <em>cell</em>: the pointer value stored at that place in memory.
 */
public record Loc(MemObject object, long offset) {
    public static final long ANY = -1;

    public boolean isAny() {
        return offset == ANY;
    }

    @Override
    public String toString() {
        return object + (offset == ANY ? "+?" : offset == 0 ? "" : "+" + offset);
    }
}
