package weft.frontend;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import weft.ir.DataModel;
import weft.ir.Function;
import weft.ir.Program;
import weft.ir.SourceLoc;
import weft.ir.Variable;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static weft.frontend.FrontendTestSupport.fn;
import static weft.frontend.FrontendTestSupport.global;
import static weft.frontend.FrontendTestSupport.stmts;

/** Locations in preprocessed files follow {@code # N "file"} line markers, and survive the C11 rewrite. */
class LineMarkerTest {
    @TempDir
    Path dir;

    static Path resource(String name) {
        try {
            return Path.of(LineMarkerTest.class.getResource("/frontend/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String where(SourceLoc loc) {
        return loc.file() + ":" + loc.line() + ":" + loc.col();
    }

    @Test
    void locationsPointAtTheOriginalFile() {
        Program p = FrontendTestSupport.load(resource("linemarkers.i"), DataModel.ILP32);
        assertEquals("orig.c:2:5", where(global(p, "g").loc()));
        assertEquals("orig.c:3:13", where(global(p, "counter").loc()));
        assertEquals("orig.c:3:26", where(global(p, "other").loc()));
        assertEquals("/usr/include/hdr.h:2:12", where(global(p, "hdr_var").loc()));
        Function f = fn(p, "f");
        assertEquals("orig.c:20:6", where(f.loc()));
        assertEquals(List.of("g = 1 @21:3", "decl p : _Atomic int* @21:24", "p = &counter @21:28", "other = 2 @21:38",
                "hdr_var = 3 @22:3", "return @23:1"), stmts(f));
        FrontendTestSupport.orderedEdges(f).forEach(e -> assertEquals("orig.c", e.loc().file(), e.toString()));
        Function h = fn(p, "h");
        assertEquals("other.c:100:5", where(h.loc()));
        assertEquals(List.of("return g @100:15"), stmts(h));
        assertEquals("other.c", FrontendTestSupport.orderedEdges(h).get(0).loc().file());
    }

    @Test
    void diagnosticsUseMappedLocations() {
        List<Diagnostic> ds = FrontendTestSupport.frontend(DataModel.ILP32).check(resource("linemarkers_error.i"));
        List<Diagnostic> errors = ds.stream().filter(Diagnostic::isError).toList();
        assertEquals(1, errors.size(), ds.toString());
        Diagnostic d = errors.get(0);
        assertEquals("broken.c", d.loc().file());
        assertEquals(50, d.loc().line());
        assertTrue(d.loc().col() >= 16 && d.loc().col() <= 26, d.toString());
        assertTrue(d.toString().startsWith("broken.c:50:"), d.toString());
        assertTrue(d.toString().contains(": error: "), d.toString());
    }

    @Test
    void columnsAfterSeveralRewritesOnOneLine() throws IOException {
        // Each rewrite changes the line length differently: _Atomic( grows, _Atomic and const volatile shrink
        // or grow, __thread becomes blanks of the same length.
        String line = "_Atomic(long) a; const volatile int b; _Atomic int c; __thread int d; int e; volatile const int f2;";
        Path file = dir.resolve("cols.i");
        Files.writeString(file, "# 7 \"cols.c\"\n" + line + "\nint use(void) { return (int) a + b + c + d + e + f2; }\n");
        Program p = FrontendTestSupport.load(file, DataModel.ILP32);
        for (String name : List.of("a", "b", "c", "d", "e", "f2")) {
            int col = line.indexOf(" " + name + ";") + 2;
            assertEquals("cols.c:7:" + col, where(global(p, name).loc()), name);
        }
        assertTrue(global(p, "a").type().isAtomic());
        assertTrue(global(p, "b").type().isVolatile() && !global(p, "b").type().isAtomic());
        assertTrue(global(p, "d").threadLocal());
        assertEquals(List.of("R a @8:30", "R b @8:34", "R c @8:38", "R d @8:42", "R e @8:46", "R f2 @8:50"),
                FrontendTestSupport.accesses(fn(p, "use")));
    }

    @Test
    void physicalLinesWithoutMarkers() {
        Program p = FrontendTestSupport.load(dir, "plain.c", """
                int a;

                int b;
                """, DataModel.ILP32);
        Variable b = global(p, "b");
        assertTrue(b.loc().file().endsWith("plain.c"), b.loc().toString());
        assertEquals(3, b.loc().line());
        assertEquals(5, b.loc().col());
    }
}
