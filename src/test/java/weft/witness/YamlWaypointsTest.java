package weft.witness;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The YAML witness's waypoints: creations, inputs, the ends of threads' runs, and the earlier visits of their lines. */
class YamlWaypointsTest {
    private static WitnessTrace.Edge edge(int step, int thread, int line, int column, int creates) {
        return new WitnessTrace.Edge(step, thread, line, column, creates, null);
    }

    @Test
    void runEndsWithEarlierVisitsOfTheirLine() {
        List<WitnessTrace.Edge> edges = List.of(
                edge(0, 0, 10, 1, -1),
                edge(1, 0, 11, 3, 1),   // main creates thread 1
                edge(2, 1, 5, 5, -1),   // thread 1: a loop at lines 5-6, line 5 visited twice
                edge(3, 1, 6, 5, -1),
                edge(4, 1, 5, 5, -1),
                edge(5, 1, 5, 5, -1),   // the same visit of line 5 (two steps of one statement): its run ends here
                edge(6, 0, 0, 0, -1),   // outside the program file: no waypoint
                edge(7, 0, 12, 3, -1),  // main's run ends
                edge(8, 0, 12, 3, -1));
        List<WitnessTrace.Value> values = List.of(new WitnessTrace.Value(0, 0, 10, 1, "__VERIFIER_nondet_int", "7"));
        WitnessTrace t = new WitnessTrace(edges, edge(9, 1, 6, 5, -1), edge(9, 0, 13, 3, -1), values);
        assertEquals(List.of(
                new YamlWaypoints.Waypoint(YamlWaypoints.INPUT, 0, 10, 1, "\\result == 7"),
                new YamlWaypoints.Waypoint(YamlWaypoints.CREATION, 0, 11, 3, null),
                new YamlWaypoints.Waypoint(YamlWaypoints.PASS, 1, 5, 5, "1"),   // the first visit of line 5, matched first
                new YamlWaypoints.Waypoint(YamlWaypoints.PASS, 1, 5, 5, "1"),
                new YamlWaypoints.Waypoint(YamlWaypoints.PASS, 0, 12, 3, "1")), YamlWaypoints.of(t));
    }

    @Test
    void aRunEndingInTheVisitOfItsLastWaypointGetsNoOther() {
        List<WitnessTrace.Edge> edges = List.of(edge(0, 0, 4, 9, 1), edge(1, 0, 4, 9, -1), edge(2, 1, 7, 5, -1));
        WitnessTrace t = new WitnessTrace(edges, edge(3, 1, 7, 5, -1), edge(3, 0, 5, 5, -1), List.of());
        assertEquals(List.of(new YamlWaypoints.Waypoint(YamlWaypoints.CREATION, 0, 4, 9, null),
                new YamlWaypoints.Waypoint(YamlWaypoints.PASS, 1, 7, 5, "1")), YamlWaypoints.of(t));
    }
}
