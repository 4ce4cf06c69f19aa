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

/**
 * Loads a rendered program into Weft fast: the includes of {@link GenProgram#WEFT_PRELUDE} are preprocessed by gcc
 * once, and each program is handed to the front end as a preprocessed {@code .i} file (that header, then the
 * program with line markers that keep its own line numbers, and the few macros it uses expanded), which spares
 * the compiler probe and the re-parsing of the system headers' macros on every load. What Weft analyses is what
 * gcc would compile.
 */
final class WeftInput {
    private static final String[] MACROS = {"PTHREAD_MUTEX_INITIALIZER", "PTHREAD_RWLOCK_INITIALIZER", "__ATOMIC_SEQ_CST"};
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
        for (String l : GenProgram.WEFT_PRELUDE.lines().toList()) if (l.startsWith("#include")) src.append(l).append('\n');
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
            if (l.startsWith("#include")) {
                if (!headerDone) {
                    sb.append("# 1 \"<prelude>\"\n").append(header);
                    headerDone = true;
                }
                continue;
            }
            if (headerDone && rest.isEmpty()) sb.append("# ").append(n).append(" \"").append(name).append(".c\"\n");
            String x = l;
            for (Map.Entry<String, String> e : expansions.entrySet()) x = x.replace(e.getKey(), e.getValue());
            if (headerDone) rest.add(x);
            sb.append(x).append('\n');
        }
        return sb.toString();
    }

    Program load(String source, Path dir, String name) throws Exception {
        Path file = dir.resolve(name + ".i");
        Files.writeString(file, preprocessed(source, name));
        return new Frontend(new FrontendOptions(List.of(), Map.of(), DataModel.LP64, false)).load(List.of(file));
    }
}
