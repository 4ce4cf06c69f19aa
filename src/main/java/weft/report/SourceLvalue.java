package weft.report;

import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Readable names of accessed lvalues. The IR prints an lvalue in its lowered form, with lowering
 * temporaries ({@code *((*(qp).buf + __t0))}); where it does, the report shows the source text of the
 * lvalue instead, read from the source line at the access's column ({@code qp->buf[qp->nextout++]}):
 * a postfix expression (identifier or parenthesised expression, then {@code ->f}, {@code .f},
 * {@code [..]}, {@code (..)}) after any {@code *}/{@code &}. The source text is used only if it names
 * every identifier of the IR form other than temporaries and keywords (so a column that points at
 * another expression is not taken for the access); otherwise the IR form is kept, with {@code *(p).f}
 * written {@code p->f} and {@code *(p)} as {@code *p}.
 */
final class SourceLvalue {
    private static final Pattern TEMP = Pattern.compile("\\b__t\\d+\\b");
    private static final Pattern IDENT = Pattern.compile("[A-Za-z_]\\w*");
    private static final Pattern ARROW = Pattern.compile("\\*\\(([A-Za-z_]\\w*(?:(?:->|\\.)[A-Za-z_]\\w*)*)\\)\\.");
    private static final Pattern DEREF = Pattern.compile("\\*\\(([A-Za-z_]\\w*)\\)");
    private static final Set<String> KEYWORDS = Set.of("int", "char", "short", "long", "unsigned", "signed", "float", "double",
            "void", "struct", "union", "enum", "const", "volatile", "_Bool", "sizeof");

    private SourceLvalue() {
    }

    /** The readable form of IR lvalue text {@code ir} accessed at column {@code col} of {@code line} (may be null). */
    static String readable(String ir, String line, int col) {
        if (TEMP.matcher(ir).find() && line != null) {
            String src = at(line, col);
            if (src != null && namesAll(src, ir)) return src;
        }
        return arrows(ir);
    }

    /** {@code *(p).f} as {@code p->f}, repeatedly. */
    static String arrows(String ir) {
        String s = ir;
        while (true) {
            Matcher m = ARROW.matcher(s);
            String t = m.replaceAll("$1->");
            if (t.equals(s)) return DEREF.matcher(s).replaceAll("*$1");
            s = t;
        }
    }

    private static boolean namesAll(String src, String ir) {
        Set<String> have = new java.util.HashSet<>();
        Matcher h = IDENT.matcher(src);
        while (h.find()) have.add(h.group());
        Matcher m = IDENT.matcher(TEMP.matcher(ir).replaceAll(""));
        boolean any = false;
        while (m.find()) {
            String id = m.group();
            if (KEYWORDS.contains(id)) continue;
            if (!have.contains(id)) return false;
            any = true;
        }
        return any;
    }

    /** The postfix expression starting at 1-based column {@code col}, or null. */
    static String at(String line, int col) {
        int i = col - 1;
        int n = line.length();
        if (i < 0 || i >= n) return null;
        int start = i;
        while (i < n && (line.charAt(i) == '*' || line.charAt(i) == '&' || Character.isWhitespace(line.charAt(i)))) i++;
        if (i >= n) return null;
        if (Character.isJavaIdentifierStart(line.charAt(i))) {
            while (i < n && Character.isJavaIdentifierPart(line.charAt(i))) i++;
        } else if (line.charAt(i) == '(') {
            i = close(line, i, '(', ')');
            if (i < 0) return null;
        } else {
            return null;
        }
        while (true) {
            int j = i;
            while (j < n && line.charAt(j) == ' ') j++;
            if (line.startsWith("->", j) || j < n && line.charAt(j) == '.' && j + 1 < n && Character.isJavaIdentifierStart(line.charAt(j + 1))) {
                j += line.charAt(j) == '.' ? 1 : 2;
                while (j < n && line.charAt(j) == ' ') j++;
                if (j >= n || !Character.isJavaIdentifierStart(line.charAt(j))) break;
                while (j < n && Character.isJavaIdentifierPart(line.charAt(j))) j++;
                i = j;
            } else if (j < n && (line.charAt(j) == '[' || line.charAt(j) == '(')) {
                int k = close(line, j, line.charAt(j), line.charAt(j) == '[' ? ']' : ')');
                if (k < 0) break;
                i = k;
            } else {
                break;
            }
        }
        String s = line.substring(start, i).strip();
        return s.isEmpty() ? null : s;
    }

    /** The index after the bracket closing the one at {@code i}, or -1 if it does not close on the line. */
    private static int close(String line, int i, char open, char close) {
        int depth = 0;
        for (int k = i; k < line.length(); k++) {
            char c = line.charAt(k);
            if (c == open) depth++;
            else if (c == close && --depth == 0) return k + 1;
        }
        return -1;
    }
}
