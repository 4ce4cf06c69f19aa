package weft.witness;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.yaml.snakeyaml.Yaml;
import weft.explore.ExploreOptions;
import weft.ir.DataModel;
import weft.ir.Program;
import weft.trace.RaceWitness;

import javax.xml.parsers.DocumentBuilderFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Writes both witnesses of a race and checks them: the GraphML is well-formed XML whose last two edges are the racing
 * accesses (their threads and lines), the YAML parses and ends with a segment of two {@code target} waypoints of the
 * racing threads, every thread id of a waypoint is created before it is used, Weft's own replay
 * ({@link WitnessValidator}) confirms both files, and WitnessLint
 * ({@code --svcomp --strictChecking}) accepts the GraphML when {@code python} is given. Returns the problems found.
 */
final class WitnessChecks {
    private WitnessChecks() {
    }

    /** Whether {@code problem} is a failed replay of the witness with extension {@code ext} ({@code graphml}, {@code yml}). */
    static boolean replayOf(String problem, String ext) {
        return problem.contains("replay of ") && problem.contains("." + ext + ": ");
    }

    static List<String> check(Program ir, RaceWitness w, Path program, DataModel model, Path dir, String python, boolean libcStateRaces)
            throws Exception {
        List<String> problems = new ArrayList<>();
        WitnessTask task = WitnessTask.of(program, model, null, "test", Instant.now());
        Path graphml = dir.resolve(program.getFileName() + ".graphml");
        List<Path> written = WitnessFiles.write(w, task, graphml);
        graphml(written.get(0), w, program, problems);
        yaml(written.get(1), w, program, problems);
        for (Path file : written) {
            ExploreOptions d = ExploreOptions.defaults();
            ExploreOptions eo = new ExploreOptions(d.maxSteps(), d.maxExecutions(), d.timeBudgetMillis(), d.seed(), true, libcStateRaces);
            WitnessValidator.Result r = new WitnessValidator(ir, program, eo).validate(WitnessReader.read(Files.readString(file)));
            if (!r.confirmed()) problems.add("replay of " + file.getFileName() + ": " + r.message());
        }
        if (python != null) {
            WitnessTestSupport.Lint lint = WitnessTestSupport.lint(python, written.get(0), program);
            if (lint.exitCode() != 0) problems.add("witnesslint exit " + lint.exitCode() + ": " + lint.output());
        }
        return problems;
    }

    private static void graphml(Path file, RaceWitness w, Path program, List<String> problems) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        Document d = f.newDocumentBuilder().parse(file.toFile());
        NodeList edges = d.getElementsByTagNameNS("*", "edge");
        if (edges.getLength() < 2) {
            problems.add("GraphML: fewer than two edges");
            return;
        }
        check(problems, "GraphML first access", (Element) edges.item(edges.getLength() - 2), w.first().thread(),
                WitnessTrace.lineIn(w.first().loc(), program));
        check(problems, "GraphML second access", (Element) edges.item(edges.getLength() - 1), w.second().thread(),
                WitnessTrace.lineIn(w.second().loc(), program));
    }

    private static void check(List<String> problems, String what, Element edge, int thread, int line) {
        String t = data(edge, "threadId");
        String l = data(edge, "startline");
        if (!Integer.toString(thread).equals(t)) problems.add(what + ": threadId " + t + ", expected " + thread);
        if (line > 0 && !Integer.toString(line).equals(l)) problems.add(what + ": startline " + l + ", expected " + line);
    }

    private static String data(Element edge, String key) {
        NodeList data = edge.getElementsByTagNameNS("*", "data");
        for (int i = 0; i < data.getLength(); i++) {
            Element e = (Element) data.item(i);
            if (key.equals(e.getAttribute("key"))) return e.getTextContent();
        }
        return null;
    }

    @SuppressWarnings("unchecked")
    private static void yaml(Path file, RaceWitness w, Path program, List<String> problems) throws Exception {
        List<Map<String, Object>> doc = new Yaml().load(Files.readString(file));
        Map<String, Object> entry = doc.get(0);
        if (!"violation_sequence".equals(entry.get("entry_type"))) problems.add("YAML: entry_type " + entry.get("entry_type"));
        Map<String, Object> meta = (Map<String, Object>) entry.get("metadata");
        if (!"2.2".equals(meta.get("format_version"))) problems.add("YAML: format_version " + meta.get("format_version"));
        List<Map<String, Object>> content = (List<Map<String, Object>>) entry.get("content");
        int threads = 1;
        for (int s = 0; s < content.size(); s++) {
            List<Map<String, Object>> segment = (List<Map<String, Object>>) content.get(s).get("segment");
            for (Map<String, Object> wp : segment) {
                Map<String, Object> p = (Map<String, Object>) wp.get("waypoint");
                int tid = (Integer) p.get("thread_id");
                if (tid >= threads) problems.add("YAML: thread " + tid + " used before its creation");
                if ("function_enter".equals(p.get("type"))) threads++;
                if (s < content.size() - 1 && segment.size() != 1) problems.add("YAML: segment " + s + " without exactly one waypoint");
            }
        }
        List<Map<String, Object>> last = (List<Map<String, Object>>) content.get(content.size() - 1).get("segment");
        if (last.size() != 2) {
            problems.add("YAML: final segment has " + last.size() + " waypoints");
            return;
        }
        int[] expected = {w.first().thread(), w.second().thread()};
        for (int i = 0; i < 2; i++) {
            Map<String, Object> p = (Map<String, Object>) last.get(i).get("waypoint");
            if (!"target".equals(p.get("type"))) problems.add("YAML: final waypoint " + i + " is " + p.get("type"));
            if (!Integer.valueOf(expected[i]).equals(p.get("thread_id"))) problems.add("YAML: target thread " + p.get("thread_id"));
        }
    }
}
