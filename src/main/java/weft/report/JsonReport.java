package weft.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * {@code --format json}: the report as one JSON document, schema version {@value #SCHEMA_VERSION}
 * (documented in the README; fields are only ever added within a version). Deterministic: no timing.
 */
public final class JsonReport {
    /** Incremented when a field changes meaning or disappears. */
    public static final int SCHEMA_VERSION = 1;

    private final SourceFiles sources;
    private final String toolVersion;

    public JsonReport(SourceFiles sources, String toolVersion) {
        this.sources = sources;
        this.toolVersion = toolVersion;
    }

    public String render(Report r) {
        return Json.write(toJson(r));
    }

    /** {@link #render} written to {@code out} as it is generated, race by race (flushed, not closed). */
    public void write(Report r, java.io.OutputStream out) {
        Iterable<ObjectNode> races = () -> r.races().stream().map(this::race).iterator();
        Json.write(toJson(r, false), "races", races, out);
    }

    public ObjectNode toJson(Report r) {
        return toJson(r, true);
    }

    /** The report; {@code withRaces} false: the {@code races} array left empty (for {@link #write}). */
    private ObjectNode toJson(Report r, boolean withRaces) {
        ObjectNode root = Json.object();
        root.put("schemaVersion", SCHEMA_VERSION);
        ObjectNode tool = root.putObject("tool");
        tool.put("name", "weft");
        tool.put("version", toolVersion);
        root.put("verdict", r.status().id());
        root.put("reason", r.reason());
        Report.Figures f = r.figures();
        ObjectNode s = root.putObject("summary");
        s.put("confirmed", f.confirmed());
        s.put("possible", f.possible());
        s.put("suppressed", f.suppressed());
        s.put("truncated", f.truncated());
        s.put("threads", f.threads());
        s.put("accesses", f.accesses());
        s.put("pairsChecked", f.pairsChecked());
        s.put("certain", f.certain());
        ArrayNode gaps = root.putArray("gaps");
        r.gaps().forEach(gaps::add);
        if (!r.witnessFiles().isEmpty()) r.witnessFiles().forEach(root.putArray("witnessFiles")::add);
        if (r.reproducer() != null) root.put("reproducer", r.reproducer());
        ArrayNode calls = root.putArray("calls");
        for (Report.CallGaps g : r.calls()) {
            ObjectNode c = calls.addObject();
            c.put("kind", g.kind());
            c.put("name", g.name());
            ArrayNode sites = c.putArray("sites");
            for (Report.CallSite site : g.sites()) Json.putLoc(sites.addObject(), site.loc()).put("function", site.function());
        }
        ArrayNode races = root.putArray("races");
        if (withRaces) for (Report.Race race : r.races()) races.add(race(race));
        ArrayNode objects = root.putArray("objects");
        for (Report.ObjectSummary o : r.objects()) {
            ObjectNode x = objects.addObject();
            x.put("object", o.object());
            x.put("confirmed", o.confirmed());
            x.put("certain", o.certain());
            x.put("possible", o.possible());
            x.put("suppressed", o.suppressed());
            ArrayNode locs = x.putArray("locations");
            for (var l : o.locations()) locs.add(Json.putLoc(Json.object(), l));
        }
        if (r.explained() || !r.explanation().isEmpty()) root.set("explanation", explanation(r));
        return root;
    }

    private ObjectNode race(Report.Race race) {
        ObjectNode o = Json.object();
        o.put("id", race.id());
        o.put("confirmed", race.confirmed());
        o.put("rank", race.rank().id());
        o.put("variable", race.variable());
        o.put("object", race.object());
        ArrayNode objs = o.putArray("objects");
        race.objects().forEach(objs::add);
        ObjectNode merged = o.putObject("merged");
        merged.put("accessPairs", race.accessPairs());
        merged.put("threadPairs", race.threadPairs());
        if (race.suppressed()) o.put("suppressedBy", race.suppressedBy());
        else o.putNull("suppressedBy");
        ArrayNode accesses = o.putArray("accesses");
        accesses.add(side(race.first()));
        accesses.add(side(race.second()));
        ArrayNode steps = o.putArray("interleaving");
        for (Report.Step s : race.interleaving()) {
            ObjectNode st = Json.object();
            st.put("step", s.index());
            st.put("thread", s.thread());
            Json.putLoc(st, s.loc());
            st.put("statement", s.statement());
            steps.add(st);
        }
        ArrayNode env = o.putArray("environment");
        for (String x : race.environment()) env.add(x);
        return o;
    }

    private ObjectNode side(Report.Side s) {
        ObjectNode o = Json.putLoc(Json.object(), s.loc());
        o.put("kind", s.write() ? "write" : "read");
        o.put("atomic", s.atomic());
        o.put("what", s.what());
        o.put("via", s.via());
        if (s.function() != null) o.put("function", s.function());
        else o.putNull("function");
        ObjectNode t = o.putObject("thread");
        t.put("name", s.thread().name());
        if (s.thread().createdAt() != null) t.set("createdAt", Json.putLoc(Json.object(), s.thread().createdAt()));
        else t.putNull("createdAt");
        ArrayNode locks = o.putArray("locks");
        s.locks().forEach(locks::add);
        o.put("atomicSection", s.atomicSection());
        o.put("source", sources.line(s.loc().file(), s.loc().line()).orElse(null));
        return o;
    }

    private static ArrayNode explanation(Report r) {
        ArrayNode out = Json.MAPPER.createArrayNode();
        for (Report.Explanation e : r.explanation()) {
            ObjectNode v = out.addObject();
            v.put("variable", e.variable());
            ArrayNode pairs = v.putArray("pairs");
            for (Report.Excluded x : e.pairs()) {
                ObjectNode p = pairs.addObject();
                p.set("first", ref(x.first()));
                p.set("second", ref(x.second()));
                p.put("rule", x.rule());
                p.put("reason", x.reason());
            }
        }
        return out;
    }

    private static ObjectNode ref(Report.AccessRef a) {
        ObjectNode o = Json.putLoc(Json.object(), a.loc());
        o.put("kind", a.kind());
        o.put("thread", a.thread());
        return o;
    }
}
