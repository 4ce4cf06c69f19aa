package weft.soundness;

import java.util.Random;

/**
 * Accesses behind text the C library formats, for {@link ProgramGenerator} (issue 35: the explorer computes
 * {@code snprintf} and {@code sprintf}, {@code weft.exec.Formatter}): a hole's access runs only when a formatted text has
 * the length and first character the generator expects from glibc. Three times in four the expectation is glibc's (the
 * access runs), else it is off by one (it never runs). An explorer that formatted otherwise than glibc would skip an
 * access that runs (a wrong {@code true}, which ThreadSanitizer refutes) or run one that never does. A quarter of the
 * guards ask the world instead ({@code getpid}, {@code sysconf}: results the explorer takes as inputs), and hold in
 * every real run.
 */
final class FormatForms {
    private FormatForms() {}

    /**
     * The opening and closing text of a block whose body runs behind a formatting of one random conversion, into a
     * buffer of a random size.
     */
    static String[] guard(Random rnd) {
        if (rnd.nextInt(4) == 0) {
            return new String[] {"{ if (getpid() > 0 && sysconf(_SC_NPROCESSORS_ONLN) != 0) {", "} }"};
        }
        int v = rnd.nextInt(4) == 0 ? -rnd.nextInt(5000) : rnd.nextInt(100000);
        String fmt;
        String text;
        String arg = Integer.toString(v);
        switch (rnd.nextInt(9)) {
            case 0 -> { fmt = "%d"; text = Integer.toString(v); }
            case 1 -> { fmt = "%6d"; text = String.format("%6d", v); }
            case 2 -> { fmt = "%-7d|"; text = String.format("%-7d|", v); }
            case 3 -> { fmt = "%08d"; text = String.format("%08d", v); }
            case 4 -> { fmt = "%+d"; text = String.format("%+d", v); }
            case 5 -> { fmt = "%x"; text = Integer.toHexString(v); arg = v + "u"; }
            case 6 -> { fmt = "%#o"; text = v == 0 ? "0" : "0" + Integer.toOctalString(v); arg = v + "u"; }
            case 7 -> { fmt = "%u"; text = Integer.toUnsignedString(v); arg = v + "u"; }
            default -> { fmt = "<%.3s>"; String s = "w" + Math.abs(v); text = "<" + s.substring(0, Math.min(3, s.length())) + ">"; arg = "\"" + s + "\""; }
        }
        if (arg.startsWith("-") && arg.endsWith("u")) arg = "(unsigned) (" + arg.substring(0, arg.length() - 1) + ")";
        int length = text.length() + (rnd.nextInt(4) == 0 ? (rnd.nextBoolean() ? 1 : -1) : 0);
        int size = new int[] {4, 8, 16, 32}[rnd.nextInt(4)];
        boolean plain = rnd.nextInt(3) == 0 && size > text.length();
        String call = plain ? "sprintf(fb, \"" + fmt + "\", " + arg + ")" : "snprintf(fb, " + size + ", \"" + fmt + "\", " + arg + ")";
        char first = text.charAt(0);
        String ch = first == '\'' || first == '\\' ? "'\\" + first + "'" : "'" + first + "'";
        return new String[] {"{ char fb[" + size + "]; int fn = " + call + "; if (fn == " + length + " && fb[0] == " + ch + ") {", "} }"};
    }
}
