package weft.witness;

import weft.trace.RaceWitness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes both witnesses of a race: the GraphML witness to the path asked for and the YAML witness beside it, named
 * by {@link #yamlPathFor} ({@code witness.graphml} gives {@code witness.yml}).
 */
public final class WitnessFiles {
    private WitnessFiles() {
    }

    /** The YAML witness's path for the GraphML path {@code graphml}: its extension replaced by {@code .yml} (or {@code .yml} added). */
    public static Path yamlPathFor(Path graphml) {
        String name = graphml.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String yaml = (dot > 0 ? name.substring(0, dot) : name) + ".yml";
        if (yaml.equals(name)) yaml = name + ".yml";
        return graphml.resolveSibling(yaml);
    }

    /** Writes the two witnesses of {@code w} and returns their paths (GraphML first). */
    public static List<Path> write(RaceWitness w, WitnessTask task, Path graphml) throws IOException {
        WitnessTrace trace = WitnessTrace.of(w, task.programFile());
        Path yaml = yamlPathFor(graphml);
        Path dir = graphml.toAbsolutePath().getParent();
        if (dir != null) Files.createDirectories(dir);
        Files.writeString(graphml, GraphmlWriter.write(trace, task));
        Files.writeString(yaml, YamlWriter.write(trace, task));
        return List.of(graphml, yaml);
    }
}
