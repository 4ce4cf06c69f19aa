package weft.explore;

import weft.ir.Program;

import java.util.Optional;

/**
 * Explicit-state interleaving explorer: executes the IR concretely under many thread schedules and nondet choices
 * and looks for a data race witness in SV-COMP's sense: a reachable state in which two threads are each about to
 * perform a memory access, the accesses overlap in at least one byte, at least one writes, and not both are atomic
 * (atomic builtins, {@code _Atomic} lvalues, atomic sections).
 *
 * <p>The result is meant to justify a "false" (race) verdict, so it is sound in the must sense: a reported witness
 * is a real execution of the C program. The interpreter executes only what it can execute exactly and abandons an
 * execution (never reporting from it) on everything else: calls to unknown functions, inline assembly, floating-point
 * arithmetic, undefined behaviour (out-of-bounds or null accesses, signed overflow, division by zero, invalid frees,
 * use of dead objects), type punning of stored pointers, content the IR does not give (long string literals, char
 * arrays initialised by strings, bit-field initialisers, libc objects), unmodelled library behaviour (cancellation,
 * timed waits that would time out, relocking, unlocking a lock not held), failed assumptions, program end, and
 * atomic sections that block. An empty result proves nothing.
 */
public final class Explorer {
    private final Program program;
    private final ExploreOptions options;
    private Search last;

    public Explorer(Program program, ExploreOptions options) {
        this.program = program;
        this.options = options;
    }

    /** Searches for a race witness; empty when none was found within the limits (that proves nothing). Honours Thread.interrupted(). */
    public Optional<RaceWitness> findRace() {
        Search s = new Search(program, options);
        last = s;
        return s.run();
    }

    /** Number of executions the last {@link #findRace()} ran (for diagnostics). */
    public int executions() {
        return last == null ? 0 : last.executions();
    }

    /**
     * Whether the last {@link #findRace()} ended at its limits (executions or time), so that a search with higher
     * limits could try executions this one did not; false when it had nothing more to try (a program with no choice
     * at all has one execution) or could not start.
     */
    public boolean limited() {
        return last != null && last.limited;
    }

    /** Why the last execution of the last search stopped (for diagnostics), or null. */
    public String lastStopReason() {
        return last == null ? null : last.lastStop;
    }
}
