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
