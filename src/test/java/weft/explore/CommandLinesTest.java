package weft.explore;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import weft.ir.Program;
import weft.trace.RaceWitness;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The command lines the witness search may start main with (issue 35: main's arguments are inputs). */
class CommandLinesTest {
    @Test
    void optionStringsGiveOptionsAndFlags() {
        List<Character> withArg = new ArrayList<>();
        List<Character> flags = new ArrayList<>();
        CommandLines.options("+:f:h:ln::v", withArg, flags);
        assertEquals(List.of('f', 'h'), withArg);
        assertEquals(List.of('l', 'n', 'v'), flags, "an optional argument (n::) is given as a flag");
    }

    @Test
    void theClosedLineFirstThenTheProgramsOptions(@TempDir Path dir) throws Exception {
        Program p = ExploreTestSupport.load(dir, "opts", """
                #include <unistd.h>
                int main(int argc, char **argv) { int c; while ((c = getopt(argc, argv, "t:v")) != -1) { } return 0; }
                """);
        List<List<String>> lines = CommandLines.of(p);
        assertEquals(List.of("prog"), lines.get(0));
        assertTrue(lines.contains(List.of("prog", "-t", "2")), lines.toString());
        assertTrue(lines.contains(List.of("prog", "-v", "-t", "2")), lines.toString());
        assertTrue(lines.contains(List.of("prog", "4", "2")), lines.toString());
        Program closed = ExploreTestSupport.load(dir, "closed", "int main(void) { return 0; }");
        assertEquals(List.of(List.of("prog")), CommandLines.of(closed), "a main that names no argument has one start");
    }

    @Test
    void theFeedbackSearchAddsOneOptionAtATimeThenTriesOtherValues(@TempDir Path dir) throws Exception {
        Program p = ExploreTestSupport.load(dir, "feedback", """
                #include <unistd.h>
                int main(int argc, char **argv) { int c; while ((c = getopt(argc, argv, "b:s:v")) != -1) { } return 0; }
                """);
        List<List<String>> first = CommandLines.extensions(p, List.of("prog"));
        assertTrue(first.contains(List.of("prog", "-s", "127.0.0.1")), first.toString());
        assertTrue(first.contains(List.of("prog", "-b", "a@b.c")), first.toString());
        assertTrue(first.contains(List.of("prog", "-v")), first.toString());
        assertTrue(first.contains(List.of("prog", "4", "2")), "the positional lines from the closed one: " + first);
        List<List<String>> next = CommandLines.extensions(p, List.of("prog", "-s", "2"));
        assertTrue(next.stream().noneMatch(l -> java.util.Collections.frequency(l, "-s") > 1), "-s is not given twice: " + next);
        // a new option goes first, before those given and the positional arguments (a parser written by hand stops at
        // the first word that is not an option)
        int added = next.indexOf(List.of("prog", "-b", "a@b.c", "-s", "2"));
        int replaced = next.indexOf(List.of("prog", "-s", "127.0.0.1"));
        assertTrue(added >= 0 && replaced > added, "new options first, then other values of given ones: " + next);
        assertTrue(new CommandLines.Progress(1, false, 8, 5).compareTo(new CommandLines.Progress(0, true, 3, 900)) > 0,
                "a candidate's line executed counts before the thread limit, threads and points");
        assertTrue(new CommandLines.Progress(0, true, 3, 5).compareTo(new CommandLines.Progress(0, false, 8, 900)) > 0,
                "a line whose run fills the thread limit (its runs are abandoned) ranks below one that stays under it");
        assertTrue(new CommandLines.Progress(0, true, 4, 5).compareTo(new CommandLines.Progress(0, true, 3, 900)) > 0,
                "below the limit, more threads count before points");
    }

    @Test
    void aParserWrittenByHandGivesItsLettersAsFlagsBeforeThePositionalArguments(@TempDir Path dir) throws Exception {
        Program p = ExploreTestSupport.load(dir, "byhand", """
                int verbose;
                int main(int argc, char **argv) {
                    int i;
                    for (i = 1; i < argc && argv[i][0] == '-'; i++)
                        switch (argv[i][1]) { case 'v': verbose++; break; case 'q': verbose = 0; break; default: return 1; }
                    return i < argc ? verbose : 2;
                }
                """);
        List<List<String>> next = CommandLines.extensions(p, List.of("prog", "4", "2"));
        assertTrue(next.contains(List.of("prog", "-v", "4", "2")), next.toString());
        assertTrue(next.contains(List.of("prog", "-q", "4", "2")), next.toString());
    }

    @Test
    void aRaceThatNeedsArgumentsIsFoundAndItsCommandLineRecorded(@TempDir Path dir) throws Exception {
        String src = """
                int counter;
                void *w(void *a) { counter++; return a; }
                int main(int argc, char **argv) {
                    pthread_t t[2];
                    int n = argc > 2 ? 2 : 1;
                    for (int i = 0; i < n; i++) pthread_create(&t[i], 0, w, 0);
                    for (int i = 0; i < n; i++) pthread_join(t[i], 0);
                    return argv[0][0];
                }
                """;
        Optional<RaceWitness> w = ExploreTestSupport.explore(dir, "needs", src);
        assertTrue(w.isPresent(), "found with a command line of three words");
        assertTrue(w.get().nondetValues().entrySet().stream()
                .anyMatch(e -> e.getKey().startsWith(RaceWitness.COMMAND_LINE + "@") && e.getValue().split(" ").length > 2), w.get().nondetValues().toString());
        Program p = ExploreTestSupport.load(dir, "needs2", src);
        Optional<RaceWitness> closed = new Explorer(p, ExploreTestSupport.quick().withCommandLines(false)).findRace();
        assertTrue(closed.isEmpty(), "with the closed command line only, one worker: no race");
    }
}
