package weft.cli;

import weft.reproduce.Reproducer;
import weft.trace.RaceWitness;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * {@code --reproducer DIR} and {@code weft reproduce}: writes the runnable reproducer of a confirmed race
 * ({@link Reproducer}) for the one program file checked, or says on stderr why none was written.
 */
final class ReproducerWriting {
    private final Streams io;

    ReproducerWriting(Streams io) {
        this.io = io;
    }

    /** What happened: {@code written} the directory (null: none, after a note); {@code failed} after an error line. */
    record Outcome(Path written, boolean failed) {}

    /**
     * Writes the reproducer of {@code witness} into {@link CheckCommand.Options#reproducer()}; fails (after a
     * {@code FILE:0:0: error:} line) only when the files cannot be written.
     */
    Outcome write(CheckCommand.Options o, Optional<RaceWitness> witness) {
        Path dir = o.reproducer();
        List<Path> files = o.common().files();
        if (witness.isEmpty()) {
            io.err().println("weft: no reproducer written: no confirmed race");
            return new Outcome(null, false);
        }
        if (o.common().compileCommands() != null) {
            try {
                List<Reproducer.Unit> units = new java.util.ArrayList<>();
                for (var u : weft.frontend.Frontend.compileCommands(o.common().compileCommands())) {
                    units.add(new Reproducer.Unit(u.file(), u.includes(), u.defines()));
                }
                Reproducer.Result r = new Reproducer(o.common().dataModel()).write(witness.get(), units, dir);
                for (String note : r.notes()) io.err().println("weft: reproducer: " + note);
                return new Outcome(dir, false);
            } catch (IOException | RuntimeException | weft.frontend.FrontendException e) {
                io.err().println(Inputs.fileError(dir, "cannot write the reproducer: " + e.getMessage()));
                return new Outcome(null, true);
            }
        }
        if (files.size() != 1) {
            io.err().println("weft: no reproducer written: a reproducer builds one program file, and " + files.size()
                    + " were checked" + (o.common().compileCommands() != null ? " (--compile-commands)" : ""));
            return new Outcome(null, false);
        }
        try {
            Reproducer.Result r = new Reproducer(o.common().dataModel()).write(witness.get(), files.get(0), dir);
            for (String note : r.notes()) io.err().println("weft: reproducer: " + note);
            return new Outcome(dir, false);
        } catch (IOException | RuntimeException e) {
            io.err().println(Inputs.fileError(dir, "cannot write the reproducer: " + e.getMessage()));
            return new Outcome(null, true);
        }
    }
}
