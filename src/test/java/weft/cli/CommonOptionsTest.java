package weft.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import weft.ir.DataModel;

import java.io.PrintStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CommonOptionsTest {
    private static final PrintStream NULL = new PrintStream(OutputStream.nullOutputStream());

    private static Object subcommand(String... args) {
        CommandLine cl = Main.commandLine(new Streams(NULL, NULL), false);
        CommandLine.ParseResult pr = cl.parseArgs(args);
        return pr.subcommand().commandSpec().userObject();
    }

    @Test
    void parsesIncludesDefinesAndDataModel() {
        ParseCommand p = (ParseCommand) subcommand("parse", "-Iinc", "-I", "other", "-DFOO", "-D", "BAR=x=1",
                "-DFOO=2", "--data-model", "ilp32", "--dump", "cfg-dot", "a.c", "b.i");
        ParseCommand.Options o = p.options();
        CliOptions c = o.common();
        // relative include directories are resolved against the working directory, as compilers resolve them
        assertEquals(List.of(Path.of("inc").toAbsolutePath().normalize(), Path.of("other").toAbsolutePath().normalize()), c.includeDirs());
        assertEquals(Map.of("FOO", "2", "BAR", "x=1"), c.defines());
        assertEquals(List.of("FOO", "BAR"), List.copyOf(c.defines().keySet()));
        assertEquals(DataModel.ILP32, c.dataModel());
        assertEquals(List.of(Path.of("a.c"), Path.of("b.i")), c.files());
        assertEquals(ParseCommand.Dump.CFG_DOT, o.dump());
        assertNull(c.compileCommands());
        assertFalse(c.debug());
        assertEquals(DataModel.ILP32, c.frontendOptions().dataModel());
    }

    @Test
    void checkDefaults() {
        CheckCommand cmd = (CheckCommand) subcommand("check", "--debug", "a.c");
        CheckCommand.Options o = cmd.options();
        assertEquals(DataModel.LP64, o.common().dataModel());
        assertTrue(o.common().debug());
        assertFalse(o.svcomp());
        assertNull(o.timeout());
        assertNull(o.property());
        // without --timeout: the short interactive default, not a hard stop
        assertEquals(CheckCommand.DEFAULT_LIMIT, o.limit());
        assertFalse(o.hardLimit());
    }

    @Test
    void theLimitIsTimeoutElseTheSvcompBudget() {
        CheckCommand.Options svcomp = ((CheckCommand) subcommand("check", "--svcomp", "a.c")).options();
        assertEquals(CheckCommand.SVCOMP_LIMIT, svcomp.limit());
        assertTrue(svcomp.hardLimit());
        CheckCommand.Options timed = ((CheckCommand) subcommand("check", "--svcomp", "--timeout", "60", "a.c")).options();
        assertEquals(60, timed.limit().toSeconds());
        assertTrue(timed.hardLimit());
    }

    @Test
    void theAnalysisGetsAShareOfWhatLoadingLeftOfTheLimit() {
        // 60 s limit, 2 s spent: 80 % of 58 s less the report's reserve
        assertEquals(46_100, CheckCommand.analysisBudgetMillis(60_000, 2_000));
        // the default limit gives about the 7 s the precise layers always had
        assertEquals(6_900, CheckCommand.analysisBudgetMillis(10_000, 1_000));
        // loading used (nearly) everything: a minimum remains, never more than half the limit
        assertEquals(1_000, CheckCommand.analysisBudgetMillis(10_000, 9_900));
        assertEquals(1_000, CheckCommand.analysisBudgetMillis(2_000, 5_000));
        assertEquals(500, CheckCommand.analysisBudgetMillis(1_000, 5_000));
    }

    @Test
    void theStopRequestReachesThePreciseLayersHalfTheReserveLater() {
        long s = 1_000_000_000L;
        // 60 s limit: a reserve of 3 s; the thread-modular layer is asked at 57 s, the precise layers at 58.5 s
        assertFalse(CheckCommand.askToStop(56 * s, 60 * s, false));
        assertTrue(CheckCommand.askToStop(57 * s, 60 * s, false));
        assertFalse(CheckCommand.askToStop(58 * s, 60 * s, true));
        assertTrue(CheckCommand.askToStop(58_500_000_000L, 60 * s, true));
    }

    @Test
    void checkSvcompOptions() {
        CheckCommand cmd = (CheckCommand) subcommand("check", "--svcomp", "--property", "p.prp", "--timeout", "90",
                "--compile-commands", "cc.json");
        CheckCommand.Options o = cmd.options();
        assertTrue(o.svcomp());
        assertEquals(Path.of("p.prp"), o.property());
        assertEquals(90, o.timeout().toSeconds());
        assertEquals(Path.of("cc.json"), o.common().compileCommands());
        assertTrue(o.common().files().isEmpty());
    }
}
