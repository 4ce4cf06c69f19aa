package weft.ir.print;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DotPrinterTest {

    @Test
    void escapesQuotesBackslashesAndNewlines() {
        assertEquals("a\\\"b\\\\c\\nd\\ne", DotPrinter.escape("a\"b\\c\nd\r\ne"));
        assertEquals("plain (x + 1)", DotPrinter.escape("plain (x + 1)"));
    }

    @Test
    void oneClusterPerFunctionWithLabelledEdges() {
        String dot = DotPrinter.print(List.of(TestPrograms.program().function("worker"), TestPrograms.asmFunction()));
        assertTrue(dot.startsWith("digraph weft {\n"), dot);
        assertTrue(dot.endsWith("}\n"), dot);
        assertTrue(dot.contains("  subgraph cluster_0 {\n    label=\"worker\";\n"), dot);
        assertTrue(dot.contains("  subgraph cluster_1 {\n    label=\"f@t.c\";\n"), dot);
        assertTrue(dot.contains("    f0_0 [label=\"0\", style=bold];\n"), dot);
        assertTrue(dot.contains("    f0_5 [label=\"5\", shape=doublecircle];\n"), dot);
        assertTrue(dot.contains("    f0_1 -> f0_2 [label=\"x = (counter + 1)\"];\n"), dot);
        assertTrue(dot.contains("    f1_0 -> f1_1 [label=\"asm \\\"mov 'a\\\\b'\\nnop\\\"\"];\n"), dot);
    }

    @Test
    void everyEdgeAndNodeIsPrintedOnce() {
        String dot = DotPrinter.print(TestPrograms.program());
        long edges = dot.lines().filter(l -> l.contains(" -> ")).count();
        long nodes = dot.lines().filter(l -> l.matches("    f\\d+_\\d+ \\[.*")).count();
        assertEquals(6, edges);
        assertEquals(6, nodes);
        assertEquals(1, dot.lines().filter(l -> l.startsWith("digraph")).count());
    }

    @Test
    void labelsHaveBalancedQuotes() {
        String dot = DotPrinter.print(List.of(TestPrograms.asmFunction()));
        for (String line : dot.lines().toList()) {
            int quotes = line.replace("\\\\", "").replace("\\\"", "").replaceAll("[^\"]", "").length();
            assertEquals(0, quotes % 2, line);
        }
    }
}
