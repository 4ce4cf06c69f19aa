package weft.reproduce;

import weft.ir.DataModel;
import weft.ir.SourceLoc;
import weft.trace.RaceWitness;

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
 * runtime ({@code weft_runtime.c}, which includes its wrappers, {@code weft_wrappers.c}, and the witness's inputs,
 * {@code weft_inputs.c}), {@code build.sh}
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
        files.add(write(dir.resolve("weft_plan.c"), plan.toC() + racePoints(patched.pointed())
                // glibc's pthread_mutex_t keeps its kind at byte 16 on x86-64, 12 on i386 (a 32-bit program's layout)
                + "const int weft_mutex_kind_offset = " + (lowHeap() ? 12 : 16) + ";\n"));
        files.add(write(dir.resolve("weft_runtime.c"), resource("weft_runtime.c")));
        files.add(write(dir.resolve("weft_wrappers.c"), resource("weft_wrappers.c")));
        files.add(write(dir.resolve("weft_world_fds.c"), resource("weft_world_fds.c")));
        files.add(write(dir.resolve("weft_inputs.c"), resource("weft_inputs.c")));
        if (lowHeap()) files.add(write(dir.resolve(LOW_HEAP), resource(LOW_HEAP)));
        Path build = write(dir.resolve("build.sh"), buildScript(programName));
        try {
            Files.setPosixFilePermissions(build, EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE,
                    PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_EXECUTE,
                    PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_EXECUTE));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: run it with sh
        }
        files.add(build);
        files.add(write(dir.resolve("README.txt"), readme(w, programFile, plan, patched.notes())));
        return new Result(dir, files, patched.notes());
    }

    /** Which racing accesses have a race point (the runtime hides a racing thread's accesses from TSan until its point). */
    static String racePoints(List<Boolean> pointed) {
        return "const int weft_race_point_set[2] = {" + (pointed.get(0) ? 1 : 0) + ", " + (pointed.get(1) ? 1 : 0) + "};\n";
    }

    private static Path write(Path p, String text) throws IOException {
        Files.writeString(p, text, StandardCharsets.ISO_8859_1);
        return p;
    }

    /** The build script: gcc with TSan, the wrapped functions, and the program first so its definitions win. */
    String buildScript(String programName) {
        String wraps = calls.wrapped().stream().collect(Collectors.joining(",--wrap="));
        String low = lowHeap() ? " " + LOW_HEAP + " -no-pie" : "";
        String lowWraps = lowHeap() ? "--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free,--wrap=strdup,--wrap=strndup," : "";
        return "#!/bin/sh\n"
                + "# Builds ./reproducer, which replays the data race Weft found (see README.txt).\n"
                + "set -e\n"
                + "cd \"$(dirname \"$0\")\"\n"
                + "CC=${CC:-gcc}\n"
                + "$CC -g -O0 -fsanitize=thread -fno-builtin -fno-strict-aliasing -fgnu89-inline -w -std=gnu11 -pthread \\\n"
                + "    -o reproducer " + programName + " weft_plan.c weft_runtime.c" + low + " \\\n"
                + "    -Wl,--wrap=main," + lowWraps + "--wrap=" + wraps + " -lm\n";
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
                .append("weft_plan.c (the schedule), weft_runtime.c, weft_wrappers.c and weft_inputs.c (the harness runtime; its comment explains the scheme),\n")
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
