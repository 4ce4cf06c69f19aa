package weft.witness;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import weft.ir.DataModel;
import weft.race.AnalysisOptions;
import weft.trace.RaceWitness;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Golden witnesses: the GraphML and YAML witnesses Weft writes for the small racy programs of
 * {@code src/test/resources/witness} equal {@code golden/NAME.graphml} and {@code golden/NAME.yml}, with the creation
 * time, the program hash and the UUID normalised. After an intended change, regenerate with
 * {@code -Dweft.updateGoldens=true} and review the diff.
 */
class WitnessGoldenTest {
    static final Path DIR = Path.of("src/test/resources/witness");
    static final List<String> PROGRAMS = List.of("create-join", "nondet", "loop-create", "interleave");

    @TestFactory
    Stream<DynamicTest> goldenWitnesses() {
        return PROGRAMS.stream().map(name -> DynamicTest.dynamicTest(name, () -> check(name)));
    }

    private static void check(String name) throws Exception {
        Path program = DIR.resolve(name + ".c");
        RaceWitness w = WitnessTestSupport.witness(program, DataModel.ILP32, new AnalysisOptions(200, 1000, true, 3000))
                .orElseThrow(() -> new AssertionError(name + ": no confirmed race"));
        WitnessTask task = WitnessTask.of(program, DataModel.ILP32, null, "0.1.0", WitnessTestSupport.FIXED_TIME);
        WitnessTrace trace = WitnessTrace.of(w, program);
        compare(DIR.resolve("golden/" + name + ".graphml"), GraphmlWriter.write(trace, task));
        compare(DIR.resolve("golden/" + name + ".yml"), YamlWriter.write(trace, task));
    }

    private static void compare(Path golden, String actual) throws Exception {
        if (Boolean.getBoolean("weft.updateGoldens")) {
            Files.createDirectories(golden.getParent());
            Files.writeString(golden, actual);
        }
        assertTrue(Files.isRegularFile(golden), "missing golden " + golden + " (run with -Dweft.updateGoldens=true)");
        assertEquals(normalise(Files.readString(golden)), normalise(actual), golden.toString());
    }

    /** Leaves out what changes with the time and the program's bytes: creation time, hash, UUID. */
    static String normalise(String witness) {
        return witness.replaceAll("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z", "TIME")
                .replaceAll("[0-9a-f]{64}", "HASH")
                .replaceAll("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", "UUID");
    }
}
