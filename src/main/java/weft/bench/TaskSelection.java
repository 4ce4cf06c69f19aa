package weft.bench;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Collects the tasks named on the command line. Each argument is
 * <ul>
 *   <li>a task definition ({@code .yml} / {@code .yaml}), whose id is the path as given;</li>
 *   <li>a directory, searched recursively for definitions, ids relative to it;</li>
 *   <li>any other file: a list with one definition, directory or glob pattern ({@code pthread/*.yml},
 *       as in SV-COMP's {@code .set} files) per line, relative to the list's folder; blank lines and
 *       {@code #} comments are skipped. Ids are relative to the list's folder.</li>
 * </ul>
 * Definitions that do not list the selected property are skipped (and counted); a definition found
 * twice is run once.
 */
public final class TaskSelection {
    /** The tasks found, in order, and how many definitions were skipped for lack of the property. */
    public record Result(List<Task> tasks, int skipped) {
        public Result {
            tasks = List.copyOf(tasks);
        }
    }

    private final TaskParser parser;
    private final Map<Path, Task> found = new LinkedHashMap<>();
    private int skipped;

    private TaskSelection(TaskParser parser) {
        this.parser = parser;
    }

    /** The tasks that {@code args} name, for the property {@code parser} selects. */
    public static Result collect(List<Path> args, TaskParser parser) throws BenchInputException {
        TaskSelection s = new TaskSelection(parser);
        for (Path a : args) s.add(a);
        return new Result(new ArrayList<>(s.found.values()), s.skipped);
    }

    private void add(Path arg) throws BenchInputException {
        if (!Files.exists(arg)) throw BenchInputException.at(arg, 0, 0, "no such file or directory");
        if (Files.isDirectory(arg)) {
            addDirectory(arg, arg);
        } else if (isDefinition(arg)) {
            addDefinition(arg, arg.normalize().toString());
        } else {
            addList(arg);
        }
    }

    private void addDirectory(Path dir, Path idBase) throws BenchInputException {
        for (Path f : walk(dir, dir)) {
            if (isDefinition(f)) addDefinition(f, id(idBase, f));
        }
    }

    private void addDefinition(Path file, String id) throws BenchInputException {
        Path key = file.toAbsolutePath().normalize();
        if (found.containsKey(key)) return;
        Optional<Task> t = parser.parse(file, id);
        if (t.isPresent()) {
            found.put(key, t.get());
        } else {
            skipped++;
        }
    }

    private void addList(Path list) throws BenchInputException {
        List<String> lines;
        try {
            lines = Files.readAllLines(list);
        } catch (IOException e) {
            throw BenchInputException.at(list, 0, 0, "cannot read file: " + e.getMessage());
        }
        Path base = list.toAbsolutePath().getParent();
        for (int i = 0; i < lines.size(); i++) {
            String raw = lines.get(i);
            String entry = raw.contains("#") ? raw.substring(0, raw.indexOf('#')).strip() : raw.strip();
            if (entry.isEmpty()) continue;
            int col = raw.indexOf(entry) + 1;
            if (isGlob(entry)) {
                int n = addGlob(list, base, entry);
                if (n == 0) throw BenchInputException.at(list, i + 1, col, "no task definition matches '" + entry + "'");
                continue;
            }
            Path p = base.resolve(entry).normalize();
            if (Files.isDirectory(p)) {
                addDirectory(p, base);
            } else if (Files.isRegularFile(p) && isDefinition(p)) {
                addDefinition(p, id(base, p));
            } else {
                throw BenchInputException.at(list, i + 1, col, Files.exists(p) ? "not a task definition (.yml): " + entry
                        : "no such file: " + entry);
            }
        }
    }

    private int addGlob(Path list, Path base, String pattern) throws BenchInputException {
        String[] parts = pattern.split("/");
        Path root = base;
        for (String part : parts) {
            if (isGlob(part)) break;
            root = root.resolve(part);
        }
        if (!Files.isDirectory(root)) return 0;
        PathMatcher m = FileSystems.getDefault().getPathMatcher("glob:" + pattern);
        int n = 0;
        for (Path f : walk(root, list)) {
            if (isDefinition(f) && m.matches(base.relativize(f))) {
                addDefinition(f, id(base, f));
                n++;
            }
        }
        return n;
    }

    private static List<Path> walk(Path dir, Path reportAt) throws BenchInputException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).sorted().toList();
        } catch (IOException | java.io.UncheckedIOException e) {
            throw BenchInputException.at(reportAt, 0, 0, "cannot list " + dir + ": " + e.getMessage());
        }
    }

    private static boolean isGlob(String s) {
        return s.chars().anyMatch(c -> c == '*' || c == '?' || c == '[' || c == '{');
    }

    private static boolean isDefinition(Path f) {
        String n = f.getFileName() == null ? "" : f.getFileName().toString();
        return n.endsWith(".yml") || n.endsWith(".yaml");
    }

    private static String id(Path base, Path file) {
        Path b = base.toAbsolutePath().normalize();
        Path f = file.toAbsolutePath().normalize();
        return (f.startsWith(b) ? b.relativize(f) : f).toString().replace('\\', '/');
    }
}
