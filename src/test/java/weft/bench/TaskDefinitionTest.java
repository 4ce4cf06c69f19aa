package weft.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Reading task definitions and collecting them from directories and list files. */
class TaskDefinitionTest {
    static final Path BENCH = Path.of("src/test/resources/bench");
    static final Path TASKS = BENCH.resolve("tasks");
    final TaskParser parser = new TaskParser("no-data-race");

    @Test
    void readsInputsPropertyVerdictAndDataModel() throws Exception {
        Task t = parser.parse(TASKS.resolve("racy.yml"), "racy").orElseThrow();
        assertEquals(List.of(TASKS.resolve("racy.c").toAbsolutePath().normalize()), t.inputs());
        assertEquals(BENCH.resolve("properties/no-data-race.prp").toAbsolutePath().normalize(), t.propertyFile());
        assertEquals(Outcome.FALSE, t.expected());
        assertEquals("ILP32", t.dataModel());

        Task free = parser.parse(TASKS.resolve("racefree.yml"), "free").orElseThrow();
        assertEquals(Outcome.TRUE, free.expected());
        assertEquals("LP64", free.dataModel());
        assertEquals(1, free.inputs().size());
    }

    @Test
    void definitionsWithoutThePropertyAreSkipped() throws Exception {
        assertTrue(parser.parse(TASKS.resolve("other-property.yml"), "x").isEmpty());
        assertTrue(new TaskParser("unreach-call").parse(TASKS.resolve("other-property.yml"), "x").isPresent());
    }

    @Test
    void aDirectoryGivesAllDefinitionsWithIdsRelativeToIt() throws Exception {
        TaskSelection.Result r = TaskSelection.collect(List.of(TASKS), parser);
        assertEquals(List.of("mislabelled.yml", "nomain.yml", "racefree.yml", "racy.yml"), r.tasks().stream().map(Task::id).toList());
        assertEquals(1, r.skipped());
    }

    @Test
    void aListFileTakesGlobsAndPathsRelativeToItself() throws Exception {
        TaskSelection.Result r = TaskSelection.collect(List.of(BENCH.resolve("tasks.set"), TASKS.resolve("racy.yml")), parser);
        assertEquals(List.of("tasks/racefree.yml", "tasks/racy.yml", "tasks/nomain.yml"), r.tasks().stream().map(Task::id).toList());
    }

    @Test
    void errorsPointAtTheOffendingLine() {
        Path bad = BENCH.resolve("bad");
        assertError(bad.resolve("malformed.yml"), ":6:1: error: invalid YAML: ");
        assertError(bad.resolve("missing-input.yml"), ":2:14: error: no such input file: ");
        assertError(bad.resolve("bad-verdict.yml"), ":5:23: error: 'expected_verdict' must be true or false, not 'maybe'");
        assertError(bad.resolve("missing-entry.set"), ":2:1: error: no such file: ../tasks/nope.yml");
        assertError(bad.resolve("nothing-here.yml"), ":0:0: error: no such file or directory");
    }

    @Test
    void structuralProblemsAreErrors(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("t.yml");
        Files.writeString(f, "- just\n- a list\n");
        BenchInputException e = assertThrows(BenchInputException.class, () -> parser.parse(f, "t"));
        assertEquals(f + ":1:1: error: a task definition must be a YAML mapping", e.diagnostic().toString());
        Files.writeString(dir.resolve("a.c"), "int main(void) { return 0; }\n");
        Files.writeString(f, "format_version: '2.0'\ninput_files: 'a.c'\n");
        e = assertThrows(BenchInputException.class, () -> parser.parse(f, "t"));
        assertEquals(f + ":1:1: error: missing 'properties'", e.diagnostic().toString());
        Files.writeString(f, "input_files: 'a.c'\nproperties:\n  - property_file: nope/no-data-race.prp\n");
        e = assertThrows(BenchInputException.class, () -> parser.parse(f, "t"));
        assertTrue(e.diagnostic().toString().startsWith(f + ":3:20: error: no such property file"), e.getMessage());
        Files.writeString(dir.resolve("no-data-race.prp"), "CHECK( init(main()), LTL(G ! data-race) )\n");
        Files.writeString(f, "input_files: 'a.c'\nproperties:\n  - property_file: no-data-race.prp\n");
        assertNull(parser.parse(f, "t").orElseThrow().expected());
    }

    private void assertError(Path file, String expected) {
        BenchInputException e = assertThrows(BenchInputException.class,
                () -> TaskSelection.collect(List.of(file), parser));
        String text = e.diagnostic().toString();
        assertTrue(text.startsWith(file.toString()) && text.contains(expected), text);
    }
}
