package weft.value;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import weft.frontend.Frontend;
import weft.frontend.FrontendOptions;
import weft.ir.DataModel;
import weft.ir.Edge;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.Lvalue;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.ir.Variable;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The interval analysis on small C functions, checked at the edges that write array elements. */
class IntervalsTest {
    private static final long INT_MIN = Integer.MIN_VALUE;
    private static final long INT_MAX = Integer.MAX_VALUE;
    private static final Interval INT_RANGE = Interval.of(INT_MIN, INT_MAX);

    @TempDir
    Path dir;

    /** The analysis of function {@code name} of a C program. */
    private record Analysed(Function function, Intervals result) {
        /** The first edge whose statement prints as {@code text}. */
        Edge edge(String text) {
            for (Edge e : function.cfg().edges()) if (e.stmt().toString().equals(text)) return e;
            throw new AssertionError("no edge '" + text + "' in\n" + function.cfg().edges());
        }

        Variable var(String name) {
            List<Variable> all = new ArrayList<>(function.params());
            all.addAll(function.locals());
            for (Variable v : all) if (v.name().equals(name)) return v;
            throw new AssertionError("no variable " + name);
        }

        /** The interval of {@code name} at the source node of the edge printing as {@code text}. */
        Interval at(String text, String name) {
            return result.valueOf(edge(text).from(), var(name));
        }

        /** The interval of the index of the array element written by the edge printing as {@code text}. */
        Interval index(String text) {
            Edge e = edge(text);
            Lvalue lhs = ((Stmt.Assign) e.stmt()).lhs();
            return result.eval(e.from(), ((Lvalue.Index) lhs).index());
        }

        boolean reachable(String text) {
            return result.reachable(edge(text).from());
        }
    }

    private Program load(String code, DataModel dm) throws Exception {
        Path file = dir.resolve("t.c");
        Files.writeString(file, code);
        return new Frontend(FrontendOptions.defaults(dm)).load(List.of(file));
    }

    private Analysed analyse(String code) throws Exception {
        return analyse(code, "f", DataModel.ILP32);
    }

    private Analysed analyse(String code, String fn, DataModel dm) throws Exception {
        Program p = load("int a[100]; int b[10][10]; int g; int rand(void); void use(int *p);\n" + code, dm);
        Function f = p.function(fn);
        return new Analysed(f, Intervals.analyze(f, p));
    }

    private static Interval iv(long lo, long hi) {
        return Interval.of(lo, hi);
    }

    @Test
    void countingLoop() throws Exception {
        Analysed r = analyse("void f(void) { for (int i = 0; i < 10; i++) a[i] = 0; a[50] = 1; }");
        assertEquals(iv(0, 9), r.at("a[i] = 0", "i"));
        assertEquals(iv(0, 9), r.index("a[i] = 0"));
        assertEquals(Interval.of(10), r.at("a[50] = 1", "i"));
    }

    @Test
    void constantsAndExpressions() throws Exception {
        Analysed r = analyse("void f(void) { int x = 5; int y = x * 3 - 1; a[y] = 0; a[y / 2 + (x & 2)] = 1; a[-x + 7] = 2; }");
        assertEquals(Interval.of(14), r.index("a[y] = 0"));
        assertEquals(Interval.of(7), r.index("a[((y / 2) + (x & 2))] = 1"));
        assertEquals(Interval.of(2), r.index("a[(-(x) + 7)] = 2"));
    }

    @Test
    void branchRefinement() throws Exception {
        Analysed r = analyse("void f(int n, int m) { if (n >= 2 && n < 5) a[n] = 1; else a[n] = 2;"
                + " if (m > 3) a[m] = 3; else a[m] = 4; if (!(m != 7)) a[m] = 5; if (10 > m) a[m] = 6; }");
        assertEquals(iv(2, 4), r.index("a[n] = 1"));
        assertEquals(INT_RANGE, r.index("a[n] = 2"));
        assertEquals(iv(4, INT_MAX), r.index("a[m] = 3"));
        assertEquals(iv(INT_MIN, 3), r.index("a[m] = 4"));
        assertEquals(Interval.of(7), r.index("a[m] = 5"));
        assertEquals(iv(INT_MIN, 9), r.index("a[m] = 6"));
    }

    @Test
    void comparisonBetweenVariables() throws Exception {
        Analysed r = analyse("void f(int n) { int k = 5; if (n < k) { if (n >= 0) a[n] = 1; } if (k <= n) a[n] = 2; }");
        assertEquals(iv(0, 4), r.index("a[n] = 1"));
        assertEquals(iv(5, INT_MAX), r.index("a[n] = 2"));
    }

    @Test
    void addressTakenVariablesAreNotTracked() throws Exception {
        Analysed r = analyse("void f(void) { int i = 3; int j = 4; int s[2]; s[0] = 1; use(&i); a[i] = 0; a[j] = 1; a[s[0]] = 2; }");
        assertFalse(r.result().tracked().contains(r.var("i")));
        assertTrue(r.result().tracked().contains(r.var("j")));
        assertEquals(INT_RANGE, r.index("a[i] = 0"));
        assertEquals(Interval.of(4), r.index("a[j] = 1"));
        assertEquals(INT_RANGE, r.index("a[s[0]] = 2"));
    }

    @Test
    void addressOfFieldExcludesTheStruct() throws Exception {
        Analysed r = analyse("struct S { int x; }; void f(void) { struct S s; int *p = &s.x; int i = 1; a[i] = 0; }");
        assertFalse(r.result().tracked().contains(r.var("s")));
        assertFalse(r.result().tracked().contains(r.var("p")));
        assertEquals(Interval.of(1), r.index("a[i] = 0"));
    }

    @Test
    void globalsAndVolatileLocalsAreUnknown() throws Exception {
        Analysed r = analyse("void f(void) { g = 3; a[g] = 0; volatile int v = 2; a[v] = 1; int w = g; a[w] = 2; }");
        assertEquals(INT_RANGE, r.index("a[g] = 0"));
        assertEquals(INT_RANGE, r.index("a[v] = 1"));
        assertEquals(INT_RANGE, r.index("a[w] = 2"));
    }

    @Test
    void nestedLoops() throws Exception {
        Analysed r = analyse("void f(void) { for (int i = 0; i < 4; i++) for (int j = i; j < 8; j++) b[i][j] = 1; }");
        assertEquals(iv(0, 3), r.at("b[i][j] = 1", "i"));
        assertEquals(iv(0, 7), r.at("b[i][j] = 1", "j"));
    }

    @Test
    void decrementingLoops() throws Exception {
        Analysed r = analyse("void f(void) { int j = 10; while (j > 0) { j--; a[j] = 0; }"
                + " int k = 10; while (k-- > 0) a[k] = 1; for (int i = 9; i >= 0; i--) a[i] = 2; }");
        assertEquals(iv(0, 9), r.index("a[j] = 0"));
        assertEquals(iv(0, 9), r.index("a[k] = 1"));
        assertEquals(iv(0, 9), r.index("a[i] = 2"));
    }

    @Test
    void loopsWithUnknownBoundOrInequality() throws Exception {
        Analysed r = analyse("void f(int n) { for (int i = 0; i < n; i++) a[i] = 0; for (int k = 0; k != 10; k++) a[k] = 1;"
                + " int m = 0; while (m < 100) m++; a[m] = 2; int t = 0; while (t < 10) a[t++] = 3; }");
        assertEquals(iv(0, INT_MAX - 1), r.index("a[i] = 0"));
        assertEquals(iv(0, 9), r.index("a[k] = 1"));
        assertEquals(Interval.of(100), r.index("a[m] = 2"));
        Edge e = r.edge("a[__t0] = 3");
        assertEquals(iv(0, 9), r.result().eval(e.from(), ((Lvalue.Index) ((Stmt.Assign) e.stmt()).lhs()).index()));
    }

    @Test
    void gotoIntoLoop() throws Exception {
        Analysed r = analyse("void f(int n) { int i = 0; if (n) goto inside;"
                + " while (i < 10) { i = i + 2; inside: a[i] = 0; i++; } a[i] = 1; }");
        assertEquals(iv(0, 11), r.index("a[i] = 0"));
        assertEquals(iv(10, 12), r.index("a[i] = 1"));
    }

    @Test
    void unsignedAndNarrowTypesWrap() throws Exception {
        Analysed r = analyse("void f(unsigned n) { unsigned u = 5; u = u - 10; a[0] = 0; unsigned char c = 250; c += 10;"
                + " int k = (char)300; signed char s = 200; unsigned v = n + 1; short h = 32767; h++; a[1] = 1; }");
        assertEquals(Interval.of(4294967291L), r.at("a[0] = 0", "u"));
        assertEquals(Interval.of(4), r.at("a[1] = 1", "c"));
        assertEquals(Interval.of(44), r.at("a[1] = 1", "k"));
        assertEquals(Interval.of(-56), r.at("a[1] = 1", "s"));
        assertEquals(iv(0, 4294967295L), r.at("a[1] = 1", "v"));
        assertEquals(Interval.of(-32768), r.at("a[1] = 1", "h"));
    }

    @Test
    void unsignedComparisonWithNegativeIsNotRefinedWrongly() throws Exception {
        // -1 converts to UINT_MAX: "u < -1" holds for every u except UINT_MAX.
        Analysed r = analyse("void f(unsigned u) { if (u < -1) a[0] = 0; int i = -1; if (u > i) a[1] = 1; else a[2] = 2; }");
        assertEquals(iv(0, 4294967294L), r.at("a[0] = 0", "u"));
        assertFalse(r.reachable("a[1] = 1"));
        assertTrue(r.reachable("a[2] = 2"));
    }

    @Test
    void valuesFollowCRulesNotRecordedTypes() throws Exception {
        // "(u < 256) - (s != 1)" is int; 0x80000000 is unsigned int in C, 2147483648 a 64-bit signed type
        // under ILP32 (the front end types literals by C11 6.4.4.1).
        Analysed r = analyse("void f(unsigned u, int s) { unsigned short v = ((u < 256) - (s != 1)) % 3; long long big = 2147483648;"
                + " long long big2 = 4294967296; int t = 0x80000000 > -1; long long huge = 18446744073709551615u;"
                + " unsigned long long h2 = 18446744073709551615u; a[0] = 0; }");
        assertEquals(iv(0, 65535), r.at("a[0] = 0", "v"));
        assertEquals(Interval.of(2147483648L), r.at("a[0] = 0", "big"));
        assertEquals(Interval.of(4294967296L), r.at("a[0] = 0", "big2"));
        assertEquals(Interval.of(0), r.at("a[0] = 0", "t")); // unsigned comparison: -1 is UINT_MAX
        assertEquals(Interval.top(), r.at("a[0] = 0", "huge"));
        assertEquals(iv(0, Long.MAX_VALUE), r.at("a[0] = 0", "h2"));
    }

    @Test
    void infeasibleBranchesAreDead() throws Exception {
        Analysed r = analyse("void f(int n) { int x = 3; if (x > 5) a[x] = 1; if (x == 3) a[x] = 2; else a[x] = 3;"
                + " if (n > 2 && n < 1) a[n] = 4; }");
        assertFalse(r.reachable("a[x] = 1"));
        assertTrue(r.result().eval(r.edge("a[x] = 1").from(), new Expr.IntConst(0, r.var("x").type())).isBottom());
        assertTrue(r.reachable("a[x] = 2"));
        assertFalse(r.reachable("a[x] = 3"));
        assertFalse(r.reachable("a[n] = 4"));
    }

    @Test
    void switchAndModulo() throws Exception {
        Analysed r = analyse("void f(unsigned n) { int tid = n % 4; a[tid] = 1;"
                + " switch (tid) { case 1: a[tid] = 2; break; case 7: a[tid] = 3; break; default: break; }"
                + " a[n & 7] = 4; }");
        assertEquals(iv(0, 3), r.index("a[tid] = 1"));
        assertEquals(Interval.of(1), r.index("a[tid] = 2"));
        assertFalse(r.reachable("a[tid] = 3"));
        assertEquals(iv(0, 7), r.index("a[(n & 7)] = 4"));
    }

    @Test
    void callsAssemblyAndBooleans() throws Exception {
        Analysed r = analyse("void f(int n) { int x = 5; x = rand(); a[x] = 0; int y = 2; __asm__(\"nop\"); a[y] = 1;"
                + " _Bool z = n; a[z] = 2; int w = n < 3; a[w] = 3; }");
        assertEquals(INT_RANGE, r.index("a[x] = 0"));
        assertEquals(INT_RANGE, r.index("a[y] = 1"));
        assertEquals(iv(0, 1), r.index("a[z] = 2"));
        assertEquals(iv(0, 1), r.index("a[w] = 3"));
    }

    @Test
    void wideTypes() throws Exception {
        Analysed r = analyse("void f(long long n, unsigned long long m) { for (long long i = 0; i < n; i++) a[i] = 0;"
                + " for (unsigned long long k = 0; k < 10; k++) a[k] = 1; unsigned long long z = m + 1; a[z] = 2;"
                + " long long q = m; a[q] = 3; }");
        assertEquals(iv(0, Long.MAX_VALUE - 1), r.index("a[i] = 0"));
        assertEquals(iv(0, 9), r.index("a[k] = 1"));
        assertEquals(iv(0, Long.MAX_VALUE), r.index("a[z] = 2"));
        assertEquals(Interval.top(), r.index("a[q] = 3"));
    }

    @Test
    void lp64SizeTLoop() throws Exception {
        Analysed r = analyse("typedef unsigned long size_t; void f(size_t n) { for (size_t i = 0; i < 8; i++) a[i] = 0;"
                + " for (long j = n; j >= 0; j--) a[j] = 1; }", "f", DataModel.LP64);
        assertEquals(iv(0, 7), r.index("a[i] = 0"));
        assertEquals(iv(0, Long.MAX_VALUE), r.index("a[j] = 1"));
    }

    @Test
    void threadIndexPattern() throws Exception {
        Analysed r = analyse("void *worker(void *arg) { int id = (int) (long) arg;"
                + " if (id >= 0 && id < 4) { a[2 * id] = 1; a[2 * id + 1] = 2; } return 0; }",
                "worker", DataModel.ILP32);
        Interval even = r.index("a[(2 * id)] = 1");
        Interval odd = r.index("a[((2 * id) + 1)] = 2");
        assertEquals(iv(0, 6), even);
        assertEquals(iv(1, 7), odd);
    }

    @Test
    void largeFunctionTerminatesQuickly() throws Exception {
        StringBuilder sb = new StringBuilder("void f(int n) { int x = 0;\n");
        for (int i = 0; i < 600; i++) {
            sb.append("for (int i").append(i).append(" = 0; i").append(i).append(" < n; i").append(i).append("++) { if (x < ")
                    .append(i).append(") x = x + 1; else x = x - 2; a[i").append(i).append(" % 100] = x; }\n");
        }
        sb.append("}");
        Program p = load("int a[100];\n" + sb, DataModel.ILP32);
        Function f = p.function("f");
        long start = System.nanoTime();
        Analysed r = new Analysed(f, Intervals.analyze(f, p));
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertTrue(f.cfg().edges().size() > 6000, "edges: " + f.cfg().edges().size());
        assertTrue(ms < 10_000, "took " + ms + " ms");
        System.out.println("large function: " + f.cfg().edges().size() + " edges, " + ms + " ms");
        assertEquals(iv(0, 99), r.index("a[(i599 % 100)] = x"));
    }

    @Test
    void interruptCancels() throws Exception {
        Program p = load("void f(void) { for (int i = 0; i < 10; i++) ; }", DataModel.ILP32);
        Thread.currentThread().interrupt();
        try {
            assertThrows(CancellationException.class, () -> Intervals.analyze(p.function("f"), p));
        } finally {
            assertTrue(Thread.interrupted());
        }
    }
}
