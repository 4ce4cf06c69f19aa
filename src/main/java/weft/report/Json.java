package weft.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ObjectNode;
import weft.ir.SourceLoc;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/** Shared JSON plumbing of the machine formats: one mapper and a stable, two-space pretty printer. */
final class Json {
    static final ObjectMapper MAPPER = new ObjectMapper();

    private Json() {
    }

    static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    /** The node as pretty-printed text ({@code "\n"} line ends, {@code "key": value}), ending with a newline. */
    static String write(JsonNode node) {
        try {
            return writer().writeValueAsString(node) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The node as {@link #write} gives it, written to {@code out} (UTF-8) as it is generated: a large report is
     * never held as one string. {@code out} is flushed, not closed.
     */
    static void write(ObjectNode node, OutputStream out) {
        write(node, null, List.of(), out);
    }

    /**
     * As {@link #write(ObjectNode, OutputStream)}, with the array at top-level field {@code field} of {@code root} (left
     * empty there) given by {@code elements}, each formed when it is written: a report of many races is never held
     * whole. The text is the same as that of {@code root} with the elements in that array.
     */
    static void write(ObjectNode root, String field, Iterable<? extends JsonNode> elements, OutputStream out) {
        try {
            Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16);
            try (JsonGenerator g = writer().without(JsonGenerator.Feature.AUTO_CLOSE_TARGET).createGenerator(w)) {
                g.writeStartObject();
                for (Map.Entry<String, JsonNode> e : root.properties()) {
                    g.writeFieldName(e.getKey());
                    if (!e.getKey().equals(field)) {
                        MAPPER.writeTree(g, e.getValue());
                        continue;
                    }
                    g.writeStartArray();
                    for (JsonNode n : elements) MAPPER.writeTree(g, n);
                    g.writeEndArray();
                }
                g.writeEndObject();
            }
            w.write("\n");
            w.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ObjectWriter writer() {
        DefaultPrettyPrinter pp = new DefaultPrettyPrinter(Separators.createDefaultInstance()
                .withObjectFieldValueSpacing(Separators.Spacing.AFTER))
                .withObjectIndenter(new DefaultIndenter("  ", "\n"))
                .withArrayIndenter(new DefaultIndenter("  ", "\n"));
        return MAPPER.writer(pp);
    }

    /** {@code {"file": ..., "line": ..., "column": ...}} into {@code o}. */
    static ObjectNode putLoc(ObjectNode o, SourceLoc loc) {
        o.put("file", loc.file());
        o.put("line", loc.line());
        o.put("column", loc.col());
        return o;
    }
}
