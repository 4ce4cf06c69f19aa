package weft.bench.scale;

import java.nio.file.Files;
import java.nio.file.Path;

/** Writes one generated program: {@code GenMain LINES racy|free OUT.c}; prints its planted races. */
public final class GenMain {
    private GenMain() {
    }

    public static void main(String[] args) throws Exception {
        ProgramGenerator.Program p = ProgramGenerator.generate(Integer.parseInt(args[0]), args[1].equals("racy"));
        Files.writeString(Path.of(args[2]), p.source());
        System.out.println(ProgramGenerator.describe(p));
        for (ProgramGenerator.PlantedRace r : p.races()) System.out.println("  planted: " + r.variable() + " at lines " + r.lines());
    }
}
