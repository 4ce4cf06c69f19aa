package weft.frontend;

import weft.ir.SourceLoc;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One source file as the parser sees it, with what is needed to map parser offsets back to the
 * original text.
 *
 * <p>CDT rejects C11's {@code _Atomic} and {@code _Thread_local} and silently drops {@code __thread},
 * so the text is rewritten before parsing: {@code _Atomic} becomes {@code const volatile} (a qualifier
 * pair CDT keeps in its types; genuine {@code const volatile} is rewritten to plain {@code volatile},
 * and {@code const} is otherwise irrelevant to race analysis, so the pair unambiguously means atomic),
 * {@code _Atomic(T)} becomes {@code const volatile __typeof__(T)}, and thread-local keywords become
 * blanks whose position is remembered, and GCC's {@code __attribute__((fallthrough))} (a statement
 * attribute CDT rejects) becomes blanks. GNU's {@code __auto_type NAME = INIT} (which {@code <stdatomic.h>}'s
 * macros use for their pointer temporaries) becomes {@code __typeof__((void)0, (INIT)) NAME = INIT}: the
 * initialiser's type after lvalue conversion (qualifiers dropped, arrays and functions decayed), which is what
 * gcc gives the variable ({@code INIT} is copied with its line breaks blanked; {@code typeof} does not evaluate it
 * unless it is variably modified, and neither does gcc's {@code __auto_type}, which evaluates only the
 * initialiser, as the kept {@code = INIT} does). When the initialiser cannot be delimited the keyword is left to
 * {@link CdtParser}'s fallback macro ({@code int}). Rewrites never add or remove newlines; column shifts are
 * undone through {@link #originalOffset}.
 *
 * <p>Preprocessed files carry {@code # N "file"} line markers; locations are reported against the
 * file and line they name.
 */
public final class SourceText {
    private static final Pattern KEYWORDS = Pattern.compile(
            "\\b(?:_Atomic\\s*\\(|_Atomic\\b|_Thread_local\\b|__thread\\b|const\\s+volatile\\b|volatile\\s+const\\b"
            + "|__auto_type\\s+[A-Za-z_]\\w*\\s*=)");
    /** GCC's statement attribute {@code __attribute__((fallthrough))}, which CDT cannot parse; blanked out. */
    private static final Pattern FALLTHROUGH = Pattern.compile("__attribute__\\s*\\(\\(\\s*(?:__)?fallthrough(?:__)?\\s*\\)\\)");
    private static final Pattern MARKER = Pattern.compile("^\\s*#\\s*(?:line\\s+)?(\\d+)(?:\\s+\"((?:[^\"\\\\]|\\\\.)*)\")?.*$");

    private final String path;
    private final String original;
    private final char[] rewritten;
    /** Rewritten offsets at which a shift starts, and the cumulative shift (rewritten - original) from there on. */
    private final int[] shiftAt;
    private final int[] shiftBy;
    /** Offsets (in rewritten text) of the first token after each thread-local keyword. */
    private final int[] threadLocalTokens;
    private final int[] lineStarts;
    /** Per physical line (0-based): mapped file and line, from line markers. */
    private final String[] lineFile;
    private final int[] lineLine;

    public SourceText(String path, String original) {
        this.path = path;
        this.original = original;
        this.lineStarts = lineStarts(original);
        StringBuilder out = new StringBuilder(original.length() + 64);
        List<int[]> shifts = new ArrayList<>();
        List<Integer> tls = new ArrayList<>();
        if (original.contains("_Atomic") || original.contains("_Thread_local") || original.contains("__thread")
                || original.contains("volatile") || original.contains("__auto_type")) {
            Matcher m = KEYWORDS.matcher(original);
            int last = 0;
            int shift = 0;
            while (m.find()) {
                if (inCommentOrString(original, m.start())) continue;
                String kw = m.group();
                String repl;
                if (kw.startsWith("__auto_type")) {
                    String init = autoTypeInit(original, m.end());
                    if (init == null) continue; // left to the __typeof__(0) fallback macro
                    kw = "__auto_type";
                    repl = "__typeof__((void)0, (" + rewriteKeywords(init) + "))";
                    out.append(original, last, m.start());
                    out.append(repl);
                    shift += repl.length() - kw.length();
                    shifts.add(new int[]{out.length(), shift});
                    last = m.start() + kw.length();
                    continue;
                }
                out.append(original, last, m.start());
                if (kw.startsWith("_Atomic") && kw.endsWith("(")) repl = "const volatile __typeof__(";
                else if (kw.equals("_Atomic")) repl = "const volatile";
                else if (kw.startsWith("const") || kw.startsWith("volatile")) repl = "volatile";
                else repl = " ".repeat(kw.length());
                if (repl.isBlank()) {
                    int next = m.end();
                    while (next < original.length() && Character.isWhitespace(original.charAt(next))) next++;
                    tls.add(next + shift);
                }
                out.append(repl);
                shift += repl.length() - kw.length();
                if (repl.length() != kw.length()) shifts.add(new int[]{out.length(), shift});
                last = m.end();
            }
            out.append(original, last, original.length());
        } else {
            out.append(original);
        }
        if (original.contains("fallthrough")) {
            // Same-length blanking (newlines kept): "__attribute__((fallthrough));" becomes a null statement.
            Matcher m = FALLTHROUGH.matcher(out.toString());
            while (m.find()) {
                for (int i = m.start(); i < m.end(); i++) {
                    if (out.charAt(i) != '\n' && out.charAt(i) != '\r') out.setCharAt(i, ' ');
                }
            }
        }
        this.rewritten = out.toString().toCharArray();
        this.shiftAt = shifts.stream().mapToInt(a -> a[0]).toArray();
        this.shiftBy = shifts.stream().mapToInt(a -> a[1]).toArray();
        this.threadLocalTokens = tls.stream().mapToInt(Integer::intValue).toArray();
        int n = lineStarts.length;
        this.lineFile = new String[n];
        this.lineLine = new int[n];
        String file = path;
        int line = 1;
        for (int i = 0; i < n; i++) {
            lineFile[i] = file;
            lineLine[i] = line;
            int s = lineStarts[i];
            int e = i + 1 < n ? lineStarts[i + 1] : original.length();
            int p = s;
            while (p < e && (original.charAt(p) == ' ' || original.charAt(p) == '\t')) p++;
            if (p < e && original.charAt(p) == '#') {
                Matcher mm = MARKER.matcher(original.substring(s, e).stripTrailing());
                if (mm.matches()) {
                    line = Integer.parseInt(mm.group(1));
                    if (mm.group(2) != null) file = unescape(mm.group(2));
                    continue;
                }
            }
            line++;
        }
    }

    /**
     * The initialiser of {@code __auto_type NAME = INIT} starting at {@code from}: the text up to the first
     * {@code ;} or {@code ,} outside brackets, with line breaks (and the backslashes continuing a macro body's
     * lines) turned into blanks so that copying it adds no line; null when it cannot be delimited (a comment
     * inside, an unterminated literal, unbalanced brackets, or the end of the text first).
     */
    static String autoTypeInit(String s, int from) {
        int depth = 0;
        for (int i = from; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (ch == '"' || ch == '\'') {
                // a string or character literal: skipped whole (a bracket or ';' inside does not count)
                int j = i + 1;
                while (j < s.length() && s.charAt(j) != ch && s.charAt(j) != '\n') j += s.charAt(j) == '\\' ? 2 : 1;
                if (j >= s.length() || s.charAt(j) != ch) return null;
                i = j;
                continue;
            }
            if (ch == '/' && i + 1 < s.length() && (s.charAt(i + 1) == '/' || s.charAt(i + 1) == '*')) return null;
            if (ch == '(' || ch == '[' || ch == '{') depth++;
            else if (ch == ')' || ch == ']' || ch == '}') {
                if (--depth < 0) return null;
            } else if (depth == 0 && (ch == ';' || ch == ',')) {
                String init = s.substring(from, i).replaceAll("\\\\\\r?\\n", "  ").replace('\n', ' ').replace('\r', ' ');
                return init.isBlank() ? null : init;
            }
        }
        return null;
    }

    /** The keyword rewrites of the constructor (no thread-local keywords expected) applied to a copied fragment. */
    private static String rewriteKeywords(String s) {
        StringBuilder out = new StringBuilder();
        Matcher m = KEYWORDS.matcher(s);
        int last = 0;
        while (m.find()) {
            String kw = m.group();
            String repl;
            if (kw.startsWith("_Atomic") && kw.endsWith("(")) repl = "const volatile __typeof__(";
            else if (kw.equals("_Atomic")) repl = "const volatile";
            else if (kw.startsWith("const") || kw.startsWith("volatile")) repl = "volatile";
            else if (kw.startsWith("__auto_type")) repl = kw; // a nested declaration: the fallback macro
            else repl = " ".repeat(kw.length());
            out.append(s, last, m.start()).append(repl);
            last = m.end();
        }
        return out.append(s, last, s.length()).toString();
    }

    private static boolean inCommentOrString(String s, int pos) {
        int ls = s.lastIndexOf('\n', pos - 1) + 1;
        String before = s.substring(ls, pos);
        if (before.contains("//")) return true;
        int quotes = 0;
        for (int i = 0; i < before.length(); i++) {
            if (before.charAt(i) == '"' && (i == 0 || before.charAt(i - 1) != '\\')) quotes++;
        }
        return quotes % 2 == 1;
    }

    private static String unescape(String s) {
        return s.replace("\\\\", "\\").replace("\\\"", "\"");
    }

    private static int[] lineStarts(String text) {
        int count = 1;
        for (int i = 0; i < text.length(); i++) if (text.charAt(i) == '\n') count++;
        int[] starts = new int[count];
        int k = 1;
        for (int i = 0; i < text.length(); i++) if (text.charAt(i) == '\n') starts[k++] = i + 1;
        return starts;
    }

    public String path() { return path; }

    /** The text handed to the parser. */
    public char[] parserText() { return rewritten; }

    public String originalText() { return original; }

    /** Maps an offset in the parser text to the original text. */
    public int originalOffset(int rewrittenOffset) {
        int i = Arrays.binarySearch(shiftAt, rewrittenOffset);
        if (i < 0) i = -i - 2;
        int off = i < 0 ? rewrittenOffset : rewrittenOffset - shiftBy[i];
        return Math.max(0, Math.min(off, original.length()));
    }

    /** The original location (after line markers) of a parser-text offset. */
    public SourceLoc locate(int rewrittenOffset) {
        int off = originalOffset(rewrittenOffset);
        int li = Arrays.binarySearch(lineStarts, off);
        if (li < 0) li = -li - 2;
        return new SourceLoc(lineFile[li], lineLine[li], off - lineStarts[li] + 1);
    }

    /** The physical (unmapped) 1-based line of a parser-text offset. */
    public int physicalLine(int rewrittenOffset) {
        int li = Arrays.binarySearch(lineStarts, originalOffset(rewrittenOffset));
        return (li < 0 ? -li - 2 : li) + 1;
    }

    /** Whether a thread-local keyword stood directly before a token in {@code [from, to)}. */
    public boolean threadLocalIn(int from, int to) {
        for (int t : threadLocalTokens) if (t >= from && t < to) return true;
        return false;
    }
}
