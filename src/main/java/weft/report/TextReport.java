package weft.report;

import weft.ir.SourceLoc;

import java.io.BufferedWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.Writer;
import java.util.List;
import java.util.Optional;

/**
 * The default, human-readable report in the shape compilers and sanitizers use: per race a
 * {@code file:line:col: warning:} line with {@code note:} lines for the second access, the locks each
 * side holds, where the threads were created and (when confirmed) the interleaving, each access with its
 * source line and a caret; suppressed races in one note each; with {@code --explain}, why every other
 * pair cannot race; and a final summary line with the verdict and counts. A report of more than {@link #MAX_DETAILED}
 * races leads instead with where they are (objects, best-ranked and most first, each with its first places), shows
 * the best-ranked {@link #MAX_DETAILED} in detail and says how many more there are. ANSI colour only when asked
 * (the command line asks only when stdout is a terminal).
 */
public final class TextReport {
    /** Steps of an interleaving shown at most (the last ones; JSON, SARIF and HTML have all). */
    static final int MAX_STEPS = 25;
    /**
     * Races shown in detail at most: a longer report leads with where the races are (objects, most and best-ranked
     * first) and shows the best-ranked races in detail (JSON, SARIF and HTML have all).
     */
    static final int MAX_DETAILED = 20;
    /** Objects and places per object in the leading summary of a long report. */
    static final int MAX_OBJECTS = 15;
    static final int MAX_PLACES = 4;

    /**
     * @param colour  use ANSI colours
     * @param explain print the explanation section
     */
    public record Options(boolean colour, boolean explain) {
        public static Options plain() {
            return new Options(false, false);
        }
    }

    private final Options options;
    private final SourceFiles sources;

    public TextReport(Options options, SourceFiles sources) {
        this.options = options;
        this.sources = sources;
    }

    /**
     * Prints the report on {@code stream}. The text is formed in a buffer and handed to the stream in large chunks: a
     * report of many races is never held whole, and an auto-flushing {@code System.out} does not make a system call
     * per line. The stream's own charset encodes it.
     */
    public void print(Report r, PrintStream stream) {
        Writer chunks = new Writer() {
            @Override
            public void write(char[] c, int off, int len) {
                stream.print(new String(c, off, len));
            }

            @Override
            public void flush() {
                stream.flush();
            }

            @Override
            public void close() {
            }
        };
        PrintWriter out = new PrintWriter(new BufferedWriter(chunks, 1 << 16), false);
        print(r, out);
        out.flush();
    }

    private void print(Report r, PrintWriter out) {
        long shown = r.races().stream().filter(x -> !x.suppressed()).count();
        boolean flood = shown > MAX_DETAILED;
        if (flood) printLeadingSummary(r, shown, out);
        int printed = 0;
        for (Report.Race race : r.races()) {
            if (race.suppressed()) continue;
            if (flood && printed == MAX_DETAILED) break;
            printRace(race, out);
            printed++;
        }
        if (flood) {
            out.println("weft: " + (shown - printed) + " more race" + (shown - printed == 1 ? "" : "s")
                    + " not shown in detail (ranked below these; every race is in --format json, sarif and html)");
        }
        for (Report.Race race : r.races()) {
            if (race.suppressed()) {
                out.println(head(race.first().loc(), "note") + "suppressed " + rankWord(race)
                        + "data race on '" + race.variable() + "' with " + race.second().loc() + ": " + race.suppressedBy());
            }
        }
        if (options.explain()) printExplanation(r, out);
        printCallGaps(r, out);
        if (!flood) printObjects(r, out);
        if (!r.witnessFiles().isEmpty()) {
            out.println("weft: violation witness written to " + String.join(" and ", r.witnessFiles())
                    + " (check it with: weft check --validate-witness " + r.witnessFiles().get(0) + " PROGRAM)");
        }
        if (r.reproducer() != null) {
            out.println("weft: reproducer written to " + r.reproducer() + " (run it with: sh " + r.reproducer() + "/build.sh && "
                    + r.reproducer() + "/reproducer; ThreadSanitizer reports the race)");
        }
        out.println(summary(r));
    }

    /** Unknown external functions and calls with no known target, each with all its call sites. */
    private void printCallGaps(Report r, PrintWriter out) {
        for (String kind : List.of("unknown-function", "unresolved-call")) {
            List<Report.CallGaps> gs = r.calls().stream().filter(g -> g.kind().equals(kind)).toList();
            if (gs.isEmpty()) continue;
            out.println(kind.equals("unknown-function")
                    ? "weft: unknown external functions (neither defined nor in the library table; assumed to read and write all memory they may reach):"
                    : "weft: calls through function pointers with no known target (not followed):");
            for (Report.CallGaps g : gs) {
                StringBuilder sb = new StringBuilder("  ").append(g.name()).append(": ");
                for (int i = 0; i < g.sites().size(); i++) {
                    Report.CallSite c = g.sites().get(i);
                    sb.append(i == 0 ? "" : ", ").append(c.loc()).append(c.function() != null ? " in " + c.function() + "()" : "");
                }
                out.println(sb);
            }
        }
    }

    /**
     * The head of a long report: how many races on how many objects, then the objects with confirmed races first,
     * then certain ones, then most races, each with its counts per rank and its first places, so that a report of
     * tens of thousands of races says on one screen where to look.
     */
    private void printLeadingSummary(Report r, long shown, PrintWriter out) {
        List<Report.ObjectSummary> objects = new java.util.ArrayList<>(r.objects());
        objects.removeIf(o -> o.races() == 0);
        objects.sort(Report.ObjectSummary.WHERE_TO_LOOK);
        out.println("weft: " + shown + (r.figures().truncated() ? "+" : "") + " races on " + objects.size() + " object"
                + (objects.size() == 1 ? "" : "s") + "; where to look first (confirmed / certain / possible races, places):");
        for (int i = 0; i < Math.min(MAX_OBJECTS, objects.size()); i++) {
            Report.ObjectSummary o = objects.get(i);
            StringBuilder sb = new StringBuilder("  ").append(o.object()).append(": ").append(o.confirmed()).append(" / ")
                    .append(o.certain()).append(" / ").append(o.possible()).append(" at ");
            List<SourceLoc> places = o.locations();
            for (int k = 0; k < Math.min(MAX_PLACES, places.size()); k++) sb.append(k == 0 ? "" : ", ").append(places.get(k));
            if (places.size() > MAX_PLACES) sb.append(" and ").append(places.size() - MAX_PLACES).append(" more places");
            out.println(sb);
        }
        if (objects.size() > MAX_OBJECTS) {
            int rest = 0;
            for (int i = MAX_OBJECTS; i < objects.size(); i++) rest += objects.get(i).races();
            out.println("  and " + (objects.size() - MAX_OBJECTS) + " more objects with " + rest + " races");
        }
        out.println("weft: the " + MAX_DETAILED + " best-ranked races in detail:");
    }

    /** The per-object summary: races per rank and their locations. */
    private void printObjects(Report r, PrintWriter out) {
        if (r.objects().isEmpty()) return;
        out.println("weft: races per object (confirmed / certain / possible" + (r.figures().suppressed() > 0 ? " / suppressed" : "") + "):");
        for (Report.ObjectSummary o : r.objects()) {
            StringBuilder sb = new StringBuilder("  ").append(o.object()).append(": ").append(o.confirmed()).append(" / ")
                    .append(o.certain()).append(" / ").append(o.possible());
            if (r.figures().suppressed() > 0) sb.append(" / ").append(o.suppressed());
            sb.append(" at ");
            for (int i = 0; i < o.locations().size(); i++) sb.append(i == 0 ? "" : ", ").append(o.locations().get(i));
            out.println(sb);
        }
    }

    private void printRace(Report.Race race, PrintWriter out) {
        Report.Side a = race.first();
        Report.Side b = race.second();
        boolean sameThread = a.thread().equals(b.thread());
        out.println(head(a.loc(), "warning") + bold(rankWord(race) + "data race on '" + race.variable() + "'"
                + (race.object().equals(race.variable()) ? "" : " (object " + race.object() + ")") + ": " + a.kind() + " in thread " + thread(a.thread()) + " and " + b.kind() + " in "
                + (sameThread ? "another instance of that thread" : "thread " + thread(b.thread()))));
        excerpt(a.loc(), out);
        out.println(head(b.loc(), "note") + access(b) + (b.function() != null ? " in " + b.function() + "()" : "")
                + " in " + (sameThread ? "another instance of " : "") + "thread " + thread(b.thread()));
        excerpt(b.loc(), out);
        out.println(head(a.loc(), "note") + "locks held: " + locks(a) + " in thread " + a.thread().name() + "; " + locks(b)
                + " in thread " + b.thread().name() + (commonLockFree(a, b) ? "" : " (read locks only)"));
        SourceLoc createdA = a.thread().createdAt();
        SourceLoc createdB = b.thread().createdAt();
        if (createdA != null) out.println(head(createdA, "note") + "thread " + a.thread().name() + " created here");
        if (createdB != null && !(createdB.equals(createdA) && a.thread().name().equals(b.thread().name()))) {
            out.println(head(createdB, "note") + "thread " + b.thread().name() + " created here");
        }
        if (race.accessPairs() > 1) {
            out.println(head(a.loc(), "note") + "merges " + race.accessPairs() + " racing pairs of accesses at these lines (calling contexts, "
                    + "thread instances, access kinds, objects) in " + race.threadPairs() + " pair" + (race.threadPairs() == 1 ? "" : "s") + " of threads");
        }
        if (race.objects().size() > 1) {
            out.println(head(a.loc(), "note") + "the accesses may also race on " + String.join(", ", race.objects().subList(1, race.objects().size())));
        }
        if (race.confirmed()) {
            printInterleaving(race, out);
        } else if (race.rank() == weft.race.Rank.CERTAIN) {
            out.println(head(a.loc(), "note") + "certain, not confirmed: both accesses are reached, the threads run in parallel, "
                    + "no lock may be held in common and they touch the same bytes of one object; no interleaving was found");
        } else {
            out.println(head(a.loc(), "note") + "not confirmed: no interleaving reaching both accesses was found");
        }
    }

    private static String rankWord(Report.Race race) {
        return switch (race.rank()) {
            case CONFIRMED -> "";
            case CERTAIN -> "certain ";
            case POSSIBLE -> "possible ";
        };
    }

    private void printInterleaving(Report.Race race, PrintWriter out) {
        List<Report.Step> all = race.interleaving();
        // declarations, no-ops and copies into compiler temporaries are folded (numbers keep their place)
        List<Report.Step> steps = all.stream().filter(s -> !s.internal()).toList();
        int folded = all.size() - steps.size();
        out.println(head(race.first().loc(), "note") + "interleaving that reaches both accesses (" + all.size() + " steps"
                + (folded > 0 ? ", " + folded + " declarations and compiler temporaries not shown" : "") + "):");
        int from = Math.max(0, steps.size() - MAX_STEPS);
        if (from > 0) out.println("    ... " + from + " earlier steps (all in --format json, sarif or --html)");
        int width = 0;
        int locWidth = 0;
        for (Report.Step s : steps.subList(from, steps.size())) {
            width = Math.max(width, s.thread().length());
            locWidth = Math.max(locWidth, stepLoc(s).length());
        }
        for (Report.Step s : steps.subList(from, steps.size())) {
            out.printf("    %4d  %-" + (width + 2) + "s %-" + locWidth + "s  %s%n", s.index(), "[" + s.thread() + "]", stepLoc(s), s.statement());
        }
        Report.Side a = race.first();
        Report.Side b = race.second();
        out.println("    then " + a.thread().name() + " is about to " + verb(a) + " " + a.what() + " (" + a.loc().shortString()
                + ") and " + b.thread().name() + " to " + verb(b) + " " + b.what() + " (" + b.loc().shortString() + ")");
        if (!race.environment().isEmpty()) {
            out.println(head(race.first().loc(), "note") + "the interleaving assumes these inputs:");
            for (String x : race.environment()) out.println("    " + x);
        }
    }

    private static String stepLoc(Report.Step s) {
        return s.loc().equals(SourceLoc.NONE) ? "-" : s.loc().shortString();
    }

    private void printExplanation(Report r, PrintWriter out) {
        if (r.explanation().isEmpty()) {
            out.println("weft: explain: no excluded pair of accesses to shared memory");
            return;
        }
        out.println("weft: explain: why these pairs of accesses cannot race:");
        for (Report.Explanation e : r.explanation()) {
            out.println("  '" + e.variable() + "' (" + e.pairs().size() + (e.pairs().size() == 1 ? " pair" : " pairs") + "):");
            for (Report.Excluded x : e.pairs()) {
                out.println("    " + ref(x.first()) + "  vs  " + ref(x.second()) + ": " + x.reason() + " [" + x.rule() + "]");
            }
        }
    }

    private static String access(Report.Side s) {
        return s.kind() + " of '" + s.what() + "'" + (s.via() != null ? " (" + s.via() + ")" : "");
    }

    private static String ref(Report.AccessRef a) {
        return a.loc().shortString() + " " + a.kind() + " in " + a.thread();
    }

    private static String verb(Report.Side s) {
        return s.write() ? "write" : "read";
    }

    private static boolean commonLockFree(Report.Side a, Report.Side b) {
        for (String l : a.locks()) if (Report.Side.exclusive(l) && b.locks().contains(l)) return false;
        return true;
    }

    private static String thread(Report.ThreadRef t) {
        return t.name() + (t.createdAt() != null ? " (created at " + t.createdAt() + ")" : "");
    }

    private static String locks(Report.Side s) {
        String l = s.locks().isEmpty() ? "none" : String.join(", ", s.locks());
        return s.atomicSection() ? l + " (in an atomic section)" : l;
    }

    /** Source line with a caret under the column, gcc-style. */
    private void excerpt(SourceLoc loc, PrintWriter out) {
        Optional<String> line = sources.line(loc.file(), loc.line());
        if (line.isEmpty()) return;
        String text = line.get();
        String gutter = String.format("%5d | ", loc.line());
        out.println(gutter + text);
        StringBuilder caret = new StringBuilder();
        for (int i = 0; i < Math.min(Math.max(loc.col() - 1, 0), text.length()); i++) caret.append(text.charAt(i) == '\t' ? '\t' : ' ');
        out.println("      | " + colour("1;32", caret + "^"));
    }

    private String head(SourceLoc loc, String severity) {
        String code = severity.equals("warning") ? "1;35" : severity.equals("error") ? "1;31" : "1;36";
        return bold(loc + ":") + " " + colour(code, severity + ":") + " ";
    }

    private String bold(String s) {
        return colour("1", s);
    }

    private String colour(String code, String s) {
        return options.colour() ? "\u001b[" + code + "m" + s + "\u001b[0m" : s;
    }

    /** The final line: verdict and counts. */
    public String summary(Report r) {
        Report.Figures f = r.figures();
        String sup = f.suppressed() == 0 ? "" : ", " + f.suppressed() + " suppressed";
        String where = f.threads() + (f.threads() == 1 ? " thread" : " threads") + ", " + f.accesses() + " shared accesses";
        return switch (r.status()) {
            case RACE_FREE -> colour("1;32", "weft: race-free") + (f.suppressed() == 0
                    ? " (" + f.accesses() + " shared accesses in " + f.threads() + (f.threads() == 1 ? " thread" : " threads") + ", all pairs excluded)"
                    : " apart from " + f.suppressed() + " suppressed race" + (f.suppressed() == 1 ? "" : "s") + " (" + where + ")");
            case RACE -> colour("1;31", "weft: data race found") + ": " + f.confirmed() + " confirmed, " + f.possible()
                    + (f.truncated() ? "+" : "") + " possible" + (f.certain() > 0 ? " (" + f.certain() + " certain)" : "") + sup + " ("
                    + (f.truncated() ? "more races may exist, " : "") + where + ")";
            case UNKNOWN -> colour("1;33", "weft: unknown") + ": " + r.reason() + " (" + (f.truncated() ? "more races may exist, " : "")
                    + where + sup + ")";
        };
    }
}
