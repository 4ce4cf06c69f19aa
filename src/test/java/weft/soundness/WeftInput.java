package weft.soundness;

import weft.frontend.Frontend;
import weft.frontend.FrontendOptions;
import weft.ir.DataModel;
import weft.ir.Program;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
    private static final String[] MACROS = {"PTHREAD_MUTEX_INITIALIZER", "PTHREAD_RWLOCK_INITIALIZER", "__ATOMIC_SEQ_CST",
            "PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP", "PTHREAD_ERRORCHECK_MUTEX_INITIALIZER_NP", "PTHREAD_MUTEX_RECURSIVE",
            "PTHREAD_MUTEX_ERRORCHECK", "PTHREAD_ONCE_INIT", "PTHREAD_COND_INITIALIZER"};
    /**
     * A call of a function-like macro of {@code <stdatomic.h>} or {@code <stdarg.h>} ({@code va_arg(ap, int *)} takes a
     * type): such programs are expanded by gcc line by line.
     */
    private static final Pattern FUNCTION_MACRO = Pattern.compile("\\batomic_[a-z_]+\\s*\\(|\\bATOMIC_VAR_INIT\\b|\\bva_(start|arg|end|copy)\\s*\\(");
    private static final Pattern MARKER = Pattern.compile("^# (\\d+) \"([^\"]*)\".*");
    private static volatile WeftInput instance;

    private final String header;
    private final Map<String, String> expansions;

    private WeftInput(String header, Map<String, String> expansions) {
        this.header = header;
        this.expansions = expansions;
    }

    static WeftInput get() throws IOException, InterruptedException {
        if (instance == null) {
            synchronized (WeftInput.class) {
                if (instance == null) instance = create();
            }
        }
        return instance;
    }

    private static WeftInput create() throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("weft-prelude");
        StringBuilder src = new StringBuilder();
        for (String l : GenProgram.WEFT_PRELUDE.lines().toList()) if (l.startsWith("#")) src.append(l).append('\n');
        Files.writeString(dir.resolve("h.c"), src.toString());
        String header = gccE(dir, "h.c");
        StringBuilder probe = new StringBuilder(src);
        for (int i = 0; i < MACROS.length; i++) probe.append("@@").append(i).append("@@ ").append(MACROS[i]).append('\n');
        Files.writeString(dir.resolve("m.c"), probe.toString());
        Map<String, String> exp = new LinkedHashMap<>();
        for (String l : gccE(dir, "m.c").split("\n")) {
            if (!l.startsWith("@@")) continue;
            int e = l.indexOf("@@", 2);
            exp.put(MACROS[Integer.parseInt(l.substring(2, e).trim())], l.substring(e + 2).trim());
        }
        return new WeftInput(header, exp);
    }

    private static String gccE(Path dir, String file) throws IOException, InterruptedException {
        Path out = dir.resolve(file + ".i");
        Process p = new ProcessBuilder("gcc", "-E", "-P", file, "-o", out.toString()).directory(dir.toFile())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) throw new IOException("gcc -E failed on the prelude");
        return Files.readString(out);
    }

    /** The rendered program (WEFT or CLOSED mode) as a preprocessed file {@code name}.i with line markers for {@code name}.c. */
    String preprocessed(String source, String name) {
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
                continue;
            }
            if (headerDone && rest.isEmpty()) sb.append("# ").append(n).append(" \"").append(name).append(".c\"\n");
            String x = l;
            for (Map.Entry<String, String> e : expansions.entrySet()) x = x.replaceAll("\\b" + e.getKey() + "\\b", Matcher.quoteReplacement(e.getValue()));
            if (headerDone) rest.add(x);
            sb.append(x).append('\n');
        }
        return sb.toString();
    }

    Program load(String source, Path dir, String name) throws Exception {
        Path file = dir.resolve(name + ".i");
        if (FUNCTION_MACRO.matcher(source).find()) source = expandedByGcc(source, dir, name);
        Files.writeString(file, preprocessed(source, name));
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
