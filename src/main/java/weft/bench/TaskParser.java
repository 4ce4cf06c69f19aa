package weft.bench;

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

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads an SV-COMP task definition (format 2.0): {@code input_files} (one name or a list),
 * {@code properties} (entries with {@code property_file} and optional {@code expected_verdict}) and
 * {@code options.data_model}. Errors carry the line and column of the offending YAML node.
 */
public final class TaskParser {
    private final String property;

    /**
     * @param property the property to select, by the file name of its {@code property_file} without
     *                 {@code .prp} (e.g. {@code no-data-race})
     */
    public TaskParser(String property) {
        this.property = property;
    }

    /**
     * The task that {@code file} defines for the selected property, or empty when the definition does
     * not list that property.
     *
     * @param id the name to give the task
     */
    public Optional<Task> parse(Path file, String id) throws BenchInputException {
        Node root = compose(file);
        if (!(root instanceof MappingNode map)) {
            throw error(file, root, "a task definition must be a YAML mapping");
        }
        Path dir = file.toAbsolutePath().getParent();
        List<Path> inputs = inputs(file, dir, required(file, map, "input_files"));
        Node props = required(file, map, "properties");
        if (!(props instanceof SequenceNode seq)) throw error(file, props, "'properties' must be a list");
        for (Node entry : seq.getValue()) {
            if (!(entry instanceof MappingNode p)) throw error(file, entry, "a property entry must be a mapping");
            Node pf = required(file, p, "property_file");
            String name = scalar(file, pf, "property_file");
            Path prp = dir.resolve(name).normalize();
            if (!matches(prp)) continue;
            if (!Files.isRegularFile(prp)) throw error(file, pf, "no such property file: " + prp);
            Outcome expected = expected(file, get(p, "expected_verdict"));
            return Optional.of(new Task(id, file, inputs, prp, expected, dataModel(file, get(map, "options"))));
        }
        return Optional.empty();
    }

    private boolean matches(Path prp) {
        String name = prp.getFileName().toString();
        return name.equals(property) || name.equals(property + ".prp");
    }

    private static Node compose(Path file) throws BenchInputException {
        if (!Files.exists(file)) throw BenchInputException.at(file, 0, 0, "no such file");
        if (!Files.isRegularFile(file)) throw BenchInputException.at(file, 0, 0, "not a regular file");
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            Node root = new Yaml(new LoaderOptions()).compose(in);
            if (root == null) throw BenchInputException.at(file, 0, 0, "empty task definition");
            return root;
        } catch (MarkedYAMLException e) {
            Mark m = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
            String problem = e.getProblem() != null ? e.getProblem() : e.getContext();
            throw BenchInputException.at(file, m == null ? 0 : m.getLine() + 1, m == null ? 0 : m.getColumn() + 1,
                    "invalid YAML: " + problem);
        } catch (YAMLException e) {
            throw BenchInputException.at(file, 0, 0, "invalid YAML: " + e.getMessage());
        } catch (IOException e) {
            throw BenchInputException.at(file, 0, 0, "cannot read file: " + e.getMessage());
        }
    }

    private static List<Path> inputs(Path file, Path dir, Node node) throws BenchInputException {
        List<Node> names = new ArrayList<>();
        if (node instanceof SequenceNode seq) {
            names.addAll(seq.getValue());
        } else {
            names.add(node);
        }
        if (names.isEmpty()) throw error(file, node, "'input_files' is empty");
        List<Path> out = new ArrayList<>();
        for (Node n : names) {
            Path p = dir.resolve(scalar(file, n, "input_files")).normalize();
            if (!Files.isRegularFile(p)) throw error(file, n, "no such input file: " + p);
            out.add(p);
        }
        return out;
    }

    private static Outcome expected(Path file, Node node) throws BenchInputException {
        if (node == null) return null;
        String v = scalar(file, node, "expected_verdict");
        return switch (v) {
            case "true" -> Outcome.TRUE;
            case "false" -> Outcome.FALSE;
            default -> throw error(file, node, "'expected_verdict' must be true or false, not '" + v + "'");
        };
    }

    private static String dataModel(Path file, Node options) throws BenchInputException {
        if (options == null) return null;
        if (!(options instanceof MappingNode map)) throw error(file, options, "'options' must be a mapping");
        Node dm = get(map, "data_model");
        if (dm == null) return null;
        String v = scalar(file, dm, "data_model");
        if (!v.equals("ILP32") && !v.equals("LP64")) throw error(file, dm, "'data_model' must be ILP32 or LP64, not '" + v + "'");
        return v;
    }

    private static Node get(MappingNode map, String key) {
        for (NodeTuple t : map.getValue()) {
            if (t.getKeyNode() instanceof ScalarNode k && k.getValue().equals(key)) return t.getValueNode();
        }
        return null;
    }

    private static Node required(Path file, MappingNode map, String key) throws BenchInputException {
        Node n = get(map, key);
        if (n == null) throw error(file, map, "missing '" + key + "'");
        return n;
    }

    private static String scalar(Path file, Node node, String what) throws BenchInputException {
        if (!(node instanceof ScalarNode s) || s.getValue().isBlank()) throw error(file, node, "'" + what + "' must be a non-empty string");
        return s.getValue().strip();
    }

    private static BenchInputException error(Path file, Node at, String message) {
        Mark m = at.getStartMark();
        return BenchInputException.at(file, m.getLine() + 1, m.getColumn() + 1, message);
    }
}
