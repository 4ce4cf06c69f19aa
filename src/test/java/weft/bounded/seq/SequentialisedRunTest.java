package weft.bounded.seq;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import weft.frontend.Frontend;
import weft.frontend.FrontendOptions;
import weft.ir.DataModel;
import weft.ir.Program;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The sequentialised program is a well-formed C program whose race flag matches the expectation: each program of
 * {@code src/test/resources/bounded/seq} (corpus style: {@code expect: racy} or {@code race-free} on its first line)
 * is sequentialised, compiled with gcc and linked with {@code driver.c}, which runs it many times with random
 * schedules and inputs; {@code reach_error()} must be reached in some run of a racy program and in no run of a
 * race-free one. Race-free programs have every access instrumented; racy ones only the accesses of their annotated
 * lines ({@code // RACE!}), as the layer instruments only the candidate pairs the thread-modular layer leaves. Skipped
 * without gcc.
 */
class SequentialisedRunTest {
    private static final Path DIR = Path.of("src/test/resources/bounded/seq");
    private static final SeqOptions BOUNDS = new SeqOptions(3, 3, 4, 2);
    private static final int RUNS = 20000;

    @TempDir
    static Path tmp;

    @BeforeAll
    static void gcc() {
        Assumptions.assumeTrue(hasGcc(), "gcc not available");
    }

    static boolean hasGcc() {
        try {
            Process p = new ProcessBuilder("gcc", "--version").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    @TestFactory
    Stream<DynamicTest> raceFlagMatchesExpectation() throws IOException {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Files.list(DIR)) {
            s.filter(p -> p.getFileName().toString().matches("\\d\\d-.*\\.c")).sorted().forEach(files::add);
        }
        assertTrue(files.size() >= 10);
        return files.stream().map(f -> DynamicTest.dynamicTest(f.getFileName().toString(), () -> {
            boolean racy = Files.readAllLines(f).get(0).contains("expect: racy");
            int[] r = run(f, BOUNDS, RUNS, racy ? annotated(f) : AccessFilter.ALL);
            if (racy) assertTrue(r[0] > 0, "no run reached the race flag");
            else assertEquals(0, r[0], "runs that reached the race flag");
        }));
    }

    @Test
    void threeContextSwitchesNeedTwoRounds() throws Exception {
        Path f = DIR.resolve("01-three-switches.c");
        assertEquals(0, run(f, new SeqOptions(1, 3, 4, 2), RUNS, annotated(f))[0], "one round: main never runs after the worker");
        assertTrue(run(f, new SeqOptions(2, 3, 4, 2), RUNS, annotated(f))[0] > 0, "two rounds give the three switches");
    }

    @Test
    void loopBoundHidesTheRaceAndSaysSo() throws Exception {
        Path f = DIR.resolve("07-loop-input.c");
        Sequentialiser.Result r = Sequentialiser.sequentialise(load(f), new SeqOptions(3, 2, 4, 2), AccessFilter.ALL, "07");
        assertTrue(r.cutOffs());
        assertTrue(r.text().contains("bounds: rounds 3, unwind 2, threads 4, recursion 2"));
        assertTrue(r.text().contains("has cut-offs"));
        assertEquals(0, run(f, new SeqOptions(3, 2, 4, 2), RUNS, annotated(f))[0], "three iterations are beyond unwind 2");
        assertTrue(run(f, new SeqOptions(3, 3, 4, 2), RUNS, annotated(f))[0] > 0, "unwind 3 reaches it");
    }

    @Test
    void filterLeavesAccessesUninstrumented() throws Exception {
        Path f = DIR.resolve("05-byte-overlap.c");
        Sequentialiser.Result all = Sequentialiser.sequentialise(load(f), BOUNDS, AccessFilter.ALL, "05");
        Sequentialiser.Result none = Sequentialiser.sequentialise(load(f), BOUNDS, (fn, s, lv) -> false, "05");
        assertTrue(all.text().contains("w_check("));
        assertFalse(none.text().contains("w_check(("));
        assertEquals(2, all.threads());
    }

    @Test
    void aCallerThatCannotUseALongerProgramStopsTheEmission() throws Exception {
        Path f = DIR.resolve("05-byte-overlap.c");
        int whole = Sequentialiser.sequentialise(load(f), BOUNDS, AccessFilter.ALL, "05").text().length();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Sequentialiser.sequentialise(load(f), BOUNDS, AccessFilter.ALL, "05", 200));
        assertTrue(e.getMessage().contains("exceeds 200 characters"), e.getMessage());
        assertEquals(whole, Sequentialiser.sequentialise(load(f), BOUNDS, AccessFilter.ALL, "05", whole).text().length());
    }

    static Program load(Path f) throws Exception {
        return new Frontend(FrontendOptions.defaults(DataModel.LP64)).load(List.of(f));
    }

    /** The accesses made on the lines of {@code f} annotated {@code // RACE!} (its candidate pair). */
    static AccessFilter annotated(Path f) throws IOException {
        List<String> lines = Files.readAllLines(f);
        java.util.Set<Integer> racy = new java.util.HashSet<>();
        for (int i = 0; i < lines.size(); i++) if (lines.get(i).contains("// RACE!")) racy.add(i + 1);
        assertFalse(racy.isEmpty(), "no // RACE! line in " + f);
        return (fn, s, lv) -> racy.contains(s.loc().line());
    }

    /** Sequentialises, compiles and runs {@code f}: {runs reaching the race flag, runs that crashed}. */
    static int[] run(Path f, SeqOptions bounds, int runs, AccessFilter filter) throws Exception {
        Assumptions.assumeTrue(hasGcc(), "gcc not available");
        Sequentialiser.Result r = Sequentialiser.sequentialise(load(f), bounds, filter, f.getFileName().toString());
        String base = f.getFileName().toString().replace(".c", "") + "-" + bounds.rounds() + "-" + bounds.unwind();
        Path seq = tmp.resolve(base + ".seq.c");
        Files.writeString(seq, r.text());
        Path obj = tmp.resolve(base + ".o");
        Path bin = tmp.resolve(base + ".bin");
        exec(List.of("gcc", "-w", "-Dmain=w_main", "-c", seq.toString(), "-o", obj.toString()));
        exec(List.of("gcc", "-w", DIR.resolve("driver.c").toString(), obj.toString(), "-o", bin.toString()));
        String out = exec(List.of(bin.toString(), Integer.toString(runs))).trim();
        String[] parts = out.split("\\s+");
        return new int[] {Integer.parseInt(parts[0]), Integer.parseInt(parts[1])};
    }

    private static String exec(List<String> cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "timeout: " + cmd);
        assertEquals(0, p.exitValue(), cmd + ":\n" + out);
        return out;
    }
}
