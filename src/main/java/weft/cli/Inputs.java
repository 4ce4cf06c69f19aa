package weft.cli;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import weft.frontend.Diagnostic;
import weft.frontend.Frontend;
import weft.frontend.FrontendException;
import weft.ir.Program;
import weft.ir.SourceLoc;
import weft.model.LibraryModels;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Input validation done before the front end runs, so that missing, unreadable or non-C files get a
 * clear one-line diagnostic ({@code file:0:0: error: ...}), and loading of the whole program.
 */
final class Inputs {
    private static final Set<String> C_EXTENSIONS = Set.of("c", "i", "h");
    private static final int SNIFF_BYTES = 8192;

    private Inputs() {
    }

    /** An error diagnostic about a whole file (line and column 0). */
    static Diagnostic fileError(Path file, String message) {
        return Diagnostic.error(new SourceLoc(file.toString(), 0, 0), message);
    }

    /** Why {@code file} cannot be read at all (missing, a directory, unreadable), or null. */
    static Diagnostic unreadable(Path file) {
        if (!Files.exists(file)) return fileError(file, "no such file");
        if (Files.isDirectory(file)) return fileError(file, "is a directory");
        if (!Files.isReadable(file)) return fileError(file, "permission denied");
        return null;
    }

    /** Why {@code file} is not usable as a C source file, or null. */
    static Diagnostic problem(Path file) {
        Diagnostic d = unreadable(file);
        if (d != null) return d;
        String name = file.getFileName() == null ? "" : file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String ext = dot < 0 ? "" : name.substring(dot + 1);
        if (!C_EXTENSIONS.contains(ext)) {
            return fileError(file, "not a C source file (expected .c, .i or .h)");
        }
        try (InputStream in = Files.newInputStream(file)) {
            byte[] head = in.readNBytes(SNIFF_BYTES);
            for (byte b : head) {
                if (b == 0) return fileError(file, "not a C source file (binary content)");
            }
        } catch (IOException e) {
            return fileError(file, "cannot read file: " + e.getMessage());
        }
        return null;
    }

    /** The problems of all {@code files}, in order. */
    static List<Diagnostic> problems(List<Path> files) {
        List<Diagnostic> out = new ArrayList<>();
        for (Path f : files) {
            Diagnostic d = problem(f);
            if (d != null) out.add(d);
        }
        return out;
    }

    /**
     * Loads the program the options describe: the {@code compile_commands.json} if given, otherwise
     * the input files linked together.
     */
    static Program load(CliOptions options) throws FrontendException {
        return load(options, LibraryModels.standard(), phase -> { });
    }

    /** {@link #load(CliOptions)} with the given library models (the standard table plus configured ones). */
    static Program load(CliOptions options, LibraryModels models, java.util.function.Consumer<String> progress)
            throws FrontendException {
        if (options.compileCommands() != null) {
            compileCommandFiles(options.compileCommands());
            return new Frontend(options.frontendOptions(), models, progress).loadCompileCommands(options.compileCommands());
        }
        List<Diagnostic> problems = problems(options.files());
        if (!problems.isEmpty()) throw new FrontendException(problems);
        return new Frontend(options.frontendOptions(), models, progress).load(options.files());
    }

    /**
     * The distinct source files named by a {@code compile_commands.json}, resolved against each entry's
     * directory (entries without a file are skipped, as the front end does).
     */
    static List<Path> compileCommandFiles(Path json) throws FrontendException {
        Diagnostic d = unreadable(json);
        if (d != null) throw new FrontendException(d);
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(json.toFile());
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            SourceLoc loc = new SourceLoc(json.toString(), at == null ? 0 : at.getLineNr(), at == null ? 0 : at.getColumnNr());
            String msg = e.getOriginalMessage().replaceAll("\\s*\\(start marker at .*", "");
            throw new FrontendException(Diagnostic.error(loc, "invalid JSON: " + msg));
        } catch (IOException e) {
            throw new FrontendException(fileError(json, "cannot read file: " + e.getMessage()));
        }
        if (root == null || !root.isArray()) {
            throw new FrontendException(fileError(json, "invalid compile_commands.json: expected a JSON array"));
        }
        Set<Path> files = new LinkedHashSet<>();
        for (JsonNode entry : root) {
            String file = entry.path("file").asText(null);
            if (file == null) continue;
            Path dir = Path.of(entry.path("directory").asText("."));
            files.add(dir.resolve(file).toAbsolutePath().normalize());
        }
        return List.copyOf(files);
    }
}
