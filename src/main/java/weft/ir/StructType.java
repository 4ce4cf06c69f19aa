package weft.ir;

import java.util.List;

/**
 * A struct or union. Identity-based: two distinct declarations are distinct types. Members and layout
 * are set once by {@link #complete}, after which the object is effectively immutable.
 */
public final class StructType implements CType {
    /** A member with its byte offset; bit-fields also have a bit offset within their storage unit and a width. */
    public record Field(String name, CType type, long offset, int bitOffset, int bitWidth) {
        public boolean isBitField() {
            return bitWidth >= 0;
        }

        /** Bytes the member occupies (for bit-fields, the bytes that hold its bits). */
        public long byteSize() {
            if (!isBitField()) return Math.max(type.size(), 0);
            return Math.max(1, (bitOffset + bitWidth + 7) / 8);
        }
    }

    private final String name;
    private final boolean union;
    private List<Field> fields;
    private long size;
    private long align = 1;

    public StructType(String name, boolean union) {
        this.name = name;
        this.union = union;
    }

    public void complete(List<Field> fields, long size, long align) {
        if (this.fields != null) throw new IllegalStateException("struct " + name + " already complete");
        this.fields = List.copyOf(fields);
        this.size = size;
        this.align = align;
    }

    public String name() { return name; }
    public boolean isUnion() { return union; }
    public boolean isComplete() { return fields != null; }
    public List<Field> fields() { return fields == null ? List.of() : fields; }
    public long size() { return size; }
    public long align() { return align; }

    public Field field(String fieldName) {
        for (Field f : fields()) if (f.name().equals(fieldName)) return f;
        return null;
    }

    public String displayName() {
        return (union ? "union " : "struct ") + (name.isEmpty() ? "<anon>" : name);
    }

    @Override
    public String toString() {
        return displayName();
    }
}
