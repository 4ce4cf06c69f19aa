package weft.bench.scale;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The real-program benchmark's reading of {@code --stats}. */
class RealScaleBenchTest {
    @Test
    void longestPhaseIsTheOneWithMostCpu() {
        String err = """
                weft: stats: phase                         wall ms    cpu ms   heap MB
                weft: stats:   parsing translation unit        2916      1600       209
                weft: stats:   pointer analysis                6153      3036       439
                weft: stats:   walking 4 abstract threads     17148     12067       707
                weft: stats:   pairing 623895 shared accesses  1456       934       694
                weft: stats: abstract threads             4
                """;
        assertEquals("walking (12.1)", RealScaleBench.longestPhase(err));
        assertEquals("-", RealScaleBench.longestPhase("weft: race-free\n"));
    }
}
