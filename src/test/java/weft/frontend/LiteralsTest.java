package weft.frontend;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class LiteralsTest {
    @Test
    void integerSuffixesOfAnyCaseAndOrderAreDropped() {
        assertEquals(10, Literals.parseInteger("10UL"));
        assertEquals(255, Literals.parseInteger("0xffULL"));
        assertEquals(255, Literals.parseInteger("0XFFlu"));
        assertEquals(8, Literals.parseInteger("010u"));
        assertEquals(5, Literals.parseInteger("0b101"));
        assertEquals(-1L, Literals.parseInteger("0xffffffffffffffffull"));
    }

    @Test
    void suffixesAreOnlyTrailingCharacters() {
        assertEquals("1.5", Literals.withoutSuffix("1.5f", "fFlL"));
        assertEquals("0x1p-3", Literals.withoutSuffix("0x1p-3L", "fFlL"));
        assertEquals("", Literals.withoutSuffix("ul", "ul"));
        assertEquals("12", Literals.withoutSuffix("12", "ul"));
    }
}
