package weft.soundness;

import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The generator writes accesses through variadic helpers (issue 32's per-function variadic objects), in real C. */
class VariadicFormsTest {
    @Test
    void generatedProgramsUseVariadicHelpers() {
        ProgramGenerator gen = new ProgramGenerator(ProgramGenerator.Options.all());
        int pick = 0;
        int forward = 0;
        for (long s = 0; s < 200; s++) {
            String text = gen.generate(Campaign.seed(11, s)).weft("", "", Set.of());
            if (text.contains("*va_pick(2, &vd,")) pick++;
            if (text.contains("*va_fwd(2, &vd,")) forward++;
        }
        assertTrue(pick > 3 && forward > 3, "va_pick " + pick + ", va_fwd " + forward + " in 200 programs");
    }
}
