package weft.witness;

import java.util.UUID;

/**
 * Writes a race as a YAML 2.2 witness: one {@code violation_sequence} entry whose segments follow the interleaving
 * in schedule order ({@link YamlWaypoints}: a {@code function_enter} waypoint on every thread creation, thread
 * {@code k} being the one the {@code k}-th such waypoint creates, as in Weft's numbering: main is 0, then creation
 * order; a {@code function_return} waypoint {@code \result == v} on every nondeterministic input's call; an
 * {@code assumption} waypoint {@code 1} where a thread's run ends), and a final segment of two {@code target}
 * waypoints, one per racing access, each with its {@code thread_id}. Waypoints whose location is not in the program
 * file are left out (a YAML waypoint needs a location). Locations are the statement's line and column in the program
 * file.
 */
public final class YamlWriter {
    private YamlWriter() {
    }

    public static String write(WitnessTrace trace, WitnessTask task) {
        String file = task.programFile().toString();
        StringBuilder sb = new StringBuilder();
        sb.append("- entry_type: \"violation_sequence\"\n");
        sb.append("  metadata:\n");
        sb.append("    format_version: \"2.2\"\n");
        sb.append("    uuid: \"").append(UUID.nameUUIDFromBytes((task.programHash() + task.creationTime()).getBytes(
                java.nio.charset.StandardCharsets.UTF_8))).append("\"\n");
        sb.append("    creation_time: \"").append(task.creationTime()).append("\"\n");
        sb.append("    producer:\n");
        sb.append("      name: \"").append(WitnessTask.PRODUCER).append("\"\n");
        sb.append("      version: ").append(quote(task.producerVersion())).append('\n');
        sb.append("    task:\n");
        sb.append("      input_files:\n");
        sb.append("        - ").append(quote(file)).append('\n');
        sb.append("      input_file_hashes:\n");
        sb.append("        ").append(quote(file)).append(": \"").append(task.programHash()).append("\"\n");
        sb.append("      specification: ").append(quote(task.specification())).append('\n');
        sb.append("      data_model: \"").append(task.dataModel().name()).append("\"\n");
        sb.append("      language: \"C\"\n");
        sb.append("  content:\n");
        for (YamlWaypoints.Waypoint w : YamlWaypoints.of(trace)) {
            sb.append("    - segment:\n");
            waypoint(sb, w, file);
        }
        sb.append("    - segment:\n");
        waypoint(sb, new YamlWaypoints.Waypoint("target", trace.first().thread(), trace.first().line(), trace.first().column(), null), file);
        waypoint(sb, new YamlWaypoints.Waypoint("target", trace.second().thread(), trace.second().line(), trace.second().column(), null), file);
        return sb.toString();
    }

    private static void waypoint(StringBuilder sb, YamlWaypoints.Waypoint w, String file) {
        sb.append("        - waypoint:\n");
        sb.append("            type: \"").append(w.type()).append("\"\n");
        sb.append("            action: \"follow\"\n");
        if (w.constraint() != null) {
            sb.append("            constraint:\n");
            sb.append("              value: ").append(quote(w.constraint())).append('\n');
            sb.append("              format: \"c_expression\"\n");
        }
        sb.append("            location:\n");
        sb.append("              file_name: ").append(quote(file)).append('\n');
        sb.append("              line: ").append(w.line()).append('\n');
        if (w.column() > 0) sb.append("              column: ").append(w.column()).append('\n');
        sb.append("            thread_id: ").append(w.thread()).append('\n');
    }

    /** A YAML double-quoted scalar. */
    static String quote(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\t' -> sb.append("\\t");
                default -> sb.append(c);
            }
        }
        return sb.append('"').toString();
    }
}
