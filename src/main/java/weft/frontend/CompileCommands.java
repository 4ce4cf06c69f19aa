package weft.frontend;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import weft.ir.SourceLoc;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Reads a Clang compilation database: each entry's file with its {@code -I}, {@code -D} and working directory. */
final class CompileCommands {
    private CompileCommands() {}

    static List<Frontend.TranslationUnit> read(Path json) throws FrontendException {
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(json.toFile());
        } catch (IOException e) {
            throw new FrontendException(Diagnostic.error(new SourceLoc(json.toString(), 1, 1),
                    "cannot read compilation database: " + e.getMessage().lines().findFirst().orElse("")));
        }
        if (root == null || !root.isArray()) {
            throw new FrontendException(Diagnostic.error(new SourceLoc(json.toString(), 1, 1),
                    "compilation database must be a JSON array"));
        }
        List<Frontend.TranslationUnit> out = new ArrayList<>();
        Set<Path> seen = new LinkedHashSet<>();
        for (JsonNode entry : root) {
            Path dir = Path.of(entry.path("directory").asText("."));
            String file = entry.path("file").asText(null);
            if (file == null) continue;
            Path path = dir.resolve(file).normalize();
            if (!seen.add(path)) continue;
            List<String> args = new ArrayList<>();
            if (entry.has("arguments")) entry.get("arguments").forEach(a -> args.add(a.asText()));
            else args.addAll(split(entry.path("command").asText("")));
            List<Path> inc = new ArrayList<>();
            Map<String, String> defs = new LinkedHashMap<>();
            for (int i = 0; i < args.size(); i++) {
                String a = args.get(i);
                if (a.equals("-I") && i + 1 < args.size()) inc.add(dir.resolve(args.get(++i)).normalize());
                else if (a.startsWith("-I")) inc.add(dir.resolve(a.substring(2)).normalize());
                else if (a.equals("-D") && i + 1 < args.size()) define(args.get(++i), defs);
                else if (a.startsWith("-D")) define(a.substring(2), defs);
            }
            out.add(new Frontend.TranslationUnit(path, inc, defs));
        }
        return out;
    }

    static void define(String spec, Map<String, String> defs) {
        int eq = spec.indexOf('=');
        if (eq < 0) defs.put(spec, "1");
        else defs.put(spec.substring(0, eq), spec.substring(eq + 1));
    }

    private static List<String> split(String command) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        char quote = 0;
        for (int i = 0; i < command.length(); i++) {
            char c = command.charAt(i);
            if (quote != 0) {
                if (c == quote) quote = 0;
                else if (c == '\\' && quote == '"' && i + 1 < command.length()) cur.append(command.charAt(++i));
                else cur.append(c);
            } else if (c == '"' || c == '\'') {
                quote = c;
            } else if (c == '\\' && i + 1 < command.length()) {
                cur.append(command.charAt(++i));
            } else if (Character.isWhitespace(c)) {
                if (cur.length() > 0) {
                    out.add(cur.toString());
                    cur.setLength(0);
                }
            } else {
                cur.append(c);
            }
        }
        if (cur.length() > 0) out.add(cur.toString());
        return out;
    }
}
