package weft.soundness;

import java.util.Set;

/**
 * What an oracle established about a program: a race (with the lines of the racing accesses it saw), race-freedom
 * (only the exhaustive exploration of every closed variant can establish that), or nothing; {@code GENERATOR_ERROR}
 * means the program is not what the generator promises (does not compile, or TSan reports misuse of a lock).
 */
record OracleResult(Kind kind, Set<Integer> lines, String detail) {
    enum Kind { RACE, RACE_FREE, INCONCLUSIVE, GENERATOR_ERROR }

    OracleResult {
        lines = Set.copyOf(lines);
    }

    static OracleResult inconclusive(String detail) {
        return new OracleResult(Kind.INCONCLUSIVE, Set.of(), detail);
    }

    boolean race() {
        return kind == Kind.RACE;
    }
}
