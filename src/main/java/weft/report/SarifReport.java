package weft.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import weft.ir.SourceLoc;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code --format sarif}: SARIF 2.1.0 for GitHub code scanning and IDE viewers. One result per race:
 * {@code locations} is the first access, {@code relatedLocations} the second access and the thread
 * creation sites (the message links to them), a confirmed race carries its interleaving as one
 * {@code codeFlow} with a {@code threadFlow} per thread (steps numbered globally by
 * {@code executionOrder}), and suppressed races carry a SARIF {@code suppression}. Rules:
 * {@code data-race} (confirmed, level error) and {@code possible-data-race} (not confirmed, warning); each
 * result's properties carry its rank ({@code confirmed}, {@code certain}, {@code possible}), object group
 * and merged counts, and the run's properties the call gaps ({@code calls}).
 */
public final class SarifReport {
    static final String SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";
    static final String CONFIRMED_RULE = "data-race";
    static final String POSSIBLE_RULE = "possible-data-race";

    private final SourceFiles sources;
    private final String toolVersion;

    public SarifReport(SourceFiles sources, String toolVersion) {
        this.sources = sources;
        this.toolVersion = toolVersion;
    }

    public String render(Report r) {
        return Json.write(toJson(r));
    }

    /** {@link #render} written to {@code out} as the text is generated, not held as one string (flushed, not closed). */
    public void write(Report r, java.io.OutputStream out) {
        Json.write(toJson(r), out);
    }

    public ObjectNode toJson(Report r) {
        ObjectNode root = Json.object();
        root.put("$schema", SCHEMA);
        root.put("version", "2.1.0");
        ObjectNode run = root.putArray("runs").addObject();
        ObjectNode driver = run.putObject("tool").putObject("driver");
        driver.put("name", "Weft");
        driver.put("version", toolVersion);
        driver.put("semanticVersion", toolVersion);
        ArrayNode rules = driver.putArray("rules");
        rules.add(rule(CONFIRMED_RULE, "DataRace", "Data race",
                "Two threads access the same memory location at the same time, at least one access is a write, and no "
                        + "synchronisation orders them. Weft found a concrete interleaving that reaches both accesses "
                        + "(shown as the code flow).", "error", "very-high"));
        rules.add(rule(POSSIBLE_RULE, "PossibleDataRace", "Possible data race",
                "Two threads may access the same memory location concurrently, at least one access a write, and no "
                        + "reason (common lock, thread creation or join order, atomicity, ...) excludes it; no "
                        + "interleaving reaching both accesses was found, so it may be a false alarm.", "warning", "medium"));
        Map<String, Integer> artifacts = new LinkedHashMap<>();
        ArrayNode results = run.putArray("results");
        for (Report.Race race : r.races()) results.add(result(race, artifacts));
        ArrayNode arts = run.putArray("artifacts");
        for (String file : artifacts.keySet()) arts.addObject().putObject("location").put("uri", uri(file));
        ObjectNode inv = run.putArray("invocations").addObject();
        inv.put("executionSuccessful", true);
        ObjectNode props = run.putObject("properties");
        props.put("verdict", r.status().id());
        props.put("reason", r.reason());
        if (!r.witnessFiles().isEmpty()) r.witnessFiles().forEach(props.putArray("witnessFiles")::add);
        if (r.reproducer() != null) props.put("reproducer", r.reproducer());
        ArrayNode calls = props.putArray("calls");
        for (Report.CallGaps g : r.calls()) {
            ObjectNode c = calls.addObject();
            c.put("kind", g.kind());
            c.put("name", g.name());
            ArrayNode sites = c.putArray("sites");
            for (Report.CallSite site : g.sites()) Json.putLoc(sites.addObject(), site.loc()).put("function", site.function());
        }
        return root;
    }

    private static ObjectNode rule(String id, String name, String shortText, String fullText, String level, String precision) {
        ObjectNode o = Json.object();
        o.put("id", id);
        o.put("name", name);
        o.putObject("shortDescription").put("text", shortText);
        o.putObject("fullDescription").put("text", fullText);
        o.putObject("help").put("text", "Protect both accesses with the same lock, make them atomic, or order them "
                + "(create the thread after, or join it before, the other access). If the race is intended, suppress it "
                + "with a // weft:ignore-race comment or a suppression in weft.yml.");
        o.putObject("defaultConfiguration").put("level", level);
        ObjectNode p = o.putObject("properties");
        p.putArray("tags").add("concurrency").add("data-race");
        p.put("precision", precision);
        p.put("problem.severity", level);
        return o;
    }

    private ObjectNode result(Report.Race race, Map<String, Integer> artifacts) {
        Report.Side a = race.first();
        Report.Side b = race.second();
        ObjectNode o = Json.object();
        o.put("ruleId", race.confirmed() ? CONFIRMED_RULE : POSSIBLE_RULE);
        o.put("ruleIndex", race.confirmed() ? 0 : 1);
        o.put("level", race.confirmed() ? "error" : "warning");
        String text = race.title()
                + " on '" + race.variable() + "'" + (race.object().equals(race.variable()) ? "" : " (object " + race.object() + ")") + ": " + a.kind()
                + " in thread " + a.thread().name() + " and [" + b.kind() + " in thread " + b.thread().name() + "](1)"
                + " (locks held: " + locks(a) + " / " + locks(b) + ").";
        o.putObject("message").put("text", text);
        o.putArray("locations").add(location(a.loc(), a.kind() + " of " + a.what() + " in thread " + a.thread().name(), -1, artifacts));
        ArrayNode related = o.putArray("relatedLocations");
        related.add(location(b.loc(), b.kind() + " of " + b.what() + " in thread " + b.thread().name(), 1, artifacts));
        int id = 2;
        List<String> seenThreads = new ArrayList<>();
        for (Report.Side s : List.of(a, b)) {
            Report.ThreadRef t = s.thread();
            if (t.createdAt() == null || seenThreads.contains(t.name() + "@" + t.createdAt())) continue;
            seenThreads.add(t.name() + "@" + t.createdAt());
            related.add(location(t.createdAt(), "thread " + t.name() + " created here", id++, artifacts));
        }
        if (race.confirmed()) o.putArray("codeFlows").add(codeFlow(race, artifacts));
        o.putObject("partialFingerprints").put("weftRace/v1", fingerprint(race));
        if (race.suppressed()) {
            ObjectNode sup = o.putArray("suppressions").addObject();
            sup.put("kind", race.suppressedBy().startsWith(Suppressions.MARKER) ? "inSource" : "external");
            sup.put("justification", race.suppressedBy());
        }
        ObjectNode p = o.putObject("properties");
        p.put("confirmed", race.confirmed());
        p.put("rank", race.rank().id());
        p.put("variable", race.variable());
        p.put("object", race.object());
        ArrayNode objs = p.putArray("objects");
        race.objects().forEach(objs::add);
        p.put("accessPairs", race.accessPairs());
        p.put("threadPairs", race.threadPairs());
        if (!race.environment().isEmpty()) {
            // what the world answered on the interleaving (issue 35): "time returned 1700000000 at f.c:25:5", ...
            ArrayNode env = p.putArray("environment");
            race.environment().forEach(env::add);
        }
        return o;
    }

    private ObjectNode codeFlow(Report.Race race, Map<String, Integer> artifacts) {
        ObjectNode flow = Json.object();
        flow.putObject("message").put("text", "Interleaving that reaches both accesses (" + race.interleaving().size() + " steps)");
        Map<String, ArrayNode> byThread = new LinkedHashMap<>();
        ArrayNode threadFlows = flow.putArray("threadFlows");
        int order = 0;
        for (Report.Step s : race.interleaving()) {
            ArrayNode locs = byThread.computeIfAbsent(s.thread(), t -> newThreadFlow(threadFlows, t));
            ObjectNode tfl = locs.addObject();
            tfl.set("location", location(s.loc(), s.statement(), -1, artifacts));
            tfl.put("executionOrder", ++order);
        }
        for (Report.Side side : List.of(race.first(), race.second())) {
            ArrayNode locs = byThread.computeIfAbsent(side.thread().name(), t -> newThreadFlow(threadFlows, t));
            ObjectNode tfl = locs.addObject();
            tfl.set("location", location(side.loc(), "about to " + side.kind() + " " + side.what() + " (racing access)", -1, artifacts));
            tfl.put("executionOrder", ++order);
            tfl.put("importance", "essential");
        }
        return flow;
    }

    private static ArrayNode newThreadFlow(ArrayNode threadFlows, String thread) {
        ObjectNode tf = threadFlows.addObject();
        tf.put("id", thread);
        tf.putObject("message").put("text", "thread " + thread);
        return tf.putArray("locations");
    }

    private ObjectNode location(SourceLoc loc, String message, int id, Map<String, Integer> artifacts) {
        ObjectNode o = Json.object();
        if (id >= 0) o.put("id", id);
        if (!loc.equals(SourceLoc.NONE) && loc.line() > 0) {
            ObjectNode phys = o.putObject("physicalLocation");
            int index = artifacts.computeIfAbsent(loc.file(), f -> artifacts.size());
            ObjectNode art = phys.putObject("artifactLocation");
            art.put("uri", uri(loc.file()));
            art.put("index", index);
            ObjectNode region = phys.putObject("region");
            region.put("startLine", loc.line());
            if (loc.col() > 0) region.put("startColumn", loc.col());
            sources.line(loc.file(), loc.line()).ifPresent(t -> region.putObject("snippet").put("text", t));
        }
        o.putObject("message").put("text", message);
        return o;
    }

    private static String locks(Report.Side s) {
        String l = s.locks().isEmpty() ? "none" : String.join(", ", s.locks());
        return s.atomicSection() ? l + " (atomic section)" : l;
    }

    /** A URI reference for a file: relative paths stay relative (to the repository root), with '/' and escapes. */
    static String uri(String file) {
        try {
            Path p = Path.of(file);
            if (p.isAbsolute()) return p.toUri().toString();
            return new URI(null, null, file.replace('\\', '/'), null).toASCIIString();
        } catch (URISyntaxException | RuntimeException e) {
            return file.replace(" ", "%20");
        }
    }

    /** Stable across runs and column changes: rule, variable and the two files and lines. */
    private static String fingerprint(Report.Race race) {
        String key = race.variable() + "|" + race.first().loc().file() + ":" + race.first().loc().line() + "|"
                + race.second().loc().file() + ":" + race.second().loc().line();
        try {
            byte[] h = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(h, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
