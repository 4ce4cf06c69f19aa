package weft.cli;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.TypeConversionException;
import weft.ir.DataModel;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Picocli mixin with the options shared by all subcommands; {@link #toOptions} freezes them. */
final class CommonOptions {
    @Option(names = "-I", paramLabel = "DIR", description = "Add DIR to the include search path (repeatable).")
    List<Path> includeDirs = new ArrayList<>();

    @Option(names = "-D", paramLabel = "NAME[=VAL]", converter = DefineConverter.class,
            description = "Define macro NAME (to VAL, default 1) (repeatable).")
    List<Define> defines = new ArrayList<>();

    @Option(names = "--data-model", paramLabel = "MODEL", defaultValue = "LP64",
            description = "Type sizes: ILP32 or LP64 (default: ${DEFAULT-VALUE}).")
    DataModel dataModel;

    @Option(names = "--compile-commands", paramLabel = "FILE",
            description = "Load every translation unit of a compile_commands.json (with its -I/-D).")
    Path compileCommands;

    @Option(names = "--debug", description = "Print stack traces of internal errors.")
    boolean debug;

    @Parameters(paramLabel = "FILE", arity = "0..*", description = "C source files (.c, .i, .h).")
    List<Path> files = new ArrayList<>();

    /** A {@code -D} argument. */
    record Define(String name, String value) {}

    /** Parses {@code NAME} or {@code NAME=VALUE}; NAME must be a C identifier. */
    static final class DefineConverter implements ITypeConverter<Define> {
        @Override
        public Define convert(String arg) {
            int eq = arg.indexOf('=');
            String name = eq < 0 ? arg : arg.substring(0, eq);
            if (!name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
                throw new TypeConversionException("'" + arg + "' is not NAME or NAME=VALUE");
            }
            return new Define(name, eq < 0 ? "1" : arg.substring(eq + 1));
        }
    }

    /**
     * The frozen options; later {@code -D} of the same name wins. A relative {@code -I} directory is resolved against
     * the working directory, as compilers resolve it (not against each source file's folder, where the quoted
     * {@code #include} search starts).
     */
    CliOptions toOptions() {
        Map<String, String> defs = new LinkedHashMap<>();
        for (Define d : defines) defs.put(d.name(), d.value());
        List<Path> includes = new ArrayList<>();
        for (Path p : includeDirs) includes.add(p.toAbsolutePath().normalize());
        return new CliOptions(files, includes, defs, dataModel, compileCommands, debug);
    }
}
