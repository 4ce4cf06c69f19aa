package weft.bench;

import weft.frontend.Diagnostic;
import weft.ir.SourceLoc;

import java.nio.file.Path;

/** Bad benchmark input (a missing or malformed task definition or list file), with where it is. */
public final class BenchInputException extends Exception {
    private final transient Diagnostic diagnostic;

    public BenchInputException(Diagnostic diagnostic) {
        super(diagnostic.toString());
        this.diagnostic = diagnostic;
    }

    /** An error at {@code line}:{@code col} (1-based; 0 for the whole file) of {@code file}. */
    public static BenchInputException at(Path file, int line, int col, String message) {
        return new BenchInputException(Diagnostic.error(new SourceLoc(file.toString(), line, col), message));
    }

    /** The {@code file:line:col: error: message} to print. */
    public Diagnostic diagnostic() {
        return diagnostic;
    }
}
