package weft.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;
import weft.frontend.Diagnostic;
import weft.frontend.Frontend;
import weft.frontend.FrontendException;
import weft.ir.Program;
import weft.ir.print.DotPrinter;
import weft.ir.print.IrPrinter;
import weft.pointer.PointsTo;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * {@code weft parse}: runs the front end on each file, prints its diagnostics on stderr and one
 * summary line {@code parsed N files: K clean, M with errors}. With {@code --dump}, the files are then
 * linked into one program whose dump goes to stdout (the summary then goes to stderr, so that the
 * dump can be piped, e.g. into {@code dot}). Exit 0 when every file is clean, else 2.
 */
@Command(name = "parse", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "Parse and lower C files, reporting front-end diagnostics.")
final class ParseCommand implements Callable<Integer> {
    /** Dump formats of {@code --dump}. */
    enum Dump { IR, CFG_DOT, POINTS_TO }

    /** Options of one {@code parse} invocation. */
    record Options(CliOptions common, Dump dump) {}

    @Spec
    CommandSpec spec;

    @Mixin
    CommonOptions common = new CommonOptions();

    @Option(names = "--dump", paramLabel = "FORMAT", converter = DumpConverter.class,
            description = "Print the lowered program: ir, cfg-dot (Graphviz), or points-to (the pointer "
                    + "analysis' solution: what each memory cell may point to).")
    Dump dump;

    private final Streams io;

    ParseCommand(Streams io) {
        this.io = io;
    }

    Options options() {
        CliOptions c = common.toOptions();
        if (c.compileCommands() != null && !c.files().isEmpty()) {
            throw new ParameterException(spec.commandLine(), "give either FILE... or --compile-commands, not both");
        }
        if (c.compileCommands() == null && c.files().isEmpty()) {
            throw new ParameterException(spec.commandLine(), "no input files");
        }
        return new Options(c, dump);
    }

    @Override
    public Integer call() {
        Options o = options();
        return o.common().compileCommands() != null ? parseCompileCommands(o) : parseFiles(o);
    }

    private int parseFiles(Options o) {
        CliOptions c = o.common();
        Frontend frontend = null;
        int clean = 0;
        for (Path file : c.files()) {
            Diagnostic problem = Inputs.problem(file);
            if (problem != null) {
                io.err().println(problem);
                continue;
            }
            if (frontend == null) frontend = new Frontend(c.frontendOptions());
            List<Diagnostic> ds;
            try {
                ds = frontend.check(file);
            } catch (RuntimeException | StackOverflowError e) {
                ds = List.of(Inputs.fileError(file, "internal error: " + Streams.describe(e)));
                if (c.debug()) e.printStackTrace(io.err());
            }
            io.print(ds);
            if (ds.stream().noneMatch(Diagnostic::isError)) clean++;
        }
        int n = c.files().size();
        boolean ok = clean == n;
        if (ok && o.dump() != null) {
            Frontend linker = frontend;
            ok = dump(o, () -> linker.load(c.files()));
        }
        summary(o, n, clean);
        return ok ? ExitCode.RACE_FREE : ExitCode.INPUT_ERROR;
    }

    private int parseCompileCommands(Options o) {
        CliOptions c = o.common();
        List<Path> files;
        try {
            files = Inputs.compileCommandFiles(c.compileCommands());
        } catch (FrontendException e) {
            io.print(e.diagnostics());
            return ExitCode.INPUT_ERROR;
        }
        Program program;
        try {
            program = Inputs.load(c);
        } catch (FrontendException e) {
            io.print(e.diagnostics());
            int bad = Math.max(1, filesWithErrors(files, e.diagnostics()));
            summary(o, files.size(), Math.max(0, files.size() - bad));
            return ExitCode.INPUT_ERROR;
        }
        if (o.dump() != null) dump(o, () -> program);
        summary(o, files.size(), files.size());
        return ExitCode.RACE_FREE;
    }

    private interface Loader {
        Program load() throws FrontendException;
    }

    private boolean dump(Options o, Loader loader) {
        Program program;
        try {
            program = loader.load();
        } catch (FrontendException e) {
            io.print(e.diagnostics());
            return false;
        }
        io.out().print(switch (o.dump()) {
            case IR -> IrPrinter.print(program);
            case CFG_DOT -> DotPrinter.print(program);
            case POINTS_TO -> pointsTo(program);
        });
        io.out().flush();
        return true;
    }

    /**
     * The pointer analysis' solution, one line per memory cell that holds a pointer: {@code cell -> [targets]},
     * each a variable ({@code name#id}) or other object with its byte offset ({@code +?}: anywhere in it),
     * sorted; then the gaps that make it incomplete, as comments.
     */
    private static String pointsTo(Program program) {
        PointsTo pt = PointsTo.analyze(program);
        StringBuilder sb = new StringBuilder(pt.dumpCanonical());
        if (sb.length() > 0) sb.append('\n');
        for (String gap : new java.util.TreeSet<>(pt.incompleteReasons())) sb.append("# incomplete: ").append(gap).append('\n');
        return sb.toString();
    }

    private void summary(Options o, int files, int clean) {
        PrintStream to = o.dump() != null ? io.err() : io.out();
        to.println("parsed " + files + " files: " + clean + " clean, " + (files - clean) + " with errors");
    }

    private static int filesWithErrors(List<Path> files, List<Diagnostic> diagnostics) {
        Set<Path> bad = new HashSet<>();
        for (Diagnostic d : diagnostics) {
            if (!d.isError()) continue;
            Path p = Path.of(d.loc().file()).toAbsolutePath().normalize();
            if (files.contains(p)) bad.add(p);
        }
        return bad.size();
    }

    /** Converts {@code ir} and {@code cfg-dot}. */
    static final class DumpConverter implements ITypeConverter<Dump> {
        @Override
        public Dump convert(String value) {
            return switch (value) {
                case "ir" -> Dump.IR;
                case "cfg-dot" -> Dump.CFG_DOT;
                case "points-to" -> Dump.POINTS_TO;
                default -> throw new TypeConversionException("expected ir, cfg-dot or points-to but was '" + value + "'");
            };
        }
    }
}
