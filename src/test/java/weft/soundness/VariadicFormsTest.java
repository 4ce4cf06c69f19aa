package weft.soundness;

import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The generator writes accesses through variadic helpers (issue 32's per-function variadic objects), in real C. */
class VariadicFormsTest {
    @Test
    void generatedProgramsUseVariadicHelpers(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        ProgramGenerator gen = new ProgramGenerator(ProgramGenerator.Options.all());
        int pick = 0;
        int forward = 0;
        for (long s = 0; s < 200; s++) {
            GenProgram g = gen.generate(Campaign.seed(11, s));
            String text = g.weft("", "", Set.of());
            if (text.contains("*va_pick(2, &vd,")) pick++;
            if (text.contains("*va_fwd(2, &vd,")) forward++;
            // the harness' loader expands <stdarg.h>'s macros: the program reaches the analysis
            if (text.contains("va_arg(") && (pick + forward) % 4 == 1) WeftInput.get().load(text, dir, "gen" + s);
        }
        assertTrue(pick > 3 && forward > 3, "va_pick " + pick + ", va_fwd " + forward + " in 200 programs");
    }
}
