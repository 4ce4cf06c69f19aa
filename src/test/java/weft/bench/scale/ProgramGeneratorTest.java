package weft.bench.scale;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The scalability generator's programs: their size, and that the planted lines are the racy accesses. */
class ProgramGeneratorTest {
    @Test
    void sizeFollowsTheTarget() {
        for (int target : new int[] {1_000, 10_000, 100_000}) {
            ProgramGenerator.Program p = ProgramGenerator.generate(target, false);
            assertEquals(p.lines(), p.source().lines().count());
            assertTrue(Math.abs(p.lines() - target) < target * 0.1, p.lines() + " lines for " + target);
            assertTrue(p.races().isEmpty());
            assertFalse(p.source().contains("planted"));
            assertTrue(p.roles() >= 4 && p.roles() <= 24, "roles " + p.roles());
        }
    }

    @Test
    void plantedLinesAreTheUnprotectedAccesses() {
        ProgramGenerator.Program p = ProgramGenerator.generate(5_000, true);
        List<String> lines = p.source().lines().toList();
        assertEquals(6, p.races().size());
        for (ProgramGenerator.PlantedRace r : p.races()) {
            String name = r.variable().endsWith("_last") ? r.variable() : "balance";
            for (int line : r.lines()) {
                assertTrue(lines.get(line - 1).contains(name), r.variable() + " at " + line + ": " + lines.get(line - 1));
            }
        }
        assertTrue(lines.get(p.races().get(0).lines().get(0) - 1).contains("planted race"));
    }

    @Test
    void reportPairsAreWarningsWithTheirNote() {
        String report = """
                \u001b[1mf.c:12:5:\u001b[0m \u001b[1;35mwarning:\u001b[0m possible data race on 'x': write in thread a and read in thread b
                   12 |     x = 1;
                      |     ^
                f.c:30:9: note: read of 'x' in thread b
                f.c:12:5: note: locks held: none / none
                f.c:30:9: warning: data race on 'y': write in thread a and write in thread b
                f.c:12:5: note: write in thread b
                weft: data race found
                """;
        List<int[]> pairs = ScaleBench.reportPairs(report);
        assertEquals(1, pairs.size());
        assertArrayEquals(new int[] {12, 30}, pairs.get(0));
        assertEquals(2, ScaleBench.probePairs("PAIR 1 2 x\nPAIR 3 4 y\nVERDICT UNKNOWN\n").size());
    }
}
