package weft.race;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.function.ThrowingConsumer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertFalse;

/** Table-driven tests over a directory of C programs: one dynamic test per {@code .c} file, in name order. */
final class ProgramDirectory {
    private ProgramDirectory() {}

    static Stream<DynamicTest> each(Path root, ThrowingConsumer<Path> check) throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(root)) {
            files = s.filter(p -> p.toString().endsWith(".c")).sorted().toList();
        }
        assertFalse(files.isEmpty(), "no programs found in " + root);
        return files.stream().map(f -> DynamicTest.dynamicTest(f.getFileName().toString(), () -> check.accept(f)));
    }
}
