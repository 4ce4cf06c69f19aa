package weft.explore;

import weft.frontend.Frontend;
import weft.frontend.FrontendOptions;
import weft.ir.DataModel;
import weft.ir.Program;
import weft.trace.RaceWitness;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** Helpers: write a C program to a directory, load it as ILP32, run the explorer with small limits. */
final class ExploreTestSupport {
    static final String PRELUDE = """
            #include <pthread.h>
            #include <stdlib.h>
            #include <string.h>
            #include <strings.h>
            extern int __VERIFIER_nondet_int(void);
            extern void __VERIFIER_atomic_begin(void);
            extern void __VERIFIER_atomic_end(void);
            extern void __VERIFIER_assume(int);
            """;

    private ExploreTestSupport() {}

    static Program load(Path dir, String name, String source) throws Exception {
        Path file = dir.resolve(name + ".c");
        Files.writeString(file, PRELUDE + source);
        return new Frontend(FrontendOptions.defaults(DataModel.ILP32)).load(List.of(file));
    }

    static ExploreOptions quick() {
        return new ExploreOptions(20_000, 300, 4_000, 1);
    }

    static Optional<RaceWitness> explore(Path dir, String name, String source) throws Exception {
        return new Explorer(load(dir, name, source), quick()).findRace();
    }
}
