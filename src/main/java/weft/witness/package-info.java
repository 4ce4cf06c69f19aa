/**
 * Violation witnesses of data races, in SV-COMP's two formats (GraphML 1.0 and YAML 2.2): writing the witness of a
 * race found by the explorer, and reading and validating a witness, Weft's own or another tool's, by replaying it.
 *
 * <p>Open first: {@link weft.witness.WitnessTrace} (a race witness of the explorer in the terms both formats use:
 * steps, thread creations, nondeterministic values, the two racing accesses), {@link weft.witness.WitnessFiles}
 * (writes both files through {@link weft.witness.GraphmlWriter} and {@link weft.witness.YamlWriter}, with the task
 * facts of {@link weft.witness.WitnessTask}), {@link weft.witness.WitnessReader} (reads either format into a
 * {@link weft.witness.WitnessSpec}) and {@link weft.witness.WitnessValidator} (replays it on the program with the
 * explorer and confirms it only if the execution reaches the witness's race).
 *
 * <p>Builds on {@code weft.trace} (race witnesses, steps, threads), {@code weft.explore} (replay, with the explorer)
 * and {@code weft.ir}, besides SnakeYAML and the JDK's XML parser. It is used by {@code weft.cli} and
 * {@code weft.reproduce}, and must not import either of them.
 */
package weft.witness;
