package weft.exec;

import weft.exec.state.*;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link StringFunctions}' tables and {@code inet_addr} against glibc on this machine (the oracle: a C program built
 * with gcc prints glibc's answers in the C locale); skipped without gcc.
 */
class StringFunctionsGlibcTest {
    /** Addresses in every shape inet_aton reads and rejects. */
    static final List<String> ADDRESSES = List.of(
            "127.0.0.1", "10.0.0.07", "10.0.0.08", "0x7f.1", "0X7F.0.0.1", "0x", "0x.1.2.3", "1", "4294967295",
            "4294967296", "18446744073709551616", "1.2.3", "1.16777215", "1.16777216", "1.2.65535", "1.2.65536",
            "1.2.3.4.5", "256.1.1.1", "1.2.3.256", "255.255.255.255", "1.2.3.4 trailing", "1.2.3.4\tx", "1.2.3.4x",
            " 1.2.3.4", "-1.2.3.4", "1..2.3", "1.2.3.", "", "a.b.c.d", "012.034.056.070", "09.1.1.1", "0.0.0.0",
            "4294967297.1.1.1", "1.2.3.4\n", "1.2.3.0x10", "1.2.3.010");

    @Test
    void tablesAndAddressesAreGlibcs(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(run(List.of("gcc", "--version"), dir) != null, "gcc not available");
        StringBuilder c = new StringBuilder("""
                #include <arpa/inet.h>
                #include <ctype.h>
                #include <stdio.h>
                int main(void) {
                    const unsigned short *b = *__ctype_b_loc();
                    const int *lo = *__ctype_tolower_loc(), *up = *__ctype_toupper_loc();
                    for (int ch = -128; ch < 256; ch++) printf("%d %u %d %d %d %d\\n", ch, b[ch], lo[ch], up[ch], tolower(ch), isascii(ch));
                """);
        for (String a : ADDRESSES) {
            c.append("    printf(\"A %u\\n\", (unsigned) inet_addr(\"").append(a.replace("\t", "\\t").replace("\n", "\\n")).append("\"));\n");
        }
        c.append("    return 0;\n}\n");
        Path src = dir.resolve("t.c");
        Files.writeString(src, c);
        assertTrue(run(List.of("gcc", "-O0", "-o", dir.resolve("t").toString(), src.toString()), dir) != null, "gcc failed");
        String out = run(List.of(dir.resolve("t").toString()), dir);
        assertTrue(out != null, "the program failed");
        List<String> lines = out.lines().toList();
        List<String> want = new ArrayList<>();
        List<String> got = new ArrayList<>();
        int k = 0;
        for (int ch = -128; ch < 256; ch++, k++) {
            want.add(lines.get(k));
            got.add(ch + " " + StringFunctions.classBits(ch) + " " + StringFunctions.caseMap(ch, false) + " "
                    + StringFunctions.caseMap(ch, true) + " " + StringFunctions.caseMap(ch, false) + " " + (ch >= 0 && ch <= 127 ? 1 : 0));
        }
        assertEquals(String.join("\n", want), String.join("\n", got), "ctype tables");
        want.clear();
        got.clear();
        for (String a : ADDRESSES) {
            want.add(a + " " + lines.get(k++));
            byte[] bytes = a.getBytes(StandardCharsets.ISO_8859_1);
            long v = StringFunctions.inetAton(i -> i < bytes.length ? bytes[(int) i] & 0xff : 0);
            got.add(a + " A " + (v < 0 ? StringFunctions.NONE : v)); // inet_addr: all ones for no address
        }
        assertEquals(String.join("\n", want), String.join("\n", got), "inet_addr");
    }

    private static String run(List<String> cmd, Path dir) throws Exception {
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) return null;
        return out;
    }
}
