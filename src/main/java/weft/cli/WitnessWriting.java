package weft.cli;

import weft.trace.RaceWitness;
import weft.witness.WitnessFiles;
import weft.witness.WitnessTask;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/**
 * {@code weft check}'s witness files: writes the GraphML and YAML witnesses of a confirmed race where
 * {@link CheckCommand.Options#witnessPath()} says, for the one program file checked, or tells on stderr why none was
 * written (the report names the files written).
 */
final class WitnessWriting {
    /** The GraphML witness's name in the working directory with {@code --svcomp} (BenchExec collects it). */
    static final String SVCOMP_GRAPHML = "witness.graphml";

    private final Streams io;
    private final String version;

    WitnessWriting(Streams io, String version) {
        this.io = io;
        this.version = version;
    }

    /** Writes both witnesses and returns their paths; empty (after a one-line diagnostic) when they cannot be written. */
    List<Path> write(CheckCommand.Options o, RaceWitness w) {
        Path graphml = o.witnessPath();
        List<Path> files = o.common().files();
        if (files.size() != 1) {
            io.err().println("weft: no witness written: a witness names one program file, and " + files.size()
                    + " were checked" + (o.common().compileCommands() != null ? " (--compile-commands)" : ""));
            return List.of();
        }
        if (w.nondetValues().keySet().stream().anyMatch(k -> k.startsWith(RaceWitness.COMMAND_LINE + "@"))) {
            // SV-COMP witnesses have no way to state main's arguments: a validator would run the closed program
            io.err().println("weft: no witness written: the interleaving starts main with a command line of its own"
                    + " (weft reproduce replays it), which an SV-COMP witness cannot state");
            return List.of();
        }
        try {
            WitnessTask task = WitnessTask.of(files.get(0), o.common().dataModel(), o.property(), version, Instant.now());
            List<Path> written = WitnessFiles.write(w, task, graphml);
            return written;
        } catch (IOException | RuntimeException e) {
            io.err().println(Inputs.fileError(graphml, "cannot write the witness: " + e.getMessage()));
            return List.of();
        }
    }
}
