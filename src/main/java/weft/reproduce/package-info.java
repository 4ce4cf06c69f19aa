/**
 * Runnable reproducers of confirmed races: a directory with the program's own source, a harness that forces the
 * witnessed interleaving at the program's synchronisation calls, and a build script, so that ThreadSanitizer
 * reports the race at the two witnessed lines.
 *
 * <p>Open first: {@link weft.reproduce.Reproducer} (writes the directory, and explains why TSan still sees the race
 * under the forced schedule), {@link weft.reproduce.SchedulePlan} (what the harness forces: the synchronisation
 * events in order, nondeterministic inputs, the racing threads and lines), {@link weft.reproduce.SourcePatcher}
 * (inserts the race points into the source without moving any line) and {@link weft.reproduce.SyncCalls} (the
 * table of functions the harness runtime handles, and their roles).
 *
 * <p>Builds on {@code weft.trace} (the race witness and its steps), {@code weft.witness} (its {@code WitnessTrace}) and
 * {@code weft.ir}. It is used only by {@code weft.cli}, and must not import it.
 */
package weft.reproduce;
