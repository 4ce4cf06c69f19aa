package weft.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import weft.ir.SourceLoc;

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
        DefaultPrettyPrinter pp = new DefaultPrettyPrinter(Separators.createDefaultInstance()
                .withObjectFieldValueSpacing(Separators.Spacing.AFTER))
                .withObjectIndenter(new DefaultIndenter("  ", "\n"))
                .withArrayIndenter(new DefaultIndenter("  ", "\n"));
        try {
            return MAPPER.writer(pp).writeValueAsString(node) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code {"file": ..., "line": ..., "column": ...}} into {@code o}. */
    static ObjectNode putLoc(ObjectNode o, SourceLoc loc) {
        o.put("file", loc.file());
        o.put("line", loc.line());
        o.put("column", loc.col());
        return o;
    }
}
