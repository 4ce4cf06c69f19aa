package weft.report;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static weft.report.ReportTestSupport.example;
import static weft.report.ReportTestSupport.weft;

/** The text report's shape, colour rules and explanation, and the check command's output options. */
class TextReportTest {
    @Test
    void warningLineHasTheCompilerShape() {
        ReportTestSupport.Run r = weft("check", example("confirmed.c"));
        String first = r.out().lines().findFirst().orElseThrow();
        assertEquals("src/test/resources/report/confirmed.c:8:5: warning: data race on 'flag': write in thread worker#1 "
                + "(created at src/test/resources/report/confirmed.c:14:5) and read in thread main", first);
        assertTrue(r.out().contains("\n      |     ^\n"), "caret under the access: " + r.out());
    }

    @Test
    void colourOnlyOnATerminal() {
        assertFalse(weft(false, "check", example("confirmed.c")).out().contains("\u001b["));
        String tty = weft(true, "check", "--quiet", example("confirmed.c")).out();
        assertTrue(tty.contains("\u001b[1;35mwarning:\u001b[0m"), tty);
        assertFalse(weft(true, "check", "--quiet", "--color", "never", example("confirmed.c")).out().contains("\u001b["));
        assertTrue(weft(false, "check", "--color", "always", example("confirmed.c")).out().contains("\u001b["));
    }

    @Test
    void explainNamesTheExcludingReasonPerVariable() {
        ReportTestSupport.Run r = weft("check", "--explain", example("racefree.c"));
        assertEquals(0, r.code());
        String out = r.out();
        assertTrue(out.contains("  'count' ("), out);
        assertTrue(out.contains("racefree.c:13:5 write in worker  vs  racefree.c:24:5 write in main: common lock m [common-lock]"), out);
        assertTrue(out.contains("racefree.c:15:5 write in worker  vs  racefree.c:27:12 read in main: thread worker not running at "
                + "racefree.c:27:12 (not yet created or already joined) [created-after]"), out);
        assertTrue(out.contains("same thread [same-unique-thread]"), out);
        assertFalse(weft("check", example("racefree.c")).out().contains("explain"), "only with --explain");
    }

    @Test
    void badFormatIsAUsageError() {
        ReportTestSupport.Run r = weft("check", "--format", "xml", example("racy.c"));
        assertEquals(2, r.code());
        assertTrue(r.err().contains("expected text, json or sarif"), r.err());
    }

    @Test
    void helpDocumentsExitCodesAndOptions() {
        String help = weft("check", "--help").out().replaceAll("\\s+", " ");
        assertTrue(help.contains("Exit codes: 0 race-free proven, 1 data race found, 2 usage or input error, 3 unknown."), help);
        for (String opt : new String[] {"--format", "--explain", "--html", "--config", "--quiet"}) assertTrue(help.contains(opt), opt);
        assertTrue(weft("--help").out().replaceAll("\\s+", " ").contains("Exit codes: 0 race-free proven"));
    }

    @Test
    void noProgressWhenNotATerminalOrQuiet() {
        assertEquals("", weft(false, "check", example("racefree.c")).err());
        assertEquals("", weft(true, "check", "--quiet", example("racefree.c")).err());
    }
}
