package weft.ir;

/**
 * Side-effect-free expressions. Memory reads appear only as {@link Load}; calls, assignments and
 * increments have been lowered to statements by the front end.
 */
public sealed interface Expr {
    CType type();

    /** {@code e} without the conversions around it. */
    static Expr stripCasts(Expr e) {
        while (e instanceof Cast c) e = c.operand();
        return e;
    }

    /** The variable {@code e} reads by name ({@code v}, through conversions), or null. */
    static Variable loadedVariable(Expr e) {
        return stripCasts(e) instanceof Load l && l.lvalue() instanceof Lvalue.Var v ? v.variable() : null;
    }

    enum UnOp { NEG, NOT, BITNOT }

    enum BinOp {
        ADD("+"), SUB("-"), MUL("*"), DIV("/"), MOD("%"), SHL("<<"), SHR(">>"), AND("&"), OR("|"), XOR("^"),
        EQ("=="), NE("!="), LT("<"), LE("<="), GT(">"), GE(">=");

        public final String symbol;

        BinOp(String symbol) { this.symbol = symbol; }

        public boolean isComparison() {
            return ordinal() >= EQ.ordinal();
        }
    }

    record IntConst(long value, CType type) implements Expr {
        @Override public String toString() { return Long.toString(value); }
    }

    /**
     * A floating-point constant: {@code value} the literal's number rounded to its type as the compiler rounds it;
     * {@code exact} whether {@code value} is that (false for a {@code long double} literal whose number no double holds,
     * and for a text that did not parse).
     */
    record FloatConst(double value, CType type, boolean exact) implements Expr {
        public FloatConst(double value, CType type) {
            this(value, type, true);
        }

        /** The shortest text of the value in its type (a float's as a float: {@code 0.1}, not its double's digits). */
        @Override public String toString() {
            return type.unqualified().size() == 4 ? Float.toString((float) value) : Double.toString(value);
        }
    }

    /** A read of the bytes designated by {@code lvalue}. */
    record Load(Lvalue lvalue, SourceLoc loc) implements Expr {
        public CType type() { return lvalue.type(); }
        @Override public String toString() { return lvalue.toString(); }
    }

    /** The address of {@code lvalue} (also used for array-to-pointer decay), typed {@code type}. */
    record AddrOf(Lvalue lvalue, CType type) implements Expr {
        @Override public String toString() { return "&" + lvalue; }
    }

    /** The address of a function, by link name. */
    record FuncRef(String name, CType type) implements Expr {
        @Override public String toString() { return name; }
    }

    record Unary(UnOp op, Expr operand, CType type) implements Expr {
        @Override public String toString() {
            return switch (op) { case NEG -> "-"; case NOT -> "!"; case BITNOT -> "~"; } + "(" + operand + ")";
        }
    }

    /** Binary operation with C semantics; {@code ADD}/{@code SUB} on a pointer scale by the pointee size. */
    record Binary(BinOp op, Expr left, Expr right, CType type) implements Expr {
        @Override public String toString() { return "(" + left + " " + op.symbol + " " + right + ")"; }
    }

    record Cast(CType type, Expr operand) implements Expr {
        @Override public String toString() { return "(" + type + ")" + operand; }
    }
}
