package weft.frontend;

import weft.ir.SourceLoc;

/** A front-end problem, printed as {@code file:line:col: severity: message}. */
public record Diagnostic(SourceLoc loc, Severity severity, String message) {
    public enum Severity { ERROR, WARNING }

    public static Diagnostic error(SourceLoc loc, String message) {
        return new Diagnostic(loc, Severity.ERROR, message);
    }

    public boolean isError() {
        return severity == Severity.ERROR;
    }

    @Override
    public String toString() {
        return loc.file() + ":" + loc.line() + ":" + loc.col() + ": " + severity.name().toLowerCase() + ": " + message;
    }
}
