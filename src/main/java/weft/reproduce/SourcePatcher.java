package weft.reproduce;

import weft.ir.SourceLoc;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The program's source for the harness: the original text with a call {@code __weft_race_point(L);} inserted before
 * each racing statement, and {@code __weft_race_after(L);} at the start of the next statement's line where a call may
 * go there ({@link #after}), on the same physical lines (no line is added or removed, so every line keeps its number),
 * after two leading lines (the point's prototype and {@code #line 1 "ORIGINAL"}, or the line marker {@code # 1 "ORIGINAL"}
 * in a preprocessed file, so that compiler and
 * ThreadSanitizer name the original file and lines; a preprocessed {@code .i} file's own line markers then apply).
 *
 * <p>The call goes at the start of the statement's line, which is only correct when the line starts a statement in
 * a block. That is assumed when the line lies inside braces (a function body), the previous code line ends with {@code ;}, <code>{</code> or <code>}</code> or is a
 * preprocessor line, and the line itself does not start with <code>}</code>, {@code else}, {@code case},
 * {@code default}, {@code while} after <code>}</code> (a do-while) or {@code #}. A line that is the lone
 * simple statement of a control statement's body ({@code for (...)} on the line before, no braces) is made a block on
 * the same line, {@code { __weft_race_point(L); statement }} (see {@link #loneBodyEnd}); a line that opens an
 * {@code else} or {@code do} block and goes on with its statements takes the call after that brace
 * ({@link #blockOpened}). Otherwise no point is
 * inserted and the note says so (the race may still be reproduced: the points only make both accesses wait for each other).
 */
public final class SourcePatcher {
    private static final Pattern MARKER = Pattern.compile("\\s*#\\s*(?:line\\s+)?(\\d+)\\s+\"([^\"]*)\".*");
    private static final Pattern BAD_START = Pattern.compile("(\\}|else\\b|case\\b|default\\b|#).*", Pattern.DOTALL);

    /** The patched text, per racing access whether a point stands before its line, and per access without one, why. */
    public record Patched(String text, List<Boolean> pointed, List<String> notes) {
        public Patched {
            pointed = List.copyOf(pointed);
            notes = List.copyOf(notes);
        }
    }

    private SourcePatcher() {
    }

    /**
     * Inserts the race points of {@code accesses} (their locations and their lines as the plan gives them, 0: none) into
     * {@code source}, the text of the program file {@code originalPath}.
     */
    public static Patched patch(String source, String originalPath, boolean preprocessed, List<SourceLoc> accesses, int[] lines) {
        String[] phys = source.split("\n", -1);
        List<String> notes = new ArrayList<>();
        boolean[] done = new boolean[phys.length];
        List<Boolean> pointed = new ArrayList<>();
        for (int k = 0; k < accesses.size(); k++) {
            pointed.add(false);
            int line = lines[k];
            if (line <= 0) {
                notes.add("access " + (k + 1) + " (" + accesses.get(k) + ") is not in the program file: no race point");
                continue;
            }
            int p = preprocessed ? physicalLine(phys, originalPath, accesses.get(k), line) : line - 1;
            if (p < 0 || p >= phys.length) {
                notes.add("line " + line + " not found in the program file: no race point");
                continue;
            }
            if (done[p]) {
                pointed.set(k, true);
                continue;
            }
            String why = unsafe(phys, p);
            String text = phys[p];
            int indent = 0;
            while (indent < text.length() && Character.isWhitespace(text.charAt(indent))) indent++;
            int end = why == null ? -1 : loneBodyEnd(phys, p);
            int opened = why == null || end >= 0 ? -1 : blockOpened(phys, p);
            if (why != null && end < 0 && opened < 0) {
                notes.add("no race point before line " + line + ": " + why);
                continue;
            }
            String point = "__weft_race_point(" + line + "); ";
            phys[p] = why == null ? text.substring(0, indent) + point + text.substring(indent)
                    : end >= 0 ? text.substring(0, indent) + "{ " + point + text.substring(indent, end + 1) + " }" + text.substring(end + 1)
                    : text.substring(0, opened) + " " + point.strip() + (text.charAt(opened) == ' ' ? "" : " ") + text.substring(opened);
            done[p] = true;
            pointed.set(k, true);
            if (why == null) after(phys, p, line);
        }
        String quoted = "\"" + originalPath.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
        // a preprocessed file takes line markers only, not #line
        String header = "void __weft_race_point(int); void __weft_race_after(int); void __weft_atomic_enter(const char *); void __weft_atomic_exit(int *);\n"
                + (preprocessed ? "# 1 " : "#line 1 ") + quoted + "\n";
        return new Patched(header + atomicSections(String.join("\n", phys)), pointed, notes);
    }

    private static final Pattern ATOMIC_DEFINITION = Pattern.compile(
            "\\b(" + SchedulePlan.ATOMIC_PREFIX + "\\w+)\\s*\\([^;{}()]*(?:\\([^;{}()]*\\)[^;{}()]*)*\\)\\s*\\{");

    /**
     * The program's {@code __VERIFIER_atomic_*} functions made atomic sections: after the opening brace of each
     * definition, on the same line, a call that enters the section (a schedule point, then the runtime's global section
     * lock) and a variable whose cleanup (GCC's {@code cleanup} attribute, run on every exit of the body) leaves it.
     */
    static String atomicSections(String text) {
        Matcher m = ATOMIC_DEFINITION.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            if (m.group(1).equals("__VERIFIER_atomic_begin") || m.group(1).equals("__VERIFIER_atomic_end")) continue;
            m.appendReplacement(out, Matcher.quoteReplacement(m.group() + " __weft_atomic_enter(\"" + m.group(1)
                    + "\"); int __weft_section __attribute__((cleanup(__weft_atomic_exit))) = 0;"));
        }
        m.appendTail(out);
        return out.toString();
    }

    /**
     * The 0-based physical line of the preprocessed file {@code path} that its line markers (if any) map to
     * {@code line} of the access's file; -1 if none.
     */
    static int physicalLine(String[] phys, String path, SourceLoc access, int line) {
        String file = path;
        int current = 1;
        int fallback = -1;
        for (int i = 0; i < phys.length; i++) {
            Matcher m = MARKER.matcher(phys[i]);
            if (m.matches()) {
                file = m.group(2);
                current = Integer.parseInt(m.group(1));
                continue;
            }
            if (current == line && file != null) {
                if (file.equals(access.file())) return i;
                if (fallback < 0 && baseName(file).equals(baseName(access.file()))) fallback = i;
            }
            current++;
        }
        return fallback;
    }

    private static String baseName(String f) {
        int slash = f.lastIndexOf('/');
        return slash >= 0 ? f.substring(slash + 1) : f;
    }

    /**
     * After racing line {@code p} (its statement ending there), at the start of the next code line when a call may go
     * there: {@code __weft_race_after(L);}, where the racing thread that did its access first waits (bounded) for the
     * other's: its own later accesses of the object (a read after its write) would otherwise take the witnessed
     * access's place in TSan's shadow memory before the other thread's access is compared with it.
     */
    private static void after(String[] phys, int p, int line) {
        String here = code(phys[p]);
        if (here.isEmpty() || here.charAt(here.length() - 1) != ';') return;
        int q = p + 1;
        while (q < phys.length && code(phys[q]).isEmpty() && !phys[q].strip().startsWith("#")) q++;
        if (q >= phys.length || unsafe(phys, q) != null) return;
        String text = phys[q];
        int indent = 0;
        while (indent < text.length() && Character.isWhitespace(text.charAt(indent))) indent++;
        phys[q] = text.substring(0, indent) + "__weft_race_after(" + line + "); " + text.substring(indent);
    }

    /** Why a call may not go at the start of physical line {@code p}, or null. */
    static String unsafe(String[] phys, int p) {
        String here = phys[p].strip();
        if (here.isEmpty() || BAD_START.matcher(here).matches()) return "the line starts with '" + firstWord(here) + "'";
        if (depth(phys, p) <= 0) return "the line is outside a function body";
        for (int i = p - 1; i >= 0; i--) {
            String prev = code(phys[i]);
            if (prev.isEmpty()) continue;
            if (prev.startsWith("#")) return null;
            char last = prev.charAt(prev.length() - 1);
            if (here.startsWith("while") && last == '}') return "the line may end a do-while";
            if (last == ';' || last == '{' || last == '}') return null;
            return "the statement may continue the previous line";
        }
        return null;
    }

    private static final Pattern HEADER = Pattern.compile("(\\}\\s*)?(else\\s+)?(if|for|while)\\s*\\(.*\\)|(\\}\\s*)?else|do");
    private static final Pattern CONTROL_START = Pattern.compile("(if|for|while|do|switch|else|case|default)\\b.*", Pattern.DOTALL);

    /**
     * When physical line {@code p} is the whole body of the control statement whose header is the previous code line
     * ({@code if (c)}, {@code for (...)}, {@code while (c)}, {@code else}, {@code do}, the header's parentheses balanced
     * on that line) and holds exactly one simple statement ending on it (one {@code ;} outside parentheses, strings
     * and comments, at its end, no braces, no nested control statement): the index of that {@code ;}, so that the
     * statement may be made a block {@code { point; statement }} on the same line without changing what it does.
     * Otherwise -1.
     */
    static int loneBodyEnd(String[] phys, int p) {
        String here = phys[p].strip();
        if (here.isEmpty() || BAD_START.matcher(here).matches() || CONTROL_START.matcher(here).matches()) return -1;
        if (depth(phys, p) <= 0) return -1;
        String prev = "";
        for (int i = p - 1; i >= 0 && prev.isEmpty(); i--) prev = code(phys[i]);
        if (!HEADER.matcher(prev).matches() || !headerCloses(prev)) return -1;
        String l = phys[p];
        int paren = 0;
        int semi = -1;
        int last = -1;
        for (int j = 0; j < l.length(); j++) {
            char c = l.charAt(j);
            if (c == '/' && j + 1 < l.length() && l.charAt(j + 1) == '/') break;
            if (c == '/' && j + 1 < l.length() && l.charAt(j + 1) == '*') {
                int close = l.indexOf("*/", j + 2);
                if (close < 0) return -1;
                j = close + 1;
                continue;
            }
            if (!Character.isWhitespace(c)) last = j;
            if (c == '"' || c == '\'') {
                for (j++; j < l.length() && l.charAt(j) != c; j++) if (l.charAt(j) == '\\') j++;
                last = j;
            } else if (c == '(') {
                paren++;
            } else if (c == ')') {
                paren--;
            } else if (c == '{' || c == '}') {
                return -1;
            } else if (c == ';' && paren == 0) {
                if (semi >= 0) return -1;
                semi = j;
            }
        }
        return semi >= 0 && semi == last && paren == 0 ? semi : -1;
    }

    private static final Pattern BLOCK_OPENER = Pattern.compile("\\s*(?:\\}\\s*)?(?:else|do)\\s*\\{");

    /**
     * When physical line {@code p}, inside a function body, starts with a block's opening that holds no expression
     * (<code>else {</code>, <code>} else {</code>, <code>do {</code>) and the block's statements follow on the line, the
     * block running to the line's end or beyond (its closing brace, if on the line, followed by nothing but comments or
     * a do-while's <code>while (...);</code>): the index just after that brace, where a call starts the block's first
     * statement and so precedes every access the line makes on the path through the block
     * (<code>} else { o = o + 1; }</code>, the harness's {@code trylock_else}). Otherwise -1.
     */
    static int blockOpened(String[] phys, int p) {
        String l = phys[p];
        Matcher m = BLOCK_OPENER.matcher(l);
        if (!m.lookingAt() || depth(phys, p) <= 0) return -1;
        int open = m.end();
        String rest = code(l.substring(open));
        if (rest.isEmpty() || BAD_START.matcher(rest).matches()) return -1;
        int depth = 1;
        for (int j = open; j < l.length(); j++) {
            char c = l.charAt(j);
            if (c == '/' && j + 1 < l.length() && l.charAt(j + 1) == '/') break;
            if (c == '/' && j + 1 < l.length() && l.charAt(j + 1) == '*') {
                int close = l.indexOf("*/", j + 2);
                if (close < 0) break;
                j = close + 1;
            } else if (c == '"' || c == '\'') {
                for (j++; j < l.length() && l.charAt(j) != c; j++) if (l.charAt(j) == '\\') j++;
            } else if (c == '{') {
                depth++;
            } else if (c == '}' && --depth == 0) {
                String after = code(l.substring(j + 1));
                boolean doWhile = m.group().contains("do");
                return after.isEmpty() || doWhile && after.matches("while\\s*\\(.*\\)\\s*;") ? open : -1;
            }
        }
        return open;
    }

    /** Whether a header's first parenthesis (if any) closes at its end: {@code if (a) x = f(b)} is no header. */
    private static boolean headerCloses(String s) {
        int open = s.indexOf('(');
        if (open < 0) return true;
        int paren = 0;
        for (int j = open; j < s.length(); j++) {
            char c = s.charAt(j);
            if (c == '"' || c == '\'') {
                for (j++; j < s.length() && s.charAt(j) != c; j++) if (s.charAt(j) == '\\') j++;
            } else if (c == '(') {
                paren++;
            } else if (c == ')' && --paren == 0) {
                return j == s.length() - 1;
            }
        }
        return false;
    }

    /** Nesting depth of braces at the start of physical line {@code p} (comments, strings and character literals skipped). */
    static int depth(String[] phys, int p) {
        int depth = 0;
        boolean block = false;
        for (int i = 0; i < p; i++) {
            String l = phys[i];
            if (!block && l.stripLeading().startsWith("#")) continue;
            for (int j = 0; j < l.length(); j++) {
                char c = l.charAt(j);
                if (block) {
                    if (c == '*' && j + 1 < l.length() && l.charAt(j + 1) == '/') {
                        block = false;
                        j++;
                    }
                } else if (c == '/' && j + 1 < l.length() && l.charAt(j + 1) == '/') {
                    break;
                } else if (c == '/' && j + 1 < l.length() && l.charAt(j + 1) == '*') {
                    block = true;
                    j++;
                } else if (c == '"' || c == '\'') {
                    for (j++; j < l.length() && l.charAt(j) != c; j++) if (l.charAt(j) == '\\') j++;
                } else if (c == '{') {
                    depth++;
                } else if (c == '}') {
                    depth--;
                }
            }
        }
        return depth;
    }

    private static String firstWord(String s) {
        int i = 0;
        while (i < s.length() && !Character.isWhitespace(s.charAt(i))) i++;
        return s.substring(0, i);
    }

    /** A line without comments (a crude reading: comment markers inside strings are not expected here) and blanks. */
    private static String code(String line) {
        String s = line;
        int c = s.indexOf("//");
        if (c >= 0) s = s.substring(0, c);
        s = s.replaceAll("/\\*.*?\\*/", "");
        int open = s.indexOf("/*");
        if (open >= 0) s = s.substring(0, open);
        s = s.strip();
        if (s.endsWith("*/")) return "";
        if (s.startsWith("*")) return ""; // inside a block comment
        return s;
    }
}
