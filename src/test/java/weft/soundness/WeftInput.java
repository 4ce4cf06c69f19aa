package weft.soundness;

import weft.frontend.Frontend;
import weft.frontend.FrontendOptions;
import weft.ir.DataModel;
import weft.ir.Program;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Loads a rendered program into Weft fast: the includes of {@link GenProgram#WEFT_PRELUDE} are preprocessed by gcc
 * once, and each program is handed to the front end as a preprocessed {@code .i} file (that header, then the
 * program with line markers that keep its own line numbers, and the few macros it uses expanded), which spares
 * the compiler probe and the re-parsing of the system headers' macros on every load. What Weft analyses is what
 * gcc would compile. A program that calls function-like macros ({@code atomic_store(&h, p)} of {@code <stdatomic.h>},
 * which gcc expands into statement expressions over {@code __auto_type} temporaries and the generic
 * {@code __atomic_*} builtins) is expanded by gcc itself, each line's expansion kept on its own line.
 */
final class WeftInput {
    /**
     * A call of a function-like macro of {@code <stdatomic.h>} or {@code <stdarg.h>} ({@code va_arg(ap, int *)} takes a
     * type): such programs are expanded by gcc line by line.
     */
    private static final Pattern FUNCTION_MACRO = Pattern.compile("\\batomic_[a-z_]+\\s*\\(|\\bATOMIC_VAR_INIT\\b|\\bva_(start|arg|end|copy)\\s*\\(");
    private static final Pattern MARKER = Pattern.compile("^# (\\d+) \"([^\"]*)\".*");
    private static final Pattern DEFINE = Pattern.compile("^#define ([A-Za-z_][A-Za-z0-9_]*) .*");
    /** One prelude per distinct set of a program's preprocessor lines (most programs share the generator's). */
    private static final Map<String, WeftInput> PRELUDES = new ConcurrentHashMap<>();

    private final String header;
    /** Every object-like macro the preprocessor lines define, with what gcc expands it to. */
    private final Map<String, String> expansions;

    private WeftInput(String header, Map<String, String> expansions) {
        this.header = header;
        this.expansions = expansions;
    }

    /** The prelude of the generator's own includes. */
    static WeftInput get() throws IOException, InterruptedException {
        return forLines(directives(GenProgram.WEFT_PRELUDE));
    }

    private static WeftInput forLines(String directives) throws IOException, InterruptedException {
        WeftInput w = PRELUDES.get(directives);
        if (w == null) {
            w = create(directives);
            PRELUDES.putIfAbsent(directives, w);
        }
        return w;
    }

    /** The preprocessor lines of a program (its includes and defines, wherever they stand), in order. */
    private static String directives(String source) {
        StringBuilder src = new StringBuilder();
        for (String l : source.lines().toList()) if (l.startsWith("#")) src.append(l).append('\n');
        return src.toString();
    }

    private static WeftInput create(String directives) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("weft-prelude");
        Files.writeString(dir.resolve("h.c"), directives);
        String header = gcc(dir, "h.c", "-P");
        List<String> names = new ArrayList<>();
        for (String l : gcc(dir, "h.c", "-dM").split("\n")) {
            Matcher m = DEFINE.matcher(l);
            if (m.matches()) names.add(m.group(1));
        }
        StringBuilder probe = new StringBuilder(directives);
        for (int i = 0; i < names.size(); i++) probe.append("@@").append(i).append("@@ ").append(names.get(i)).append('\n');
        Files.writeString(dir.resolve("m.c"), probe.toString());
        Map<String, String> exp = new HashMap<>();
        for (String l : gcc(dir, "m.c", "-P").split("\n")) {
            if (!l.startsWith("@@")) continue;
            int e = l.indexOf("@@", 2);
            String name = names.get(Integer.parseInt(l.substring(2, e).trim()));
            String value = l.substring(e + 2).trim();
            if (!value.equals(name)) exp.put(name, value);
        }
        return new WeftInput(header, exp);
    }

    private static String gcc(Path dir, String file, String mode) throws IOException, InterruptedException {
        Path out = dir.resolve(file + mode + ".i");
        Process p = new ProcessBuilder("gcc", "-E", mode, file, "-o", out.toString()).directory(dir.toFile())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) throw new IOException("gcc -E failed on the prelude");
        return Files.readString(out);
    }

    /**
     * A program line with its object-like macros expanded (identifiers outside string and character literals; a
     * macro's expansion is gcc's, so it holds no macro itself).
     */
    private String expand(String line) {
        StringBuilder sb = new StringBuilder(line.length());
        int i = 0, n = line.length();
        while (i < n) {
            char c = line.charAt(i);
            if (c == '"' || c == '\'') {
                int j = i + 1;
                while (j < n && line.charAt(j) != c) j += line.charAt(j) == '\\' ? 2 : 1;
                j = Math.min(n, j + 1);
                sb.append(line, i, j);
                i = j;
            } else if (Character.isJavaIdentifierStart(c) && c != '$') {
                int j = i + 1;
                while (j < n && Character.isJavaIdentifierPart(line.charAt(j)) && line.charAt(j) != '$') j++;
                String id = line.substring(i, j);
                sb.append(expansions.getOrDefault(id, id));
                i = j;
            } else if (Character.isDigit(c)) {
                int j = i + 1;
                while (j < n && (Character.isLetterOrDigit(line.charAt(j)) || line.charAt(j) == '.')) j++;
                sb.append(line, i, j);
                i = j;
            } else if (c == '/' && i + 1 < n && line.charAt(i + 1) == '/') {
                sb.append(line, i, n);
                i = n;
            } else {
                sb.append(c);
                i++;
            }
        }
        return sb.toString();
    }

    /**
     * The rendered program (WEFT or CLOSED mode) as a preprocessed file {@code name}.i with line markers for
     * {@code name}.c, its object-like macros expanded unless {@code expandMacros} is false: for a source gcc already expanded
     * ({@link #expandedByGcc}): expanding again would expand a macro in what a self-referring macro left
     * ({@code sa_handler}, which gcc expands to {@code __sigaction_handler.sa_handler}).
     */
    String preprocessed(String source, String name, boolean expandMacros) {
        List<String> lines = source.lines().toList();
        StringBuilder sb = new StringBuilder();
        sb.append("# 1 \"").append(name).append(".c\"\n");
        int n = 0;
        boolean headerDone = false;
        List<String> rest = new ArrayList<>();
        for (String l : lines) {
            n++;
            if (l.startsWith("#")) {
                if (!headerDone) {
                    sb.append("# 1 \"<prelude>\"\n").append(header);
                    headerDone = true;
                }
                // a directive among the program's lines (the header has it): an empty line keeps the lines that follow
                if (!rest.isEmpty()) sb.append('\n');
                continue;
            }
            if (headerDone && rest.isEmpty()) sb.append("# ").append(n).append(" \"").append(name).append(".c\"\n");
            String x = expandMacros ? expand(l) : l;
            if (headerDone) rest.add(x);
            sb.append(x).append('\n');
        }
        return sb.toString();
    }

    /**
     * The program of {@code source}, loaded from {@code dir/name.i}; its locations name {@code dir/name.c} (absolute),
     * where the source is written too, so that a witness's lines can be replayed in it ({@link DifferentialCheck}).
     */
    Program load(String source, Path dir, String name) throws Exception {
        Path file = dir.resolve(name + ".i");
        Path c = Files.writeString(dir.resolve(name + ".c"), source).toAbsolutePath().normalize();
        boolean byGcc = FUNCTION_MACRO.matcher(source).find();
        if (byGcc) source = expandedByGcc(source, dir, name);
        Files.writeString(file, forLines(directives(source)).preprocessed(source, c.toString().replaceFirst("\\.c$", ""), !byGcc));
        return new Frontend(new FrontendOptions(List.of(), Map.of(), DataModel.LP64, false)).load(List.of(file));
    }

    /**
     * The source with the macros of its program lines expanded by gcc: line n of the result is what gcc made of line
     * n (the prelude's lines, those starting with {@code #} and the comments before them, are kept as they are).
     */
    static String expandedByGcc(String source, Path dir, String name) throws IOException, InterruptedException {
        String file = name + "-x.c";
        Files.writeString(dir.resolve(file), source);
        String out = gccFull(dir, file);
        List<String> lines = source.lines().toList();
        StringBuilder[] text = new StringBuilder[lines.size() + 1];
        int line = 0;
        boolean mine = false;
        for (String l : out.split("\n")) {
            Matcher m = MARKER.matcher(l);
            if (m.matches()) {
                line = Integer.parseInt(m.group(1));
                mine = m.group(2).equals(file);
                continue;
            }
            if (mine && line >= 1 && line <= lines.size()) {
                if (text[line] == null) text[line] = new StringBuilder();
                text[line].append(text[line].length() > 0 ? " " : "").append(l.strip());
            }
            if (mine) line++;
        }
        int lastHash = 0;
        for (int i = 0; i < lines.size(); i++) if (lines.get(i).startsWith("#")) lastHash = i + 1;
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i <= lines.size(); i++) {
            sb.append(i <= lastHash ? lines.get(i - 1) : text[i] == null ? "" : text[i].toString()).append('\n');
        }
        return sb.toString();
    }

    private static String gccFull(Path dir, String file) throws IOException, InterruptedException {
        Path out = dir.resolve(file + ".i");
        Process p = new ProcessBuilder("gcc", "-E", file, "-o", out.toString()).directory(dir.toFile())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) throw new IOException("gcc -E failed on " + file);
        return Files.readString(out);
    }
}
