package weft.reproduce;

import weft.ir.DataModel;
import weft.ir.SourceLoc;
import weft.trace.RaceWitness;
import weft.witness.WitnessTrace;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A runnable reproducer of a confirmed race: a directory with the program's own source (patched by
 * {@link SourcePatcher}), the schedule of the witness ({@link SchedulePlan}, as {@code weft_plan.c}), the harness
 * runtime ({@code weft_runtime.c}, which includes its wrappers, {@code weft_wrappers.c} with the C library's accesses TSan
 * does not see, {@code weft_libaccess.c}, and the witness's inputs, {@code weft_inputs.c} with its parts
 * {@code weft_world_fds.c}, {@code weft_pipes.c}, {@code weft_commands.c}, {@code weft_files.c}, {@code weft_openssl.c}), {@code build.sh}
 * (gcc {@code -g -O0 -fsanitize=thread}, the pthread functions of
 * {@link SyncCalls} wrapped with {@code -Wl,--wrap}) and {@code README.txt}. Running it makes ThreadSanitizer report
 * the race at the two witnessed lines.
 *
 * <p><b>The scheme, and why TSan still sees the race.</b> TSan reports two accesses that are not ordered by
 * happens-before, which it derives from the program's synchronisation (mutexes, condition variables, semaphores,
 * thread creation and join, acquire/release atomics), and not from timing. The harness must therefore force the
 * order of the witness without adding happens-before edges of its own:
 * <ul>
 * <li>Every call of a synchronisation function (a schedule point) waits until a global turn counter equals the index
 *     of the thread's next event in the witness, runs, and increments the counter. The counter is accessed only with
 *     relaxed atomics and waited for by spinning with {@code nanosleep}: TSan derives no happens-before from relaxed
 *     atomics or sleeps. So the synchronisation TSan sees is exactly the program's, in the witness's order.</li>
 * <li>A racing access comes after all synchronisation events of its thread in the witness (the witness ends in the
 *     racing state). An edge from one racing access to the other would need a release by the first thread after its
 *     access that the other acquires before its access. The other's acquires before its access are witnessed events,
 *     and a thread's calls after its last witnessed event ("tail" calls) wait until every witnessed event has
 *     happened, and a racing thread's tail calls also until the other racing thread is past its access (bounded).
 *     So no such edge exists, and TSan sees the two accesses unordered, whatever the real timing.</li>
 * <li>A call {@code __weft_race_point(L)} before each racing line holds a racing thread that has done all its events
 *     until the other arrives at its point (relaxed atomics again): both accesses then run together.</li>
 * <li>The program's pthread objects are only keys: the runtime operates on real ones it owns, so a file preprocessed
 *     for a 32-bit data model (smaller {@code pthread_mutex_t}) runs safely on 64 bits.</li>
 * <li>{@code __VERIFIER_nondet_*} return the witness's values per thread in order; {@code __VERIFIER_atomic_begin/end}
 *     are schedule points; {@code reach_error} and {@code __VERIFIER_error} only print; all weak.</li>
 * </ul>
 * Every wait is bounded; when the real execution leaves the witness (a call where the witness has another, a turn
 * that never comes) the runtime says so and stops forcing. Limits: the order of ordinary statements between events
 * is not forced (only synchronisation and the racing accesses are), nor the order of C11/GNU atomic builtins and
 * other synchronisation the table does not list.
 *
 * <p><b>32-bit programs.</b> TSan runs on x86-64 only, so a program checked with the ILP32 data model (a file
 * preprocessed for 32 bits, as CIL's merged benchmarks) is replayed as a 64-bit build. Its pthread objects are keys
 * (above); its pointers may pass through 32-bit integers ({@code (unsigned int)p != 0}, an implicit {@code int}
 * declaration), so the build links {@code -no-pie} and gives the program's {@code malloc} family a heap below 2 GiB
 * ({@code weft_low_heap.c}, no synchronisation of its own). Still out of reach: a stack address or a C library
 * allocation ({@code strdup}) kept in an {@code int}, and library structures whose layout differs between the data models
 * ({@code struct stat}) on the witnessed path.
 */
public final class Reproducer {
    /** The program's name in the reproducer directory (extension of the original kept: {@code .i} is not preprocessed again). */
    static final String PROGRAM = "program";
    /** The heap below 2 GiB of a 32-bit program's replay. */
    static final String LOW_HEAP = "weft_low_heap.c";

    /** What was written: the directory, its files and notes on race points not inserted. */
    public record Result(Path dir, List<Path> files, List<String> notes) {
        public Result {
            files = List.copyOf(files);
            notes = List.copyOf(notes);
        }
    }

    private final SyncCalls calls;
    private final DataModel dataModel;

    public Reproducer(SyncCalls calls, DataModel dataModel) {
        this.calls = calls;
        this.dataModel = dataModel;
    }

    /** A reproducer of a program checked with {@code dataModel} (ILP32: replayed with a heap below 2 GiB). */
    public Reproducer(DataModel dataModel) {
        this(SyncCalls.standard(), dataModel);
    }

    public Reproducer() {
        this(DataModel.LP64);
    }

    /** Whether the replay needs the low heap: the program was checked for a 32-bit data model. */
    boolean lowHeap() {
        return dataModel.pointerSize < 8;
    }

    /** Writes the reproducer of {@code w}, found in {@code programFile}, into {@code dir} (created if needed). */
    public Result write(RaceWitness w, Path programFile, Path dir) throws IOException {
        SchedulePlan plan = SchedulePlan.of(w, programFile, calls);
        String source = Files.readString(programFile, StandardCharsets.ISO_8859_1);
        // a 32-bit program runs as a 64-bit build: its fd_set assembly as C (SelectAsm)
        if (lowHeap()) source = SelectAsm.rewrite(source);
        boolean preprocessed = programFile.toString().endsWith(".i");
        SourcePatcher.Patched patched = SourcePatcher.patch(source, programFile.toAbsolutePath().normalize().toString(), preprocessed,
                List.of(w.first().loc(), w.second().loc()), plan.raceLines());
        Files.createDirectories(dir);
        String programName = PROGRAM + (preprocessed ? ".i" : ".c");
        List<Path> files = new ArrayList<>();
        files.add(write(dir.resolve(programName), patched.text()));
        writeHarness(dir, plan, patched.pointed(), files);
        Path build = write(dir.resolve("build.sh"), buildScript(programName,
                libraries(List.of(new Unit(programFile, List.of(), java.util.Map.of())))));
        executable(build);
        files.add(build);
        files.add(write(dir.resolve("README.txt"), readme(w, programFile, plan, patched.notes())));
        return new Result(dir, files, patched.notes());
    }

    /**
     * A translation unit of a program given as a compilation database: its source file and the include directories
     * and macros its compilation uses.
     */
    public record Unit(Path file, List<Path> includes, java.util.Map<String, String> defines) {
        public Unit {
            includes = List.copyOf(includes);
            defines = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(defines));
        }
    }

    /** The directory of a multi-unit reproducer's patched sources. */
    static final String SOURCES = "src";

    /**
     * Writes the reproducer of {@code w}, found in the program of translation units {@code units}, into {@code dir}: as
     * {@link #write(RaceWitness, Path, Path)}, with every unit patched into {@code src/} (a race point before each racing
     * line that lies in it; {@code #line} keeps the original file and lines) and compiled on its own with its include
     * directories (its original directory first, for its quoted includes) and macros; {@code build.sh} links the units
     * and the harness, with the libraries {@code LIBS} names (the compilation database gives no link line).
     */
    public Result write(RaceWitness w, List<Unit> units, Path dir) throws IOException {
        if (units.size() == 1 && units.get(0).includes().isEmpty() && units.get(0).defines().isEmpty()) return write(w, units.get(0).file(), dir);
        List<Path> programFiles = units.stream().map(Unit::file).toList();
        SchedulePlan plan = SchedulePlan.of(w, programFiles, calls);
        List<SourceLoc> accesses = List.of(w.first().loc(), w.second().loc());
        Files.createDirectories(dir.resolve(SOURCES));
        List<Path> files = new ArrayList<>();
        boolean[] pointed = new boolean[2];
        List<String> notes = new ArrayList<>();
        StringBuilder compile = new StringBuilder();
        StringBuilder objects = new StringBuilder();
        for (int k = 0; k < units.size(); k++) {
            Unit u = units.get(k);
            int[] lines = new int[2];
            for (int a = 0; a < 2; a++) lines[a] = WitnessTrace.lineIn(accesses.get(a), u.file()) > 0 ? plan.raceLines()[a] : 0;
            String source = Files.readString(u.file(), StandardCharsets.ISO_8859_1);
            SourcePatcher.Patched patched = SourcePatcher.patch(source, u.file().toAbsolutePath().normalize().toString(), false, accesses, lines);
            for (int a = 0; a < 2; a++) {
                if (lines[a] == 0) continue;
                pointed[a] |= patched.pointed().get(a);
                if (!patched.pointed().get(a)) notes.addAll(patched.notes());
            }
            String name = SOURCES + "/" + k + "_" + u.file().getFileName();
            files.add(write(dir.resolve(name), patched.text()));
            String object = name.replaceFirst("\\.[^./]*$", "") + ".o";
            compile.append("$CC $CFLAGS -c ").append(name).append(" -o ").append(object).append(" -iquote ").append(shellWord(u.file().toAbsolutePath().getParent().toString()));
            for (Path i : u.includes()) compile.append(" -I").append(shellWord(i.toString()));
            for (var d : u.defines().entrySet()) compile.append(" -D").append(shellWord(d.getKey() + "=" + d.getValue()));
            compile.append("\n");
            objects.append(object).append(" ");
        }
        for (int a = 0; a < 2; a++) if (WitnessTrace.lineIn(accesses.get(a), programFiles) == 0) notes.add("access " + (a + 1) + " (" + accesses.get(a) + ") is not in the program's files: no race point");
        writeHarness(dir, plan, List.of(pointed[0], pointed[1]), files);
        Path build = write(dir.resolve("build.sh"), "#!/bin/sh\n"
                + "# Builds ./reproducer, which replays the data race Weft found (see README.txt).\n"
                + "# LIBS: the libraries the program links with (the compilation database does not say); by default the ones\n"
                + "# of the library headers its sources and include directories name.\n"
                + "set -e\n"
                + "LIBS=${LIBS-" + shellWord(String.join(" ", libraries(units))) + "}\n"
                + "cd \"$(dirname \"$0\")\"\n"
                + "CC=${CC:-gcc}\n"
                + "CFLAGS=\"" + CFLAGS + "\"\n"
                + compile
                + "$CC $CFLAGS -o reproducer " + objects + "weft_plan.c weft_runtime.c" + (lowHeap() ? " " + LOW_HEAP + " -no-pie" : "") + " \\\n"
                + "    -Wl,--wrap=main," + wrapList() + " $LIBS -lm\n");
        executable(build);
        files.add(build);
        files.add(write(dir.resolve("README.txt"), readme(w, programFiles.get(0).getParent(), plan, notes)));
        return new Result(dir, files, notes);
    }

    /**
     * Libraries a program's headers imply (data: a header prefix, the linker options of its library), for the units'
     * default {@code LIBS}; the C library's own headers need none.
     */
    private static final List<java.util.Map.Entry<String, String>> HEADER_LIBRARIES = List.of(
            java.util.Map.entry("openssl/", "-lssl -lcrypto"), java.util.Map.entry("crypt.h", "-lcrypt"),
            java.util.Map.entry("zlib.h", "-lz"), java.util.Map.entry("uuid/uuid.h", "-luuid"),
            java.util.Map.entry("event2/", "-levent"), java.util.Map.entry("curl/", "-lcurl"));

    private static final java.util.regex.Pattern SYSTEM_INCLUDE = java.util.regex.Pattern.compile("(?m)^\\s*#\\s*include\\s*(?:<([^>]+)>|\"([^\"]+)\")");

    /**
     * The linker options of the libraries whose headers the units and the headers in their include directories name
     * ({@code <zlib.h>}, or {@code "zlib.h"} when no directory of the program has it: pigz's).
     */
    static java.util.Set<String> libraries(List<Unit> units) throws IOException {
        java.util.Set<Path> texts = new java.util.LinkedHashSet<>();
        java.util.Set<Path> own = new java.util.LinkedHashSet<>();
        for (Unit u : units) {
            texts.add(u.file());
            java.util.List<Path> dirs = new ArrayList<>(u.includes());
            dirs.add(u.file().toAbsolutePath().getParent());
            own.addAll(dirs);
            for (Path d : dirs) {
                if (!Files.isDirectory(d)) continue;
                try (var list = Files.list(d)) {
                    list.filter(f -> f.toString().endsWith(".h")).forEach(texts::add);
                }
            }
        }
        java.util.Set<String> libs = new java.util.LinkedHashSet<>();
        for (Path t : texts) {
            var m = SYSTEM_INCLUDE.matcher(Files.readString(t, StandardCharsets.ISO_8859_1));
            while (m.find()) {
                // a quoted name is the program's own header when one of its directories has it, else an installed one
                String header = m.group(1) != null ? m.group(1) : m.group(2);
                if (m.group(1) == null && own.stream().anyMatch(d -> Files.exists(d.resolve(header)))) continue;
                for (var e : HEADER_LIBRARIES) if (header.startsWith(e.getKey())) libs.add(e.getValue());
            }
        }
        return libs;
    }

    /** {@code s} as one word of a shell command line. */
    private static String shellWord(String s) {
        return s.matches("[\\w./=:+,@-]+") ? s : "'" + s.replace("'", "'\\''") + "'";
    }

    /** Writes the plan ({@code weft_plan.c}) and the harness runtime's files into {@code dir}, adding them to {@code files}. */
    private void writeHarness(Path dir, SchedulePlan plan, List<Boolean> pointed, List<Path> files) throws IOException {
        files.add(write(dir.resolve("weft_plan.c"), plan.toC() + racePoints(pointed)
                // glibc's pthread_mutex_t keeps its kind at byte 16 on x86-64, 12 on i386 (a 32-bit program's layout)
                + "const int weft_mutex_kind_offset = " + (lowHeap() ? 12 : 16) + ";\n"));
        for (String r : List.of("weft_runtime.c", "weft_wrappers.c", "weft_libaccess.c", "weft_world_fds.c", "weft_pipes.c", "weft_commands.c", "weft_files.c", "weft_openssl.c", "weft_inputs.c")) files.add(write(dir.resolve(r), resource(r)));
        if (lowHeap()) files.add(write(dir.resolve(LOW_HEAP), resource(LOW_HEAP)));
    }

    private static void executable(Path build) throws IOException {
        try {
            Files.setPosixFilePermissions(build, EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE,
                    PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_EXECUTE,
                    PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_EXECUTE));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: run it with sh
        }
    }

    /** Which racing accesses have a race point (the runtime hides a racing thread's accesses from TSan until its point). */
    static String racePoints(List<Boolean> pointed) {
        return "const int weft_race_point_set[2] = {" + (pointed.get(0) ? 1 : 0) + ", " + (pointed.get(1) ? 1 : 0) + "};\n";
    }

    private static Path write(Path p, String text) throws IOException {
        Files.writeString(p, text, StandardCharsets.ISO_8859_1);
        return p;
    }

    /**
     * The build script: gcc with TSan, the wrapped functions, and the program first so its definitions win; linked with
     * the libraries its headers imply ({@code libraries}, the default of {@code LIBS}) when there are any.
     */
    String buildScript(String programName, java.util.Set<String> libraries) {
        String low = lowHeap() ? " " + LOW_HEAP + " -no-pie" : "";
        String libs = libraries.isEmpty() ? "" : "# LIBS: the libraries the program links with, by default the ones its headers imply\n"
                + "LIBS=${LIBS-" + shellWord(String.join(" ", libraries)) + "}\n";
        return "#!/bin/sh\n"
                + "# Builds ./reproducer, which replays the data race Weft found (see README.txt).\n"
                + "set -e\n"
                + "cd \"$(dirname \"$0\")\"\n"
                + "CC=${CC:-gcc}\n"
                + libs
                + "$CC " + CFLAGS + " \\\n"
                + "    -o reproducer " + programName + " weft_plan.c weft_runtime.c" + low + " \\\n"
                + "    -Wl,--wrap=main," + wrapList() + (libraries.isEmpty() ? "" : " $LIBS") + " -lm\n";
    }

    /** The compiler's options of every part of the reproducer. */
    static final String CFLAGS = "-g -O0 -fsanitize=thread -fno-builtin -fno-strict-aliasing -fgnu89-inline -w -std=gnu11 -pthread";

    /** The linker's wrapped functions after main: the low heap's (a 32-bit program), then the table's. */
    private String wrapList() {
        String lowWraps = lowHeap() ? "--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free,--wrap=strdup,--wrap=strndup," : "";
        return lowWraps + "--wrap=" + calls.wrapped().stream().collect(Collectors.joining(",--wrap="));
    }

    private String readme(RaceWitness w, Path programFile, SchedulePlan plan, List<String> notes) {
        StringBuilder r = new StringBuilder();
        r.append("Reproducer of the data race Weft found in ").append(programFile).append("\n\n");
        r.append("  ").append(describe(w.first())).append("\n  ").append(describe(w.second())).append("\n\n");
        r.append("Build and run (needs gcc with ThreadSanitizer, libtsan):\n\n    sh build.sh && ./reproducer\n\n");
        r.append("ThreadSanitizer then prints \"WARNING: ThreadSanitizer: data race\" with the two accesses at the lines above\n")
                .append("(and exits with code 66). The harness forces the witness's order of the ").append(plan.events().size())
                .append(" synchronisation events\n(thread creation, locks, condition variables...) and feeds its ")
                .append(plan.inputs().size()).append(" nondeterministic input value(s); lines on stderr starting\n")
                .append("with \"weft-harness:\" say whether the schedule was followed. WEFT_TIMEOUT_MS (default 3000) bounds each wait.\n\n");
        r.append("Files: program.c/.i (the program, with __weft_race_point calls before the racing lines, line numbers kept),\n")
                .append("weft_plan.c (the schedule), weft_runtime.c, weft_wrappers.c, weft_libaccess.c, weft_inputs.c and the parts it includes\n")
                .append("(weft_world_fds.c, weft_pipes.c, weft_commands.c, weft_files.c, weft_openssl.c: the harness runtime; weft_runtime.c's comment explains the scheme),\n")
                .append(lowHeap() ? LOW_HEAP + " (the program was checked for a 32-bit data model and runs as a 64-bit build:\n"
                        + "its malloc family takes memory below 2 GiB, so pointers kept in 32-bit integers survive), " : "")
                .append("build.sh.\n");
        if (!notes.isEmpty()) {
            r.append("\nNotes:\n");
            notes.forEach(n -> r.append("  ").append(n).append("\n"));
        }
        return r.toString();
    }

    private static String describe(weft.trace.RaceAccess a) {
        SourceLoc l = a.loc();
        return (a.write() ? "write" : "read") + " of " + a.object() + " in thread " + a.threadName() + " at " + l.file() + ":" + l.line();
    }

    static String resource(String name) {
        try (InputStream in = Reproducer.class.getResourceAsStream("/weft/reproduce/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
