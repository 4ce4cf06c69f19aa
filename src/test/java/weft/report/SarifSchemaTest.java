package weft.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static weft.report.ReportTestSupport.example;
import static weft.report.ReportTestSupport.weft;

/**
 * The SARIF output validates against the official SARIF 2.1.0 JSON schema (OASIS, errata 01, a
 * draft-04 schema; a copy with its licence is under {@code src/test/resources/report}) and has the
 * structure code-scanning viewers need: both locations, thread creation sites, code flows.
 */
class SarifSchemaTest {
    static JsonSchema schema;
    static final ObjectMapper MAPPER = new ObjectMapper();

    @BeforeAll
    static void loadSchema() throws IOException {
        try (InputStream in = Files.newInputStream(ReportTestSupport.EXAMPLES.resolve("sarif-schema-2.1.0.json"))) {
            schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V4).getSchema(in);
        }
    }

    static JsonNode sarif(String file) throws IOException {
        ReportTestSupport.Run r = weft("check", "--format", "sarif", example(file));
        assertTrue(r.code() == 0 || r.code() == 1 || r.code() == 3, r.err());
        return MAPPER.readTree(r.out());
    }

    @ParameterizedTest
    @ValueSource(strings = {"racy.c", "racefree.c", "confirmed.c", "unknown.c"})
    void outputIsValidSarif(String file) throws IOException {
        Set<ValidationMessage> errors = schema.validate(sarif(file));
        assertTrue(errors.isEmpty(), file + ": " + errors);
    }

    @Test
    void validatorRejectsInvalidSarif() throws IOException {
        ObjectNode doc = (ObjectNode) sarif("confirmed.c");
        doc.put("version", "2.0.0");
        ((ObjectNode) doc.get("runs").get(0).get("results").get(0)).put("level", "fatal");
        Set<ValidationMessage> errors = schema.validate(doc);
        assertTrue(errors.size() >= 2, "the schema check must be able to fail: " + errors);
    }

    @Test
    void confirmedRaceHasBothLocationsAndThreadFlows() throws IOException {
        JsonNode run = sarif("confirmed.c").get("runs").get(0);
        assertEquals(1, run.get("results").size());
        JsonNode result = run.get("results").get(0);
        assertEquals("data-race", result.get("ruleId").asText());
        assertEquals("error", result.get("level").asText());
        JsonNode first = result.get("locations").get(0).get("physicalLocation");
        assertEquals("src/test/resources/report/confirmed.c", first.get("artifactLocation").get("uri").asText());
        assertEquals(8, first.get("region").get("startLine").asInt());
        JsonNode related = result.get("relatedLocations");
        assertEquals(15, related.get(0).get("physicalLocation").get("region").get("startLine").asInt());
        assertTrue(related.get(1).get("message").get("text").asText().contains("created here"));
        assertTrue(result.get("message").get("text").asText().contains("](1)"), "message links the second access");
        JsonNode flows = result.get("codeFlows").get(0).get("threadFlows");
        assertEquals(2, flows.size(), "one thread flow per thread");
        int steps = 0;
        for (JsonNode f : flows) steps += f.get("locations").size();
        assertEquals(4 + 2, steps, "the interleaving's steps and the two racing accesses");
        assertEquals("Weft", run.get("tool").get("driver").get("name").asText());
    }

    /** Issue 35: a confirmed race's result names what the world answered on its interleaving, as the text report does. */
    @Test
    void confirmedRaceNamesTheEnvironmentItAssumed() throws IOException {
        ReportTestSupport.Run r = weft("check", "--format", "sarif", "src/test/resources/races/41-library-inputs/16-elapsed-time-then-race.c");
        JsonNode doc = MAPPER.readTree(r.out());
        assertTrue(schema.validate(doc).isEmpty(), schema.validate(doc).toString());
        JsonNode result = doc.get("runs").get(0).get("results").get(0);
        assertEquals("data-race", result.get("ruleId").asText());
        JsonNode env = result.get("properties").get("environment");
        assertTrue(env != null && env.size() > 0, result.toString());
        assertTrue(env.get(0).asText().matches("time returned \\d+ at 16-elapsed-time-then-race\\.c:\\d+:\\d+"), env.toString());
        assertFalse(sarif("confirmed.c").get("runs").get(0).get("results").get(0).get("properties").has("environment"),
                "no inputs, no environment");
    }

    @Test
    void possibleRaceIsAWarningWithoutCodeFlow() throws IOException {
        JsonNode result = sarif("unknown.c").get("runs").get(0).get("results").get(0);
        assertEquals("possible-data-race", result.get("ruleId").asText());
        assertEquals("warning", result.get("level").asText());
        assertFalse(result.has("codeFlows"));
    }

    @Test
    void raceFreeHasNoResults() throws IOException {
        JsonNode run = sarif("racefree.c").get("runs").get(0);
        assertTrue(run.get("results").isEmpty());
        assertEquals("race-free", run.get("properties").get("verdict").asText());
    }
}
