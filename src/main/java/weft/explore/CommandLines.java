package weft.explore;

import weft.ir.Edge;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.Lvalue;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.ir.Variable;
import weft.model.StringLiteralText;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The command lines the witness search ({@link Search}) may start {@code main} with (issue 35: main's arguments are
 * inputs). The first is the closed one every run had before ({@code argc} 1, {@code argv} = {"prog"}); the others are
 * built from what the program shows about its arguments: for each option string it passes as a literal to
 * {@code getopt}, every option that takes an argument given a small number ("2", then "4"; then each in turn "16"),
 * alone and together with each flag; then a few positional numbers (a port, a thread count, a directory). The search picks one like any input
 * (a choice recorded in the witness under {@link weft.trace.RaceWitness#COMMAND_LINE}; the reproducer starts the
 * program with it).
 *
 * <p>A feedback search ({@link #extensions}, {@link Progress}: {@code Search}) builds one more: starting from the closed
 * line, it adds the option (with one of a few typical {@link #VALUES}) that takes a default run furthest (more lines of
 * the candidate races executed, more threads started, more program points executed), round after round, so that a tool that insists on an address range
 * and an e-mail address before it starts its threads is started with both; the line found goes first.
 *
 * <p>Must side only: any string is a possible argument, so a run started with one of these is a real run of the
 * program; which ones are tried is a heuristic. The exhaustive exploration does not enumerate arguments: a proof
 * stops when {@code main} names them (a closed variant keeps the first command line).
 */
final class CommandLines {
    static final int MAX = 16;
    private static final String PROG = "prog";

    private CommandLines() {
    }

    /** The command lines for {@code program}, the closed one first; only it when {@code main} names no argument. */
    static List<List<String>> of(Program program) {
        Set<List<String>> out = new LinkedHashSet<>();
        out.add(List.of(PROG));
        Function main = program.function("main");
        if (main == null || weft.ir.MainArguments.named(main).size() < 2) return List.copyOf(out);
        for (String optstring : getoptStrings(program)) {
            List<Character> withArg = new ArrayList<>();
            List<Character> flags = new ArrayList<>();
            options(optstring, withArg, flags);
            for (String value : List.of("2", "4")) out.add(line(withArg, value, null));
            // each option in turn larger than the others (a size above a threshold another option sets)
            for (char big : withArg) out.add(line(withArg, "2", null, big, "16"));
            for (char f : flags) out.add(line(withArg, "2", f));
        }
        out.addAll(POSITIONAL);
        List<List<String>> list = new ArrayList<>(out);
        return List.copyOf(list.subList(0, Math.min(MAX, list.size())));
    }

    /**
     * Option values a feedback search tries (data, not code): small numbers, a larger one, the shapes real tools take
     * (an address, an e-mail address, a host name, a directory, a port).
     */
    static final List<String> VALUES = List.of("2", "16", "127.0.0.1", "a@b.c", "localhost", ".", "8080");

    /** Rounds of the feedback search: options added one at a time, at most this many. */
    static final int MAX_ROUNDS = 6;

    /**
     * How far a run started with a command line got: how many of the candidate races' access lines it executed (the
     * search's targets), then whether it stayed below the probe's thread limit, then how many threads it started (main
     * included), then how many program points it executed; the larger the further. A line that fills the thread limit
     * ranks below every line that does not with as many sites: a run that creates more threads than the search allows is
     * abandoned, so a search started with that line (pfscan's {@code -n 8080}: 8,080 workers) reaches nothing, however
     * many threads its probe started. Must side only: which line goes first is a heuristic.
     */
    record Progress(int sites, boolean belowLimit, int threads, int points) implements Comparable<Progress> {
        @Override
        public int compareTo(Progress o) {
            if (sites != o.sites) return Integer.compare(sites, o.sites);
            if (belowLimit != o.belowLimit) return Boolean.compare(belowLimit, o.belowLimit);
            return threads != o.threads ? Integer.compare(threads, o.threads) : Integer.compare(points, o.points);
        }
    }

    /**
     * The command lines one step from {@code line} for the feedback search ({@link Search}): {@code line} with one more
     * option of the program's {@code getopt} strings that it does not give yet, with each of {@link #VALUES} when the
     * option takes an argument, or one more flag, or with another of the values for an option it gives; from the
     * closed line also the positional lines of {@link #of}. In a fixed order.
     */
    static List<List<String>> extensions(Program program, List<String> line) {
        List<List<Character>> withArgs = new ArrayList<>();
        List<List<Character>> flagLists = new ArrayList<>();
        for (String optstring : getoptStrings(program)) {
            List<Character> withArg = new ArrayList<>();
            List<Character> flags = new ArrayList<>();
            options(optstring, withArg, flags);
            withArgs.add(withArg);
            flagLists.add(flags);
        }
        Set<List<String>> out = new LinkedHashSet<>();
        for (int k = 0; k < withArgs.size(); k++) {
            for (char o : withArgs.get(k)) {
                if (line.contains("-" + o)) continue;
                for (String v : VALUES) out.add(with(line, "-" + o, v));
            }
            for (char f : flagLists.get(k)) if (!line.contains("-" + f)) out.add(with(line, "-" + f));
        }
        // then an option given already with each other value in its place
        for (List<Character> withArg : withArgs) {
            for (char o : withArg) {
                int at = line.indexOf("-" + o);
                if (at < 0 || at + 1 >= line.size()) continue;
                for (String v : VALUES) {
                    if (v.equals(line.get(at + 1))) continue;
                    List<String> l = new ArrayList<>(line);
                    l.set(at + 1, v);
                    out.add(List.copyOf(l));
                }
            }
        }
        if (line.size() == 1) {
            for (List<String> l : of(program)) if (l.size() > 1 && !l.get(1).startsWith("-")) out.add(l);
        }
        return List.copyOf(out);
    }

    /** {@code line} followed by {@code words}. */
    /** Lines of positional arguments only (a count; two counts; a pattern, a count and a directory). */
    static final List<List<String>> POSITIONAL = List.of(List.of(PROG, "1"), List.of(PROG, "4", "2"), List.of(PROG, "8080", "2", "."));

    /**
     * {@code line} with {@code words} (an option and its value) first, right after the program's name: before the
     * positional arguments, where a parser written by hand looks for options (it stops at the first word that is not
     * one; {@code getopt} permutes, so the place does not matter to it).
     */
    private static List<String> with(List<String> line, String... words) {
        List<String> l = new ArrayList<>(line);
        l.addAll(Math.min(1, l.size()), List.of(words));
        return List.copyOf(l);
    }

    private static List<String> line(List<Character> withArg, String value, Character flag) {
        return line(withArg, value, flag, null, null);
    }

    /** {@code prog [-flag] -a value -b value ...}, option {@code big} given {@code bigValue} instead. */
    private static List<String> line(List<Character> withArg, String value, Character flag, Character big, String bigValue) {
        List<String> l = new ArrayList<>();
        l.add(PROG);
        if (flag != null) l.add("-" + flag);
        for (char c : withArg) {
            l.add("-" + c);
            l.add(big != null && c == big ? bigValue : value);
        }
        return List.copyOf(l);
    }

    /** The options of a {@code getopt} option string: those taking an argument ({@code c:}) and flags ({@code c}, {@code c::}). */
    static void options(String optstring, List<Character> withArg, List<Character> flags) {
        int i = 0;
        while (i < optstring.length() && (optstring.charAt(i) == '+' || optstring.charAt(i) == '-' || optstring.charAt(i) == ':')) i++;
        for (; i < optstring.length(); i++) {
            char c = optstring.charAt(i);
            if (!Character.isLetterOrDigit(c)) continue;
            boolean arg = i + 1 < optstring.length() && optstring.charAt(i + 1) == ':';
            boolean optional = arg && i + 2 < optstring.length() && optstring.charAt(i + 2) == ':';
            if (arg && !optional) withArg.add(c);
            else flags.add(c);
        }
    }

    /**
     * The option strings the program passes to {@code getopt} (and its long forms) as string literals; without a
     * {@code getopt} call, the options of a parser written by hand: the letters {@code main} compares a value with
     * ({@code switch (argv[i][j]) { case 'v': ... }}), taken as flags (a heuristic: only which lines are tried depends
     * on it; an option that takes a value then gets none, and the feedback search still tries each).
     */
    private static List<String> getoptStrings(Program program) {
        Set<String> out = new LinkedHashSet<>();
        for (Function f : program.functions().values()) {
            for (Edge e : f.cfg().edges()) {
                if (!(e.stmt() instanceof Stmt.Call c) || c.directName() == null || !c.directName().startsWith("getopt")) continue;
                if (c.args().size() < 3) continue;
                String s = literal(program, c.args().get(2));
                if (s != null) out.add(s);
            }
        }
        Function main = program.function("main");
        if (out.isEmpty() && main != null) {
            StringBuilder letters = new StringBuilder();
            for (long ch : weft.ir.Comparisons.equalityConstants(main, 'A', 'z')) {
                if (Character.isLetter((char) ch)) letters.append((char) ch);
            }
            if (letters.length() > 0) out.add(letters.toString());
        }
        return List.copyOf(out);
    }

    private static String literal(Program program, Expr e) {
        while (e instanceof Expr.Cast cast) e = cast.operand();
        if (e instanceof Expr.AddrOf a && a.lvalue() instanceof Lvalue.Index ix && ix.base() instanceof Lvalue.Var v
                && v.variable().kind() == Variable.Kind.STRING) {
            byte[] b = StringLiteralText.bytes(program.stringText(v.variable()));
            return b == null ? null : new String(b, java.nio.charset.StandardCharsets.ISO_8859_1);
        }
        return null;
    }
}
