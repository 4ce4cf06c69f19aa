package weft.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static weft.report.ReportTestSupport.example;
import static weft.report.ReportTestSupport.weft;

/**
 * Golden files for the text (no colour), JSON, SARIF and HTML reports of the example programs under
 * {@code src/test/resources/report}: racy (a confirmed and a possible race), race-free (also with
 * {@code --explain}), confirmed (a witness) and unknown. Paths are relative and no timing is printed,
 * so the output is deterministic. Run with {@code -Dweft.updateGoldens=true} to rewrite the goldens
 * after an intended change (and review the diff).
 */
class GoldenReportTest {
    static final Path GOLDEN = ReportTestSupport.EXAMPLES.resolve("golden");
    static final boolean UPDATE = Boolean.getBoolean("weft.updateGoldens");

    /** Example, extra options, golden name, expected exit code. */
    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (String fmt : List.of("text", "json", "sarif", "html")) {
            out.add(Arguments.of("racy.c", List.of(), "racy", fmt, 1));
            // names as the source writes them: a lock member of a heap block, library calls through pointers
            out.add(Arguments.of("names.c", List.of(), "names", fmt, 1));
        }
        for (String fmt : List.of("text", "json", "sarif")) {
            out.add(Arguments.of("racefree.c", List.of(), "racefree", fmt, 0));
            out.add(Arguments.of("confirmed.c", List.of(), "confirmed", fmt, 1));
            out.add(Arguments.of("unknown.c", List.of(), "unknown", fmt, 3));
        }
        for (String fmt : List.of("text", "json")) {
            out.add(Arguments.of("ranked.c", List.of(), "ranked", fmt, 1));
            out.add(Arguments.of("gaps.c", List.of(), "gaps", fmt, 3));
        }
        // the inputs a confirmed race's interleaving assumes (issue 35)
        for (String fmt : List.of("text", "json", "html")) out.add(Arguments.of("inputs.c", List.of(), "inputs", fmt, 1));
        out.add(Arguments.of("ranked.c", List.of("--max-races", "2"), "ranked-max2", "text", 1));
        // more races than the text report details: it leads with the objects and details the best-ranked 20
        out.add(Arguments.of("flood.c", List.of(), "flood", "text", 1));
        out.add(Arguments.of("racefree.c", List.of("--explain"), "racefree-explain", "text", 0));
        out.add(Arguments.of("racefree.c", List.of("--explain"), "racefree-explain", "json", 0));
        return out.stream();
    }

    @ParameterizedTest(name = "{2}.{3}")
    @MethodSource("cases")
    void matchesGolden(String file, List<String> extra, String name, String format, int exit) throws IOException {
        boolean html = format.equals("html");
        Path htmlDir = html ? Files.createTempDirectory("weft-golden-html") : null;
        List<String> args = new ArrayList<>(html ? List.of("check", "--quiet", "--html", htmlDir.toString()) : List.of("check", "--format", format));
        args.addAll(extra);
        args.add(example(file));
        ReportTestSupport.Run r = weft(args.toArray(String[]::new));
        assertEquals(exit, r.code(), r.out() + r.err());
        Path golden = GOLDEN.resolve(name + "." + (format.equals("text") ? "txt" : format));
        String out = withoutSolverOutcome(html ? Files.readString(htmlDir.resolve("index.html"), StandardCharsets.UTF_8) : r.out());
        if (UPDATE) Files.writeString(golden, out, StandardCharsets.UTF_8);
        assertTrue(Files.exists(golden), "missing golden " + golden + " (run with -Dweft.updateGoldens=true)");
        assertEquals(Files.readString(golden, StandardCharsets.UTF_8), out, "differs from " + golden);
    }

    private static final java.util.regex.Pattern BOUNDED_TEXT =
            java.util.regex.Pattern.compile("; bounded layer: .*?(?= \\(\\d+ threads?, \\d+ shared access(?:es)?\\)$)", java.util.regex.Pattern.MULTILINE);
    private static final java.util.regex.Pattern BOUNDED_JSON = java.util.regex.Pattern.compile("; bounded layer: [^\"]*");

    /**
     * The report without the bounded layer's outcome in an unknown verdict's reason: what the solver establishes
     * within the layer's slice of the time limit depends on the machine's speed (it is checked where it does not:
     * {@code BoundedLayerTest}).
     */
    static String withoutSolverOutcome(String report) {
        return BOUNDED_JSON.matcher(BOUNDED_TEXT.matcher(report).replaceAll("")).replaceAll("");
    }

    @Test
    void goldensSayWhatTheProgramsAre() throws IOException {
        ObjectMapper m = new ObjectMapper();
        JsonNode confirmed = m.readTree(GOLDEN.resolve("confirmed.json").toFile());
        assertEquals("race", confirmed.get("verdict").asText());
        JsonNode race = confirmed.get("races").get(0);
        assertTrue(race.get("confirmed").asBoolean());
        assertEquals("flag", race.get("variable").asText());
        assertFalse(race.get("interleaving").isEmpty(), "a confirmed race has its interleaving");
        assertEquals("src/test/resources/report/confirmed.c", race.get("accesses").get(0).get("file").asText());

        JsonNode free = m.readTree(GOLDEN.resolve("racefree.json").toFile());
        assertEquals("race-free", free.get("verdict").asText());
        assertTrue(free.get("races").isEmpty());
        assertFalse(free.has("explanation"), "explanation only with --explain");
        JsonNode explained = m.readTree(GOLDEN.resolve("racefree-explain.json").toFile());
        assertTrue(explained.get("explanation").toString().contains("common-lock"));

        JsonNode unknown = m.readTree(GOLDEN.resolve("unknown.json").toFile());
        assertEquals("unknown", unknown.get("verdict").asText());
        assertEquals(1, unknown.get("summary").get("possible").asInt());

        String text = Files.readString(GOLDEN.resolve("racy.txt"));
        assertTrue(text.contains("data race on 'total'") && text.contains("data race on 'hits'"), text);
        assertTrue(text.contains("warning: data race on '"), "one race is confirmed: " + text);
        assertTrue(java.util.regex.Pattern.compile("locks held: a in thread main; b in thread worker[#@]\\d+").matcher(text).find(), text);
        assertFalse(text.contains("\u001b["), "no colour when stdout is not a terminal");
        assertTrue(text.strip().endsWith("(3 threads, 22 shared accesses)"), text); // main's pthread_t cells are not shared (SharedObjects)
    }

    /** Issue 33: locks, objects, lvalues and interleaving steps as the source writes them, in every format. */
    @Test
    void namesGoldenSpeaksTheSourcesLanguage() throws IOException {
        for (String ext : List.of("txt", "json", "sarif", "html")) {
            String g = Files.readString(GOLDEN.resolve("names." + ext));
            for (String internal : List.of("*&", "&*", "*(", "heap@", "[ctx", "__t", "(by ", "Possible data race on 'pool->done'")) {
                assertFalse(g.contains(internal), "names." + ext + " shows " + internal);
            }
        }
        String text = Files.readString(GOLDEN.resolve("names.txt"));
        assertTrue(text.contains("locks held: none in thread worker; lock in calloc@names.c:27 in thread main"), text);
        assertTrue(text.contains("pthread_mutex_lock(&p->lock)") && text.contains("pool->jobs = pool->jobs + 1"), text);
        assertTrue(text.contains("(read by strlen of pool->name)"), text);
        assertTrue(Files.readString(GOLDEN.resolve("names.html")).contains("Certain data race on <code>pool-&gt;done</code>"));
    }

    @Test
    void rankedGoldenHasEveryRankDedupAndGroups() throws IOException {
        JsonNode r = new ObjectMapper().readTree(GOLDEN.resolve("ranked.json").toFile());
        List<String> ranks = new ArrayList<>();
        for (JsonNode race : r.get("races")) ranks.add(race.get("rank").asText());
        assertEquals(List.of("confirmed", "certain", "certain", "possible"), ranks, "sorted by rank");
        assertEquals(2, r.get("summary").get("certain").asInt());
        assertFalse(r.get("summary").get("truncated").asBoolean());
        JsonNode counter = r.get("races").get(0);
        assertEquals("counter", counter.get("object").asText());
        assertTrue(counter.get("merged").get("accessPairs").asInt() > 1, "contexts and instances merged: " + counter);
        JsonNode heap = r.get("races").get(2);
        assertEquals("malloc@ranked.c:36", heap.get("object").asText());
        assertEquals("st->misses", heap.get("variable").asText());
        JsonNode twoTargets = r.get("races").get(3);
        assertEquals("[\"a\",\"b\"]", twoTargets.get("objects").toString());
        assertEquals("*p", twoTargets.get("variable").asText());
        List<String> objects = new ArrayList<>();
        for (JsonNode o : r.get("objects")) objects.add(o.get("object").asText());
        assertEquals(List.of("counter", "flag", "malloc@ranked.c:36", "a"), objects);

        String text = Files.readString(GOLDEN.resolve("ranked.txt"));
        assertTrue(text.contains("warning: certain data race on 'flag'"), text);
        assertTrue(text.contains("weft: races per object (confirmed / certain / possible):\n  counter: 1 / 0 / 0"), text);
        String capped = Files.readString(GOLDEN.resolve("ranked-max2.txt"));
        assertTrue(capped.contains("1+ possible") && capped.contains("more races may exist"), "a capped report says so: " + capped);
        assertEquals(2, capped.lines().filter(l -> l.contains(": warning: ")).count(), "two races listed: " + capped);
    }

    @Test
    void gapsGoldenListsEveryUnknownFunctionAndUnresolvedCall() throws IOException {
        JsonNode r = new ObjectMapper().readTree(GOLDEN.resolve("gaps.json").toFile());
        List<String> calls = new ArrayList<>();
        for (JsonNode c : r.get("calls")) calls.add(c.get("kind").asText() + " " + c.get("name").asText() + " " + c.get("sites").size());
        assertEquals(List.of("unknown-function ext_level 1", "unknown-function ext_notify 2", "unresolved-call hook 1"), calls);
        String text = Files.readString(GOLDEN.resolve("gaps.txt"));
        assertTrue(text.contains("ext_notify: src/test/resources/report/gaps.c:16:5 in main(), src/test/resources/report/gaps.c:17:5 in main()"), text);
    }
}
