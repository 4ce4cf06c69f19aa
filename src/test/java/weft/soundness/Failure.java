package weft.soundness;

import java.util.Set;

/**
 * A soundness failure: its class, the oracle that contradicts Weft, the lines of the race the oracle saw, and a
 * description.
 */
record Failure(Kind kind, String oracle, Set<Integer> lines, String detail) {
    enum Kind {
        /** The thread-modular layer excludes every pair (verdict true without the precise layers), an oracle finds a race. */
        TM_TRUE_BUT_RACE,
        /** The final verdict is true (settled by the precise layers), an oracle finds a race. */
        TRUE_BUT_RACE,
        /** The exhaustive exploration alone ({@code --prover exploration}) says true, an oracle finds a race. */
        EXPLORATION_TRUE_BUT_RACE,
        /** The bounded layer alone ({@code --prover bounded}) says true, an oracle finds a race. */
        BOUNDED_TRUE_BUT_RACE,
        /**
         * With a tighter or looser budget than its own, a run (the prover is named in the detail) says true where an oracle
         * or a witness of the same run at another budget shows a race: same input, not the same answer.
         */
        BUDGET_TRUE_BUT_RACE,
        /** The verdict is false, yet the exhaustive exploration of every closed variant finds no race. */
        FALSE_UNCONFIRMED,
        /**
         * The verdict is false, no oracle saw a race, and the witness, replayed as {@code weft reproduce} replays it
         * (ThreadSanitizer, the schedule and the world's answers forced), does not show it at its two lines.
         */
        FALSE_NOT_REPLAYED,
        /** An exception or front-end error on a generated program. */
        CRASH,
        /** The program is not well-defined (does not compile, lock misuse, hangs): a generator bug. */
        GENERATOR;

        String label() {
            return name().toLowerCase().replace('_', '-');
        }
    }

    Failure {
        lines = Set.copyOf(lines);
    }
}
