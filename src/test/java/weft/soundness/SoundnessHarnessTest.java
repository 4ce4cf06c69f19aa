package weft.soundness;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The differential soundness harness on a fixed-seed sample (run by {@code mvn verify}): generated programs checked
 * against the exhaustive exploration of their closed variants and, where Weft says true, ThreadSanitizer (skipped
 * when gcc or libtsan is absent), with each prover alone as well as the final verdict ({@link DifferentialCheck}).
 * Fails on any failure, printing the minimised program.
 *
 * <p>Every hole kind is generated. {@link #PENDING} is where the hole of an area whose fix is still being written
 * goes while it is written (empty: the four areas it held — release through a pointer that may denote several locks,
 * callee releases, VLA sizes, free — are fixed, and their minimised failures are annotated programs in
 * {@code races/26-harness}).
 */
class SoundnessHarnessTest {
    static final long SEED = 20250601L;
    static final int COUNT = 200;

    /** Holes of areas whose fix is still being written (none: issue 31's are fixed). */
    static final Set<Hole> PENDING = EnumSet.noneOf(Hole.class);

    /** Whether the constructs of issue 31 ({@link ProgramGenerator#ISSUE31}) also appear in programs without their holes. */
    static final boolean ISSUE31_FORMS = true;

    static ProgramGenerator.Options settledHoles() {
        EnumSet<Hole> holes = EnumSet.allOf(Hole.class);
        holes.removeAll(PENDING);
        return new ProgramGenerator.Options(0.6, holes, ISSUE31_FORMS);
    }

    @Test
    void generatorIsDeterministic() {
        ProgramGenerator a = new ProgramGenerator(ProgramGenerator.Options.all());
        ProgramGenerator b = new ProgramGenerator(ProgramGenerator.Options.all());
        for (long s = 0; s < 50; s++) {
            GenProgram x = a.generate(Campaign.seed(7, s));
            GenProgram y = b.generate(Campaign.seed(7, s));
            assertEquals(x.weft("", "", Set.of()), y.weft("", "", Set.of()));
            assertEquals(x.render(GenProgram.Mode.TSAN, "", "", Set.of(), null), y.render(GenProgram.Mode.TSAN, "", "", Set.of(), null));
        }
    }

    @Test
    void fixedSeedSampleHasNoSoundnessFailure() throws Exception {
        Campaign c = new Campaign(settledHoles(), DifferentialCheck.TsanMode.WHEN_TRUE, 2, null, true, true, false);
        Campaign.Stats s = c.run(SEED, COUNT, 2, Campaign.Progress.NONE);
        SoundnessBench.print(s, SEED, COUNT, 2, DifferentialCheck.TsanMode.WHEN_TRUE, settledHoles().holes().size());
        StringBuilder msg = new StringBuilder();
        for (Campaign.Found f : s.found) {
            msg.append(f.failure().kind().label()).append(" (seed ").append(f.program().seed()).append("): ").append(f.failure().detail()).append('\n');
            Minimiser.Result m = f.minimised();
            msg.append(f.program().weft("/* expect: racy */", "/* minimised */", m == null ? Set.of() : m.removed())).append('\n');
        }
        assertEquals(COUNT, s.programs);
        assertTrue(s.found.isEmpty(), s.failureCount() + " soundness failure(s):\n" + msg);
    }

    @Test
    void minimisedProgramIsAnnotated(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        GenProgram g = new ProgramGenerator(ProgramGenerator.Options.all()).generate(3);
        Failure f = new Failure(Failure.Kind.TM_TRUE_BUT_RACE, "exploration", Set.of(GenProgram.HEADER_LINES + 2), "test");
        Path p = Minimiser.save(g, new Minimiser.Result(Set.of(), f), dir);
        var lines = java.nio.file.Files.readAllLines(p);
        assertEquals("/* expect: racy */", lines.get(0));
        assertTrue(lines.get(GenProgram.HEADER_LINES + 1).endsWith("// RACE!"), lines.toString());
    }
}
