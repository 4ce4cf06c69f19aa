package weft.bounded.seq;

/**
 * The bounds of the sequentialised program, an option passed in (never a global); they appear in the printed
 * program's header comment.
 *
 * @param rounds    round-robin rounds of the scheduler (each thread runs at most once per round, from where it
 *                  stopped to a nondeterministically chosen context-switch point)
 * @param unwind    back edges a path of one function instance may take (loops unwound that many times; taking one
 *                  more is cut off by {@code __VERIFIER_assume(0)})
 * @param threads   thread instances, the main thread included (a create beyond them is cut off)
 * @param recursion instances of one function on an inlining stack (a deeper call is cut off)
 */
public record SeqOptions(int rounds, int unwind, int threads, int recursion) {
    public SeqOptions {
        if (rounds < 1 || unwind < 0 || threads < 1 || recursion < 1) {
            throw new IllegalArgumentException("bounds must be positive: rounds " + rounds + ", unwind " + unwind
                    + ", threads " + threads + ", recursion " + recursion);
        }
    }

    public static SeqOptions defaults() {
        return new SeqOptions(3, 2, 4, 2);
    }

    @Override
    public String toString() {
        return "rounds " + rounds + ", unwind " + unwind + ", threads " + threads + ", recursion " + recursion;
    }
}
