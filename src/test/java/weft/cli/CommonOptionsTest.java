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
        assertEquals(List.of(Path.of("inc"), Path.of("other")), c.includeDirs());
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
