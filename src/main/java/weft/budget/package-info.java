/**
 * Time budgets of the analyses: {@link weft.budget.CpuClock} measures the CPU time of the thread that runs an
 * analysis (so that load from other processes does not change how far an analysis gets), {@link weft.budget.Budget}
 * is a deadline on such a clock. Budgets only ever bound the precise layers (exhaustive exploration, witness
 * search): running out of one makes an answer {@code unknown}, never {@code true}.
 */
package weft.budget;
