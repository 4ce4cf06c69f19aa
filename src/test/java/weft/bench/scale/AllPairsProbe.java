package weft.bench.scale;

import weft.frontend.Frontend;
import weft.frontend.FrontendOptions;
import weft.ir.DataModel;
import weft.ir.Program;
import weft.race.AnalysisOptions;
import weft.race.AnalysisResult;
import weft.race.RaceAnalysis;
import weft.race.RacePair;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Prints every possible race the thread-modular layer keeps for a C file, without the confirmation
 * search and without the report's limit of 50 pairs: one {@code PAIR line1 line2 object} per distinct
 * pair of source lines, then {@code VERDICT} and {@code REASON}. {@link ScaleBench} uses it to judge
 * which planted races are found and which reports are extra, because {@code weft check} shows only
 * the confirmed race when it finds one and at most 50 possible ones otherwise.
 */
public final class AllPairsProbe {
    private AllPairsProbe() {
    }

    public static void main(String[] args) throws Exception {
        Program program = new Frontend(FrontendOptions.defaults(DataModel.LP64)).load(List.of(Path.of(args[0])));
        AnalysisOptions d = AnalysisOptions.defaults();
        AnalysisResult r = new RaceAnalysis(new AnalysisOptions(d.maxThreads(), 1_000_000, false, 0)).run(program);
        Set<String> seen = new TreeSet<>();
        for (RacePair p : r.races()) {
            int a = p.first().loc().line();
            int b = p.second().loc().line();
            seen.add("PAIR " + Math.min(a, b) + " " + Math.max(a, b) + " " + p.first().access().what().replace(' ', '_'));
        }
        seen.forEach(System.out::println);
        System.out.println("VERDICT " + r.verdict());
        System.out.println("REASON " + r.reason());
    }
}
