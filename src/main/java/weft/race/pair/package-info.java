/**
 * What a pair of accesses is, for the exclusion rules: {@link weft.race.pair.Access} (one shared access of one abstract
 * thread, with the thread-modular state at its statement), {@link weft.race.pair.RaceContext} (the whole-program facts
 * a rule may consult: points-to, the thread graph, creation states, instance keys, joins at a thread's end) and {@link
 * weft.race.pair.ExclusionRule} (a sound reason why two accesses cannot race, with its soundness argument in each
 * implementing class).
 *
 * <p>Dependencies: builds on weft.access, weft.modular, weft.pointer, weft.thread and weft.ir. It is used by weft.race
 * (the pairing, {@code RaceDetector}, which asks the rules in order), weft.race.rules (one class per exclusion reason)
 * and weft.report (the accesses of a race), and must import none of them: the rules and the pairing both build on it,
 * so neither depends on the other's package through it.
 */
package weft.race.pair;
