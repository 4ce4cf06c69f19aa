package weft.model;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The table of what library functions compute, and its agreement with their events. */
class SemanticsTableTest {
    @Test
    void readsTypedSemantics() {
        assertEquals(new Semantics.SetBytes(0, -1, 1), Semantics.of("bzero"));
        assertEquals(new Semantics.CopyBytes(0, 1, 2, false), Semantics.of("memcpy"));
        assertEquals(new Semantics.CopyBytes(0, 1, 2, true), Semantics.of("__builtin_memmove"));
        assertEquals(new Semantics.CompareBytes(0, 1, -1, true, false), Semantics.of("strcmp"));
        assertEquals(new Semantics.Output(1, true, -1, Semantics.End.NEVER, -1, true), Semantics.of("fprintf"));
        assertEquals(new Semantics.Output(1, true, 2, Semantics.End.NEVER, -1, true), Semantics.of("vfprintf"));
        assertEquals(new Semantics.FormatInto(0, 1, 2, 3), Semantics.of("vsnprintf"));
        assertEquals(new Semantics.FormatInto(0, 1, 4, -1), Semantics.of("__snprintf_chk"));
        assertEquals(new Semantics.AbsoluteValue(0, true), Semantics.of("labs"));
        assertInstanceOf(Semantics.Unknown.class, Semantics.of("no_such_function"));
    }

    @Test
    void everyFunctionOfTheTableIsModelledWithAMatchingEvent() {
        LibraryModels models = LibraryModels.standard();
        for (String name : Semantics.names()) {
            LibraryModel m = models.lookup(name).orElseThrow(() -> new AssertionError(name + " has semantics but no model"));
            Semantics s = Semantics.of(name);
            boolean touchesMemory = s instanceof Semantics.SetBytes || s instanceof Semantics.CopyBytes
                    || s instanceof Semantics.CompareBytes || s instanceof Semantics.StringLength
                    || s instanceof Semantics.CopyString || s instanceof Semantics.FindChar || s instanceof Semantics.Output
                    || s instanceof Semantics.Span || s instanceof Semantics.FindAny
                    || s instanceof Semantics.FindBytes || s instanceof Semantics.CopyUntil || s instanceof Semantics.Tokenize
                    || s instanceof Semantics.Separate;
            // a function computed over memory must say so to the race analysis, or its accesses would be missed there
            if (touchesMemory) assertInstanceOf(Event.MemAccess.class, m.event(), name);
        }
    }

    @Test
    void rejectsMalformedRows() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SemanticsTable.parse(List.of("# c", "memset\tset-bytes\tdest=0 count=")));
        assertTrue(e.getMessage().contains(":2:"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> SemanticsTable.parse(List.of("f\tno-such-kind\t-")));
        assertThrows(IllegalArgumentException.class, () -> SemanticsTable.parse(List.of("f\tcopy-bytes\tdest=0 count=2")));
        assertThrows(IllegalArgumentException.class, () -> SemanticsTable.parse(List.of("f\trandom-int\t-", "f\trandom-int\t-")));
    }
}
