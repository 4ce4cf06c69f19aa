package weft.model;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The bytes of a C string literal from its source text (quotes and escapes as written, adjacent literals
 * concatenated as written): for {@code PrintfFormat}, which reads a literal's whole text ({@code Program#stringText}),
 * and for the explorer, which recovers a literal object's bytes from its IR name, the source text cut to 22
 * characters plus {@code .."} when longer than 24 characters: the content is then known exactly for short literals
 * and only as a prefix for long ones, whose unknown rest must never be read (reading it abandons).
 */
public final class StringLiteralText {
    private StringLiteralText() {}

    /** The bytes of a whole literal's source text, without the terminating NUL; null when it is not a plain literal. */
    public static byte[] bytes(String text) {
        if (text == null) return null;
        byte[] b = knownBytes(text, Long.MAX_VALUE, false);
        return b == null || b.length == 0 || b[b.length - 1] != 0 ? null : java.util.Arrays.copyOf(b, b.length - 1);
    }

    /** The known leading bytes of the literal whose IR name is {@code name}; null when nothing is known. */
    public static byte[] knownBytes(String name, long objectSize) {
        boolean truncated = name.length() == 25 && name.endsWith("..\"");
        return knownBytes(truncated ? name.substring(0, 22) : name, objectSize, truncated);
    }

    private static byte[] knownBytes(String text, long objectSize, boolean truncated) {
        if (!text.startsWith("\"")) return null; // wide or prefixed literal
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        boolean in = false;
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '"') {
                in = !in;
                i++;
                continue;
            }
            if (!in) {
                if (!Character.isWhitespace(c)) return null;
                i++;
                continue;
            }
            if (c != '\\') {
                byte[] b = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                out.write(b, 0, b.length);
                i++;
                continue;
            }
            if (i + 1 >= text.length()) break; // escape cut by truncation
            char d = text.charAt(i + 1);
            i += 2;
            switch (d) {
                case 'n' -> out.write('\n');
                case 't' -> out.write('\t');
                case 'r' -> out.write('\r');
                case 'a' -> out.write(7);
                case 'b' -> out.write(8);
                case 'f' -> out.write(12);
                case 'v' -> out.write(11);
                case 'e' -> out.write(27);
                case '\\', '\'', '"', '?' -> out.write(d);
                case 'x' -> {
                    int v = 0;
                    int n = 0;
                    while (i < text.length() && Character.digit(text.charAt(i), 16) >= 0) {
                        v = v * 16 + Character.digit(text.charAt(i), 16);
                        i++;
                        n++;
                    }
                    if (n == 0 || (truncated && i >= text.length())) return finish(out, true, objectSize);
                    out.write(v);
                }
                default -> {
                    if (d < '0' || d > '7') return null;
                    int v = d - '0';
                    int n = 0;
                    while (n < 2 && i < text.length() && text.charAt(i) >= '0' && text.charAt(i) <= '7') {
                        v = v * 8 + (text.charAt(i) - '0');
                        i++;
                        n++;
                    }
                    if (truncated && i >= text.length() && n < 2) return finish(out, true, objectSize);
                    out.write(v);
                }
            }
        }
        return finish(out, truncated, objectSize);
    }

    private static byte[] finish(ByteArrayOutputStream out, boolean truncated, long objectSize) {
        byte[] b = out.toByteArray();
        if (truncated) {
            // the characters up to the cut are known; keep them only if they fit before the terminator
            if (b.length >= objectSize) return null;
            return b;
        }
        if (objectSize != Long.MAX_VALUE && b.length != objectSize - 1) return null;
        byte[] withNul = new byte[b.length + 1];
        System.arraycopy(b, 0, withNul, 0, b.length);
        return withNul;
    }
}
