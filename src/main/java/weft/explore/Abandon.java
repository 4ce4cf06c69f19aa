package weft.explore;

/**
 * Thrown when the interpreter meets something it cannot execute faithfully (unknown function, undefined behaviour,
 * unmodelled library behaviour, type punning it does not represent...) or when the execution ends (program exit,
 * failed assumption or assertion). Either way the current execution is given up and reports nothing from that point
 * on: this is what keeps every reported witness a real execution of the program.
 */
final class Abandon extends RuntimeException {
    /** Why the execution stopped. */
    enum Kind {
        /** Something not executable faithfully (unsupported or undefined behaviour). */
        UNSUPPORTED,
        /** The program ended (exit, abort, error function, return from main). */
        PROGRAM_END,
        /** An assumption ({@code __VERIFIER_assume}, {@code assert}) failed: the path is infeasible or ends. */
        INFEASIBLE,
        /** A step limit, deadlock or an atomic section that blocks. */
        STUCK
    }

    final Kind kind;

    Abandon(Kind kind, String message) {
        super(message, null, false, false);
        this.kind = kind;
    }

    static Abandon unsupported(String message) {
        return new Abandon(Kind.UNSUPPORTED, message);
    }

    static Abandon end(String message) {
        return new Abandon(Kind.PROGRAM_END, message);
    }

    static Abandon infeasible(String message) {
        return new Abandon(Kind.INFEASIBLE, message);
    }

    static Abandon stuck(String message) {
        return new Abandon(Kind.STUCK, message);
    }
}
