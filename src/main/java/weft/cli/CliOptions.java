package weft.cli;

import weft.frontend.FrontendOptions;
import weft.ir.DataModel;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The options every subcommand shares, as parsed from the command line.
 *
 * @param files input C files (empty when {@code compileCommands} is given)
 * @param includeDirs {@code -I} directories, in command-line order
 * @param defines {@code -D} macros in command-line order; value "1" when given without one
 * @param dataModel the data model for type sizes
 * @param compileCommands a {@code compile_commands.json} to load instead of {@code files}, or null
 * @param debug print stack traces of internal errors
 */
public record CliOptions(List<Path> files, List<Path> includeDirs, Map<String, String> defines,
                         DataModel dataModel, Path compileCommands, boolean debug) {
    public CliOptions {
        files = List.copyOf(files);
        includeDirs = List.copyOf(includeDirs);
        defines = Collections.unmodifiableMap(new LinkedHashMap<>(defines));
    }

    /** The front-end configuration these options describe (with the compiler's defaults). */
    public FrontendOptions frontendOptions() {
        return new FrontendOptions(includeDirs, defines, dataModel, true);
    }
}
