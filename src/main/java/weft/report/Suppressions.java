package weft.report;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Which races the user has declared acceptable: by source line ({@code file:line}, matching either
 * access; the file matches by trailing path components), by variable name, and by an inline
 * {@value #MARKER} comment on the line of either access or alone on the line above it.
 *
 * @param lines     suppressed source lines
 * @param variables suppressed variable names (matched against the race's object and accessed lvalues)
 */
public record Suppressions(List<Line> lines, List<Variable> variables) {
    /** The inline comment marker. */
    public static final String MARKER = "weft:ignore-race";

    /** Only inline comments. */
    public static final Suppressions NONE = new Suppressions(List.of(), List.of());

    public Suppressions {
        lines = List.copyOf(lines);
        variables = List.copyOf(variables);
    }

    /** A suppressed line; {@code origin} says where it was declared, e.g. {@code weft.yml:12}. */
    public record Line(String file, int line, String origin) {}

    /** A suppressed variable; {@code origin} says where it was declared. */
    public record Variable(String name, String origin) {}

    /** Why {@code race} is suppressed, if it is. */
    public Optional<String> match(Report.Race race, SourceFiles sources) {
        for (Report.Side s : List.of(race.first(), race.second())) {
            String inline = inline(s, sources);
            if (inline != null) return Optional.of(inline);
        }
        for (Line l : lines) {
            for (Report.Side s : List.of(race.first(), race.second())) {
                if (s.loc().line() == l.line() && sameFile(s.loc().file(), l.file())) {
                    return Optional.of(l.file() + ":" + l.line() + " (" + l.origin() + ")");
                }
            }
        }
        for (Variable v : variables) {
            if (v.name().equals(race.variable()) || names(race.first(), v.name()) || names(race.second(), v.name())) {
                return Optional.of("variable " + v.name() + " (" + v.origin() + ")");
            }
        }
        return Optional.empty();
    }

    private static String inline(Report.Side s, SourceFiles sources) {
        int line = s.loc().line();
        if (sources.line(s.loc().file(), line).filter(t -> t.contains(MARKER)).isPresent()) {
            return MARKER + " comment at " + s.loc().file() + ":" + line;
        }
        Optional<String> above = sources.line(s.loc().file(), line - 1);
        if (above.isPresent() && above.get().contains(MARKER) && isCommentOnly(above.get())) {
            return MARKER + " comment at " + s.loc().file() + ":" + (line - 1);
        }
        return null;
    }

    private static boolean isCommentOnly(String line) {
        String t = line.strip();
        return t.startsWith("//") || t.startsWith("/*") || t.startsWith("*");
    }

    /** Whether the accessed lvalue is the variable or starts with it ({@code s.f}, {@code s[i]}, {@code s->f}). */
    private static boolean names(Report.Side s, String name) {
        String w = s.what();
        if (w == null || !w.startsWith(name)) return false;
        if (w.length() == name.length()) return true;
        char c = w.charAt(name.length());
        return c == '.' || c == '[' || c == '-';
    }

    /** Whether {@code actual} names the file {@code wanted} (equal, or ending with its path components). */
    static boolean sameFile(String actual, String wanted) {
        if (actual.equals(wanted)) return true;
        try {
            Path a = Path.of(actual).normalize();
            Path w = Path.of(wanted).normalize();
            return a.endsWith(w) || (a.isAbsolute() && w.isAbsolute() && a.equals(w));
        } catch (java.nio.file.InvalidPathException e) {
            return false;
        }
    }
}
