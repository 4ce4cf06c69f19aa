package weft.model;

/**
 * Whether a {@code printf} format may hold a {@code %n} conversion, the one conversion through which the
 * {@code printf} family writes memory (it stores the count of characters written so far through its pointer
 * argument). The library table marks a row's format argument ({@code fN}); where the format is a string literal
 * of the program, its text tells; any other format (built at run time, read from a file) may hold one.
 *
 * <p>Sound because a conversion specification is {@code %}, then flags, a field width, a precision and a length
 * modifier, then the conversion character (C11 7.21.6.1p4), with POSIX's {@code n$} argument positions among
 * the flags: the scan below skips exactly those characters and answers true when the conversion character is
 * {@code n}; it also answers true for every text it cannot read plainly (a wide or prefixed literal, an octal or
 * hexadecimal escape, which may spell a {@code %} or an {@code n}).
 */
public final class PrintfFormat {
    private PrintfFormat() {
    }

    /**
     * Whether the string literal whose source text is {@code literal} (with its quotes; adjacent literals
     * concatenated as written, e.g. {@code "a %" "d"}) may be a format with a {@code %n} conversion; true when
     * {@code literal} is null (text unknown).
     */
    public static boolean mayWrite(String literal) {
        String text = text(literal);
        return text == null || hasPercentN(text);
    }

    /**
     * The variadic arguments (0: the first after the format) a format with source text {@code literal} writes
     * through: those its {@code %n} conversions consume, counting one argument per conversion and one per
     * {@code *} width or precision; null when that is not known (the text is unknown or not plain, or the format
     * numbers its arguments, {@code %2$n}), so that every pointer argument may be written.
     */
    public static java.util.Set<Integer> writtenArguments(String literal) {
        String s = text(literal);
        if (s == null) return null;
        java.util.Set<Integer> out = new java.util.TreeSet<>();
        int arg = 0;
        int i = 0;
        while (i < s.length()) {
            if (s.charAt(i++) != '%') continue;
            if (i < s.length() && s.charAt(i) == '%') {
                i++;
                continue;
            }
            while (i < s.length() && "0123456789-+ #'I.*hljztqL$".indexOf(s.charAt(i)) >= 0) {
                char c = s.charAt(i++);
                if (c == '$') return null;
                if (c == '*') arg++;
            }
            if (i >= s.length()) break;
            if (s.charAt(i++) == 'n') out.add(arg);
            arg++;
        }
        return out;
    }

    /** The characters of a plain literal (escapes other than octal and hexadecimal ones decoded), else null. */
    private static String text(String literal) {
        if (literal == null) return null;
        StringBuilder text = new StringBuilder();
        boolean in = false;
        for (int i = 0; i < literal.length(); i++) {
            char c = literal.charAt(i);
            if (c == '"') {
                in = !in;
            } else if (!in) {
                if (!Character.isWhitespace(c)) return null; // a prefix (L"", u8"") or something else
            } else if (c == '\\') {
                if (++i >= literal.length()) return null;
                char d = literal.charAt(i);
                if (d == 'x' || d == 'u' || d == 'U' || (d >= '0' && d <= '7')) return null; // may spell '%' or 'n'
                text.append(d == 'n' ? '\n' : ' ');
            } else {
                text.append(c);
            }
        }
        return text.toString();
    }

    private static boolean hasPercentN(CharSequence s) {
        int i = 0;
        while (i < s.length()) {
            if (s.charAt(i++) != '%') continue;
            // argument position, flags, width, precision, length modifier
            while (i < s.length() && "0123456789$-+ #'I.*hljztqL".indexOf(s.charAt(i)) >= 0) i++;
            if (i >= s.length()) return false; // a lone '%' at the end: no conversion
            char conv = s.charAt(i++);
            if (conv == 'n') return true;
        }
        return false;
    }
}
