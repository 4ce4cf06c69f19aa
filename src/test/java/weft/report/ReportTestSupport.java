package weft.report;

import weft.cli.Main;
import weft.cli.Streams;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertFalse;

/** Runs {@code weft} in-process for report tests. */
final class ReportTestSupport {
    /** The example programs, relative to the project directory (the tests' working directory). */
    static final Path EXAMPLES = Path.of("src/test/resources/report");

    private ReportTestSupport() {
    }

    /** Exit code and captured output of one run. */
    record Run(int code, String out, String err) {}

    static Run weft(String... args) {
        return weft(false, args);
    }

    /** Runs weft; {@code terminal}: pretend stdout and stderr are a terminal. */
    static Run weft(boolean terminal, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        int code = Main.run(args, new Streams(o, e, terminal, terminal));
        Run r = new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        assertFalse(r.err().contains("Exception") || r.err().contains("\tat "), "stack trace: " + r.err());
        return r;
    }

    static String example(String name) {
        return EXAMPLES.resolve(name).toString();
    }
}
