package weft.report;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Source text for reports (excerpts, carets, inline suppression comments), read on demand and cached.
 * Files are looked up by the names in source locations, relative to {@code base}; a file that cannot
 * be read has no lines (reports then just omit the excerpt).
 */
public final class SourceFiles {
    private final Path base;
    private final Map<String, List<String>> cache = new HashMap<>();

    public SourceFiles(Path base) {
        this.base = base;
    }

    /** Reads files relative to the working directory. */
    public static SourceFiles fromWorkingDirectory() {
        return new SourceFiles(Path.of("").toAbsolutePath());
    }

    /** All lines of {@code file} (empty if unreadable). */
    public synchronized List<String> lines(String file) {
        return cache.computeIfAbsent(file, this::read);
    }

    /** Line {@code line} (1-based) of {@code file}, if it exists. */
    public Optional<String> line(String file, int line) {
        List<String> ls = lines(file);
        return line >= 1 && line <= ls.size() ? Optional.of(ls.get(line - 1)) : Optional.empty();
    }

    private List<String> read(String file) {
        Path p;
        try {
            p = base.resolve(file);
        } catch (InvalidPathException e) {
            return List.of();
        }
        if (!Files.isRegularFile(p)) return List.of();
        try {
            return List.copyOf(Files.readAllLines(p, StandardCharsets.UTF_8));
        } catch (CharacterCodingException e) {
            try {
                return List.copyOf(Files.readAllLines(p, StandardCharsets.ISO_8859_1));
            } catch (IOException e2) {
                return List.of();
            }
        } catch (IOException e) {
            return List.of();
        }
    }
}
