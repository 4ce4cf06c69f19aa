/**
 * The witness records of a data race: what the concrete searches report and what the reports, violation witnesses and
 * reproducers read, as plain immutable values, so that none of those readers depends on the interpreter or on the
 * search that found the race.
 *
 * <p>Open first: {@link weft.trace.RaceWitness} (executing its schedule from program start reaches a state in which two
 * threads are about to make the two conflicting accesses; with the values chosen for nondeterministic inputs and the
 * threads of the execution), {@link weft.trace.RaceAccess} (one side of the race: thread, location, the bytes of which
 * object, read or write), {@link weft.trace.Step} (one executed statement of the schedule, and whether it is a step of
 * the front end's lowering that a report may fold) and {@link weft.trace.WitnessThread} (a thread of the execution with
 * its creation site).
 *
 * <p>Dependencies: builds on weft.ir alone (source locations, and the statements that tell internal steps). It is used
 * by exec and explore (which record and report witnesses), race (the confirmed race of a result), report, witness,
 * reproduce, bounded.bmc (the steps a schedule steers by) and cli, and must import none of them.
 */
package weft.trace;
