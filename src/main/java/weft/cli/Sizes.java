package weft.cli;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Memory sizes as given on the command line: {@code 3g}, {@code 2048m}, {@code 512MiB} (no unit: MiB). */
final class Sizes {
    private static final Pattern SIZE = Pattern.compile("(\\d{1,12})\\s*([kmgt]?)i?b?");

    private Sizes() {
    }

    /** The size in bytes; {@link IllegalArgumentException} with a one-line message if malformed or below {@code min}. */
    static long parse(String option, String s, long min) {
        Matcher m = SIZE.matcher(s.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) throw new IllegalArgumentException(option + ": expected a size such as 3g or 2048m, not '" + s + "'");
        int shift = switch (m.group(2)) {
            case "k" -> 10;
            case "m", "" -> 20;
            case "g" -> 30;
            default -> 40;
        };
        long bytes = Long.parseLong(m.group(1)) << shift;
        if (bytes < min) throw new IllegalArgumentException(option + " must be at least " + (min >> 20) + "m");
        return bytes;
    }
}
