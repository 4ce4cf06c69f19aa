package weft.config;

import weft.ir.SourceLoc;
import weft.model.LibraryModel;
import weft.report.Suppressions;

import java.nio.file.Path;
import java.util.List;

/**
 * A {@code weft.yml} configuration: library models for in-house or RTOS APIs (thread create/join,
 * lock/unlock, atomic-section begin/end), extra entry points run as threads, and suppressions.
 *
 * @param file        where it was read from (null for {@link #NONE})
 * @param models      extra library models; they take precedence over the standard table and over
 *                    definitions of the same name in the program
 * @param entryPoints functions run as additional threads (any number of instances) from program start
 * @param suppressions races to suppress
 * @param library     library mode asked for ({@code weft check --entry}): the entry points are a library's, called by
 *                    client threads ({@link LibraryMode}), even if the program has a main
 */
public record Config(Path file, List<LibraryModel> models, List<EntryPoint> entryPoints, Suppressions suppressions, boolean library) {
    /** No configuration. */
    public static final Config NONE = new Config(null, List.of(), List.of(), Suppressions.NONE);

    public Config(Path file, List<LibraryModel> models, List<EntryPoint> entryPoints, Suppressions suppressions) {
        this(file, models, entryPoints, suppressions, false);
    }

    /** This configuration in library mode, with {@code functions} (named on the command line) as more entry points. */
    public Config withLibraryEntryPoints(List<String> functions) {
        List<EntryPoint> all = new java.util.ArrayList<>(entryPoints);
        for (String f : functions) all.add(new EntryPoint(f, new SourceLoc("--entry", 0, 0)));
        return new Config(file, models, all, suppressions, true);
    }

    /** The name of the configuration file looked for in the working directory. */
    public static final String FILE_NAME = "weft.yml";

    public Config {
        models = List.copyOf(models);
        entryPoints = List.copyOf(entryPoints);
    }

    /** An entry point: the function's name and where the configuration names it. */
    public record EntryPoint(String function, SourceLoc loc) {}
}
