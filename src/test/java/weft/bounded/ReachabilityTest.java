package weft.bounded;

import com.microsoft.z3.Context;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import weft.budget.Budget;
import weft.frontend.Frontend;
import weft.frontend.FrontendOptions;
import weft.ir.DataModel;
import weft.ir.Edge;
import weft.ir.Function;
import weft.ir.Program;
import weft.ir.Stmt;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Table-driven: each case is the body of a function {@code f} that calls {@code hit()} somewhere; the bounded
 * layer's reachability of that call must be the expected one. Dead answers are proofs, so the cases include
 * every way the encoding must <em>not</em> conclude dead (memory, address-taken locals, undefined behaviour,
 * inline assembly, incomplete unwinding).
 */
class ReachabilityTest {
    private static final String PRELUDE = """
            #include <stdlib.h>
            extern int __VERIFIER_nondet_int(void);
            extern unsigned int __VERIFIER_nondet_uint(void);
            extern char __VERIFIER_nondet_char(void);
            extern void __VERIFIER_assume(int);
            extern void hit(void);
            int g;
            """;

    private record Case(String name, String body, Reachability.Kind expected, Bounds bounds, DataModel model) {
        Case(String name, String body, Reachability.Kind expected) {
            this(name, body, expected, Bounds.defaults(), DataModel.ILP32);
        }
    }

    private static final Reachability.Kind DEAD = Reachability.Kind.UNREACHABLE;
    private static final Reachability.Kind LIVE = Reachability.Kind.REACHABLE;
    private static final Reachability.Kind OPEN = Reachability.Kind.OPEN;

    private static final List<Case> CASES = List.of(
            new Case("unsigned addition wraps", "unsigned a = __VERIFIER_nondet_uint(); if (a + 1u == a) hit();", DEAD),
            new Case("unsigned wrap reaches zero", "unsigned a = __VERIFIER_nondet_uint(); if (a + 1u == 0u) hit();", LIVE),
            new Case("signed overflow is undefined: no proof from wrapping", "int a = __VERIFIER_nondet_int(); if (a + 1 < a) hit();", LIVE),
            new Case("division by zero is undefined", "int a = __VERIFIER_nondet_int(); int z = 0; if (a / z == 5 && a == 0) hit();", LIVE),
            new Case("signed division truncates", "int a = -7; int b = 2; if (a / b != -3 || a % b != -1) hit();", DEAD),
            new Case("unsigned division", "unsigned a = 4294967289u; unsigned b = 2; if (a / b != 2147483644u) hit();", DEAD),
            new Case("left shift clears the low bits", "unsigned a = __VERIFIER_nondet_uint(); if ((a << 4) == 7u) hit();", DEAD),
            new Case("shift count out of range is undefined", "unsigned a = __VERIFIER_nondet_uint(); int s = 40; if ((a << s) == 7u) hit();", LIVE),
            new Case("arithmetic right shift of a negative value", "int a = -16; if ((a >> 2) != -4) hit();", DEAD),
            new Case("truncation to signed char", "int a = __VERIFIER_nondet_int(); signed char c = (signed char) a; if (c > 127 || c < -128) hit();", DEAD),
            new Case("truncation to unsigned char keeps 255", "int a = __VERIFIER_nondet_int(); unsigned char u = a; if (u == 255) hit();", LIVE),
            new Case("sign extension of char", "signed char c = (signed char) __VERIFIER_nondet_int(); int x = c; if (x > 127) hit();", DEAD),
            new Case("usual arithmetic conversions: -1 < 1u is false", "int a = -1; unsigned b = 1; if (a < b) hit();", DEAD),
            new Case("conversion to _Bool", "int a = __VERIFIER_nondet_int(); _Bool b = a; if (b > 1) hit();", DEAD),
            new Case("logical not", "int a = __VERIFIER_nondet_int(); int b = !a; if (b != 0 && b != 1) hit();", DEAD),
            new Case("memory may change: globals are free", "g = 1; if (g != 1) hit();", LIVE),
            new Case("an address-taken local is memory", "int x = 1; int *p = &x; *p = 2; if (x != 1) hit();", LIVE),
            new Case("a call may not return: abort ends the path", "int a = __VERIFIER_nondet_int(); if (a == 3) abort(); if (a == 3) hit();", DEAD),
            new Case("exit ends the path", "int a = __VERIFIER_nondet_int(); if (a > 0) exit(0); if (a > 5) hit();", DEAD),
            new Case("__VERIFIER_assume constrains", "int a = __VERIFIER_nondet_int(); __VERIFIER_assume(a > 3); if (a < 2) hit();", DEAD),
            new Case("one exact input value", "int a = __VERIFIER_nondet_int(); if (a * 3 == 123456) hit();", LIVE),
            new Case("loop unwound completely", "int i, j = 0; for (i = 0; i < 10; i++) j++; if (i != j) hit();", DEAD),
            new Case("loop beyond the bound stays open", "int i, j = 0; for (i = 0; i < 10; i++) j++; if (i != j) hit();", OPEN,
                    new Bounds(4, 20_000), DataModel.ILP32),
            new Case("loop with an input trip count is never complete",
                    "int n = __VERIFIER_nondet_int(); int i, j = 0; for (i = 0; i < n; i++) { if (j < 100) j++; } if (j > 100) hit();", OPEN),
            new Case("nested loops", "int i, k, s = 0; for (i = 0; i < 3; i++) for (k = 0; k < 3; k++) s++; if (s != 9) hit();", DEAD),
            new Case("a declaration in a loop is fresh each time",
                    "int i, last = 0; for (i = 0; i < 3; i++) { int x; if (i == 0) x = 5; last = x; } if (last != 5) hit();", LIVE),
            new Case("long is 8 bytes under LP64", "long a = 4294967296L; if (a == 0) hit();", DEAD, Bounds.defaults(), DataModel.LP64),
            new Case("long is 4 bytes under ILP32", "unsigned long a = 4294967295UL; a = a + 1UL; if (a == 0) hit();", LIVE),
            new Case("inline assembly may write locals", "int x = 0; __asm__ volatile(\"\" : \"=r\"(x)); if (x != 0) hit();", LIVE));

    private static Context ctx;

    @BeforeAll
    static void open() {
        ctx = new Context();
    }

    @AfterAll
    static void close() {
        ctx.close();
    }

    @TempDir
    Path dir;

    @TestFactory
    Stream<DynamicTest> cases() {
        return CASES.stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> {
            Reachability.Outcome o = outcome(c.body(), c.bounds(), c.model(), "void f(void) {\n" + c.body() + "\n}\n");
            assertEquals(c.expected(), o.kind(), c.name() + ": " + o);
        }));
    }

    @Test
    void theModelGivesTheExactInputValue() throws Exception {
        Reachability.Outcome o = outcome("x", Bounds.defaults(), DataModel.ILP32,
                "void f(void) {\nint a = __VERIFIER_nondet_int(); if (a * 3 == 123456 && a > 0) hit();\n}\n");
        assertEquals(LIVE, o.kind());
        assertEquals(List.of(41152L), o.nondet().values().iterator().next());
    }

    @Test
    void parametersAreFree() throws Exception {
        Reachability.Outcome o = outcome("x", Bounds.defaults(), DataModel.ILP32, "void f(int p) {\nif (p == 12345) hit();\n}\n");
        assertEquals(LIVE, o.kind());
    }

    @Test
    void theUnwindingBoundOfAProofIsReported() throws Exception {
        Reachability.Outcome o = outcome("x", Bounds.defaults(), DataModel.ILP32,
                "void f(void) {\nint i, j = 0; for (i = 0; i < 10; i++) j++; if (i != j) hit();\n}\n");
        assertEquals(DEAD, o.kind());
        assertTrue(o.complete());
        assertEquals(16, o.bound());
    }

    /**
     * A reach on a budget of work counts the same units and hands the search the same values every time, however many
     * terms of the encoder's context the collector frees meanwhile: each check is solved in a context of its own.
     */
    @Test
    void aReachCountsTheSameWorkAndGivesTheSameValuesEveryTime() throws Exception {
        String function = "void f(void) {\nunsigned a = __VERIFIER_nondet_uint(), b = __VERIFIER_nondet_uint();\n"
                + "for (unsigned i = 0; i < 4; i++) a = a * 3u + b;\nif (a == 1234567u && b > 99u) hit();\n}\n";
        Program p = program("determinism", DataModel.ILP32, function);
        Function f = p.function("f");
        List<Long> units = new java.util.ArrayList<>();
        List<Object> values = new java.util.ArrayList<>();
        for (int run = 0; run < 3; run++) {
            // terms of the shared context left for the collector, freed at moments of its choosing
            for (int i = 0; i < 2_000; i++) ctx.mkBVAdd(ctx.mkBVConst("junk" + run + "_" + i, 32), ctx.mkBV(i, 32));
            System.gc();
            weft.budget.WorkMeter meter = new weft.budget.WorkMeter();
            Reachability.Outcome o = new Reachability(ctx, p, Bounds.defaults()).reach(f, hitNode(f), Budget.work(meter, 60_000));
            assertEquals(LIVE, o.kind(), o.detail());
            units.add(meter.units());
            values.add(o.nondet());
        }
        assertEquals(1, new java.util.HashSet<>(units).size(), "units: " + units);
        assertEquals(1, new java.util.HashSet<>(values).size(), "values: " + values);
        assertTrue(units.get(0) > 0, "the solver's work is counted");
    }

    private Program program(String name, DataModel model, String function) throws Exception {
        Path file = dir.resolve("t" + Math.abs(name.hashCode()) + model + ".c");
        Files.writeString(file, PRELUDE + function);
        return new Frontend(FrontendOptions.defaults(model)).load(List.of(file));
    }

    private static int hitNode(Function f) {
        int node = -1;
        for (Edge e : f.cfg().edges()) {
            if (e.stmt() instanceof Stmt.Call call && "hit".equals(call.directName())) node = e.from();
        }
        assertTrue(node >= 0, "no call of hit() in " + f.cfg().edges());
        return node;
    }

    private Reachability.Outcome outcome(String name, Bounds bounds, DataModel model, String function) throws Exception {
        Program p = program(name, model, function);
        Function f = p.function("f");
        int node = -1;
        for (Edge e : f.cfg().edges()) {
            if (e.stmt() instanceof Stmt.Call call && "hit".equals(call.directName())) node = e.from();
        }
        assertTrue(node >= 0, "no call of hit() in " + f.cfg().edges());
        return new Reachability(ctx, p, bounds).reach(f, node, Budget.cpuMillis(20_000));
    }
}
