package weft.bounded.bmc;

/**
 * The encoding's own count of its work, deterministic (the same program and bounds give the same count on every run):
 * its steps, one for each statement copy ({@link SeqEncoder}), each cell (a register or a known byte) a merge joins into
 * an if-then-else, and each node of the memory's history a read visits or makes a term for ({@link Rest}); and its
 * walks, the stores a read only compares its constant address with, far cheaper. Where its CPU time goes; charged to a
 * budget of work ({@code weft.budget.WorkMeter#encoding}) as the encoding goes, so the encoding of a large program ends
 * at the same statement every time. Not thread-safe: one encoding counts.
 */
final class Effort {
    private long steps;
    private long walks;

    void add(long n) {
        steps += n;
    }

    void walked(long n) {
        walks += n;
    }

    long steps() {
        return steps;
    }

    long walks() {
        return walks;
    }
}
