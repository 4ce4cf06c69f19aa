package weft.ir;

/**
 * A memory location designator with its structure kept: variable, struct member, array element or
 * pointer dereference. Each knows its static type, hence how many bytes an access through it touches.
 */
public sealed interface Lvalue {
    CType type();

    /** Bytes accessed when this lvalue is read or written as a whole. */
    default long byteSize() {
        return Math.max(type().size(), 0);
    }

    record Var(Variable variable) implements Lvalue {
        public CType type() { return variable.type(); }
        @Override public String toString() { return variable.name(); }
    }

    /** Member {@code field} of the struct or union designated by {@code base}. */
    record Field(Lvalue base, StructType owner, StructType.Field field) implements Lvalue {
        public CType type() { return field.type(); }
        @Override public String toString() { return base + "." + field.name(); }
    }

    /** Element {@code index} of the array designated by {@code base}. */
    record Index(Lvalue base, Expr index, CType type) implements Lvalue {
        @Override public String toString() { return base + "[" + index + "]"; }
    }

    /** The object {@code pointer} points to, accessed with type {@code type}. */
    record Deref(Expr pointer, CType type) implements Lvalue {
        @Override public String toString() { return "*(" + pointer + ")"; }
    }
}
