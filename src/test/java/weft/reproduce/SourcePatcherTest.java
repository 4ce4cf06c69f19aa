package weft.reproduce;

import org.junit.jupiter.api.Test;
import weft.ir.SourceLoc;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Race points go at the start of a line only where a statement starts there; no line is added or removed. */
class SourcePatcherTest {
    @Test
    void whereAPointMayGo() {
        // previous line, line, why not (null: allowed)
        String[][] cases = {
                {"    x = 1;", "    y = 2;", null},
                {"void f(void) {", "    int v = data;", null},
                {"    }", "    g = 3;", null},
                {"#define N 3", "int y = x;", null},
                {"    if (c)", "        x = 1;", "the statement may continue the previous line"},
                {"    foo(a,", "        b);", "the statement may continue the previous line"},
                {"    x = 1;", "    } else {", "the line starts with '}'"},
                {"    x = 1;", "    else x = 2;", "the line starts with 'else'"},
                {"    switch (x) {", "    case 1: y = 2;", "the line starts with 'case'"},
                {"    } // end", "    while (x);", "the line may end a do-while"},
                {"    x = 1; /* c */", "    y = 2;", null},
                {"    x = 1; // c", "    y = 2;", null},
        };
        for (String[] c : cases) assertEquals(c[2], SourcePatcher.unsafe(new String[] {"void f(void) { if (1) {", c[0], c[1]}, 2), c[0] + " / " + c[1]);
        String[] fileScope = {"int width = 3; /* { */", "char *s = \"{\";", "static int sum(int h, int m[h][width]) {", "    return m[0][0];", "}"};
        assertEquals("the line is outside a function body", SourcePatcher.unsafe(fileScope, 2));
        assertNull(SourcePatcher.unsafe(fileScope, 3));
    }

    /** The point after a racing line goes at the next statement's line, only where a call may go there. */
    @Test
    void anAfterPointGoesAtTheNextStatementOnly() {
        String src = "int x;\nvoid *t(void *a) {\n    x = 1;\n\n    // done\n    x++;\n    if (a)\n        x = 2;\n}\n";
        String text = SourcePatcher.patch(src, "/src/a.c", false, List.of(new SourceLoc("/src/a.c", 3, 5), new SourceLoc("/src/a.c", 8, 9)),
                new int[] {3, 8}).text();
        assertTrue(text.contains("\n    __weft_race_after(3); x++;\n"), text);
        // the lone body of the if becomes a block, and the function's closing brace takes no call
        assertTrue(text.contains("{ __weft_race_point(8); x = 2; }\n}\n"), text);
    }

    @Test
    void patchKeepsLinesAndNamesTheOriginal() {
        String src = "int x;\nvoid *t(void *a) {\n    x = 1;\n    return 0;\n}\n";
        SourcePatcher.Patched p = SourcePatcher.patch(src, "/src/a.c", false, List.of(new SourceLoc("/src/a.c", 3, 5),
                new SourceLoc("/src/a.c", 3, 5)), new int[] {3, 3});
        assertEquals("void __weft_race_point(int); void __weft_race_after(int); void __weft_atomic_enter(const char *); void __weft_atomic_exit(int *);\n"
                + "#line 1 \"/src/a.c\"\n"
                + "int x;\nvoid *t(void *a) {\n    __weft_race_point(3); x = 1;\n    __weft_race_after(3); return 0;\n}\n", p.text());
        assertEquals(List.of(), p.notes());
        assertEquals(List.of(true, true), p.pointed(), "both accesses on one line share its point");
        SourcePatcher.Patched none = SourcePatcher.patch(src, "/src/a.c", false, List.of(new SourceLoc("/usr/include/h.h", 9, 1),
                new SourceLoc("/src/a.c", 3, 5)), new int[] {0, 3});
        assertTrue(none.notes().get(0).contains("not in the program file"), none.notes().toString());
        assertEquals(List.of(false, true), none.pointed());
    }

    @Test
    void aLoneBodyBecomesABlockOnItsLine() {
        // previous line, line, the line patched (null: no point)
        String[][] cases = {
                {"    for (int i = 0; i < n; i++)", "        all += totals[i]; // RACE!", "        { __weft_race_point(7); all += totals[i]; } // RACE!"},
                {"    if (f(a))", "        x = g(\";\");", "        { __weft_race_point(7); x = g(\";\"); }"},
                {"    } else", "        x = 1; /* c */", "        { __weft_race_point(7); x = 1; } /* c */"},
                {"    do", "        x++;", "        { __weft_race_point(7); x++; }"},
                {"    if (c)", "        x = 1; y = 2;", null},
                {"    if (c)", "        if (d) x = 1;", null},
                {"    if (c)", "        x = 1 +", null},
                {"    if (c) x = f(b)", "        + 1;", null},
                {"    if (a &&", "        b) x = 1;", null},
                {"    foo(a,", "        b);", null},
        };
        for (String[] c : cases) {
            String src = "void f(void) { if (1) {\n" + c[0] + "\n" + c[1] + "\n} }\n";
            SourcePatcher.Patched p = SourcePatcher.patch(src, "/s/a.c", false, List.of(new SourceLoc("/s/a.c", 3, 9)), new int[] {3});
            String[] lines = p.text().split("\n", -1);
            assertEquals(c[2] == null ? c[1] : c[2].replace("(7)", "(3)"), lines[4], c[0] + " / " + c[1]);
            assertEquals(List.of(c[2] != null), p.pointed(), c[0] + " / " + c[1]);
            assertEquals(src.split("\n", -1).length + 2, lines.length, "no line added");
        }
    }

    /** A line that opens an else or do block and goes on with its statements takes the point after the brace. */
    @Test
    void aBlockOpenedOnTheLineTakesThePointAfterItsBrace() {
        // line, the line patched (null: no point)
        String[][] cases = {
                {"    } else { o0 = o0 + 1; } // RACE!", "    } else { __weft_race_point(3); o0 = o0 + 1; } // RACE!"},
                {"    else {x = 1;", "    else { __weft_race_point(3); x = 1;"},
                {"    do { x++; } while (x < 3);", "    __weft_race_point(3); do { x++; } while (x < 3);"}, // a statement starts there
                {"    } else { x = 1; } y = x;", null},
                {"    } else {", null},
                {"    } else { }", null},
                {"    } else if (x) { x = 1; }", null},
                {"    } else { case 1: x = 1; }", null},
        };
        for (String[] c : cases) {
            String src = "void f(void) { if (1) {\n    if (c) { x = 2;\n" + c[0] + "\n} }\n";
            SourcePatcher.Patched p = SourcePatcher.patch(src, "/s/a.c", false, List.of(new SourceLoc("/s/a.c", 3, 9)), new int[] {3});
            String[] lines = p.text().split("\n", -1);
            assertEquals(c[1] == null ? c[0] : c[1], lines[4], c[0]);
            assertEquals(List.of(c[1] != null), p.pointed(), c[0]);
        }
    }

    @Test
    void atomicFunctionsBecomeSectionsOnTheSameLine() {
        String src = "void __VERIFIER_atomic_acquire(void);\nvoid __VERIFIER_atomic_acquire(void)\n{\n  m = 1;\n}\n"
                + "int __VERIFIER_atomic_CAS(int *v, int e, int (*f)(int)) { return 0; }\nvoid __VERIFIER_atomic_begin(void) { }\n";
        assertEquals("void __VERIFIER_atomic_acquire(void);\nvoid __VERIFIER_atomic_acquire(void)\n{ __weft_atomic_enter(\"__VERIFIER_atomic_acquire\");"
                + " int __weft_section __attribute__((cleanup(__weft_atomic_exit))) = 0;\n  m = 1;\n}\n"
                + "int __VERIFIER_atomic_CAS(int *v, int e, int (*f)(int)) { __weft_atomic_enter(\"__VERIFIER_atomic_CAS\");"
                + " int __weft_section __attribute__((cleanup(__weft_atomic_exit))) = 0; return 0; }\nvoid __VERIFIER_atomic_begin(void) { }\n",
                SourcePatcher.atomicSections(src));
    }

    @Test
    void lineMarkersOfAPreprocessedFile() {
        String[] phys = {"# 1 \"a.c\"", "int x;", "# 1 \"/usr/include/h.h\" 1 3", "int h;", "int k;", "# 3 \"a.c\" 2", "void f(void) {",
                "    x = 1;", "}"};
        assertEquals(7, SourcePatcher.physicalLine(phys, "/d/a.i", new SourceLoc("a.c", 4, 5), 4));
        assertEquals(4, SourcePatcher.physicalLine(phys, "/d/a.i", new SourceLoc("/usr/include/h.h", 2, 1), 2));
        assertEquals(-1, SourcePatcher.physicalLine(phys, "/d/a.i", new SourceLoc("a.c", 40, 1), 40));
        assertNull(SourcePatcher.unsafe(phys, 7));
        String[] plain = {"int x;", "void f(void) {", "    x = 1;", "}"};
        assertEquals(2, SourcePatcher.physicalLine(plain, "/d/a.i", new SourceLoc("/d/a.i", 3, 5), 3), "no markers: the file's own lines");
    }
}
