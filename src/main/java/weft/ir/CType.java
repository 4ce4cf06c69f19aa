package weft.ir;

import java.util.List;

/**
 * C types after data-model layout: every type knows its byte size and alignment. Types are immutable
 * values, except {@link StructType}, whose members are filled in once when the definition is seen
 * (C allows self-reference through pointers) and never changed afterwards.
 */
public sealed interface CType permits CType.Void, CType.Int, CType.Float, CType.Pointer, CType.Array,
        CType.Function, StructType, CType.Qualified {

    /** Size in bytes; 0 for void, functions and incomplete types; -1 for arrays of unknown length. */
    long size();

    long align();

    /** This type without qualifiers. */
    default CType unqualified() {
        return this;
    }

    default boolean isAtomic() {
        return false;
    }

    default boolean isVolatile() {
        return false;
    }

    default boolean isScalar() {
        CType t = unqualified();
        return t instanceof Int || t instanceof Float || t instanceof Pointer;
    }

    default boolean isPointer() {
        return unqualified() instanceof Pointer;
    }

    /** The target type of a pointer or the element type of an array, or null. */
    default CType pointee() {
        CType t = unqualified();
        if (t instanceof Pointer p) return p.target();
        if (t instanceof Array a) return a.element();
        return null;
    }

    record Void() implements CType {
        public long size() { return 0; }
        public long align() { return 1; }
        @Override public String toString() { return "void"; }
    }

    /** Integer types, including {@code _Bool}, characters and enums. */
    record Int(String name, long size, long align, boolean signed) implements CType {
        @Override public String toString() { return name; }
    }

    record Float(String name, long size, long align) implements CType {
        @Override public String toString() { return name; }
    }

    record Pointer(CType target, long size) implements CType {
        public long align() { return size; }
        @Override public String toString() {
            return (target instanceof StructType s ? s.displayName() : target instanceof Function ? "fn" : String.valueOf(target)) + "*";
        }
    }

    /** An array; {@code length} is -1 when unknown (incomplete or variable length). */
    record Array(CType element, long length) implements CType {
        public long size() { return length < 0 ? -1 : length * Math.max(element.size(), 0); }
        public long align() { return element.align(); }
        @Override public String toString() { return element + "[" + (length < 0 ? "" : length) + "]"; }
    }

    record Function(CType returnType, List<CType> params, boolean varargs) implements CType {
        public Function {
            params = List.copyOf(params);
        }
        public long size() { return 0; }
        public long align() { return 1; }
        @Override public String toString() { return returnType + "(" + params + (varargs ? ",..." : "") + ")"; }
    }

    /** {@code _Atomic} and {@code volatile} qualifiers on a type. */
    record Qualified(CType base, boolean atomic, boolean isVolatile) implements CType {
        public Qualified {
            if (base instanceof Qualified q) {
                atomic |= q.atomic;
                isVolatile |= q.isVolatile;
                base = q.base;
            }
        }
        public long size() { return base.size(); }
        public long align() { return base.align(); }
        @Override public CType unqualified() { return base; }
        @Override public boolean isAtomic() { return atomic; }
        @Override public boolean isVolatile() { return isVolatile; }
        @Override public String toString() { return (atomic ? "_Atomic " : "") + (isVolatile ? "volatile " : "") + base; }
    }

    static CType qualify(CType base, boolean atomic, boolean isVolatile) {
        if (!atomic && !isVolatile) return base;
        return new Qualified(base, atomic, isVolatile);
    }
}
