package weft.cli;

import weft.frontend.Diagnostic;

import java.io.PrintStream;
import java.util.List;

/**
 * Where a command writes: results on {@code out}, diagnostics and messages on {@code err}. Passed
 * to every command so that {@link Main#run} can be driven with in-memory streams. {@code outTerminal}
 * and {@code errTerminal} say whether the streams are an interactive terminal (colour, progress).
 */
public record Streams(PrintStream out, PrintStream err, boolean outTerminal, boolean errTerminal) {
    /** Streams that are not terminals (files, pipes, tests). */
    public Streams(PrintStream out, PrintStream err) {
        this(out, err, false, false);
    }

    /** Prints diagnostics one per line ({@code file:line:col: severity: message}) on {@code err}. */
    public void print(List<Diagnostic> diagnostics) {
        for (Diagnostic d : diagnostics) err.println(d);
    }

    /** Reports an unexpected exception in one line; the stack trace only if {@code debug}. */
    public void internalError(Throwable t, boolean debug) {
        err.println("weft: internal error: " + describe(t) + (debug ? "" : " (run with --debug for details)"));
        if (debug) t.printStackTrace(err);
    }

    /** A one-line description of a throwable: its class and message. */
    public static String describe(Throwable t) {
        String msg = t.getMessage();
        String text = t.getClass().getName() + (msg == null ? "" : ": " + msg);
        return text.replace('\n', ' ');
    }
}
