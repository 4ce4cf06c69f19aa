package weft.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static weft.report.ReportTestSupport.example;
import static weft.report.ReportTestSupport.weft;

/**
 * {@code weft.yml} end to end: configured library functions change the verdict in the direction they
 * should, entry points become threads, suppressions (configuration and inline) are reported and
 * decide the verdict honestly, and a bad configuration is a located error with exit code 2.
 */
class ConfigAndSuppressionTest {
    @TempDir
    Path dir;

    static String cfg(String name) {
        return example("config/" + name);
    }

    @Test
    void configuredLockFunctionsProtect() {
        ReportTestSupport.Run without = weft("check", cfg("locks.c"));
        assertNotEquals(0, without.code(), "unmodelled locks protect nothing: " + without.out());
        ReportTestSupport.Run with = weft("check", "--config", cfg("locks.yml"), cfg("locks.c"));
        assertEquals(0, with.code(), with.out() + with.err());
        assertTrue(with.out().contains("weft: race-free"), with.out());
    }

    @Test
    void aConfigurationKeepsWhatExternPointersMayPointTo() {
        // regression: applying a weft.yml rebuilt the program without its outside-defined globals, so an
        // extern pointer pointed nowhere and both threads' writes through it vanished (a wrong race-free)
        ReportTestSupport.Run without = weft("check", cfg("extern.c"));
        ReportTestSupport.Run with = weft("check", "--config", cfg("locks.yml"), cfg("extern.c"));
        assertNotEquals(0, without.code(), without.out());
        assertNotEquals(0, with.code(), with.out() + with.err());
        assertTrue(with.out().contains("race on"), with.out());
    }

    @Test
    void configuredThreadFunctionsCreateAndJoin() {
        ReportTestSupport.Run without = weft("check", cfg("tasks.c"));
        assertEquals(3, without.code(), "a routine passed to unknown code: " + without.out());
        ReportTestSupport.Run with = weft("check", "--config", cfg("tasks.yml"), cfg("tasks.c"));
        assertEquals(0, with.code(), with.out() + with.err());
        assertTrue(with.out().contains("in 2 threads"), "the task is a thread: " + with.out());
    }

    @Test
    void configuredThreadCreateWithoutJoinFindsTheRace() throws IOException {
        Path yml = dir.resolve("create-only.yml");
        Files.writeString(yml, "functions:\n  thread-create:\n    - { name: os_task_create, id: 0, routine: 1, arg: 2 }\n");
        ReportTestSupport.Run r = weft("check", "--config", yml.toString(), cfg("tasks.c"));
        assertNotEquals(0, r.code(), r.out());
        assertTrue(r.out().contains("data race on 'counter'") && r.out().contains("thread task (created at"), r.out());
    }

    @Test
    void entryPointsRunAsManyThreads() {
        assertEquals(0, weft("check", cfg("entry.c")).code(), "single-threaded without the entry point");
        ReportTestSupport.Run r = weft("check", "--config", cfg("entry.yml"), cfg("entry.c"));
        assertNotEquals(0, r.code(), r.out());
        assertTrue(r.out().contains("data race on 'ticks'"), r.out());
        assertTrue(r.out().contains("(created at " + cfg("entry.yml") + ":2:5)"), "created where configured: " + r.out());
    }

    @Test
    void configuredAtomicSectionsExclude() {
        assertNotEquals(0, weft("check", cfg("irq.c")).code());
        assertEquals(0, weft("check", "--config", cfg("irq.yml"), cfg("irq.c")).code());
    }

    @Test
    void inlineSuppressionIsReportedAndTheOtherRaceStays() throws IOException {
        ReportTestSupport.Run r = weft("check", cfg("suppressed.c"));
        assertEquals(3, r.code(), "the confirmed race is suppressed, an unconfirmed one remains: " + r.out());
        assertTrue(r.out().contains("note: suppressed data race on 'stats'"), r.out());
        assertTrue(r.out().matches("(?s).*(possible|certain) data race on 'level'.*"), r.out());
        assertFalse(r.out().contains("warning: data race on 'stats'"), r.out());
        assertTrue(r.out().contains("1 suppressed"), r.out());
        JsonNode json = new ObjectMapper().readTree(weft("check", "--format", "json", cfg("suppressed.c")).out());
        assertEquals(1, json.get("summary").get("suppressed").asInt());
        boolean found = false;
        for (JsonNode race : json.get("races")) {
            if (race.get("variable").asText().equals("stats")) {
                found = true;
                assertTrue(race.get("suppressedBy").asText().contains("weft:ignore-race comment at"), race.toString());
            }
        }
        assertTrue(found);
        JsonNode sarif = new ObjectMapper().readTree(weft("check", "--format", "sarif", cfg("suppressed.c")).out());
        assertTrue(sarif.toString().contains("\"suppressions\":[{\"kind\":\"inSource\""), sarif.toString());
    }

    @Test
    void allRacesSuppressedIsRaceFreeWithTheCount() throws IOException {
        Path yml = dir.resolve("weft.yml");
        Files.writeString(yml, "suppress:\n  - variable: level\n");
        ReportTestSupport.Run r = weft("check", "--config", yml.toString(), cfg("suppressed.c"));
        assertEquals(0, r.code(), r.out());
        assertTrue(r.out().strip().endsWith("weft: race-free apart from 2 suppressed races (2 threads, 6 shared accesses)"), r.out());
        assertTrue(r.out().matches("(?s).*suppressed (possible |certain )?data race on 'level'.*"), r.out());
    }

    @Test
    void suppressionByLocationMatchesEitherAccess() throws IOException {
        Path yml = dir.resolve("weft.yml");
        Files.writeString(yml, "suppress:\n  - location: report/config/suppressed.c:17\n");
        ReportTestSupport.Run r = weft("check", "--config", yml.toString(), cfg("suppressed.c"));
        assertEquals(0, r.code(), r.out());
        assertTrue(r.out().contains("report/config/suppressed.c:17 (" + yml + ":2)"), r.out());
    }

    @Test
    void unsuppressedConfirmedRaceStillFails() throws IOException {
        Path yml = dir.resolve("weft.yml");
        // racy.c has a confirmed race on hits and a possible one on total: suppressing the possible one leaves the certain one
        Files.writeString(yml, "suppress:\n  - variable: total\n");
        ReportTestSupport.Run r = weft("check", "--config", yml.toString(), example("racy.c"));
        assertEquals(1, r.code(), r.out());
        assertTrue(r.out().contains("1 confirmed, 0 possible, 1 suppressed"), r.out());
    }

    @Test
    void invalidConfigurationIsALocatedErrorExitTwo() throws IOException {
        Path yml = dir.resolve("weft.yml");
        Files.writeString(yml, "functions:\n  lock:\n    - { name: os_lock, argument: 0 }\n");
        ReportTestSupport.Run r = weft("check", "--config", yml.toString(), example("racy.c"));
        assertEquals(2, r.code());
        assertEquals(yml + ":3:24: error: unknown key 'argument' in lock entry (expected one of arg, kind, mode, name, success, try)\n", r.err());
        assertEquals("", r.out());
        Path missing = dir.resolve("none.yml");
        ReportTestSupport.Run m = weft("check", "--config", missing.toString(), example("racy.c"));
        assertEquals(2, m.code());
        assertEquals(missing + ":0:0: error: no such file\n", m.err());
    }

    @Test
    void undefinedEntryPointIsAnError() throws IOException {
        Path yml = dir.resolve("weft.yml");
        Files.writeString(yml, "# callbacks\nentry-points:\n  - on_tock\n");
        ReportTestSupport.Run r = weft("check", "--config", yml.toString(), cfg("entry.c"));
        assertEquals(2, r.code());
        assertEquals(yml + ":3:5: error: entry point 'on_tock' is not defined in the program\n", r.err());
    }
}
