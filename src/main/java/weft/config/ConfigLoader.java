package weft.config;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import weft.frontend.Diagnostic;
import weft.ir.SourceLoc;
import weft.model.Event;
import weft.model.LibraryModel;
import weft.report.Suppressions;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads {@code weft.yml} (see the README for the format). Every problem is a {@link ConfigException}
 * with the file, line and column of the offending node: unknown keys, wrong types, names that are not C
 * identifiers, argument positions out of range, a function configured twice.
 */
public final class ConfigLoader {
    private static final Set<String> TOP = Set.of("version", "functions", "entry-points", "suppress", "libc");
    private static final Set<String> KINDS = Set.of("thread-create", "thread-join", "lock", "unlock", "atomic-begin", "atomic-end");
    private static final int MAX_ARG = 31;

    private final Path file;
    private final List<LibraryModel> models = new ArrayList<>();
    private final Map<String, Node> modelled = new HashMap<>();
    private final List<Config.EntryPoint> entries = new ArrayList<>();
    private final List<Suppressions.Line> lines = new ArrayList<>();
    private final List<Suppressions.Variable> variables = new ArrayList<>();

    private ConfigLoader(Path file) {
        this.file = file;
    }

    /**
     * The configuration to use: {@code explicit} if given, else {@code weft.yml} in {@code dir} if present, else none.
     * Diagnostics name the file as resolved against {@code dir} (pass {@code Path.of("")} for the working directory).
     */
    public static Config find(Path explicit, Path dir) throws ConfigException {
        if (explicit != null) return load(explicit);
        Path implicit = dir.resolve(Config.FILE_NAME);
        return Files.isRegularFile(implicit) ? load(implicit) : Config.NONE;
    }

    public static Config load(Path file) throws ConfigException {
        if (!Files.exists(file)) throw new ConfigException(Diagnostic.error(new SourceLoc(file.toString(), 0, 0), "no such file"));
        if (Files.isDirectory(file)) throw new ConfigException(Diagnostic.error(new SourceLoc(file.toString(), 0, 0), "is a directory"));
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ConfigException(Diagnostic.error(new SourceLoc(file.toString(), 0, 0), "cannot read file: " + e.getMessage()));
        }
        return parse(file, text);
    }

    /** Parses configuration text; {@code file} names it in diagnostics and locations. */
    public static Config parse(Path file, String text) throws ConfigException {
        ConfigLoader l = new ConfigLoader(file);
        Node root;
        try {
            root = new Yaml(new LoaderOptions()).compose(new StringReader(text));
        } catch (MarkedYAMLException e) {
            Mark m = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
            String msg = "invalid YAML: " + (e.getProblem() != null ? e.getProblem() : e.getMessage());
            throw new ConfigException(Diagnostic.error(l.loc(m), msg.replace('\n', ' ')));
        } catch (YAMLException e) {
            throw new ConfigException(Diagnostic.error(new SourceLoc(file.toString(), 1, 1), "invalid YAML: " + e.getMessage()));
        }
        if (root != null) l.top(root);
        return new Config(file, l.models, l.entries, new Suppressions(l.lines, l.variables));
    }

    private void top(Node root) throws ConfigException {
        for (Map.Entry<String, Node> e : mapping(root, TOP, "the configuration").entrySet()) {
            Node v = e.getValue();
            switch (e.getKey()) {
                case "version" -> {
                    if (integer(v) != 1) throw error(v, "unsupported version (only 1 is known)");
                }
                case "functions" -> {
                    for (Map.Entry<String, Node> k : mapping(v, KINDS, "functions").entrySet()) {
                        for (Node item : sequence(k.getValue(), k.getKey())) function(k.getKey(), item);
                    }
                }
                case "entry-points" -> {
                    for (Node item : sequence(v, "entry-points")) entryPoint(item);
                }
                case "suppress" -> {
                    for (Node item : sequence(v, "suppress")) suppression(item);
                }
                case "libc" -> {
                    for (Node item : sequence(v, "libc")) libcEntry(item);
                }
                default -> throw new IllegalStateException(e.getKey());
            }
        }
    }

    private void function(String kind, Node item) throws ConfigException {
        Set<String> keys = switch (kind) {
            case "thread-create" -> Set.of("name", "routine", "arg", "id");
            case "thread-join" -> Set.of("name", "id", "result");
            case "lock" -> Set.of("name", "arg", "kind", "mode", "try", "success");
            case "unlock" -> Set.of("name", "arg", "kind");
            default -> Set.of("name");
        };
        Map<String, Node> m;
        Node nameNode;
        if (item instanceof ScalarNode) {
            if (kind.equals("thread-create") || kind.equals("thread-join")) {
                throw error(item, kind + " needs a mapping with name and argument positions, e.g. "
                        + (kind.equals("thread-create") ? "{name: os_thread_create, id: 0, routine: 1, arg: 2}" : "{name: os_thread_join, id: 0}"));
            }
            m = Map.of();
            nameNode = item;
        } else {
            m = mapping(item, keys, kind + " entry");
            nameNode = m.get("name");
            if (nameNode == null) throw error(item, kind + " entry needs a name");
        }
        String name = identifier(nameNode);
        Node previous = modelled.putIfAbsent(name, nameNode);
        if (previous != null) {
            throw error(nameNode, "function '" + name + "' is configured twice (first at line " + (previous.getStartMark().getLine() + 1) + ")");
        }
        Event ev = switch (kind) {
            case "thread-create" -> new Event.ThreadCreate(arg(m, "id", item, -2), arg(m, "routine", item, -2), arg(m, "arg", item, -2));
            case "thread-join" -> new Event.ThreadJoin(arg(m, "id", item, -2), arg(m, "result", item, -1));
            case "lock" -> {
                Event.Mode mode = m.containsKey("mode") ? choice(m.get("mode"), Event.Mode.class, "mode") : Event.Mode.WRITE;
                Event.LockKind lk = lockKind(m, mode == Event.Mode.READ ? Event.LockKind.RWLOCK : Event.LockKind.MUTEX);
                boolean trying = m.containsKey("try") && bool(m.get("try"));
                int success = m.containsKey("success") ? integer(m.get("success")) : 0;
                yield new Event.Lock(arg(m, "arg", item, 0), lk, mode, trying, success);
            }
            case "unlock" -> new Event.Unlock(arg(m, "arg", item, 0), lockKind(m, Event.LockKind.MUTEX));
            case "atomic-begin" -> new Event.AtomicBegin();
            case "atomic-end" -> new Event.AtomicEnd();
            default -> throw new IllegalStateException(kind);
        };
        models.add(new LibraryModel(name, ev));
    }

    private Event.LockKind lockKind(Map<String, Node> m, Event.LockKind dflt) throws ConfigException {
        if (!m.containsKey("kind")) return dflt;
        Node k = m.get("kind");
        return switch (scalar(k, "kind")) {
            case "mutex" -> Event.LockKind.MUTEX;
            case "rwlock" -> Event.LockKind.RWLOCK;
            case "spin" -> Event.LockKind.SPIN;
            default -> throw error(k, "kind must be mutex, rwlock or spin");
        };
    }

    /** Argument position {@code key}; {@code dflt} -2 means required. */
    private int arg(Map<String, Node> m, String key, Node owner, int dflt) throws ConfigException {
        Node n = m.get(key);
        if (n == null) {
            if (dflt == -2) throw error(owner, "missing '" + key + "' (0-based argument position)");
            return dflt;
        }
        int v = integer(n);
        if (v < 0 || v > MAX_ARG) throw error(n, key + " must be an argument position from 0 to " + MAX_ARG);
        return v;
    }

    /**
     * An entry of the C library table ({@code libc.tsv}'s columns; all but {@code name} optional: {@code -}, {@code int},
     * {@code safe}, {@code -}, {@code -}); it adds a function or replaces the standard one of that name.
     */
    private void libcEntry(Node item) throws ConfigException {
        Map<String, Node> m = mapping(item, Set.of("name", "args", "result", "posix", "state", "callbacks"), "libc entry");
        Node nameNode = m.get("name");
        if (nameNode == null) throw error(item, "libc entry needs a name");
        String name = identifier(nameNode);
        if (modelled.containsKey(name)) throw error(nameNode, "'" + name + "' is already configured");
        try {
            models.add(weft.model.LibcTable.row(name, column(m, "args", "-"), column(m, "result", "int"),
                    column(m, "posix", "safe"), column(m, "state", "-"), column(m, "callbacks", "-")));
        } catch (IllegalArgumentException e) {
            throw error(item, "invalid libc entry for '" + name + "': " + e.getMessage());
        }
        modelled.put(name, nameNode);
    }

    private String column(Map<String, Node> m, String key, String dflt) throws ConfigException {
        Node n = m.get(key);
        if (n == null) return dflt;
        String s = scalar(n, key).trim();
        return s.isEmpty() ? dflt : s;
    }

    private void entryPoint(Node item) throws ConfigException {
        Node nameNode = item;
        if (!(item instanceof ScalarNode)) {
            nameNode = mapping(item, Set.of("function"), "entry point").get("function");
            if (nameNode == null) throw error(item, "entry point needs 'function'");
        }
        entries.add(new Config.EntryPoint(identifier(nameNode), loc(nameNode.getStartMark())));
    }

    private void suppression(Node item) throws ConfigException {
        Map<String, Node> m = mapping(item, Set.of("location", "variable"), "suppression");
        if (m.size() != 1) throw error(item, "a suppression has exactly one of 'location: FILE:LINE' or 'variable: NAME'");
        String origin = file + ":" + (item.getStartMark().getLine() + 1);
        if (m.containsKey("location")) {
            Node n = m.get("location");
            String s = scalar(n, "location");
            int colon = s.lastIndexOf(':');
            int line;
            try {
                line = colon <= 0 ? -1 : Integer.parseInt(s.substring(colon + 1));
            } catch (NumberFormatException e) {
                line = -1;
            }
            if (line <= 0) throw error(n, "location must be FILE:LINE, e.g. src/main.c:42");
            lines.add(new Suppressions.Line(s.substring(0, colon), line, origin));
        } else {
            Node n = m.get("variable");
            String s = scalar(n, "variable");
            if (!s.matches("[A-Za-z_][A-Za-z0-9_]*")) throw error(n, "variable must be a C identifier");
            variables.add(new Suppressions.Variable(s, origin));
        }
    }

    private Map<String, Node> mapping(Node n, Set<String> allowed, String what) throws ConfigException {
        if (!(n instanceof MappingNode mn)) throw error(n, what + " must be a mapping");
        Map<String, Node> out = new LinkedHashMap<>();
        for (NodeTuple t : mn.getValue()) {
            String key = scalar(t.getKeyNode(), "key");
            if (!allowed.contains(key)) {
                throw error(t.getKeyNode(), "unknown key '" + key + "' in " + what + " (expected one of " + String.join(", ", new java.util.TreeSet<>(allowed)) + ")");
            }
            if (out.put(key, t.getValueNode()) != null) throw error(t.getKeyNode(), "duplicate key '" + key + "'");
        }
        return out;
    }

    private List<Node> sequence(Node n, String what) throws ConfigException {
        if (!(n instanceof SequenceNode sn)) throw error(n, what + " must be a list");
        return sn.getValue();
    }

    private String scalar(Node n, String what) throws ConfigException {
        if (!(n instanceof ScalarNode s)) throw error(n, what + " must be a single value");
        return s.getValue();
    }

    private String identifier(Node n) throws ConfigException {
        String s = scalar(n, "name");
        if (!s.matches("[A-Za-z_][A-Za-z0-9_]*")) throw error(n, "'" + s + "' is not a C function name");
        return s;
    }

    private int integer(Node n) throws ConfigException {
        String s = scalar(n, "value");
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw error(n, "expected an integer, found '" + s + "'");
        }
    }

    private boolean bool(Node n) throws ConfigException {
        String s = scalar(n, "value");
        if (s.equals("true")) return true;
        if (s.equals("false")) return false;
        throw error(n, "expected true or false, found '" + s + "'");
    }

    private <E extends Enum<E>> E choice(Node n, Class<E> type, String what) throws ConfigException {
        String s = scalar(n, what);
        for (E e : type.getEnumConstants()) if (e.name().equalsIgnoreCase(s)) return e;
        throw error(n, what + " must be one of " + java.util.Arrays.stream(type.getEnumConstants())
                .map(e -> e.name().toLowerCase()).toList());
    }

    private ConfigException error(Node n, String message) {
        return new ConfigException(Diagnostic.error(loc(n.getStartMark()), message));
    }

    private SourceLoc loc(Mark m) {
        return m == null ? new SourceLoc(file.toString(), 0, 0) : new SourceLoc(file.toString(), m.getLine() + 1, m.getColumn() + 1);
    }
}
