/**
 * Reports of an analysis result: the report model, the user's suppressions and the verdict after them, and the
 * output formats that render it (text, JSON, SARIF and a static HTML page).
 *
 * <p>Open first: {@link weft.report.ReportBuilder} turns an analysis result into the immutable
 * {@link weft.report.Report} model (the confirmed race first, possible races once per pair of locations,
 * suppressions applied, the verdict decided after them); {@link weft.report.Suppressions} are the races declared
 * acceptable (by line, variable or inline comment); {@link weft.report.TextReport}, {@link weft.report.JsonReport},
 * {@link weft.report.SarifReport} and {@link weft.report.HtmlReport} render a report, with source excerpts from
 * {@link weft.report.SourceFiles}.
 *
 * <p>Builds on {@code weft.race} (the analysis result, races and excluded pairs), {@code weft.trace} (the witness of a
 * confirmed race), {@code weft.pointer} (memory objects), {@code weft.thread}, {@code weft.lock}, {@code weft.model}
 * and {@code weft.ir}, besides Jackson. It is used by {@code weft.cli} and {@code weft.config} (which reads
 * suppressions from {@code weft.yml}), and must not import either of them.
 */
package weft.report;
