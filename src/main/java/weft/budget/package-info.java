/**
 * Budgets of the analyses: {@link weft.budget.CpuClock} measures the CPU time of the thread that runs an analysis
 * (so that load from other processes does not change how far an analysis gets), {@link weft.budget.WorkMeter} counts
 * the precise layers' work (so that nothing about time changes how far they get), and {@link weft.budget.Budget} is a
 * deadline on either clock, which another budget may cap. Budgets only ever bound the analyses: running out of one
 * makes an answer {@code unknown}, never {@code true}.
 */
package weft.budget;
