package weft.config;

import weft.frontend.Diagnostic;

/** The configuration is invalid; carries a {@code file:line:col: error:} diagnostic. */
public final class ConfigException extends Exception {
    private final Diagnostic diagnostic;

    public ConfigException(Diagnostic diagnostic) {
        super(diagnostic.toString());
        this.diagnostic = diagnostic;
    }

    public Diagnostic diagnostic() {
        return diagnostic;
    }
}
