package weft.frontend;

import org.eclipse.cdt.core.dom.ast.ASTVisitor;
import org.eclipse.cdt.core.dom.ast.IASTFileLocation;
import org.eclipse.cdt.core.dom.ast.IASTNode;
import org.eclipse.cdt.core.dom.ast.IASTProblem;
import org.eclipse.cdt.core.dom.ast.IASTTranslationUnit;
import org.eclipse.cdt.core.dom.ast.gnu.c.GCCLanguage;
import org.eclipse.cdt.core.index.IIndexFileLocation;
import org.eclipse.cdt.core.model.ILanguage;
import org.eclipse.cdt.core.parser.DefaultLogService;
import org.eclipse.cdt.core.parser.ExtendedScannerInfo;
import org.eclipse.cdt.core.parser.FileContent;
import org.eclipse.cdt.core.parser.IProblem;
import org.eclipse.cdt.internal.core.parser.IMacroDictionary;
import org.eclipse.cdt.internal.core.parser.scanner.InternalFileContent;
import org.eclipse.cdt.internal.core.parser.scanner.InternalFileContentProvider;
import weft.ir.SourceLoc;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Parses one translation unit with the Eclipse CDT GNU C parser. Every file the preprocessor reads
 * (the main file and its headers) goes through {@link SourceText} so that C11 keywords CDT does not
 * know are rewritten and locations map back to the original text.
 */
public final class CdtParser {
    /** Macros that make GNU/C11 spellings CDT does not know parse as something equivalent. */
    private static final Map<String, String> FIXUPS = Map.ofEntries(
            Map.entry("_Float128", "long double"), Map.entry("_Float64x", "long double"),
            Map.entry("_Float64", "double"), Map.entry("_Float32x", "double"), Map.entry("_Float32", "float"),
            Map.entry("_Float16", "float"), Map.entry("__float128", "long double"),
            Map.entry("__float80", "long double"), Map.entry("__ibm128", "long double"),
            Map.entry("_Noreturn", ""), Map.entry("__auto_type", "__typeof__(0)"),
            // va_arg advances its list by the argument's slot (its size rounded up to 8 bytes: how the explorer lays out a
            // call's variadic arguments, weft.exec.VarArgs); CDT's own macro reads the list's first slot only
            Map.entry("__builtin_va_arg(ap,type)", "(*(__typeof__(type) *) ((ap) = (__typeof__(ap)) ((char *) (ap) + ((sizeof(type) + 7) & ~7)),"
                    + " (char *) (ap) - ((sizeof(type) + 7) & ~7)))"),
            Map.entry("__has_include(x)", "0"), Map.entry("__has_include_next(x)", "0"),
            // C11 static assertions are not in CDT's C grammar; the stray ';' left behind parses everywhere.
            Map.entry("_Static_assert(...)", ""));

    /** A parsed unit: the AST, the texts of all files read, and the problems found. */
    public record Unit(Path path, IASTTranslationUnit ast, Map<String, SourceText> texts, List<Diagnostic> problems) {
        public SourceText text(String fileName) {
            return texts.get(fileName);
        }

        /** The original location of an AST node. */
        public SourceLoc locate(IASTNode node) {
            IASTFileLocation fl = node.getFileLocation();
            if (fl == null) return new SourceLoc(path.toString(), 0, 0);
            SourceText t = texts.get(fl.getFileName());
            if (t == null) return new SourceLoc(fl.getFileName(), fl.getStartingLineNumber(), 1);
            return t.locate(fl.getNodeOffset());
        }
    }

    private final FrontendOptions options;
    /** The compiler's defaults, asked for at the first file that is not preprocessed (a .i file needs none). */
    private CompilerProbe probe;

    public CdtParser(FrontendOptions options) {
        this.options = options;
    }

    private synchronized CompilerProbe probe() {
        if (probe == null) {
            probe = options.compilerDefaults() ? CompilerProbe.run(options.dataModel()) : new CompilerProbe(Map.of(), List.of());
        }
        return probe;
    }

    public Unit parse(Path file) throws FrontendException {
        return parse(file, List.of(), Map.of());
    }

    /** Parses {@code file} with extra include dirs and macros (e.g. from a compilation database). */
    public Unit parse(Path file, List<Path> extraIncludes, Map<String, String> extraDefines) throws FrontendException {
        String name = file.toString();
        SourceLoc at = new SourceLoc(name, 0, 0);
        if (!Files.exists(file)) throw new FrontendException(Diagnostic.error(at, "no such file"));
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) throw new FrontendException(Diagnostic.error(at, "cannot read file"));
        String content;
        try {
            byte[] bytes = Files.readAllBytes(file);
            if (looksBinary(bytes)) throw new FrontendException(Diagnostic.error(new SourceLoc(name, 1, 1), "not a C source file (binary content)"));
            content = new String(bytes, StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new FrontendException(Diagnostic.error(at, "cannot read file: " + e.getMessage()));
        }
        boolean preprocessed = name.endsWith(".i");
        Map<String, String> macros = new LinkedHashMap<>();
        if (!preprocessed) macros.putAll(probe().macros());
        macros.putAll(FIXUPS);
        macros.putAll(options.defines());
        macros.putAll(extraDefines);
        List<String> inc = new ArrayList<>();
        for (Path p : extraIncludes) inc.add(p.toString());
        for (Path p : options.includeDirs()) inc.add(p.toString());
        if (!preprocessed) inc.addAll(probe().includeDirs());
        Map<String, SourceText> texts = new ConcurrentHashMap<>();
        SourceText main = new SourceText(name, content);
        texts.put(name, main);
        String dir = file.toAbsolutePath().getParent() == null ? "." : file.toAbsolutePath().getParent().toString();
        ExtendedScannerInfo si = new ExtendedScannerInfo(macros, inc.toArray(String[]::new), null, null,
                new String[]{dir});
        IASTTranslationUnit tu;
        try {
            tu = GCCLanguage.getDefault().getASTTranslationUnit(FileContent.create(name, main.parserText()), si,
                    new Provider(texts), null, ILanguage.OPTION_NO_IMAGE_LOCATIONS, new DefaultLogService());
        } catch (Exception e) {
            throw new FrontendException(Diagnostic.error(new SourceLoc(name, 1, 1), "parser failure: " + e));
        }
        Unit unit = new Unit(file, tu, Map.copyOf(texts), new ArrayList<>());
        collectProblems(unit);
        return unit;
    }

    private static boolean looksBinary(byte[] bytes) {
        int n = Math.min(bytes.length, 4096);
        for (int i = 0; i < n; i++) if (bytes[i] == 0) return true;
        return false;
    }

    private static void collectProblems(Unit unit) {
        List<Diagnostic> out = unit.problems();
        for (IASTProblem p : unit.ast().getPreprocessorProblems()) {
            int id = p.getID();
            boolean warning = id == IProblem.PREPROCESSOR_POUND_WARNING || p.isWarning();
            if (id == IProblem.PREPROCESSOR_INCLUSION_NOT_FOUND) warning = false;
            out.add(new Diagnostic(unit.locate(p), warning ? Diagnostic.Severity.WARNING : Diagnostic.Severity.ERROR,
                    problemMessage(p)));
        }
        unit.ast().accept(new ASTVisitor(true) {
            {
                shouldVisitProblems = true;
            }

            @Override
            public int visit(IASTProblem problem) {
                out.add(Diagnostic.error(unit.locate(problem), problemMessage(problem)));
                return PROCESS_CONTINUE;
            }
        });
    }

    private static String problemMessage(IASTProblem p) {
        String msg = p.getMessage();
        if (p.getID() == IProblem.PREPROCESSOR_INCLUSION_NOT_FOUND) {
            msg = "cannot find include file " + new String(p.getArguments()[0].toCharArray());
        }
        if (p.getID() == IProblem.SYNTAX_ERROR) {
            String sig = p.getRawSignature();
            if (sig.length() > 40) sig = sig.substring(0, 40) + "...";
            msg = "syntax error" + (sig.isBlank() ? "" : " near '" + sig.replace('\n', ' ') + "'");
        }
        return msg;
    }

    /** Reads included files from disk through {@link SourceText}. */
    private static final class Provider extends InternalFileContentProvider {
        private final Map<String, SourceText> texts;

        Provider(Map<String, SourceText> texts) {
            this.texts = texts;
        }

        @Override
        public InternalFileContent getContentForInclusion(String path, IMacroDictionary macroDictionary) {
            if (!getInclusionExists(path)) return null;
            try {
                SourceText t = texts.computeIfAbsent(path, p -> {
                    try {
                        return new SourceText(p, Files.readString(Path.of(p), StandardCharsets.ISO_8859_1));
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                });
                return (InternalFileContent) FileContent.create(path, t.parserText());
            } catch (java.io.UncheckedIOException e) {
                return null;
            }
        }

        @Override
        public InternalFileContent getContentForInclusion(IIndexFileLocation ifl, String astPath) {
            return getContentForInclusion(astPath, null);
        }
    }
}
