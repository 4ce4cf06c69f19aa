package weft.ir;

import java.util.List;

/** A simple statement labelling a CFG edge: at most one memory write or one call. */
public sealed interface Stmt {
    SourceLoc loc();

    /** {@code lhs = rhs}: the only write is to {@code lhs}. */
    record Assign(Lvalue lhs, Expr rhs, SourceLoc loc) implements Stmt {
        @Override public String toString() { return lhs + " = " + rhs; }
    }

    /**
     * A call. {@code callee} is a {@link Expr.FuncRef} for direct calls (resolve with
     * {@link Program#target}) and any other pointer expression for indirect calls. {@code result},
     * when not null, receives the return value (the call's one write).
     */
    record Call(Lvalue result, Expr callee, List<Expr> args, SourceLoc loc) implements Stmt {
        public Call {
            args = List.copyOf(args);
        }

        /** The called name for a direct call, or null for an indirect one. */
        public String directName() {
            return callee instanceof Expr.FuncRef f ? f.name() : null;
        }

        @Override public String toString() {
            String a = args.toString();
            return (result != null ? result + " = " : "") + callee + "(" + a.substring(1, a.length() - 1) + ")";
        }
    }

    /** A branch edge: control passes only if {@code cond} is non-zero ({@code positive}) or zero. */
    record Assume(Expr cond, boolean positive, SourceLoc loc) implements Stmt {
        @Override public String toString() { return "assume(" + (positive ? "" : "!") + cond + ")"; }
    }

    record Return(Expr value, SourceLoc loc) implements Stmt {
        @Override public String toString() { return value == null ? "return" : "return " + value; }
    }

    /**
     * Start of a local variable's lifetime (a fresh object each time control passes). {@code size} is
     * the byte size of a variable-length array, evaluated here (side-effect free: the reads of its size
     * expressions were made by earlier statements); null for every other object, and for a VLA whose
     * size is not known (its type's size is then -1 and nothing may assume one). {@code zeroed}: the object is
     * an aggregate with a brace initialiser, so every byte it does not name starts zero (C11 6.7.9p21), not
     * indeterminate (the lowering also emits zero stores for the scalar members it can list, at most a few hundred).
     */
    record Decl(Variable variable, SourceLoc loc, Expr size, boolean zeroed) implements Stmt {
        public Decl(Variable variable, SourceLoc loc) {
            this(variable, loc, null, false);
        }

        public Decl(Variable variable, SourceLoc loc, Expr size) {
            this(variable, loc, size, false);
        }

        @Override public String toString() {
            return "decl " + variable.name() + " : " + variable.type() + (size == null ? "" : " size " + size);
        }
    }

    /** Inline assembly, kept opaque. */
    record Asm(String text, SourceLoc loc) implements Stmt {
        @Override public String toString() { return "asm \"" + text.replace("\"", "'") + "\""; }
    }

    /** No effect (labels, joins, empty statements). */
    record Skip(SourceLoc loc) implements Stmt {
        @Override public String toString() { return "skip"; }
    }
}
