package weft.cli;

import weft.explore.ExploreOptions;
import weft.frontend.FrontendException;
import weft.ir.Program;
import weft.model.LibraryModels;
import weft.witness.WitnessReader;
import weft.witness.WitnessSpec;
import weft.witness.WitnessTask;
import weft.witness.WitnessValidator;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code weft check --validate-witness FILE PROGRAM}: reads a GraphML or YAML race witness, replays it on the
 * program ({@link WitnessValidator}) and prints {@code weft: witness confirmed: ...} (exit code 1, a data race found)
 * or {@code weft: witness not confirmed: ...} (exit code 3); an unreadable or malformed witness or program is an
 * input error (exit code 2). With {@code --svcomp}, {@code RESULT: false} or {@code RESULT: unknown} follows.
 */
final class WitnessValidation {
    private final Streams io;

    WitnessValidation(Streams io) {
        this.io = io;
    }

    int run(CheckCommand.Options o, Path witnessFile) {
        List<Path> files = o.common().files();
        if (files.size() != 1) {
            io.err().println("weft: --validate-witness needs exactly one program file (" + files.size() + " given)");
            return finish(o, ExitCode.INPUT_ERROR, null);
        }
        var unreadable = Inputs.unreadable(witnessFile);
        if (unreadable != null) {
            io.err().println(unreadable);
            return finish(o, ExitCode.INPUT_ERROR, null);
        }
        WitnessSpec spec;
        try {
            spec = WitnessReader.read(Files.readString(witnessFile));
        } catch (IOException e) {
            io.err().println(Inputs.fileError(witnessFile, "cannot read file: " + e.getMessage()));
            return finish(o, ExitCode.INPUT_ERROR, null);
        } catch (WitnessReader.Malformed e) {
            io.err().println(Inputs.fileError(witnessFile, e.getMessage()));
            return finish(o, ExitCode.INPUT_ERROR, null);
        }
        Program program;
        try {
            program = Inputs.load(o.common(), LibraryModels.standard(), s -> { });
        } catch (FrontendException e) {
            io.print(e.diagnostics());
            return finish(o, ExitCode.INPUT_ERROR, null);
        }
        try {
            WitnessTask task = WitnessTask.of(files.get(0), o.common().dataModel(), null, Main.VERSION, java.time.Instant.now());
            if (spec.programHash() != null && !spec.programHash().equalsIgnoreCase(task.programHash())) {
                io.err().println("weft: note: the witness's program hash differs from " + files.get(0) + "'s");
            }
        } catch (IOException e) {
            // the program was just read: a failure here only loses the hash comparison
        }
        ExploreOptions d = ExploreOptions.defaults();
        ExploreOptions eo = new ExploreOptions(d.maxSteps(), d.maxExecutions(), d.timeBudgetMillis(), d.seed(), o.atomicSectionsRace(),
                o.effectiveLibcStateRaces());
        WitnessValidator.Result r = new WitnessValidator(program, files.get(0), eo).validate(spec);
        io.out().println("weft: witness " + (r.confirmed() ? "confirmed: " : "not confirmed: ") + r.message());
        return finish(o, r.confirmed() ? ExitCode.RACE : ExitCode.UNKNOWN, r.confirmed() ? "false" : "unknown");
    }

    private int finish(CheckCommand.Options o, int code, String svcomp) {
        if (o.svcomp() && svcomp != null) io.out().println("RESULT: " + svcomp);
        io.out().flush();
        return code;
    }
}
