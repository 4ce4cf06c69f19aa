package weft.witness;

import weft.frontend.Frontend;
import weft.frontend.FrontendOptions;
import weft.ir.DataModel;
import weft.ir.Program;
import weft.race.AnalysisOptions;
import weft.race.AnalysisResult;
import weft.race.RaceAnalysis;
import weft.race.Verdict;
import weft.trace.RaceWitness;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** Runs the analysis on a program for its witness, and SV-COMP's WitnessLint on a written witness. */
final class WitnessTestSupport {
    static final Path LINTER = Path.of("../shared/tools/witnesslint/witnesslinter.py");
    static final Instant FIXED_TIME = Instant.parse("2026-01-01T00:00:00Z");

    private WitnessTestSupport() {
    }

    /** The confirmed race's witness of {@code file}, if the analysis answers {@code false}. */
    static Optional<RaceWitness> witness(Path file, DataModel model, AnalysisOptions options) throws Exception {
        return analysed(file, model, options).witness();
    }

    /** A program and the witness of its confirmed race, if the analysis answers {@code false}. */
    record Analysed(Program program, Optional<RaceWitness> witness) {}

    static Analysed analysed(Path file, DataModel model, AnalysisOptions options) throws Exception {
        Program p = new Frontend(FrontendOptions.defaults(model)).load(List.of(file));
        AnalysisResult r = new RaceAnalysis(options).run(p);
        return new Analysed(p, r.verdict() == Verdict.FALSE ? r.witness() : Optional.empty());
    }

    /** A python3 that can import lxml (Debian's first), or null. */
    static String pythonWithLxml() {
        for (String py : List.of("/usr/bin/python3", "python3")) {
            if (py.startsWith("/") && !Files.isExecutable(Path.of(py))) continue;
            if (!py.startsWith("/") && !onPath(py)) continue;
            try {
                Process p = new ProcessBuilder(py, "-c", "import lxml.etree").redirectErrorStream(true).start();
                p.getInputStream().readAllBytes();
                if (p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0) return py;
            } catch (IOException | InterruptedException e) {
                // try the next one
            }
        }
        return null;
    }

    /** Why the linter cannot run here, or null when it can. */
    static String lintUnavailable() {
        if (!Files.isRegularFile(LINTER)) return "WitnessLint not found at " + LINTER;
        if (pythonWithLxml() == null) return "no python3 with lxml (Debian: python3-lxml)";
        return null;
    }

    record Lint(int exitCode, String output) {}

    /** {@code witnesslinter.py --svcomp --ignoreSelfLoops --strictChecking --witness W PROGRAM}. */
    static Lint lint(String python, Path witness, Path program) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(python, LINTER.toString(), "--svcomp", "--ignoreSelfLoops", "--strictChecking",
                "--witness", witness.toString(), program.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return new Lint(-1, "witnesslint hangs");
        }
        return new Lint(p.exitValue(), out);
    }

    static boolean onPath(String exe) {
        String path = System.getenv("PATH");
        if (path == null) return false;
        for (String dir : path.split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, exe))) return true;
        }
        return false;
    }
}
