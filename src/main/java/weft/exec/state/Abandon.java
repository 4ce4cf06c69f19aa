package weft.exec.state;

/**
 * Thrown when the interpreter meets something it cannot execute faithfully (unknown function, undefined behaviour,
 * unmodelled library behaviour, type punning it does not represent...) or when the execution ends (program exit,
 * failed assumption or assertion). Either way the current execution is given up and reports nothing from that point
 * on: this is what keeps every reported witness a real execution of the program.
 */
public class Abandon extends RuntimeException {
    /** Why the execution stopped. */
    public enum Kind {
        /** Something not executable faithfully (unsupported or undefined behaviour). */
        UNSUPPORTED,
        /** The program ended (exit, abort, error function, return from main). */
        PROGRAM_END,
        /** An assumption ({@code __VERIFIER_assume}, {@code assert}) failed: the path is infeasible or ends. */
        INFEASIBLE,
        /** A step limit, deadlock or an atomic section that blocks. */
        STUCK
    }

    public final Kind kind;

    Abandon(Kind kind, String message) {
        super(message, null, false, false);
        this.kind = kind;
    }

    public static Abandon unsupported(String message) {
        return new Abandon(Kind.UNSUPPORTED, message);
    }

    public static Abandon end(String message) {
        return new Abandon(Kind.PROGRAM_END, message);
    }

    public static Abandon infeasible(String message) {
        return new Abandon(Kind.INFEASIBLE, message);
    }

    public static Abandon stuck(String message) {
        return new Abandon(Kind.STUCK, message);
    }

    /**
     * A read of bytes that hold an indeterminate value (automatic storage before its first write, fresh {@code malloc}
     * contents): where the reader can, it makes the value an input ({@code weft.exec.ExecState#materialise}), chosen as a
     * {@code __VERIFIER_nondet_*} value is; everywhere else it abandons like any other {@link Kind#UNSUPPORTED} stop.
     * {@code type}: the scalar type read, or null for a raw byte read.
     */
    public static final class Indeterminate extends Abandon {
        public final int obj;
        public final long off;
        public final weft.ir.CType type;
        public final weft.ir.SourceLoc loc;
        /** The C expression read, when it is a variable of the program (for witnesses), else null. */
        public final String source;

        Indeterminate(int obj, long off, weft.ir.CType type, weft.ir.SourceLoc loc, String what, String source) {
            super(Kind.UNSUPPORTED, "read of the indeterminate value of " + what);
            this.obj = obj;
            this.off = off;
            this.type = type;
            this.loc = loc;
            this.source = source;
        }

        /** The same read, seen at {@code at} as {@code source} (the reader knows where and what; {@link Memory} does not). */
        public Indeterminate at(weft.ir.SourceLoc at, String source) {
            return new Indeterminate(obj, off, type, at, getMessage().substring("read of the indeterminate value of ".length()), source);
        }

        /** The same bytes read as {@code t} at {@code at} (a bit-field's storage unit read raw). */
        public Indeterminate as(weft.ir.CType t, weft.ir.SourceLoc at, String source) {
            return new Indeterminate(obj, off, t, at, getMessage().substring("read of the indeterminate value of ".length()), source);
        }

        /** Whether the value can be an input: an integer scalar (a pointer or float stays a stop). */
        public boolean choosable() {
            return type != null && type.unqualified() instanceof weft.ir.CType.Int;
        }
    }
}
