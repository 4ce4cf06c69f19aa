/**
 * The race analysis: decides whether a C program has a data race and answers with a {@link weft.race.Verdict} ({@code
 * TRUE}, {@code FALSE} or {@code UNKNOWN}) and the races, witness and gaps behind it ({@link
 * weft.race.AnalysisResult}). Open {@link weft.race.RaceAnalysis}, {@link weft.race.RaceDetector}, {@link
 * weft.race.PreciseLayers} and {@link weft.race.MustRace} first.
 *
 * <p>Layering. {@link weft.race.RaceAnalysis} runs the layers in order: the pointer analysis, the call and thread
 * graphs, the whole-program facts ({@code weft.modular.ProgramFacts}) and the thread-modular walk of every abstract
 * thread ({@code weft.modular.ThreadWalker}, reporting what {@code weft.access.AccessCollector} lists) collect the
 * accesses ({@link weft.race.pair.Access}) to shared objects ({@link weft.race.SharedObjects}); the thread-modular
 * layer's pairing, {@link weft.race.RaceDetector}, pairs accesses to the same object and asks the {@link
 * weft.race.pair.ExclusionRule}s of {@code weft.race.rules} in order against a {@link weft.race.pair.RaceContext}; a
 * pair no rule excludes is a possible race, a {@link weft.race.RacePair} deduplicated per pair of sites. {@link
 * weft.race.MustRace} ranks each ({@link weft.race.Rank}): the rank orders the report and never changes a verdict. What
 * the pairing leaves open, {@link weft.race.PreciseLayers} settles with what is left of one CPU-time budget: the
 * exhaustive exploration and the witness search of {@code weft.explore}, in rounds of growing effort, and the symbolic
 * bounded layer of {@code weft.bounded}, fed its candidates by {@link weft.race.BoundedCandidates}; {@link
 * weft.race.Prover} chooses whose proofs are accepted. The verdict is {@code TRUE} only when every analysis was
 * complete and no pair remains, or a precise layer proved race freedom; {@code FALSE} only with a concrete witness;
 * otherwise {@code UNKNOWN} with the reason.
 *
 * <p>Builds on {@code weft.ir}, {@code weft.pointer}, {@code weft.thread}, {@code weft.access}, {@code weft.lock},
 * {@code weft.modular} (the walk and the whole-program facts it is given), {@code weft.model}, {@code weft.budget},
 * {@code weft.explore}, {@code weft.trace} (the witness of a confirmed race) and {@code weft.bounded} (with {@code
 * weft.bounded.bmc} and {@code weft.bounded.seq}), and on its own {@code weft.race.rules}, which in turn reads only
 * {@link weft.race.pair.Access}, {@link weft.race.pair.ExclusionRule} and {@link weft.race.pair.RaceContext} from here.
 * It is used by {@code weft.cli} and {@code weft.report}, and must not import either of them.
 */
package weft.race;
