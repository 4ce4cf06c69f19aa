package weft.bench;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How a finished {@code weft check} process is turned into a result, and the command that starts it. */
class TaskRunnerTest {
    static final Task TASK = new Task("t.yml", Path.of("/b/t.yml"), List.of(Path.of("/b/t.c")), Path.of("/p/no-data-race.prp"),
            Outcome.TRUE, "ILP32");

    static ChildProcess.Measurement run(int code, String out, String err, ChildProcess.Stop stop) {
        return new ChildProcess.Measurement(code, out, err, 2.5, 2.0, 300L << 20, stop);
    }

    static TaskResult classify(ChildProcess.Measurement m) {
        return TaskRunner.classify(TASK, m, 1L << 30);
    }

    @Test
    void verdictsComeFromTheResultLine() {
        TaskResult t = classify(run(0, "weft: race-free (3 shared accesses in 2 threads, all pairs excluded)\nRESULT: true\n", "",
                ChildProcess.Stop.NONE));
        assertEquals(Outcome.TRUE, t.outcome());
        assertEquals("", t.reason());
        assertEquals(300.0, t.memoryMb());
        assertEquals(2.0, t.cpuSeconds());
        assertEquals(Outcome.FALSE, classify(run(1, "x.c:1:1: warning: data race\nweft: data race found\nRESULT: false\n", "",
                ChildProcess.Stop.NONE)).outcome());
    }

    @Test
    void unknownKeepsTheReportsReason() {
        TaskResult t = classify(run(3, "a.c:3:4: warning: possible data race\nweft: unknown: 2 possible race(s) could be neither excluded nor confirmed\nRESULT: unknown\n",
                "", ChildProcess.Stop.NONE));
        assertEquals(Outcome.UNKNOWN, t.outcome());
        assertEquals("2 possible race(s) could be neither excluded nor confirmed", t.reason());
        TaskResult coloured = classify(run(3, "\u001b[1;33mweft: unknown\u001b[0m: timeout after 5 s (2 threads)\nRESULT: unknown\n", "",
                ChildProcess.Stop.NONE));
        assertEquals("timeout after 5 s (2 threads)", coloured.reason());
        TaskResult counted = classify(run(3, "weft: unknown: 13 possible races could be neither excluded nor confirmed"
                + " (more races may exist, 4 threads, 99 shared accesses)\nRESULT: unknown\n", "", ChildProcess.Stop.NONE));
        assertEquals("13 possible races could be neither excluded nor confirmed", counted.reason(), "the report's counts are not the reason");
    }

    @Test
    void limitsAndFailuresAreNotAnswers() {
        assertEquals(Outcome.TIMEOUT, classify(run(-1, "", "", ChildProcess.Stop.TIME)).outcome());
        TaskResult mem = classify(run(-1, "", "", ChildProcess.Stop.MEMORY));
        assertEquals(Outcome.OUT_OF_MEMORY, mem.outcome());
        assertEquals("killed above 1024 MB resident", mem.reason());
        TaskResult own = classify(run(3, "RESULT: unknown\n", "weft: timeout after 60 s\n", ChildProcess.Stop.NONE));
        assertEquals(Outcome.TIMEOUT, own.outcome());
        assertEquals("weft: timeout after 60 s", own.reason());
        assertEquals(Outcome.OUT_OF_MEMORY, classify(run(3, "RESULT: unknown\n",
                "weft: internal error: java.lang.OutOfMemoryError: Java heap space (run with --debug for details)\n", ChildProcess.Stop.NONE)).outcome());
        TaskResult internal = classify(run(3, "RESULT: unknown\n", "weft: internal error: java.lang.IllegalStateException: x (run with --debug for details)\n",
                ChildProcess.Stop.NONE));
        assertEquals(Outcome.ERROR, internal.outcome());
        assertTrue(internal.reason().contains("IllegalStateException"), internal.reason());
        TaskResult input = classify(run(2, "", "t.c:4:1: error: syntax error\n", ChildProcess.Stop.NONE));
        assertEquals(Outcome.ERROR, input.outcome());
        assertEquals("exit code 2: t.c:4:1: error: syntax error", input.reason());
        assertEquals(Outcome.ERROR, classify(run(134, "", "", ChildProcess.Stop.NONE)).outcome());
    }

    @Test
    void commandRunsCheckWithTheTasksOptionsAndLimits() {
        TaskRunner r = new TaskRunner(new TaskRunner.Config("/jdk/bin/java", "weft.jar", Duration.ofSeconds(30), 2L << 30,
                List.of("--no-atomic-sections-race")));
        assertEquals(List.of("/jdk/bin/java", "-Xss16m", "-Xmx2048m", "-cp", "weft.jar", "weft.cli.Main", "check", "--svcomp", "--no-witness",
                "--property", "/p/no-data-race.prp", "--timeout", "30", "--data-model", "ILP32", "--no-atomic-sections-race", "/b/t.c"),
                r.command(TASK));
    }

    @Test
    void withoutTimeoutTheChildUsesChecksDefaultAndTheGivenJvmOptions() {
        TaskRunner r = new TaskRunner(new TaskRunner.Config("/jdk/bin/java",
                TaskRunner.Config.jvmOptions("-Xss16m\n-XX:TieredStopAtLevel=1\n-XX:SharedArchiveFile=/a b/weft.jsa\n"),
                "weft.jar", null, 2L << 30, List.of()));
        assertEquals(List.of("/jdk/bin/java", "-Xss16m", "-XX:TieredStopAtLevel=1", "-XX:SharedArchiveFile=/a b/weft.jsa", "-Xmx2048m",
                "-cp", "weft.jar", "weft.cli.Main", "check", "--svcomp", "--no-witness", "--property", "/p/no-data-race.prp", "--data-model", "ILP32",
                "/b/t.c"), r.command(TASK));
        assertEquals(List.of("-Xss16m"), TaskRunner.Config.jvmOptions(null));
        assertEquals(List.of("-Xss16m"), TaskRunner.Config.jvmOptions(" \n"));
    }

    @Test
    void classPathEntriesBecomeAbsolute() {
        String sep = java.io.File.pathSeparator;
        String cp = TaskRunner.Config.absoluteClassPath("target/weft.jar" + sep + "/opt/x.jar");
        assertEquals(Path.of("target/weft.jar").toAbsolutePath() + sep + "/opt/x.jar", cp);
    }
}
