package weft.bench;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class QuantilePlotTest {
    @Test
    void pointsStartAtThePenaltyAndAccumulateCorrectResultsByCpuTime() throws Exception {
        List<double[]> pts = QuantilePlot.points(ResultsTsv.read(ScoringTest.OLD));
        // Penalty -48 (one incorrect true, one incorrect false); correct: c (0.5 s, +1), a (1 s, +2), b (2 s, +2).
        assertEquals(3, pts.size());
        assertArrayEquals(new double[] {-47, 0.5}, pts.get(0));
        assertArrayEquals(new double[] {-45, 1.0}, pts.get(1));
        assertArrayEquals(new double[] {-43, 2.0}, pts.get(2));
    }

    @Test
    void svgHasOneLinePerSeries() throws Exception {
        String svg = QuantilePlot.svg(List.of(new QuantilePlot.Series("old", ResultsTsv.read(ScoringTest.OLD)),
                new QuantilePlot.Series("new <run>", ResultsTsv.read(ComparisonTest.NEW))));
        assertTrue(svg.startsWith("<svg"));
        assertEquals(2, svg.split("<polyline").length - 1);
        assertTrue(svg.contains("new &lt;run&gt; (score -10)"), svg);
    }
}
