package weft.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static weft.cli.MainTest.weft;

/**
 * {@code check --witness}, {@code --no-witness} and {@code --validate-witness} on the command line: both files are
 * written for a confirmed race and named in the reports, none for a race-free program or several files; the replay
 * confirms Weft's own witness (exit code 1), rejects a mutated one (3) and refuses a malformed or missing one (2,
 * one-line diagnostic).
 */
class WitnessCliTest {
    static final String RACY = """
            #include <pthread.h>
            int x;
            void *t(void *a) { x = 1; return 0; }
            int main(void) {
                pthread_t a;
                pthread_create(&a, 0, t, 0);
                x = 2;
                pthread_join(a, 0);
                return 0;
            }
            """;

    @TempDir
    Path dir;

    @Test
    void witnessFilesForAConfirmedRaceAndTheirReplay() throws Exception {
        Path src = Files.writeString(dir.resolve("racy.c"), RACY);
        Path graphml = dir.resolve("out/w.graphml");
        MainTest.Result r = weft("check", "-q", "--witness", graphml.toString(), src.toString());
        assertEquals(1, r.code(), r.err());
        assertTrue(Files.readString(graphml).contains("<data key=\"createThread\">1</data>"));
        assertTrue(Files.readString(dir.resolve("out/w.yml")).contains("type: \"target\""));
        assertTrue(r.out().contains("weft: violation witness written to " + graphml + " and " + dir.resolve("out/w.yml")), r.out());
        MainTest.Result json = weft("check", "-q", "--format", "json", "--witness", graphml.toString(), src.toString());
        assertTrue(json.out().contains("\"witnessFiles\""), json.out());

        MainTest.Result ok = weft("check", "--validate-witness", graphml.toString(), src.toString());
        assertEquals(1, ok.code(), ok.out() + ok.err());
        assertTrue(ok.out().startsWith("weft: witness confirmed: "), ok.out());
        MainTest.Result yaml = weft("check", "--svcomp", "--validate-witness", dir.resolve("out/w.yml").toString(), src.toString());
        assertEquals(1, yaml.code(), yaml.out());
        assertTrue(yaml.out().endsWith("RESULT: false\n"), yaml.out());

        Path bad = Files.writeString(dir.resolve("bad.graphml"),
                Files.readString(graphml).replace("<data key=\"startline\">3</data>", "<data key=\"startline\">4</data>"));
        MainTest.Result rejected = weft("check", "--validate-witness", bad.toString(), src.toString());
        assertEquals(3, rejected.code(), rejected.out());
        assertTrue(rejected.out().startsWith("weft: witness not confirmed: "), rejected.out());
    }

    @Test
    void noWitnessWithoutAConfirmedRaceOrForSeveralFiles() throws Exception {
        Path free = Files.writeString(dir.resolve("free.c"), RACY.replace("x = 2;", "(void)0;"));
        Path graphml = dir.resolve("w.graphml");
        assertEquals(0, weft("check", "-q", "--witness", graphml.toString(), free.toString()).code());
        assertFalse(Files.exists(graphml));
        Path src = Files.writeString(dir.resolve("racy.c"), RACY);
        Path other = Files.writeString(dir.resolve("other.c"), "int y;\n");
        MainTest.Result two = weft("check", "-q", "--witness", graphml.toString(), src.toString(), other.toString());
        assertEquals(2, two.code(), two.err());
        assertTrue(two.err().contains("no witness written: a witness names one program file"), two.err());
        assertFalse(Files.exists(graphml));
    }

    @Test
    void malformedOrMissingWitnessIsAnInputError() throws Exception {
        Path src = Files.writeString(dir.resolve("racy.c"), RACY);
        Path junk = Files.writeString(dir.resolve("junk.graphml"), "<graphml><graph/></graphml>");
        MainTest.Result r = weft("check", "--validate-witness", junk.toString(), src.toString());
        assertEquals(2, r.code());
        assertEquals(junk + ":0:0: error: GraphML witness without an entry node\n", r.err());
        MainTest.Result missing = weft("check", "--validate-witness", dir.resolve("none.yml").toString(), src.toString());
        assertEquals(2, missing.code());
        assertEquals(dir.resolve("none.yml") + ":0:0: error: no such file\n", missing.err());
    }

    @Test
    void svcompWritesWitnessGraphmlInTheWorkingDirectoryUnlessNoWitness() {
        assertEquals(Path.of("witness.graphml"), options("check", "--svcomp", "a.c").witnessPath());
        assertEquals(Path.of("o.graphml"), options("check", "--svcomp", "--witness", "o.graphml", "a.c").witnessPath());
        assertNull(options("check", "--svcomp", "--no-witness", "a.c").witnessPath());
        assertNull(options("check", "a.c").witnessPath());
    }

    private static CheckCommand.Options options(String... args) {
        PrintStream nul = new PrintStream(OutputStream.nullOutputStream());
        CommandLine cl = Main.commandLine(new Streams(nul, nul), false);
        return ((CheckCommand) cl.parseArgs(args).subcommand().commandSpec().userObject()).options();
    }
}
