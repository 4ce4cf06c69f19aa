package weft.reproduce;

import java.util.List;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * glibc's i386 {@code <bits/select.h>} inline assembly for {@code FD_ZERO}, {@code FD_SET}, {@code FD_CLR} and
 * {@code FD_ISSET} (32-bit code a preprocessed or CIL-merged program carries) rewritten as the C it stands for, for the
 * 64-bit build of a program checked with a 32-bit data model (TSan has no 32-bit x86 runtime; {@code stosl},
 * {@code btsl} and {@code btl} do not assemble with 64-bit operands). Each statement keeps its lines (its line breaks
 * follow the C), so every line keeps its number. The bit and word indices are the program's own expressions, so the C
 * computes on the 64-bit build's {@code fd_set} as the assembly did on the 32-bit one. Other assembly is left as it is.
 */
final class SelectAsm {
    private SelectAsm() {
    }

    private static final String ASM = "__asm__\\s+(?:volatile|__volatile__)\\s*\\(\\s*";

    private record Rule(Pattern pattern, Function<Matcher, String> c) {}

    private static final List<Rule> RULES = List.of(
            // FD_ZERO: cld; rep; stosl over the set's words
            new Rule(Pattern.compile(ASM + "\"cld; rep; stosl\"\\s*:\\s*\"=c\"\\s*\\(\\s*\\w+\\s*\\)\\s*,\\s*\"=D\"\\s*\\(\\s*\\w+\\s*\\)\\s*:"
                    + "\\s*\"a\"\\s*\\(\\s*0\\s*\\)\\s*,\\s*\"0\"\\s*\\((.*?)\\)\\s*,\\s*\"1\"\\s*\\((.*?)\\)\\s*:\\s*\"memory\"\\s*\\)\\s*;", Pattern.DOTALL),
                    m -> "__builtin_memset((void *)(" + m.group(2) + "), 0, (" + m.group(1) + ") * sizeof(*(" + m.group(2) + ")));"),
            // FD_SET, FD_CLR: btsl / btrl of the bit in its word
            new Rule(Pattern.compile(ASM + "\"bt([sr])l %1,%0\"\\s*:\\s*\"=m\"\\s*\\((.*?)\\)\\s*:\\s*\"r\"\\s*\\((.*?)\\)\\s*:\\s*\"cc\"\\s*,\\s*\"memory\"\\s*\\)\\s*;",
                    Pattern.DOTALL),
                    m -> m.group(1).equals("s") ? "(" + m.group(2) + ") |= (__typeof__(" + m.group(2) + "))1 << (" + m.group(3) + ");"
                            : "(" + m.group(2) + ") &= ~((__typeof__(" + m.group(2) + "))1 << (" + m.group(3) + "));"),
            // FD_ISSET: btl of the bit, setc into the result
            new Rule(Pattern.compile(ASM + "\"btl %1,%2 ; setcb %b0\"\\s*:\\s*\"=q\"\\s*\\(\\s*(\\w+)\\s*\\)\\s*:\\s*\"r\"\\s*\\((.*?)\\)\\s*,\\s*\"m\"\\s*\\((.*?)\\)"
                    + "\\s*:\\s*\"cc\"\\s*\\)\\s*;", Pattern.DOTALL),
                    m -> m.group(1) + " = (char)(((" + m.group(3) + ") >> (" + m.group(2) + ")) & 1);"));

    /** {@code source} with every such statement rewritten, line breaks kept. */
    static String rewrite(String source) {
        String s = source;
        for (Rule r : RULES) {
            Matcher m = r.pattern().matcher(s);
            StringBuilder out = new StringBuilder();
            while (m.find()) {
                String c = r.c().apply(m);
                long breaks = m.group().chars().filter(ch -> ch == '\n').count();
                m.appendReplacement(out, Matcher.quoteReplacement(c + "\n".repeat((int) breaks)));
            }
            m.appendTail(out);
            s = out.toString();
        }
        return s;
    }
}
