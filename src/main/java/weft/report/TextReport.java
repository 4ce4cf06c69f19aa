package weft.report;

import weft.explore.RaceWitness;
import weft.explore.Step;
import weft.race.Access;
import weft.race.AnalysisResult;
import weft.race.RacePair;

import java.io.PrintStream;
import java.util.HashSet;
import java.util.Set;

/**
 * Human-readable report in the shape compilers and sanitizers use: one {@code warning:} per race with
 * {@code note:} lines for the other access, the locks held, and the interleaving when confirmed; then
 * a summary line with the verdict.
 */
public final class TextReport {
    private TextReport() {}

    public static void print(AnalysisResult r, PrintStream out) {
        if (r.witness().isPresent()) {
            printWitness(r.witness().get(), out);
        } else {
            Set<String> seen = new HashSet<>();
            for (RacePair p : r.races()) {
                String key = p.first().loc() + "|" + p.second().loc();
                if (!seen.add(key)) continue;
                printPair(p, out);
            }
        }
        out.println(summary(r));
    }

    private static void printPair(RacePair p, PrintStream out) {
        Access a = p.first();
        Access b = p.second();
        out.println(a.loc() + ": warning: possible data race on '" + a.access().what() + "': " + kind(a) + " in thread "
                + a.thread().displayName() + " and " + kind(b) + " in thread " + b.thread().displayName());
        out.println(b.loc() + ": note: " + kind(b) + " of '" + b.access().what() + "' in thread " + b.thread().displayName());
        out.println(a.loc() + ": note: locks held: " + locks(a) + " / " + locks(b));
    }

    private static void printWitness(RaceWitness w, PrintStream out) {
        var a = w.first();
        var b = w.second();
        out.println(a.loc() + ": warning: data race on '" + a.object() + "': " + (a.write() ? "write" : "read") + " in thread "
                + a.threadName() + " and " + (b.write() ? "write" : "read") + " in thread " + b.threadName());
        out.println(b.loc() + ": note: " + b.what() + " in thread " + b.threadName());
        out.println(a.loc() + ": note: interleaving that reaches both accesses (" + w.schedule().size() + " steps):");
        int from = Math.max(0, w.schedule().size() - 12);
        if (from > 0) out.println("    ... " + from + " earlier steps");
        for (int i = from; i < w.schedule().size(); i++) {
            Step s = w.schedule().get(i);
            out.println("    [" + s.threadName() + "] " + s.loc().shortString() + "  " + s.statement());
        }
    }

    private static String kind(Access a) {
        return (a.isAtomic() ? "atomic " : "") + (a.isWrite() ? "write" : "read");
    }

    private static String locks(Access a) {
        var held = a.state().locks().must();
        String s = held.isEmpty() ? "none" : held.toString();
        return a.state().inAtomicSection() ? s + " +atomic section" : s;
    }

    public static String summary(AnalysisResult r) {
        return switch (r.verdict()) {
            case TRUE -> "weft: race-free (" + r.stats().accesses() + " shared accesses in " + r.stats().threads() + " threads, all pairs excluded)";
            case FALSE -> "weft: data race found";
            case UNKNOWN -> "weft: unknown: " + r.reason();
        };
    }
}
