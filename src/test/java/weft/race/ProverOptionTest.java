package weft.race;

import org.junit.jupiter.api.Test;
import weft.frontend.Frontend;
import weft.frontend.FrontendOptions;
import weft.ir.DataModel;
import weft.ir.Program;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link AnalysisOptions#provers()} ({@code weft check --prover}): only the chosen layers' proofs are accepted. */
class ProverOptionTest {
    private static final Path ROOT = AnnotatedProgramsTest.ROOT;
    /** Race-free, every pair excluded by the thread-modular layer. */
    private static final Path TM_PROVED = ROOT.resolve("02-locks/01-lock-in-struct.c");
    /** Race-free only because of an arithmetic contradiction on an input: the bounded layer proves it, the others cannot. */
    private static final Path BOUNDED_PROVED = ROOT.resolve("29-bounded/01-wrapped-sum-contradiction.c");
    private static final Path RACY = ROOT.resolve("01-basic/01-counter-unprotected.c");

    private static AnalysisResult run(Path file, Set<Prover> provers) throws Exception {
        return run(file, provers, 6000);
    }

    private static AnalysisResult run(Path file, Set<Prover> provers, long budgetMillis) throws Exception {
        Program p = new Frontend(FrontendOptions.defaults(DataModel.LP64)).load(List.of(file));
        return new RaceAnalysis(AnalysisOptions.defaults().withBudgetMillis(budgetMillis).withProvers(provers)).run(p);
    }

    @Test
    void parsesTheOption() {
        assertEquals(Set.of(Prover.BOUNDED), Prover.parse("bounded"));
        assertEquals(Set.of(Prover.THREAD_MODULAR), Prover.parse("Thread-Modular"));
        assertEquals(Prover.all(), Prover.parse("all"));
        assertEquals(Prover.all(), AnalysisOptions.defaults().provers());
        assertEquals(Prover.all(), AnalysisOptions.defaults().withProvers(Set.of()).provers());
        assertThrows(IllegalArgumentException.class, () -> Prover.parse("tm"));
    }

    @Test
    void threadModularProofIsAcceptedOnlyWhenChosen() throws Exception {
        assertEquals(Verdict.TRUE, run(TM_PROVED, Set.of(Prover.THREAD_MODULAR)).verdict());
        AnalysisResult bounded = run(TM_PROVED, Set.of(Prover.BOUNDED));
        assertEquals(Verdict.UNKNOWN, bounded.verdict());
        assertEquals(RaceAnalysis.NOT_ACCEPTED, bounded.reason());
        AnalysisResult explored = run(TM_PROVED, Set.of(Prover.EXPLORATION));
        assertEquals(Verdict.TRUE, explored.verdict());
        assertTrue(explored.reason().startsWith("exhaustive exploration"), explored.reason());
    }

    @Test
    void boundedProofIsAcceptedOnlyWhenChosen() throws Exception {
        AnalysisResult all = run(BOUNDED_PROVED, Prover.all());
        assertEquals(Verdict.TRUE, all.verdict());
        AnalysisResult bounded = run(BOUNDED_PROVED, Set.of(Prover.BOUNDED));
        assertEquals(Verdict.TRUE, bounded.verdict());
        assertEquals(all.reason(), bounded.reason());
        assertEquals(Verdict.UNKNOWN, run(BOUNDED_PROVED, Set.of(Prover.EXPLORATION)).verdict());
        assertEquals(Verdict.UNKNOWN, run(BOUNDED_PROVED, Set.of(Prover.THREAD_MODULAR)).verdict());
    }

    @Test
    void everyProverStillFindsRaces() throws Exception {
        for (Prover p : Prover.values()) assertEquals(Verdict.FALSE, run(RACY, Set.of(p)).verdict(), p.label());
    }

    /**
     * mut-35: an uninitialised offset steps a pointer into a member array; the exploration alone once answered race
     * through a value that took the step onto a sibling member (undefined: C11 6.5.6p8), where the thread-modular layer
     * proves the program race-free. No layer may answer race for it; the racy twin is a race for every layer.
     */
    @Test
    void noLayerStepsOutOfAMemberArray() throws Exception {
        Path free = ROOT.resolve("26-harness/15-uninitialised-offset-in-member-array.c");
        Path racy = ROOT.resolve("26-harness/16-uninitialised-offset-in-member-array-racy-twin.c");
        for (Prover p : Prover.values()) {
            assertTrue(run(free, Set.of(p)).verdict() != Verdict.FALSE, p.label());
            // the bounded layer alone needs about 5 s of CPU here (Z3); 6 s of budget was too little beside other load
            assertEquals(Verdict.FALSE, run(racy, Set.of(p), 30_000).verdict(), p.label());
        }
        assertEquals(Verdict.TRUE, run(free, Set.of(Prover.THREAD_MODULAR)).verdict());
    }

    /**
     * D27: objects defined outside the program (the C library's {@code stdout} the program declares itself, an
     * {@code extern int} defined nowhere) are not static storage's zero for any layer: each racy program's threads start
     * only when such an object is not zero, so no layer may answer race-free.
     */
    @Test
    void noLayerTakesAnObjectDefinedOutsideForZero() throws Exception {
        for (String f : List.of("24-audit/17-stdout-declared-by-the-program.c", "24-audit/19-extern-flag-defined-outside.c")) {
            for (Prover p : Prover.values()) assertTrue(run(ROOT.resolve(f), Set.of(p)).verdict() != Verdict.TRUE, f + " " + p.label());
        }
    }

    /**
     * D28: a thread handle's value is unspecified (glibc's are aligned addresses): a program that computes with its bits
     * races where the handle is a multiple of 4, so no layer may answer race-free; one that only compares handles is
     * still proved by the exploration.
     */
    @Test
    void noLayerTakesAThreadHandleForASmallNumber() throws Exception {
        Path bits = ROOT.resolve("24-audit/20-thread-handle-bits.c");
        for (Prover p : Prover.values()) assertTrue(run(bits, Set.of(p)).verdict() != Verdict.TRUE, p.label());
        Path compared = ROOT.resolve("24-audit/21-thread-handles-only-compared.c");
        AnalysisResult r = run(compared, Set.of(Prover.EXPLORATION));
        assertEquals(Verdict.TRUE, r.verdict(), r.reason());
    }

    /**
     * D29: fflush's result is the world's (EOF on a full disk), a small stack's and a long thread name's the
     * implementation's: a program that tests them races where they fail, so no layer may answer race-free; one that
     * ignores the result keeps the exploration's proof.
     */
    @Test
    void noLayerTakesAFlushForASuccess() throws Exception {
        for (String f : List.of("24-audit/22-fflush-may-fail.c", "24-audit/24-setter-results-are-the-worlds.c")) {
            for (Prover p : Prover.values()) assertTrue(run(ROOT.resolve(f), Set.of(p)).verdict() != Verdict.TRUE, f + " " + p.label());
        }
        AnalysisResult r = run(ROOT.resolve("24-audit/23-fflush-result-unused.c"), Set.of(Prover.EXPLORATION));
        assertEquals(Verdict.TRUE, r.verdict(), r.reason());
    }

    /** A thread's 4 KB local, indeterminate at its declaration, once sent the bounded layer into endless recursion. */
    @Test
    void boundedAloneSurvivesALargeIndeterminateLocal() throws Exception {
        AnalysisResult r = run(ROOT.resolve("26-harness/08-large-local-havoc.c"), Set.of(Prover.BOUNDED));
        assertTrue(r.verdict() != Verdict.TRUE && !r.reason().startsWith("internal error"), r.reason());
    }

    /** {@code --fast}: the thread-modular answer, no precise layer starts (issue 32). */
    @Test
    void threadModularOnlyRunsNoPreciseLayer() throws Exception {
        java.util.function.Function<Path, java.util.List<String>> phases = file -> {
            java.util.List<String> seen = new java.util.ArrayList<>();
            try {
                Program p = new Frontend(FrontendOptions.defaults(DataModel.LP64)).load(List.of(file));
                AnalysisResult r = new RaceAnalysis(AnalysisOptions.defaults().withBudgetMillis(6000).threadModularOnly()).run(p, seen::add);
                seen.add("verdict " + r.verdict() + " races " + r.races().size());
            } catch (Exception e) {
                throw new AssertionError(e);
            }
            return seen;
        };
        for (Path f : List.of(TM_PROVED, BOUNDED_PROVED, RACY)) {
            for (String phase : phases.apply(f)) {
                assertTrue(!phase.startsWith("exploring") && !phase.startsWith("searching") && !phase.startsWith("bounded"), f + ": " + phase);
            }
        }
        assertTrue(phases.apply(TM_PROVED).contains("verdict TRUE races 0"));
        List<String> bounded = phases.apply(BOUNDED_PROVED);
        assertTrue(bounded.get(bounded.size() - 1).startsWith("verdict UNKNOWN"), bounded.toString());
        List<String> racy = phases.apply(RACY);
        String last = racy.get(racy.size() - 1);
        assertTrue(last.startsWith("verdict UNKNOWN") && !last.endsWith("races 0"), last);
    }
}
