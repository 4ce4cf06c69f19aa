package weft.frontend;

import java.util.List;

/** The input could not be turned into a program; carries the diagnostics to print. */
public final class FrontendException extends Exception {
    private final List<Diagnostic> diagnostics;

    public FrontendException(List<Diagnostic> diagnostics) {
        super(diagnostics.isEmpty() ? "front-end error" : diagnostics.get(0).toString());
        this.diagnostics = List.copyOf(diagnostics);
    }

    public FrontendException(Diagnostic d) {
        this(List.of(d));
    }

    public List<Diagnostic> diagnostics() {
        return diagnostics;
    }
}
