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
 * {@code n}, on the literal's bytes with its escapes decoded ({@link StringLiteralText}); it also answers true for
 * every text it cannot read plainly (a wide or prefixed literal).
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
        if (text == null) return true;
        boolean[] any = {false};
        percentNs(text, arg -> any[0] = true);
        return any[0];
    }

    /**
     * The variadic arguments (0: the first after the format) a format with source text {@code literal} writes
     * through: those its {@code %n} conversions consume, counting one argument per conversion and one per
     * {@code *} width or precision; null when that is not known (the text is unknown or not plain, or the format
     * numbers its arguments, {@code %2$n}), so that every pointer argument may be written.
     */
    public static java.util.Set<Integer> writtenArguments(String literal) {
        String text = text(literal);
        if (text == null) return null;
        java.util.Set<Integer> out = new java.util.TreeSet<>();
        percentNs(text, out::add);
        return out.contains(-1) ? null : out;
    }

    /** The characters of a plain literal ({@link StringLiteralText#bytes}), else null. */
    private static String text(String literal) {
        byte[] b = StringLiteralText.bytes(literal);
        return b == null ? null : new String(b, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    /**
     * Calls {@code onN} with the argument each {@code %n} conversion of format {@code s} consumes, or -1 once the
     * format numbers its arguments ({@code n$}), after which positions are not counted.
     */
    private static void percentNs(String s, java.util.function.IntConsumer onN) {
        int arg = 0;
        boolean positional = false;
        int i = 0;
        while (i < s.length()) {
            if (s.charAt(i++) != '%') continue;
            // argument position, flags, width, precision, length modifier ("%%" converts nothing)
            while (i < s.length() && "0123456789$-+ #'I.*hljztqL".indexOf(s.charAt(i)) >= 0) {
                char c = s.charAt(i++);
                positional |= c == '$';
                if (c == '*') arg++;
            }
            if (i >= s.length()) return; // a lone '%' at the end: no conversion
            char conv = s.charAt(i++);
            if (conv == '%') continue;
            if (conv == 'n') onN.accept(positional ? -1 : arg);
            arg++;
        }
    }
}
