/**
 * {@code weft bench}: runs SV-COMP task definitions, each as a fresh {@code weft check} process under
 * time and memory limits, and scores, stores, compares and plots the results.
 *
 * <p>One concern per file: {@link weft.bench.TaskParser} reads a task definition,
 * {@link weft.bench.TaskSelection} collects tasks from files, directories and list files,
 * {@link weft.bench.ChildProcess} runs and measures one process, {@link weft.bench.TaskRunner} turns a
 * task into a run and its output into a {@link weft.bench.TaskResult}, {@link weft.bench.Bench} runs
 * many in parallel, {@link weft.bench.Summary} scores, {@link weft.bench.ResultsTsv} and
 * {@link weft.bench.ResultsJson} store, {@link weft.bench.Comparison} compares and
 * {@link weft.bench.QuantilePlot} draws.
 */
package weft.bench;
