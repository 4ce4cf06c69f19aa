package weft.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static weft.report.ReportTestSupport.example;
import static weft.report.ReportTestSupport.weft;

/**
 * The HTML report rendered in headless Chromium (Debian's {@code chromium}; {@code .ci/run} installs
 * it, the browser tests are skipped where it is missing): the DOM after the page's script ran lists
 * the races and the verdict, and hostile source text stays text.
 */
class HtmlReportTest {
    @TempDir
    Path dir;

    static String chromium() {
        for (String c : List.of("chromium", "chromium-browser")) {
            for (String d : System.getenv().getOrDefault("PATH", "/usr/bin").split(File.pathSeparator)) {
                if (Files.isExecutable(Path.of(d, c))) return Path.of(d, c).toString();
            }
        }
        return null;
    }

    /** The page's DOM after its scripts ran, as Chromium serialises it. */
    String renderedDom(Path page) throws IOException, InterruptedException {
        String browser = chromium();
        assumeTrue(browser != null, "chromium is not installed");
        Path profile = Files.createTempDirectory(dir, "chromium-profile");
        ProcessBuilder pb = new ProcessBuilder(browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + profile, "--dump-dom", page.toUri().toString());
        pb.redirectError(dir.resolve("chromium-stderr.txt").toFile());
        Process p = pb.start();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "chromium did not finish");
        assertEquals(0, p.exitValue(), "chromium failed: " + Files.readString(dir.resolve("chromium-stderr.txt")));
        return new String(out, StandardCharsets.UTF_8);
    }

    static String raceList(String dom) {
        Matcher m = Pattern.compile("<ol id=\"race-list\">(.*?)</ol>", Pattern.DOTALL).matcher(dom);
        assertTrue(m.find(), "no race list in " + dom);
        return m.group(1);
    }

    @Test
    void chromiumShowsTheRaces() throws Exception {
        Path out = dir.resolve("html");
        ReportTestSupport.Run r = weft("check", "--quiet", "--html", out.toString(), example("racy.c"));
        assertEquals(1, r.code(), r.err());
        Path page = out.resolve("index.html");
        String html = Files.readString(page);
        assertFalse(html.contains("http://") || html.contains("https://") || html.contains("src=\""),
                "self-contained: no external resources");
        String dom = renderedDom(page);
        String list = raceList(dom);
        assertEquals(2, list.split("<li").length - 1, list);
        assertTrue(list.contains("Data race on 'hits': write in worker#"), list);
        // the title says the rank (issue 33: the list said "[certain] Possible data race"), as the race's own section does
        assertTrue(list.contains("Certain data race on 'total'") && !list.contains("Possible") && !list.contains("[certain]"), list);
        assertTrue(html.contains("#2 Certain data race on <code>total</code>"), html);
        assertTrue(dom.contains("data-rendered=\"yes\""), "the script ran");
        assertTrue(dom.contains("data-verdict=\"race\""), dom);
        assertTrue(dom.contains("<mark>hits</mark>"), "the access is highlighted");
        assertTrue(dom.contains("about to <strong>write</strong>"), "the interleaving ends at the racing accesses");
    }

    @Test
    void raceFreePageSaysSo() throws Exception {
        Path out = dir.resolve("free");
        assertEquals(0, weft("check", "--quiet", "--html", out.toString(), example("racefree.c")).code());
        String dom = renderedDom(out.resolve("index.html"));
        assertTrue(raceList(dom).contains("No races reported."));
        assertTrue(dom.contains("data-verdict=\"race-free\""));
    }

    @Test
    void sourceTextIsEscaped() throws Exception {
        Path c = dir.resolve("evil.c");
        Files.writeString(c, """
                #include <pthread.h>
                int g; /* </script><script>document.title='pwned'</script><b id="injected">x</b> & "q" */
                void *w(void *a) { g = 1; return a; }
                int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); g = 2; /* <img src=x id="img"> */
                  pthread_join(t, 0); return 0; }
                """);
        Path out = dir.resolve("evil");
        ReportTestSupport.Run r = weft("check", "--quiet", "--html", out.toString(), c.toString());
        assertEquals(1, r.code(), r.out() + r.err());
        String html = Files.readString(out.resolve("index.html"));
        assertFalse(html.contains("<b id=\"injected\">"), "source markup is escaped");
        assertFalse(html.contains("</script><script>document"), "embedded JSON cannot close its script element");
        assertTrue(html.contains("&lt;/script&gt;"));
        String dom = renderedDom(out.resolve("index.html"));
        assertFalse(dom.contains("<b id=\"injected\"") || dom.contains("<img"), "no injected element in the DOM");
        assertTrue(dom.contains("&lt;b id=\"injected\"&gt;"), "the markup is shown as text");
        assertFalse(dom.contains("<title>pwned"), "no injected script ran");
        assertTrue(dom.contains("data-rendered=\"yes\""));
    }

    @Test
    void escapeAndScriptSafety() {
        assertEquals("&lt;a href=&quot;x&quot;&gt;&amp;&#39;", HtmlReport.esc("<a href=\"x\">&'"));
        assertEquals("{\"s\": \"\\u003c/script\\u003e\\u0026\"}", HtmlReport.scriptSafe("{\"s\": \"</script>&\"}"));
    }
}
