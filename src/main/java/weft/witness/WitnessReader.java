package weft.witness;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a race witness into a {@link WitnessSpec}, tolerating what it does not use (other keys, waypoints, invariants,
 * function names).
 *
 * <p>GraphML: keys are matched by their {@code attr.name} (or id); the path from the {@code entry} node is followed
 * to the {@code violation} node (edges into {@code sink} nodes are left out; at a branch the first edge is taken);
 * each edge with a {@code startline} or a {@code createThread} gives a step ({@code threadId}, default 0); the last two edges
 * with a line are the racing accesses; an assumption {@code x == v} or {@code \result == v} gives the value of the
 * nondeterministic input at the edge's line (Weft's own {@code weft.nondetValue} keys, where present, give every
 * input's value instead). YAML: the {@code violation_sequence} entry's {@code follow} waypoints are steps naming
 * statement visits: {@code function_enter} waypoints are thread creations (the {@code k}-th creates thread
 * {@code k}, YAML 2.2's numbering), {@code function_return}, {@code assumption} and {@code branching} waypoints
 * statements their thread passes (a constraint {@code \result == v} / {@code x == v} also gives a value); the two
 * {@code target} waypoints of the last segment are the racing accesses.
 */
public final class WitnessReader {
    private static final Pattern EQUALS = Pattern.compile("(?:\\\\result|(?:\\*\\(unsigned (?:char|short|int|long) \\*\\)&)?[A-Za-z_][\\w.>\\-\\[\\]]*)\\s*==\\s*\\(?\\s*(-?\\d+)[uUlL]*\\s*\\)?");

    /** A witness file that cannot be read as a race witness. */
    public static final class Malformed extends Exception {
        public Malformed(String message) {
            super(message);
        }
    }

    private WitnessReader() {
    }

    /** Reads GraphML (text starting with {@code <}) or YAML. */
    public static WitnessSpec read(String text) throws Malformed {
        String t = text.stripLeading();
        try {
            return t.startsWith("<") ? graphml(text) : yaml(text);
        } catch (Malformed m) {
            throw m;
        } catch (Exception e) {
            throw new Malformed("not a GraphML or YAML race witness: " + e.getMessage());
        }
    }

    private static WitnessSpec graphml(String text) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        Document d = f.newDocumentBuilder().parse(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
        Map<String, String> names = new HashMap<>();
        NodeList keys = d.getElementsByTagNameNS("*", "key");
        for (int i = 0; i < keys.getLength(); i++) {
            Element k = (Element) keys.item(i);
            names.put(k.getAttribute("id"), k.getAttribute("attr.name").isEmpty() ? k.getAttribute("id") : k.getAttribute("attr.name"));
        }
        String entry = null;
        Set<String> violation = new HashSet<>();
        Set<String> sink = new HashSet<>();
        NodeList nodes = d.getElementsByTagNameNS("*", "node");
        for (int i = 0; i < nodes.getLength(); i++) {
            Element n = (Element) nodes.item(i);
            Map<String, String> data = data(n, names);
            if ("true".equals(data.get("entry"))) entry = n.getAttribute("id");
            if ("true".equals(data.get("violation"))) violation.add(n.getAttribute("id"));
            if ("true".equals(data.get("sink"))) sink.add(n.getAttribute("id"));
        }
        if (entry == null) throw new Malformed("GraphML witness without an entry node");
        if (violation.isEmpty()) throw new Malformed("GraphML witness without a violation node");
        Map<String, List<Element>> out = new LinkedHashMap<>();
        NodeList edges = d.getElementsByTagNameNS("*", "edge");
        for (int i = 0; i < edges.getLength(); i++) {
            Element e = (Element) edges.item(i);
            if (sink.contains(e.getAttribute("target"))) continue;
            out.computeIfAbsent(e.getAttribute("source"), x -> new ArrayList<>()).add(e);
        }
        List<WitnessSpec.Step> steps = new ArrayList<>();
        Map<Integer, List<Long>> values = new HashMap<>();
        Map<Integer, List<Long>> weftValues = new HashMap<>();
        Set<String> visited = new HashSet<>();
        String at = entry;
        while (!violation.contains(at)) {
            if (!visited.add(at) || !out.containsKey(at)) throw new Malformed("no path from the entry node to the violation node");
            Element e = out.get(at).get(0);
            Map<String, String> data = data(e, names);
            int line = data.containsKey("startline") ? Integer.parseInt(data.get("startline").trim()) : 0;
            String creates = trimmed(data.get("createThread"));
            // an edge with neither a line nor a creation (function entry or return, a bare thread switch) names no statement
            if (line > 0 || creates != null) steps.add(new WitnessSpec.Step(data.getOrDefault("threadId", "0").trim(), line, creates));
            if (data.containsKey(GraphmlWriter.NONDET_VALUE) && line > 0) {
                weftValues.computeIfAbsent(line, x -> new ArrayList<>()).add(Long.parseLong(data.get(GraphmlWriter.NONDET_VALUE).trim()));
            }
            if (data.containsKey("assumption") && line > 0) {
                for (String part : data.get("assumption").split(";")) {
                    Matcher m = EQUALS.matcher(part.trim());
                    if (m.matches()) values.computeIfAbsent(line, x -> new ArrayList<>()).add(Long.parseLong(m.group(1)));
                }
            }
            at = e.getAttribute("target");
        }
        List<WitnessSpec.Step> located = steps.stream().filter(s -> s.line() > 0).toList();
        if (located.size() < 2) throw new Malformed("GraphML witness without two located steps for the racing accesses");
        WitnessSpec.Step first = located.get(located.size() - 2);
        WitnessSpec.Step second = located.get(located.size() - 1);
        List<WitnessSpec.Step> before = new ArrayList<>(steps.subList(0, steps.lastIndexOf(first)));
        return new WitnessSpec(before, first, second, weftValues.isEmpty() ? values : weftValues,
                names.containsValue("programhash") ? graphData(d, names, "programhash") : null);
    }

    private static String graphData(Document d, Map<String, String> names, String key) {
        NodeList graphs = d.getElementsByTagNameNS("*", "graph");
        return graphs.getLength() == 0 ? null : data((Element) graphs.item(0), names).get(key);
    }

    private static String trimmed(String s) {
        return s == null ? null : s.trim();
    }

    /** The {@code data} children of {@code e} by key name. */
    private static Map<String, String> data(Element e, Map<String, String> names) {
        Map<String, String> out = new HashMap<>();
        for (org.w3c.dom.Node c = e.getFirstChild(); c != null; c = c.getNextSibling()) {
            if (c instanceof Element x && "data".equals(x.getLocalName())) {
                String key = x.getAttribute("key");
                out.put(names.getOrDefault(key, key), x.getTextContent());
            }
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private static WitnessSpec yaml(String text) throws Malformed {
        Object doc = new Yaml(new SafeConstructor(new LoaderOptions())).load(text);
        if (!(doc instanceof List<?> entries)) throw new Malformed("YAML witness is not a list of entries");
        for (Object o : entries) {
            if (!(o instanceof Map<?, ?> entry) || !"violation_sequence".equals(entry.get("entry_type"))) continue;
            String hash = null;
            if (entry.get("metadata") instanceof Map<?, ?> meta && meta.get("task") instanceof Map<?, ?> task
                    && task.get("input_file_hashes") instanceof Map<?, ?> hashes && !hashes.isEmpty()) {
                hash = String.valueOf(hashes.values().iterator().next());
            }
            if (!(entry.get("content") instanceof List<?> content)) throw new Malformed("violation_sequence without content");
            List<WitnessSpec.Step> steps = new ArrayList<>();
            Map<Integer, List<Long>> values = new HashMap<>();
            List<WitnessSpec.Step> targets = new ArrayList<>();
            int created = 0;
            for (Object seg : content) {
                if (!(seg instanceof Map<?, ?> sm) || !(sm.get("segment") instanceof List<?> wps)) continue;
                for (Object wo : wps) {
                    if (!(wo instanceof Map<?, ?> wm) || !(wm.get("waypoint") instanceof Map<?, ?> w)) continue;
                    if (!"follow".equals(String.valueOf(w.get("action")))) continue;
                    int line = w.get("location") instanceof Map<?, ?> loc && loc.get("line") instanceof Number n ? n.intValue() : 0;
                    String thread = w.get("thread_id") == null ? "0" : String.valueOf(w.get("thread_id"));
                    switch (String.valueOf(w.get("type"))) {
                        case "function_enter" -> steps.add(new WitnessSpec.Step(thread, line, Integer.toString(++created), true));
                        case "target" -> targets.add(new WitnessSpec.Step(thread, line, null));
                        case "function_return", "assumption", "branching" -> {
                            if (line > 0) steps.add(new WitnessSpec.Step(thread, line, null, true));
                            if (w.get("constraint") instanceof Map<?, ?> c && c.get("value") != null && line > 0) {
                                Matcher m = EQUALS.matcher(String.valueOf(c.get("value")).trim());
                                if (m.matches()) values.computeIfAbsent(line, x -> new ArrayList<>()).add(Long.parseLong(m.group(1)));
                            }
                        }
                        default -> { }
                    }
                }
            }
            if (targets.size() != 2) throw new Malformed("YAML witness without two target waypoints (found " + targets.size() + ")");
            return new WitnessSpec(steps, targets.get(0), targets.get(1), values, hash);
        }
        throw new Malformed("YAML witness without a violation_sequence entry");
    }
}
