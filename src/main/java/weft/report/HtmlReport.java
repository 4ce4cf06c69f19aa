package weft.report;

import weft.ir.SourceLoc;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code --html DIR}: one self-contained static page, {@code DIR/index.html} (inline CSS and script, no
 * network access when viewed; a Content-Security-Policy forbids any). The page shows the verdict, the
 * list of races, and per race both source excerpts side by side with the accesses highlighted, the
 * threads and locks on each side and the interleaving step by step. All source text and names are
 * HTML-escaped; the report is also embedded as JSON (with {@code <}, {@code >}, {@code &} escaped), from
 * which a small inline script builds the race list and the verdict banner.
 */
public final class HtmlReport {
    /** Places shown per object in the table that leads the report (each race has its own). */
    static final int MAX_PLACES = 10;

    static final int CONTEXT_LINES = 3;

    private final SourceFiles sources;
    private final String toolVersion;

    public HtmlReport(SourceFiles sources, String toolVersion) {
        this.sources = sources;
        this.toolVersion = toolVersion;
    }

    /** Writes {@code dir/index.html} (creating {@code dir}); returns the page's path. */
    public Path write(Report r, Path dir) throws IOException {
        Files.createDirectories(dir);
        Path page = dir.resolve("index.html");
        Files.writeString(page, render(r), StandardCharsets.UTF_8);
        return page;
    }

    public String render(Report r) {
        StringBuilder h = new StringBuilder(16_384);
        h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>Weft report: ").append(esc(r.status().id())).append("</title>\n<style>\n").append(CSS).append("</style>\n</head>\n<body>\n");
        h.append("<header>\n<h1>Weft data race report</h1>\n<p id=\"verdict\" class=\"verdict ").append(r.status().id()).append("\">")
                .append(esc(statusText(r))).append("</p>\n<p class=\"reason\">").append(esc(r.reason())).append("</p>\n");
        if (!r.witnessFiles().isEmpty()) {
            h.append("<p class=\"witness\">Violation witness: ");
            for (int i = 0; i < r.witnessFiles().size(); i++) h.append(i > 0 ? ", " : "").append("<code>").append(esc(r.witnessFiles().get(i))).append("</code>");
            h.append("</p>\n");
        }
        if (r.reproducer() != null) {
            h.append("<p class=\"reproducer\">Reproducer: <code>").append(esc(r.reproducer()))
                    .append("</code> (run <code>sh ").append(esc(r.reproducer())).append("/build.sh &amp;&amp; ")
                    .append(esc(r.reproducer())).append("/reproducer</code>: ThreadSanitizer reports the race)</p>\n");
        }
        h.append("</header>\n");
        h.append("<nav>\n<h2>Races</h2>\n<ol id=\"race-list\"></ol>\n</nav>\n<main>\n");
        if (!r.objects().isEmpty()) {
            h.append("<section class=\"objects\"><h2>Where the races are</h2>\n<table>\n<tr><th>Object</th><th>Confirmed</th>"
                    + "<th>Certain</th><th>Possible</th><th>Suppressed</th><th>Locations</th></tr>\n");
            List<Report.ObjectSummary> objects = new java.util.ArrayList<>(r.objects());
            objects.sort(Report.ObjectSummary.WHERE_TO_LOOK);
            for (Report.ObjectSummary o : objects) {
                h.append("<tr><td><code>").append(esc(o.object())).append("</code></td><td>").append(o.confirmed()).append("</td><td>")
                        .append(o.certain()).append("</td><td>").append(o.possible()).append("</td><td>").append(o.suppressed()).append("</td><td>");
                int places = Math.min(o.locations().size(), MAX_PLACES);
                for (int i = 0; i < places; i++) h.append(i == 0 ? "" : ", ").append(esc(o.locations().get(i).toString()));
                if (o.locations().size() > places) h.append(" and ").append(o.locations().size() - places).append(" more places");
                h.append("</td></tr>\n");
            }
            h.append("</table>\n</section>\n");
        }
        for (Report.Race race : r.races()) race(h, race);
        if (!r.gaps().isEmpty() || !r.calls().isEmpty()) {
            h.append("<section class=\"gaps\"><h2>What the analysis could not follow</h2><ul>\n");
            for (String g : r.gaps()) h.append("<li>").append(esc(g)).append("</li>\n");
            for (Report.CallGaps g : r.calls()) {
                h.append("<li>").append(g.kind().equals("unknown-function") ? "Unknown external function <code>" : "Call with no known target <code>")
                        .append(esc(g.name())).append("</code> at ");
                for (int i = 0; i < g.sites().size(); i++) {
                    Report.CallSite c = g.sites().get(i);
                    h.append(i == 0 ? "" : ", ").append(esc(c.loc().toString())).append(c.function() != null ? " in <code>" + esc(c.function()) + "</code>" : "");
                }
                h.append("</li>\n");
            }
            h.append("</ul></section>\n");
        }
        if (!r.explanation().isEmpty()) explanation(h, r.explanation());
        h.append("</main>\n<footer>Weft ").append(esc(toolVersion)).append("</footer>\n");
        h.append("<script type=\"application/json\" id=\"weft-data\">")
                .append(scriptSafe(new JsonReport(sources, toolVersion).render(r))).append("</script>\n");
        // the race titles by rank id, as the server-side sections say them (Report.Race#title)
        var titles = Json.object();
        for (weft.race.Rank k : weft.race.Rank.values()) titles.put(k.id(), Report.Race.title(k));
        h.append("<script type=\"application/json\" id=\"weft-titles\">").append(scriptSafe(titles.toString())).append("</script>\n");
        h.append("<script>\n").append(SCRIPT).append("</script>\n</body>\n</html>\n");
        return h.toString();
    }

    private static String statusText(Report r) {
        Report.Figures f = r.figures();
        String sup = f.suppressed() > 0 ? ", " + f.suppressed() + " suppressed" : "";
        return switch (r.status()) {
            case RACE_FREE -> "Race-free" + sup;
            case RACE -> "Data race found: " + f.confirmed() + " confirmed, " + f.possible() + " possible (" + f.certain() + " certain)" + sup;
            case UNKNOWN -> "Unknown: " + f.possible() + " possible race(s) (" + f.certain() + " certain)" + sup;
        };
    }

    private void race(StringBuilder h, Report.Race race) {
        h.append("<section class=\"race").append(race.suppressed() ? " suppressed" : "").append("\" id=\"race-").append(race.id()).append("\">\n");
        h.append("<h2>#").append(race.id()).append(' ').append(race.title()).append(" on <code>")
                .append(esc(race.variable())).append("</code> <span class=\"badge ").append(race.rank().id()).append("\">")
                .append(race.rank().id()).append("</span>");
        if (race.suppressed()) h.append(" <span class=\"badge suppressed\">suppressed</span>");
        h.append("</h2>\n");
        if (race.suppressed()) h.append("<p class=\"why-suppressed\">Suppressed by ").append(esc(race.suppressedBy())).append("</p>\n");
        h.append("<p class=\"object\">Object <code>").append(esc(race.object())).append("</code>");
        if (race.objects().size() > 1) h.append(" (also ").append(esc(String.join(", ", race.objects().subList(1, race.objects().size())))).append(')');
        h.append("; ").append(race.accessPairs()).append(" racing pair(s) of accesses in ").append(race.threadPairs()).append(" pair(s) of threads merged</p>\n");
        h.append("<div class=\"sides\">\n");
        side(h, race.first());
        side(h, race.second());
        h.append("</div>\n");
        if (race.confirmed()) {
            h.append("<h3>Interleaving (").append(race.interleaving().size()).append(" steps)</h3>\n<ol class=\"steps\">\n");
            for (Report.Step s : race.interleaving()) {
                h.append("<li><span class=\"thread\">").append(esc(s.thread())).append("</span> <span class=\"loc\">")
                        .append(esc(s.loc().equals(SourceLoc.NONE) ? "-" : s.loc().toString())).append("</span> <code>")
                        .append(esc(s.statement())).append("</code></li>\n");
            }
            for (Report.Side s : List.of(race.first(), race.second())) {
                h.append("<li class=\"racing\"><span class=\"thread\">").append(esc(s.thread().name())).append("</span> <span class=\"loc\">")
                        .append(esc(s.loc().toString())).append("</span> about to <strong>").append(esc(s.kind())).append("</strong> <code>")
                        .append(esc(s.what())).append("</code></li>\n");
            }
            h.append("</ol>\n");
            if (!race.environment().isEmpty()) {
                h.append("<h3>Inputs the interleaving assumes</h3>\n<ul class=\"environment\">\n");
                for (String x : race.environment()) h.append("<li><code>").append(esc(x)).append("</code></li>\n");
                h.append("</ul>\n");
            }
        } else {
            h.append("<p class=\"unconfirmed\">No interleaving reaching both accesses was found; no rule excludes the pair.</p>\n");
        }
        h.append("</section>\n");
    }

    private void side(StringBuilder h, Report.Side s) {
        h.append("<div class=\"side\">\n<h3>").append(esc(s.kind())).append(" of <code>").append(esc(s.what()))
                .append("</code></h3>\n<p class=\"loc\">").append(esc(s.loc().toString())).append("</p>\n");
        if (s.via() != null) h.append("<p class=\"via\">by ").append(esc(s.via())).append("</p>\n");
        h.append("<dl>\n");
        h.append("<dt>Thread</dt><dd>").append(esc(s.thread().name()));
        if (s.thread().createdAt() != null) h.append(" (created at ").append(esc(s.thread().createdAt().toString())).append(')');
        h.append("</dd>\n");
        if (s.function() != null) h.append("<dt>Function</dt><dd><code>").append(esc(s.function())).append("</code></dd>\n");
        h.append("<dt>Locks held</dt><dd>").append(s.locks().isEmpty() ? "none" : esc(String.join(", ", s.locks())));
        if (s.atomicSection()) h.append(" (in an atomic section)");
        h.append("</dd>\n</dl>\n");
        excerpt(h, s.loc());
        h.append("</div>\n");
    }

    private void excerpt(StringBuilder h, SourceLoc loc) {
        List<String> lines = sources.lines(loc.file());
        if (loc.line() < 1 || loc.line() > lines.size()) {
            h.append("<p class=\"nosource\">(source not available)</p>\n");
            return;
        }
        h.append("<pre class=\"excerpt\">");
        int from = Math.max(1, loc.line() - CONTEXT_LINES);
        int to = Math.min(lines.size(), loc.line() + CONTEXT_LINES);
        for (int n = from; n <= to; n++) {
            String text = lines.get(n - 1);
            boolean hit = n == loc.line();
            h.append("<span class=\"line").append(hit ? " hit" : "").append("\"><span class=\"ln\">").append(n).append("</span>");
            if (hit) {
                int start = Math.min(Math.max(loc.col() - 1, 0), text.length());
                int end = start;
                while (end < text.length() && (Character.isJavaIdentifierPart(text.charAt(end)))) end++;
                if (end == start && end < text.length()) end++;
                h.append(esc(text.substring(0, start))).append("<mark>").append(esc(text.substring(start, end))).append("</mark>")
                        .append(esc(text.substring(end)));
            } else {
                h.append(esc(text));
            }
            h.append("</span>");
        }
        h.append("</pre>\n");
    }

    private static void explanation(StringBuilder h, List<Report.Explanation> ex) {
        h.append("<section class=\"explain\"><h2>Why the other pairs cannot race</h2>\n");
        for (Report.Explanation e : ex) {
            h.append("<h3><code>").append(esc(e.variable())).append("</code></h3>\n<table><tr><th>Access</th><th>Access</th><th>Reason</th></tr>\n");
            for (Report.Excluded x : e.pairs()) {
                h.append("<tr><td>").append(esc(ref(x.first()))).append("</td><td>").append(esc(ref(x.second()))).append("</td><td>")
                        .append(esc(x.reason())).append(" <span class=\"rule\">").append(esc(x.rule())).append("</span></td></tr>\n");
            }
            h.append("</table>\n");
        }
        h.append("</section>\n");
    }

    private static String ref(Report.AccessRef a) {
        return a.loc() + " " + a.kind() + " in " + a.thread();
    }

    /** HTML-escapes text for element content and attribute values. */
    static String esc(String s) {
        if (s == null) return "";
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    /** JSON that cannot end its script element or open markup: escapes {@code < > &} as JSON unicode escapes. */
    static String scriptSafe(String json) {
        return json.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026");
    }

    private static final String CSS = """
            body { font-family: system-ui, sans-serif; margin: 0; color: #1b1f24; background: #f6f8fa; }
            header, nav, main, footer { max-width: 1200px; margin: 0 auto; padding: 0 1rem; }
            h1 { font-size: 1.5rem; }
            .verdict { font-weight: bold; font-size: 1.2rem; padding: .5rem .8rem; border-radius: 6px; display: inline-block; }
            .verdict.race { background: #ffebe9; color: #a40e26; }
            .verdict.race-free { background: #dafbe1; color: #116329; }
            .verdict.unknown { background: #fff8c5; color: #7d4e00; }
            .reason { color: #57606a; }
            #race-list li { margin: .2rem 0; }
            #race-list li.suppressed { opacity: .6; }
            section.race { background: #fff; border: 1px solid #d0d7de; border-radius: 6px; margin: 1rem 0; padding: 0 1rem 1rem; }
            section.race.suppressed { opacity: .7; }
            .badge { font-size: .75rem; padding: .1rem .4rem; border-radius: 1rem; vertical-align: middle; }
            .badge.confirmed { background: #cf222e; color: #fff; }
            .badge.possible { background: #bf8700; color: #fff; }
            .badge.certain { background: #bc4c00; color: #fff; }
            .badge.suppressed { background: #6e7781; color: #fff; }
            .sides { display: grid; grid-template-columns: 1fr 1fr; gap: 1rem; }
            .side { min-width: 0; }
            .side h3 { margin-bottom: .2rem; }
            dl { display: grid; grid-template-columns: max-content 1fr; gap: .1rem .8rem; margin: .4rem 0; }
            dt { color: #57606a; }
            dd { margin: 0; }
            .loc { font-family: ui-monospace, monospace; color: #57606a; margin: 0; }
            pre.excerpt { background: #f6f8fa; border: 1px solid #d0d7de; border-radius: 6px; padding: .4rem 0; overflow-x: auto; }
            pre.excerpt .line { display: block; padding: 0 .6rem; white-space: pre; }
            pre.excerpt .line.hit { background: #fff8c5; }
            pre.excerpt .ln { display: inline-block; width: 3.5em; color: #8c959f; user-select: none; }
            mark { background: #ff8182; color: #000; border-radius: 2px; }
            ol.steps { font-family: ui-monospace, monospace; font-size: .9rem; }
            ol.steps .thread { display: inline-block; min-width: 8em; font-weight: bold; }
            ol.steps li.racing { color: #a40e26; }
            .rule { color: #57606a; font-size: .8rem; }
            table { border-collapse: collapse; }
            td, th { border: 1px solid #d0d7de; padding: .2rem .5rem; text-align: left; font-size: .9rem; }
            footer { color: #8c959f; padding: 1rem; }
            @media (max-width: 800px) { .sides { grid-template-columns: 1fr; } }
            """;

    private static final String SCRIPT = """
            (function () {
              var data = JSON.parse(document.getElementById('weft-data').textContent);
              var TITLES = JSON.parse(document.getElementById('weft-titles').textContent);
              var list = document.getElementById('race-list');
              data.races.forEach(function (race) {
                var li = document.createElement('li');
                if (race.suppressedBy) li.className = 'suppressed';
                var a = document.createElement('a');
                a.href = '#race-' + race.id;
                var x = race.accesses[0], y = race.accesses[1];
                a.textContent = TITLES[race.rank] + " on '" + race.variable + "': "
                  + x.kind + ' in ' + x.thread.name + ' (' + x.file + ':' + x.line + ') and '
                  + y.kind + ' in ' + y.thread.name + ' (' + y.file + ':' + y.line + ')'
                  + (race.suppressedBy ? ' [suppressed]' : '');
                li.appendChild(a);
                list.appendChild(li);
              });
              if (data.races.length === 0) {
                var none = document.createElement('li');
                none.textContent = 'No races reported.';
                list.appendChild(none);
              }
              var v = document.getElementById('verdict');
              v.setAttribute('data-verdict', data.verdict);
              v.setAttribute('data-rendered', 'yes');
            })();
            """;
}
