package weft.bench;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The results file as JSON: {@code {"run": {...}, "summary": {...}, "results": [{"task", "expected",
 * "verdict", "cpu_s", "wall_s", "memory_mb", "reason"}, ...]}}. The result fields are the TSV columns;
 * {@code expected} is null for a task without expected verdict.
 */
public final class ResultsJson {
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ResultsJson() {
    }

    /** The file's text. */
    public static String format(RunInfo run, List<TaskResult> results) {
        ObjectNode root = MAPPER.createObjectNode();
        ObjectNode r = root.putObject("run");
        r.put("weft", run.weftVersion());
        r.put("started", run.started());
        ObjectNode settings = r.putObject("settings");
        run.settings().forEach(settings::put);
        Summary s = Summary.of(results);
        ObjectNode sum = root.putObject("summary");
        sum.put("tasks", s.tasks());
        for (Map.Entry<Category, Integer> e : s.categories().entrySet().stream().sorted(Map.Entry.comparingByKey()).toList()) {
            sum.put(e.getKey().label().replace(' ', '_'), e.getValue());
        }
        sum.put("timeout", s.timeouts());
        sum.put("out_of_memory", s.outOfMemory());
        sum.put("score", s.score());
        sum.put("max_score", s.maxScore());
        sum.put("cpu_s", Math.round(s.cpuSeconds() * 1000) / 1000.0);
        sum.put("wall_s", Math.round(s.wallSeconds() * 1000) / 1000.0);
        sum.put("median_wall_s", Math.round(s.medianWall() * 1000) / 1000.0);
        sum.put("max_wall_s", s.maxWall());
        sum.put("peak_memory_mb", s.peakMemoryMb());
        ArrayNode rows = root.putArray("results");
        for (TaskResult t : results) {
            ObjectNode o = rows.addObject();
            o.put("task", t.task());
            if (t.expected() == null) o.putNull("expected"); else o.put("expected", t.expected().label());
            o.put("verdict", t.outcome().label());
            o.put("cpu_s", t.cpuSeconds());
            o.put("wall_s", t.wallSeconds());
            o.put("memory_mb", t.memoryMb());
            o.put("reason", t.reason());
        }
        try {
            return MAPPER.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    public static void write(Path file, RunInfo run, List<TaskResult> results) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        if (dir != null) Files.createDirectories(dir);
        Files.writeString(file, format(run, results));
    }

    /** The results of a file written by {@link #write}. */
    public static List<TaskResult> read(Path file) throws BenchInputException {
        JsonNode root;
        try {
            root = MAPPER.readTree(file.toFile());
        } catch (JsonProcessingException e) {
            var at = e.getLocation();
            throw BenchInputException.at(file, at == null ? 0 : at.getLineNr(), at == null ? 0 : at.getColumnNr(),
                    "invalid JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw BenchInputException.at(file, 0, 0, Files.exists(file) ? "cannot read file: " + e.getMessage() : "no such file");
        }
        JsonNode rows = root == null ? null : root.get("results");
        if (rows == null || !rows.isArray()) throw BenchInputException.at(file, 0, 0, "no 'results' array");
        List<TaskResult> out = new ArrayList<>();
        for (JsonNode o : rows) {
            try {
                JsonNode exp = o.get("expected");
                out.add(new TaskResult(o.path("task").asText(null), exp == null || exp.isNull() ? null : Outcome.parse(exp.asText()),
                        Outcome.parse(o.path("verdict").asText("")), o.path("cpu_s").asDouble(), o.path("wall_s").asDouble(),
                        o.path("memory_mb").asDouble(), o.path("reason").asText("")));
            } catch (IllegalArgumentException e) {
                throw BenchInputException.at(file, 0, 0, "result " + (out.size() + 1) + ": " + e.getMessage());
            }
        }
        return out;
    }

    /** Reads a results file in either format, by its extension ({@code .json}, else TSV). */
    public static List<TaskResult> readAny(Path file) throws BenchInputException {
        return file.toString().endsWith(".json") ? read(file) : ResultsTsv.read(file);
    }
}
