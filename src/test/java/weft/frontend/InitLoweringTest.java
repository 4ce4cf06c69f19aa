package weft.frontend;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import weft.ir.CType;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.Lvalue;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.ir.Variable;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static weft.frontend.FrontendTestSupport.fn;
import static weft.frontend.FrontendTestSupport.global;
import static weft.frontend.FrontendTestSupport.initItems;
import static weft.frontend.FrontendTestSupport.load;
import static weft.frontend.FrontendTestSupport.plain;
import static weft.frontend.FrontendTestSupport.stmts;
import static weft.frontend.FrontendTestSupport.stmtsOf;

/** Initialisers (static and automatic), static locals and compound literals. */
class InitLoweringTest {
    @TempDir
    Path dir;

    @Test
    void staticLocalsAreProgramObjectsWithAStaticInitialiser() {
        Program p = load(dir, """
                int counter(void) {
                  static int n = 10;
                  static int m;
                  n++;
                  return n + m;
                }
                int other(void) { static int n = 1; return n; }
                """);
        Variable n = global(p, "counter.n");
        assertEquals(Variable.Kind.STATIC_LOCAL, n.kind());
        assertEquals("counter", n.function());
        assertTrue(n.isStatic());
        assertEquals(2, n.loc().line());
        assertEquals(14, n.loc().col());
        assertEquals(List.of("+0 int = 10"), initItems(p, "counter.n"));
        Variable m = global(p, "counter.m");
        assertNull(p.init(m), "no initialiser: zero");
        assertEquals(Variable.Kind.STATIC_LOCAL, global(p, "other.n").kind());
        // No declaration or assignment of the static in the body; it is not a local of the function.
        Function f = fn(p, "counter");
        assertEquals(List.of("counter.n = (counter.n + 1) @4:3", "return (counter.n + counter.m) @5:3"), stmts(f));
        assertTrue(f.locals().isEmpty(), f.locals().toString());
        IrInterpreter run = new IrInterpreter(p);
        assertEquals(11, run.run("counter"));
        assertEquals(12, run.run("counter"));
    }

    @Test
    void scalarAndAddressGlobals() {
        Program p = load(dir, """
                int x = 3, y, z = -2 * 4;
                int *px = &x;
                int a[5];
                int *pa = &a[2];
                int f(int);
                int (*fp)(int) = f;
                unsigned char uc = 0x1ff;
                int k = sizeof(long) + 'A';
                """);
        assertEquals(List.of("+0 int = 3"), initItems(p, "x"));
        assertNull(p.init(global(p, "y")));
        assertEquals(List.of("+0 int = (-2 * 4)"), initItems(p, "z"));
        assertEquals(-8, new IrInterpreter(p).global("z"));
        assertEquals(List.of("+0 int* = &x"), initItems(p, "px"));
        assertEquals(List.of("+0 int* = &a[2]"), initItems(p, "pa"));
        Expr fref = p.init(global(p, "fp")).items().get(0).value();
        assertEquals("f", assertInstanceOf(Expr.FuncRef.class, fref).name());
        assertEquals(List.of("+0 int = (4 + 65)"), initItems(p, "k"));
        assertEquals(69, new IrInterpreter(p).global("k"));
        assertEquals(0xff, new IrInterpreter(p).global("uc"));
    }

    @Test
    void structInitialisersWithBraceElisionAndDesignators() {
        Program p = load(dir, """
                struct P { int x, y; };
                struct R { char c; struct P p[2]; int z; };
                struct R full = { 'a', { {1, 2}, {3, 4} }, 5 };
                struct R elided = { 'b', 1, 2, 3, 4, 6 };
                struct R partial = { 'c', { 7 } };
                struct R desig = { .z = 7, .p[1].y = 8, .c = 'd' };
                struct R cont = { .p[0].y = 1, 2, 3 };
                struct R mixed = { .p = { [1] = { .x = 9 } }, 10 };
                """);
        assertEquals(List.of("+0 char = 97", "+4 int = 1", "+8 int = 2", "+12 int = 3", "+16 int = 4", "+20 int = 5"),
                initItems(p, "full"));
        assertEquals(List.of("+0 char = 98", "+4 int = 1", "+8 int = 2", "+12 int = 3", "+16 int = 4", "+20 int = 6"),
                initItems(p, "elided"));
        // { 7 } initialises p[0].x only: braces around p, then elided around p[0].
        assertEquals(List.of("+0 char = 99", "+4 int = 7"), initItems(p, "partial"));
        assertEquals(List.of("+20 int = 7", "+16 int = 8", "+0 char = 100"), initItems(p, "desig"));
        // After .p[0].y the following initialisers go on with p[1].x and p[1].y (C11 6.7.9p17).
        assertEquals(List.of("+8 int = 1", "+12 int = 2", "+16 int = 3"), initItems(p, "cont"));
        // After .p the next initialiser is z.
        assertEquals(List.of("+12 int = 9", "+20 int = 10"), initItems(p, "mixed"));
    }

    @Test
    void arraysOfUnknownLengthTakeTheirLengthFromTheInitialiser() {
        Program p = load(dir, """
                struct P { int x, y; };
                int a[] = {1, 2, 3};
                int b[] = { [5] = 1, 2 };
                int c[] = { [2] = 1, [0] = 2 };
                char s[] = "hello";
                char t[] = { "hi" };
                char u[] = { 'h', 'i' };
                struct P ps[] = { 1, 2, 3, 4, 5 };
                int m[][2] = { 1, 2, 3 };
                int n[][2] = { {1}, {2}, {3}, {4} };
                int r[] = { [0 ... 9] = 4 };
                const char *names[] = { "a", "bc", 0 };
                int empty[] = { };
                """);
        assertEquals("int[3]", global(p, "a").type().toString());
        assertEquals(12, global(p, "a").type().size());
        assertEquals(List.of("+0 int = 1", "+4 int = 2", "+8 int = 3"), initItems(p, "a"));
        assertEquals(7, ((CType.Array) global(p, "b").type()).length());
        assertEquals(List.of("+20 int = 1", "+24 int = 2"), initItems(p, "b"));
        assertEquals(3, ((CType.Array) global(p, "c").type()).length());
        assertEquals(6, ((CType.Array) global(p, "s").type()).length());
        assertEquals(3, ((CType.Array) global(p, "t").type()).length());
        assertEquals(2, ((CType.Array) global(p, "u").type()).length());
        assertEquals(3, ((CType.Array) global(p, "ps").type()).length(), "5 scalars fill 3 structs of 2");
        assertEquals(24, global(p, "ps").type().size());
        assertEquals(2, ((CType.Array) global(p, "m").type()).length());
        assertEquals(4, ((CType.Array) global(p, "n").type()).length());
        assertEquals(List.of("+0 int = 1", "+8 int = 2", "+16 int = 3", "+24 int = 4"), initItems(p, "n"));
        assertEquals(10, ((CType.Array) global(p, "r").type()).length());
        assertEquals(10, initItems(p, "r").size());
        assertEquals(3, ((CType.Array) global(p, "names").type()).length());
        assertEquals(0, ((CType.Array) global(p, "empty").type()).length());
    }

    @Test
    void unionInitialisersUseTheFirstOrDesignatedMember() {
        Program p = load(dir, """
                union U { short s; int i; };
                union U u1 = { 0x1234 };
                union U u2 = { .i = 5 };
                union U u3 = { 1, 2 };
                """);
        assertEquals(List.of("+0 short = 4660"), initItems(p, "u1"));
        assertEquals(List.of("+0 int = 5"), initItems(p, "u2"));
        assertEquals(List.of("+0 short = 1"), initItems(p, "u3"));
    }

    @Test
    void automaticInitialisersBecomeAssignments() {
        Program p = load(dir, """
                struct P { int x, y; };
                struct P g;
                int f(int v) {
                  struct P a = { v, v + 1 };
                  struct P b = { .y = 3 };
                  struct P c = g;
                  int arr[3] = { 1, [2] = v };
                  return a.y + b.y + c.x + arr[2];
                }
                """);
        Function f = fn(p, "f");
        // a brace list first zeroes every scalar member at the declarator (C11 6.7.9p21: the members it does not
        // name are zero; an automatic object is otherwise indeterminate), then stores the items it names
        List<String> all = stmts(f);
        List<String> zeros = all.stream().filter(x -> x.matches(".* = 0 @(4:12|5:12|7:7)")).toList();
        assertEquals(List.of("a.x = 0 @4:12", "a.y = 0 @4:12", "b.x = 0 @5:12", "b.y = 0 @5:12", "arr[0] = 0 @7:7",
                "arr[1] = 0 @7:7", "arr[2] = 0 @7:7"), zeros);
        assertEquals(List.of("decl a : struct P @4:12", "a.x = v @4:18", "a.y = (v + 1) @4:21", "decl b : struct P @5:12",
                "b.y = 3 @5:23", "decl c : struct P @6:12", "c = g @6:16", "decl arr : int[3] @7:7", "arr[0] = 1 @7:18",
                "arr[2] = v @7:27"), all.stream().filter(x -> !zeros.contains(x)).toList().subList(0, 10));
        // A struct copy is one write of the whole object and one read of the whole source.
        Stmt.Assign copy = stmtsOf(f, Stmt.Assign.class).get(7);
        assertEquals(8, copy.lhs().byteSize());
        assertTrue(String.join(",", FrontendTestSupport.userAccesses(f)).contains("R g @6:16,W c @6:16"), FrontendTestSupport.userAccesses(f).toString());
        assertTrue(p.globals().stream().noneMatch(v -> v.kind() == Variable.Kind.STATIC_LOCAL), p.globals().toString());
    }

    @Test
    void compoundLiterals() {
        Program p = load(dir, """
                struct P { int x, y; };
                int *gp = (int[]){ 1, 2, 3 };
                struct P *sp = &(struct P){ .y = 4 };
                int f(int v) {
                  struct P *q = &(struct P){ v, 2 };
                  int *arr = (int[]){ v, v };
                  return q->x + arr[1];
                }
                """);
        // At file scope a compound literal is a static object with a static initialiser.
        Expr.AddrOf gp = assertInstanceOf(Expr.AddrOf.class, p.init(global(p, "gp")).items().get(0).value());
        Variable lit = ((Lvalue.Var) ((Lvalue.Index) gp.lvalue()).base()).variable();
        assertTrue(lit.isStatic());
        assertEquals("int[3]", lit.type().toString());
        assertEquals(List.of("+0 int = 1", "+4 int = 2", "+8 int = 3"),
                p.init(lit).items().stream().map(i -> "+" + i.offset() + " " + i.type() + " = " + i.value()).toList());
        Expr.AddrOf sp = assertInstanceOf(Expr.AddrOf.class, p.init(global(p, "sp")).items().get(0).value());
        Variable slit = ((Lvalue.Var) sp.lvalue()).variable();
        assertEquals(List.of("+4 int = 4"),
                p.init(slit).items().stream().map(i -> "+" + i.offset() + " " + i.type() + " = " + i.value()).toList());
        // In a function it is an automatic temporary, declared and assigned where it appears.
        Function f = fn(p, "f");
        List<String> s = plain(f);
        assertTrue(s.containsAll(List.of("decl __t0 : struct P", "__t0.x = v", "__t0.y = 2", "q = &__t0",
                "decl __t1 : int[2]", "__t1[0] = v", "__t1[1] = v", "arr = &__t1[0]")), s.toString());
        assertEquals(Variable.Kind.TEMP, FrontendTestSupport.local(f, "__t0").kind());
        assertEquals(10, new IrInterpreter(p).run("f", 5));
    }

    @Test
    void nonConstantStaticInitialiserIsAnError() {
        List<Diagnostic> ds = FrontendTestSupport.check(dir, """
                int g(void);
                int x = 1;
                int bad = g();
                """);
        Diagnostic d = ds.stream().filter(Diagnostic::isError).findFirst().orElseThrow();
        assertTrue(d.message().contains("not constant"), d.toString());
        assertEquals(3, d.loc().line());
    }

    @Test
    void externalGlobalsAreOneObject() {
        Program p = load(dir, """
                extern int shared;
                int shared;
                int shared = 4;
                int read(void) { extern int shared; return shared; }
                """);
        Variable v = global(p, "shared");
        assertEquals(Variable.Kind.GLOBAL, v.kind());
        assertEquals(List.of("+0 int = 4"), initItems(p, "shared"));
        Stmt.Return r = stmtsOf(fn(p, "read"), Stmt.Return.class).get(0);
        assertSame(v, ((Lvalue.Var) ((Expr.Load) r.value()).lvalue()).variable());
        assertFalse(fn(p, "read").locals().contains(v));
    }
}
