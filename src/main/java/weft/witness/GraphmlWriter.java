package weft.witness;

import java.util.List;

/**
 * Writes a race as a GraphML 1.0 violation witness (SV-COMP's format for no-data-race): graph data
 * ({@code witness-type}, {@code sourcecodelang}, {@code producer}, {@code specification}, {@code programfile},
 * {@code programhash}, {@code architecture}, {@code creationtime}), an entry node, one edge per step of the
 * interleaving ({@code threadId}, {@code startline} where the step lies in the program file, {@code createThread} on
 * the step creating a thread, {@code assumption} for a nondeterministic value stored in a variable, Weft's key
 * {@link #NONDET_VALUE} on every nondeterministic input's call) and the two
 * racing accesses as the last two edges, into the node marked {@code violation}.
 *
 * <p>No key names a function ({@code enterFunction}, {@code returnFrom}, {@code assumption.scope},
 * {@code assumption.resultfunction}): WitnessLint's {@code --strictChecking} checks function names against a list it
 * never fills (version 1.3-dev), so any of them fails the lint, and an {@code enterFunction} without its
 * {@code returnFrom} before the violation fails its function-stack check too. Validators identify a new thread by
 * {@code createThread} and the {@code threadId} of its edges.
 */
public final class GraphmlWriter {
    private record Key(String id, String domain, String type, String defaultValue) {}

    private static final List<Key> KEYS = List.of(
            new Key("witness-type", "graph", "string", null),
            new Key("sourcecodelang", "graph", "string", null),
            new Key("producer", "graph", "string", null),
            new Key("specification", "graph", "string", null),
            new Key("programfile", "graph", "string", null),
            new Key("programhash", "graph", "string", null),
            new Key("architecture", "graph", "string", null),
            new Key("creationtime", "graph", "string", null),
            new Key("entry", "node", "boolean", "false"),
            new Key("violation", "node", "boolean", "false"),
            new Key("threadId", "edge", "string", null),
            new Key("createThread", "edge", "string", null),
            new Key("startline", "edge", "int", null),
            new Key("assumption", "edge", "string", null),
            new Key("weft.nondetValue", "edge", "string", null));

    /**
     * Weft's own key (WitnessLint accepts declared tool-specific keys): the value the nondeterministic input called on
     * the edge returns, also where no variable stores it (a value only tested gives no assumption), for replay.
     */
    public static final String NONDET_VALUE = "weft.nondetValue";

    private GraphmlWriter() {
    }

    public static String write(WitnessTrace trace, WitnessTask task) {
        StringBuilder sb = new StringBuilder();
        sb.append("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n");
        sb.append("<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">\n");
        for (Key k : KEYS) {
            sb.append(" <key attr.name=\"").append(k.id()).append("\" attr.type=\"").append(k.type()).append("\" for=\"")
                    .append(k.domain()).append("\" id=\"").append(k.id()).append('"');
            if (k.defaultValue() == null) {
                sb.append("/>\n");
            } else {
                sb.append(">\n  <default>").append(k.defaultValue()).append("</default>\n </key>\n");
            }
        }
        sb.append(" <graph edgedefault=\"directed\">\n");
        data(sb, "  ", "witness-type", "violation_witness");
        data(sb, "  ", "sourcecodelang", "C");
        data(sb, "  ", "producer", WitnessTask.PRODUCER + " " + task.producerVersion());
        data(sb, "  ", "specification", task.specification());
        data(sb, "  ", "programfile", task.programFile().toString());
        data(sb, "  ", "programhash", task.programHash());
        data(sb, "  ", "architecture", task.architecture());
        data(sb, "  ", "creationtime", task.creationTime());
        sb.append("  <node id=\"N0\">\n");
        data(sb, "   ", "entry", "true");
        sb.append("  </node>\n");
        int node = 0;
        List<WitnessTrace.Edge> edges = new java.util.ArrayList<>(trace.edges());
        edges.add(trace.first());
        edges.add(trace.second());
        java.util.Map<Integer, String> values = new java.util.HashMap<>();
        for (WitnessTrace.Value v : trace.values()) values.putIfAbsent(v.step(), v.value()); // a call's result: its first value
        for (int i = 0; i < edges.size(); i++) {
            WitnessTrace.Edge e = edges.get(i);
            int next = node + 1;
            if (i == edges.size() - 1) {
                sb.append("  <node id=\"N").append(next).append("\">\n");
                data(sb, "   ", "violation", "true");
                sb.append("  </node>\n");
            } else {
                sb.append("  <node id=\"N").append(next).append("\"/>\n");
            }
            sb.append("  <edge source=\"N").append(node).append("\" target=\"N").append(next).append("\">\n");
            data(sb, "   ", "threadId", Integer.toString(e.thread()));
            if (e.line() > 0) data(sb, "   ", "startline", Integer.toString(e.line()));
            if (e.createThread() >= 0) data(sb, "   ", "createThread", Integer.toString(e.createThread()));
            if (e.assumption() != null) data(sb, "   ", "assumption", e.assumption());
            if (i < edges.size() - 2 && e.line() > 0 && values.containsKey(e.step())) data(sb, "   ", NONDET_VALUE, values.get(e.step()));
            sb.append("  </edge>\n");
            node = next;
        }
        sb.append(" </graph>\n</graphml>\n");
        return sb.toString();
    }

    private static void data(StringBuilder sb, String indent, String key, String value) {
        sb.append(indent).append("<data key=\"").append(key).append("\">").append(escape(value)).append("</data>\n");
    }

    static String escape(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '&' -> sb.append("&amp;");
                case '"' -> sb.append("&quot;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }
}
