package weft.ir.print;

import weft.ir.Cfg;
import weft.ir.Edge;
import weft.ir.Function;
import weft.ir.Program;

import java.util.List;

/**
 * Graphviz rendering of control-flow graphs: one {@code digraph} with one cluster per function.
 * Nodes are the CFG nodes (the entry drawn bold, the exit as a double circle), edges are labelled
 * with their statements. Node identifiers are {@code f<function index>_<node>}, so function names
 * never need quoting in identifiers; every label is a quoted, escaped string.
 *
 * <p>Render with e.g. {@code weft parse --dump cfg-dot file.c | dot -Tsvg > cfg.svg}.
 */
public final class DotPrinter {
    private DotPrinter() {
    }

    /** All functions of the program, in program order. */
    public static String print(Program program) {
        return print(List.copyOf(program.functions().values()));
    }

    /** The given functions, one cluster each. */
    public static String print(List<Function> functions) {
        StringBuilder sb = new StringBuilder();
        sb.append("digraph weft {\n");
        sb.append("  node [shape=circle, fontname=\"monospace\", fontsize=10];\n");
        sb.append("  edge [fontname=\"monospace\", fontsize=9];\n");
        for (int i = 0; i < functions.size(); i++) {
            appendCluster(sb, i, functions.get(i));
        }
        sb.append("}\n");
        return sb.toString();
    }

    /**
     * {@code s} as the body of a DOT double-quoted string: backslashes and quotes escaped, line breaks
     * turned into DOT's {@code \n} (centred line break).
     */
    public static String escape(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\' -> sb.append("\\\\");
                case '"' -> sb.append("\\\"");
                case '\n' -> sb.append("\\n");
                case '\r' -> {
                    sb.append("\\n");
                    if (i + 1 < s.length() && s.charAt(i + 1) == '\n') i++;
                }
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }

    private static void appendCluster(StringBuilder sb, int index, Function f) {
        Cfg cfg = f.cfg();
        String prefix = "f" + index + "_";
        sb.append("  subgraph cluster_").append(index).append(" {\n");
        sb.append("    label=\"").append(escape(f.linkName())).append("\";\n");
        for (int n = 0; n < cfg.nodeCount(); n++) {
            sb.append("    ").append(prefix).append(n).append(" [label=\"").append(n).append('"');
            if (n == cfg.exit()) sb.append(", shape=doublecircle");
            if (n == cfg.entry()) sb.append(", style=bold");
            sb.append("];\n");
        }
        for (int n = 0; n < cfg.nodeCount(); n++) {
            for (Edge e : cfg.out(n)) {
                sb.append("    ").append(prefix).append(e.from()).append(" -> ").append(prefix).append(e.to())
                        .append(" [label=\"").append(escape(String.valueOf(e.stmt()))).append("\"];\n");
            }
        }
        sb.append("  }\n");
    }
}
