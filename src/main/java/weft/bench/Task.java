package weft.bench;

import java.nio.file.Path;
import java.util.List;

/**
 * One verification task read from an SV-COMP task definition ({@code .yml}).
 *
 * @param id           the name results are keyed by: the definition's path relative to where it was found
 * @param definition   the {@code .yml} file
 * @param inputs       the C files to check ({@code input_files}, resolved against the definition's folder)
 * @param propertyFile the property checked ({@code property_file}, resolved)
 * @param expected     {@link Outcome#TRUE}, {@link Outcome#FALSE}, or null when no verdict is expected
 * @param dataModel    {@code options.data_model} ({@code ILP32} or {@code LP64}), or null when not given
 */
public record Task(String id, Path definition, List<Path> inputs, Path propertyFile, Outcome expected, String dataModel) {
    public Task {
        inputs = List.copyOf(inputs);
        if (expected != null && !expected.isAnswer()) {
            throw new IllegalArgumentException("expected verdict must be true or false: " + expected);
        }
    }
}
