package weft.frontend;

import weft.ir.DataModel;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * How to read C sources.
 *
 * @param includeDirs {@code -I} directories, searched before the compiler's system directories
 * @param defines {@code -D} macros (value "1" when given without one)
 * @param compilerDefaults ask the installed {@code cc}/{@code gcc} for its predefined macros and system include dirs
 */
public record FrontendOptions(List<Path> includeDirs, Map<String, String> defines, DataModel dataModel,
                              boolean compilerDefaults) {
    public FrontendOptions {
        includeDirs = List.copyOf(includeDirs);
        defines = Map.copyOf(defines);
    }

    public static FrontendOptions defaults(DataModel dm) {
        return new FrontendOptions(List.of(), Map.of(), dm, true);
    }

    public FrontendOptions withIncludes(List<Path> extra, Map<String, String> extraDefines) {
        List<Path> inc = new java.util.ArrayList<>(includeDirs);
        inc.addAll(extra);
        Map<String, String> d = new java.util.HashMap<>(defines);
        d.putAll(extraDefines);
        return new FrontendOptions(inc, d, dataModel, compilerDefaults);
    }
}
