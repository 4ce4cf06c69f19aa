package weft.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The results file as tab-separated values: a header line, then one row per task with the columns
 * {@value #HEADER_TEXT} ({@code expected} is empty for a task without expected verdict; times in
 * seconds, memory in MiB).
 */
public final class ResultsTsv {
    static final String HEADER_TEXT = "task expected verdict cpu_s wall_s memory_mb reason";
    /** The column names, in order. */
    public static final List<String> HEADER = List.of(HEADER_TEXT.split(" "));

    private ResultsTsv() {
    }

    /** The file's text. */
    public static String format(List<TaskResult> results) {
        StringBuilder sb = new StringBuilder(String.join("\t", HEADER)).append('\n');
        for (TaskResult r : results) {
            sb.append(String.format(Locale.ROOT, "%s\t%s\t%s\t%.3f\t%.3f\t%.1f\t%s%n", r.task(),
                    r.expected() == null ? "" : r.expected().label(), r.outcome().label(), r.cpuSeconds(), r.wallSeconds(),
                    r.memoryMb(), r.reason()));
        }
        return sb.toString();
    }

    public static void write(Path file, List<TaskResult> results) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        if (dir != null) Files.createDirectories(dir);
        Files.writeString(file, format(results), StandardCharsets.UTF_8);
    }

    /** Reads a results file written by {@link #write}; columns are found by their header names. */
    public static List<TaskResult> read(Path file) throws BenchInputException {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw BenchInputException.at(file, 0, 0, Files.exists(file) ? "cannot read file: " + e.getMessage() : "no such file");
        }
        if (lines.isEmpty()) throw BenchInputException.at(file, 1, 1, "empty results file");
        List<String> header = Arrays.asList(lines.get(0).split("\t", -1));
        int[] col = new int[HEADER.size()];
        for (int i = 0; i < HEADER.size(); i++) {
            col[i] = header.indexOf(HEADER.get(i));
            if (col[i] < 0) throw BenchInputException.at(file, 1, 1, "missing column '" + HEADER.get(i) + "' in the header");
        }
        List<TaskResult> out = new ArrayList<>();
        for (int n = 1; n < lines.size(); n++) {
            String line = lines.get(n);
            if (line.isBlank()) continue;
            String[] f = line.split("\t", -1);
            if (f.length < header.size()) {
                throw BenchInputException.at(file, n + 1, line.length() + 1, "expected " + header.size() + " columns, found " + f.length);
            }
            try {
                String expected = f[col[1]].strip();
                out.add(new TaskResult(f[col[0]], expected.isEmpty() ? null : Outcome.parse(expected), Outcome.parse(f[col[2]]),
                        Double.parseDouble(f[col[3]]), Double.parseDouble(f[col[4]]), Double.parseDouble(f[col[5]]), f[col[6]]));
            } catch (IllegalArgumentException e) {
                throw BenchInputException.at(file, n + 1, 1, e.getMessage());
            }
        }
        return out;
    }
}
