package weft.model;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Which format literals may hold a {@code %n} conversion (a write through the matching pointer argument). */
class PrintfFormatTest {
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "\"hello\"|false",
            "\"%s: %d\\n\"|false",
            "\"100%%\"|false",
            "\"%%n is literal\"|false",
            "\"%n\"|true",
            "\"%hhn\"|true",
            "\"%-10ln\"|true",
            "\"%2$n\"|true",
            "\"%*.*s%n\"|true",
            "\"%\" \"n\"|true",
            "\"a %s\" \"b %d\"|false",
            "\"\\045n\"|true",
            "\"\\x25n\"|true",
            "L\"%s\"|true",
            "\"trailing %\"|false",
            "\"%zu %lld %Lf %p\"|false",
            "\"\\n\"|false",
    })
    void percentN(String literal, boolean mayWrite) {
        assertEquals(mayWrite, PrintfFormat.mayWrite(literal));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "\"%s:%d:%n\"|[2]",
            "\"%n%s%n\"|[0, 2]",
            "\"%*d%n\"|[2]",
            "\"%.*s %%n %n\"|[2]",
            "\"%s\"|[]",
            "\"%2$n\"|null",
            "L\"%n\"|null",
    })
    void writtenArguments(String literal, String expected) {
        assertEquals(expected, String.valueOf(PrintfFormat.writtenArguments(literal)));
    }

    @org.junit.jupiter.api.Test
    void unknownTextMayWrite() {
        assertEquals(true, PrintfFormat.mayWrite(null));
    }
}
