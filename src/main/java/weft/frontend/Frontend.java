package weft.frontend;

import weft.ir.Program;
import weft.ir.SourceLoc;
import weft.model.LibraryModels;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The front end: C sources (preprocessed {@code .i}, {@code .c} with include dirs and macros, or a
 * compilation database) to a linked, lowered {@link Program}.
 */
public final class Frontend {
    private final FrontendOptions options;
    private final LibraryModels models;
    private final CdtParser parser;
    private final java.util.function.Consumer<String> progress;

    public Frontend(FrontendOptions options) {
        this(options, LibraryModels.standard());
    }

    public Frontend(FrontendOptions options, LibraryModels models) {
        this(options, models, phase -> { });
    }

    /** A front end that announces each translation unit it parses to {@code progress} (for progress display). */
    public Frontend(FrontendOptions options, LibraryModels models, java.util.function.Consumer<String> progress) {
        this.options = options;
        this.models = models;
        this.parser = new CdtParser(options);
        this.progress = progress;
    }

    /** One translation unit to parse, with its own extra include dirs and macros. */
    public record TranslationUnit(Path file, List<Path> includes, Map<String, String> defines) {
        public static TranslationUnit of(Path file) {
            return new TranslationUnit(file, List.of(), Map.of());
        }
    }

    /** Parses and lowers the files as one program (several translation units linked by name). */
    public Program load(List<Path> files) throws FrontendException {
        return loadUnits(files.stream().map(TranslationUnit::of).toList());
    }

    /** The translation units of a {@code compile_commands.json}: each distinct source with its -I/-D. */
    public static List<TranslationUnit> compileCommands(Path json) throws FrontendException {
        return CompileCommands.read(json);
    }

    /** Loads every translation unit of a {@code compile_commands.json} (with each entry's -I/-D). */
    public Program loadCompileCommands(Path json) throws FrontendException {
        return loadUnits(CompileCommands.read(json));
    }

    public Program loadUnits(List<TranslationUnit> tus) throws FrontendException {
        List<Diagnostic> diags = new ArrayList<>();
        Program p = lower(tus, diags);
        List<Diagnostic> errors = diags.stream().filter(Diagnostic::isError).toList();
        if (!errors.isEmpty()) throw new FrontendException(errors);
        return p;
    }

    /** Parses and lowers one file, returning all its diagnostics (errors and warnings). */
    public List<Diagnostic> check(Path file) {
        List<Diagnostic> diags = new ArrayList<>();
        lower(List.of(TranslationUnit.of(file)), diags);
        return diags;
    }

    private Program lower(List<TranslationUnit> tus, List<Diagnostic> diags) {
        List<CdtParser.Unit> units = new ArrayList<>();
        for (TranslationUnit tu : tus) {
            progress.accept("parsing translation unit " + (units.size() + 1) + " of " + tus.size() + ": " + tu.file());
            try {
                CdtParser.Unit u = parser.parse(tu.file(), tu.includes(), tu.defines());
                diags.addAll(u.problems());
                units.add(u);
            } catch (FrontendException e) {
                diags.addAll(e.diagnostics());
            }
        }
        if (diags.stream().anyMatch(Diagnostic::isError)) return null;
        progress.accept("lowering " + units.size() + " translation unit(s)");
        ProgramBuilder pb = new ProgramBuilder(options.dataModel(), models);
        List<UnitLowerer> lowerers = new ArrayList<>();
        for (CdtParser.Unit u : units) {
            String suffix = units.size() > 1 ? "@" + u.path().getFileName() : "";
            lowerers.add(new UnitLowerer(new UnitContext(u, new TypeTranslator(options.dataModel()), pb, suffix)));
        }
        try {
            for (UnitLowerer l : lowerers) l.declare();
            for (UnitLowerer l : lowerers) l.lower();
        } catch (RuntimeException e) {
            Path where = units.isEmpty() ? Path.of("<none>") : units.get(0).path();
            diags.add(Diagnostic.error(new SourceLoc(where.toString(), 0, 0), "internal error while lowering: " + e));
            return null;
        }
        diags.addAll(pb.diagnostics());
        if (units.stream().noneMatch(u -> true)) return null;
        return pb.build();
    }
}
