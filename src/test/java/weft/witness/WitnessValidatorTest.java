package weft.witness;

import org.junit.jupiter.api.Test;
import weft.explore.ExploreOptions;
import weft.ir.DataModel;
import weft.race.AnalysisOptions;
import weft.trace.RaceWitness;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link WitnessValidator} and {@link WitnessReader}: Weft's own witnesses of the golden programs confirm, in both
 * formats; mutated ones (a step's line, a racing access's line or thread, a nondeterministic value) are rejected; a
 * GraphML witness in another tool's style (other key ids, {@code enterFunction}, a sink branch, steps left out) is
 * read and confirmed; malformed files are refused.
 */
class WitnessValidatorTest {
    static final Path DIR = WitnessGoldenTest.DIR;

    private static WitnessValidator.Result validate(String name, String witness) throws Exception {
        Path program = DIR.resolve(name + ".c");
        WitnessTestSupport.Analysed a = WitnessTestSupport.analysed(program, DataModel.ILP32, new AnalysisOptions(200, 1000, true, 3000));
        return new WitnessValidator(a.program(), program, ExploreOptions.defaults()).validate(WitnessReader.read(witness));
    }

    private static String[] own(String name) throws Exception {
        Path program = DIR.resolve(name + ".c");
        RaceWitness w = WitnessTestSupport.witness(program, DataModel.ILP32, new AnalysisOptions(200, 1000, true, 3000)).orElseThrow();
        WitnessTask task = WitnessTask.of(program, DataModel.ILP32, null, "test", WitnessTestSupport.FIXED_TIME);
        WitnessTrace trace = WitnessTrace.of(w, program);
        return new String[] {GraphmlWriter.write(trace, task), YamlWriter.write(trace, task)};
    }

    @Test
    void ownWitnessesConfirmInBothFormats() throws Exception {
        for (String name : WitnessGoldenTest.PROGRAMS) {
            String[] w = own(name);
            WitnessValidator.Result g = validate(name, w[0]);
            WitnessValidator.Result y = validate(name, w[1]);
            assertTrue(g.confirmed(), name + " GraphML: " + g.message());
            assertTrue(y.confirmed(), name + " YAML: " + y.message());
        }
    }

    @Test
    void aWrongLineOrThreadIsRejected() throws Exception {
        String[] w = own("create-join");
        // create-join.c: main creates the worker at line 13, reads counter at line 14; the worker writes at line 7
        String wrongStep = w[0].replaceFirst("<data key=\"startline\">13</data>", "<data key=\"startline\">12</data>");
        assertFalse(validate("create-join", wrongStep).confirmed(), "a step at the wrong line");
        String wrongTarget = w[0].replace("<data key=\"startline\">7</data>", "<data key=\"startline\">8</data>");
        assertFalse(validate("create-join", wrongTarget).confirmed(), "a racing access at the wrong line");
        int last = w[0].lastIndexOf("<data key=\"threadId\">1</data>");
        String wrongThread = w[0].substring(0, last) + "<data key=\"threadId\">0</data>" + w[0].substring(last + 29);
        assertFalse(validate("create-join", wrongThread).confirmed(), "a racing access in the wrong thread");
        String yamlWrongThread = w[1].substring(0, w[1].lastIndexOf("thread_id: 1")) + "thread_id: 0\n";
        assertFalse(validate("create-join", yamlWrongThread).confirmed(), "YAML: a target in the wrong thread");
        String yamlWrongLine = w[1].replace("line: 7", "line: 9");
        assertFalse(validate("create-join", yamlWrongLine).confirmed(), "YAML: a target at the wrong line");
    }

    @Test
    void theYamlWitnessCarriesTheInterleaving() throws Exception {
        // interleave.c: the reader writes data only when the setter's section ran before its own
        String yaml = own("interleave")[1];
        assertTrue(yaml.contains("type: \"assumption\""), yaml);
        assertTrue(validate("interleave", yaml).confirmed(), "YAML with the runs' ends");
        String creationsOnly = yaml.replaceAll("    - segment:\n        - waypoint:\n            type: \"assumption\"\n(?:            .*\n|              .*\n)*?            thread_id: \\d+\n", "");
        assertFalse(creationsOnly.contains("\"assumption\""), creationsOnly);
        assertFalse(validate("interleave", creationsOnly).confirmed(), "creations and targets alone miss the setter's run");
    }

    @Test
    void aWrongNondeterministicValueIsRejected() throws Exception {
        String[] w = own("nondet");
        assertTrue(w[0].contains("mode == 3;"), w[0]);
        String wrong = w[0].replace("mode == 3;", "mode == 4;").replace("<data key=\"weft.nondetValue\">3<", "<data key=\"weft.nondetValue\">4<");
        assertFalse(validate("nondet", wrong).confirmed(), "GraphML: mode 4 creates no writer");
        // without Weft's own key (another tool's witness) the assumption gives the value
        String noKey = w[0].replaceAll("   <data key=\"weft.nondetValue\">[^<]*</data>\n", "");
        assertTrue(validate("nondet", noKey).confirmed(), "GraphML, assumption only");
        assertFalse(validate("nondet", noKey.replace("mode == 3;", "mode == 4;")).confirmed(), "GraphML, assumption only: mode 4");
        assertFalse(validate("nondet", w[1].replace("\\\\result == 3", "\\\\result == 4")).confirmed(), "YAML: mode 4 creates no writer");
    }

    @Test
    void anotherToolsGraphmlIsReadTolerantly() throws Exception {
        String other = """
                <?xml version="1.0" encoding="UTF-8"?>
                <graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
                 <key id="k0" for="edge" attr.name="startline" attr.type="int"/>
                 <key id="k1" for="edge" attr.name="threadId" attr.type="string"/>
                 <key id="k2" for="edge" attr.name="createThread" attr.type="string"/>
                 <key id="k3" for="edge" attr.name="enterFunction" attr.type="string"/>
                 <key id="k4" for="node" attr.name="entry" attr.type="boolean"><default>false</default></key>
                 <key id="k5" for="node" attr.name="violation" attr.type="boolean"><default>false</default></key>
                 <key id="k6" for="node" attr.name="sink" attr.type="boolean"><default>false</default></key>
                 <key id="k7" for="graph" attr.name="producer" attr.type="string"/>
                 <graph edgedefault="directed">
                  <data key="k7">SomeVerifier 1.0</data>
                  <node id="A"><data key="k4">true</data></node>
                  <node id="S"><data key="k6">true</data></node>
                  <node id="B"/><node id="C"/><node id="D"/>
                  <node id="E"><data key="k5">true</data></node>
                  <edge source="A" target="S"><data key="k0">16</data></edge>
                  <edge source="A" target="B"><data key="k0">13</data><data key="k2">7</data></edge>
                  <edge source="B" target="C"><data key="k1">7</data><data key="k3">worker</data></edge>
                  <edge source="C" target="D"><data key="k0">14</data><data key="k1">0</data></edge>
                  <edge source="D" target="E"><data key="k0">7</data><data key="k1">7</data></edge>
                 </graph>
                </graphml>
                """;
        WitnessValidator.Result r = validate("create-join", other);
        assertTrue(r.confirmed(), r.message());
    }

    @Test
    void malformedWitnessesAreRefused() {
        assertThrows(WitnessReader.Malformed.class, () -> WitnessReader.read("<graphml><graph/></graphml>"));
        assertThrows(WitnessReader.Malformed.class, () -> WitnessReader.read("- entry_type: invariant_set\n"));
        assertThrows(WitnessReader.Malformed.class, () -> WitnessReader.read("not: [a witness"));
    }
}
