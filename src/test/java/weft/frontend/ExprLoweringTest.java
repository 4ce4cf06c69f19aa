package weft.frontend;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import weft.ir.CType;
import weft.ir.CallTarget;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.Lvalue;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.ir.StructType;
import weft.ir.Variable;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static weft.frontend.FrontendTestSupport.accesses;
import static weft.frontend.FrontendTestSupport.fn;
import static weft.frontend.FrontendTestSupport.global;
import static weft.frontend.FrontendTestSupport.load;
import static weft.frontend.FrontendTestSupport.local;
import static weft.frontend.FrontendTestSupport.only;
import static weft.frontend.FrontendTestSupport.plain;
import static weft.frontend.FrontendTestSupport.stmts;
import static weft.frontend.FrontendTestSupport.stmtsOf;
import static weft.frontend.FrontendTestSupport.userAccesses;

/** Lowering of expressions: which statements, reads and writes come out, with their locations. */
class ExprLoweringTest {
    @TempDir
    Path dir;

    @Test
    void simpleAssignmentIsOneWriteAndOneRead() {
        Program p = load(dir, """
                int x, y;
                void f(void) {
                  x = y;
                }
                """);
        Function f = fn(p, "f");
        assertEquals(List.of("x = y @3:3", "return @4:1"), stmts(f));
        assertEquals(List.of("R y @3:7", "W x @3:3"), accesses(f));
        Stmt.Assign a = only(f, Stmt.Assign.class);
        assertSame(global(p, "x"), ((Lvalue.Var) a.lhs()).variable());
        assertTrue(f.locals().isEmpty(), "no temporaries: " + f.locals());
    }

    @Test
    void conditionalOfFunctionDesignatorsIsAFunctionPointer() {
        Program p = load(dir, """
                typedef void (*h_t)(int *);
                static void a(int *q) { }
                h_t choose(h_t d, int fast) { return fast ? a : d; }
                h_t other(h_t d, int fast) { return fast ? d : a; }
                """);
        for (String name : List.of("choose", "other")) {
            CType t = local(fn(p, name), "__t0").type();
            assertTrue(t.isPointer(), name + ": the value of c ? f : g is a pointer, not " + t);
            assertInstanceOf(CType.Function.class, t.pointee(), name + ": " + t);
        }
    }

    @Test
    void compoundAssignmentReadsAndWritesTheSameLocationOnce() {
        Program p = load(dir, """
                int x, y, a[4], i;
                int *q;
                void f(void) {
                  x += y * 2;
                  a[i] <<= 1;
                  *q -= x;
                  x |= 8;
                }
                """);
        Function f = fn(p, "f");
        assertEquals(List.of("x = (x + (y * 2)) @4:3", "a[i] = (a[i] << 1) @5:3", "*(q) = (*(q) - x) @6:3",
                "x = (x | 8) @7:3", "return @8:1"), stmts(f));
        // x += e: x read at the assignment, e's operands where they are, then exactly one write.
        assertEquals(List.of("R x @4:3", "R y @4:8", "W x @4:3"), accesses(f).subList(0, 3));
        assertEquals(4, accesses(f).stream().filter(s -> s.startsWith("W ")).count());
        assertTrue(f.locals().isEmpty(), "no temporaries: " + f.locals());
        assertEquals(Expr.BinOp.SHL, ((Expr.Binary) stmtsOf(f, Stmt.Assign.class).get(1).rhs()).op());
    }

    @Test
    void incrementsInEffectContextNeedNoTemporary() {
        Program p = load(dir, """
                int x;
                void f(void) {
                  x++;
                  ++x;
                  x--;
                  --x;
                  for (;x < 3; x++) ;
                }
                """);
        Function f = fn(p, "f");
        assertEquals(List.of("x = (x + 1) @3:3", "x = (x + 1) @4:3", "x = (x - 1) @5:3", "x = (x - 1) @6:3"),
                stmts(f).subList(0, 4));
        assertTrue(stmts(f).contains("x = (x + 1) @7:16"), stmts(f).toString());
        assertTrue(f.locals().isEmpty(), "no temporaries: " + f.locals());
    }

    @Test
    void postfixInValueContextYieldsTheOldValueThroughATemporary() {
        Program p = load(dir, """
                int x, y;
                void post(void) {
                  y = x++;
                }
                void pre(void) {
                  y = --x;
                }
                """);
        assertEquals(List.of("__t0 = x @3:7", "x = (__t0 + 1) @3:7", "y = __t0 @3:3", "return @4:1"), stmts(fn(p, "post")));
        assertEquals(List.of("__t0 = (x - 1) @6:7", "x = __t0 @6:7", "y = __t0 @6:3", "return @7:1"), stmts(fn(p, "pre")));
        // x is read once and written once in both cases.
        assertEquals(List.of("R x @3:7", "W x @3:7", "W y @3:3"), userAccesses(fn(p, "post")));
        assertEquals(List.of("R x @6:7", "W x @6:7", "W y @6:3"), userAccesses(fn(p, "pre")));
        assertEquals(Variable.Kind.TEMP, local(fn(p, "post"), "__t0").kind());

        IrInterpreter run = new IrInterpreter(p);
        run.run("post");
        assertEquals(0, run.global("y"));
        assertEquals(1, run.global("x"));
        run.run("pre");
        assertEquals(0, run.global("y"));
        assertEquals(0, run.global("x"));
    }

    @Test
    void incrementOperandsAreEvaluatedInOrder() {
        Program p = load(dir, """
                int a[8];
                int f(int i) {
                  int r = i++;
                  r = r * 10 + ++i;
                  a[i++] = r;
                  return r * 100 + i;
                }
                """);
        IrInterpreter run = new IrInterpreter(p);
        assertEquals(24 * 100 + 5, run.run("f", 2));
        assertEquals(24, run.globalAt("a", 4 * 4));
    }

    @Test
    void shortCircuitConditionsBecomeAssumeEdges() {
        Program p = load(dir, """
                int a, b, x;
                void f(void) {
                  if (a && b)
                    x = 1;
                }
                """);
        Function f = fn(p, "f");
        assertEquals(List.of(
                "0 -> 5  assume(a)   @t.c:3:7",
                "0 -> 3  assume(!a)   @t.c:3:7",
                "2 -> 6  x = 1   @t.c:4:5",
                "3 -> 4  skip   @t.c:3:3",
                "4 -> 1  return   @t.c:5:1",
                "5 -> 2  assume(b)   @t.c:3:12",
                "5 -> 3  assume(!b)   @t.c:3:12",
                "6 -> 4  skip   @t.c:3:3"), FrontendTestSupport.edges(f));
        assertTrue(f.locals().isEmpty(), "conditions need no temporary: " + f.locals());
    }

    @Test
    void shortCircuitSkipsTheSecondOperand() {
        Program p = load(dir, """
                int calls;
                int t(int v) { calls++; return v; }
                int and(int a, int b) { calls = 0; if (t(a) && t(b)) return 1; return 0; }
                int or(int a, int b) { calls = 0; if (t(a) || t(b)) return 1; return 0; }
                int not(int a, int b) { calls = 0; if (!(t(a) || t(b))) return 1; return 0; }
                int vand(int a, int b) { calls = 0; int r = t(a) && t(b); return r; }
                int vor(int a, int b) { calls = 0; return t(a) || t(b); }
                void eff(int a, int b) { calls = 0; t(a) && t(b); }
                """);
        IrInterpreter run = new IrInterpreter(p);
        for (int a = 0; a <= 1; a++) {
            for (int b = 0; b <= 1; b++) {
                assertEquals(a & b, run.run("and", a, b), "and " + a + b);
                assertEquals(a == 0 ? 1 : 2, run.global("calls"), "and calls " + a + b);
                assertEquals(a | b, run.run("or", a, b), "or " + a + b);
                assertEquals(a == 1 ? 1 : 2, run.global("calls"), "or calls " + a + b);
                assertEquals(1 - (a | b), run.run("not", a, b), "not " + a + b);
                assertEquals(a & b, run.run("vand", a, b), "vand " + a + b);
                assertEquals(a == 0 ? 1 : 2, run.global("calls"), "vand calls " + a + b);
                assertEquals(a | b, run.run("vor", a, b), "vor " + a + b);
                run.run("eff", a, b);
                assertEquals(a == 0 ? 1 : 2, run.global("calls"), "eff calls " + a + b);
            }
        }
    }

    @Test
    void logicalOperatorInValueContextSetsATemporaryToOneOrZero() {
        Program p = load(dir, """
                int a, b, r;
                void f(void) {
                  r = a || b;
                }
                """);
        Function f = fn(p, "f");
        List<String> s = stmts(f);
        assertTrue(s.containsAll(List.of("assume(a) @3:7", "assume(!a) @3:7", "assume(b) @3:12", "assume(!b) @3:12",
                "__t0 = 1 @3:7", "__t0 = 0 @3:7", "r = __t0 @3:3")), s.toString());
        assertEquals(1, f.locals().size());
        assertEquals("int", f.locals().get(0).type().toString());
        // r is written exactly once, after the branches joined.
        assertEquals(List.of("R a @3:7", "R b @3:12", "W r @3:3"), userAccesses(f).stream().sorted().toList());
    }

    @Test
    void conditionalOperatorBranchesIntoATemporary() {
        Program p = load(dir, """
                int c, a, b, r;
                int g(int);
                int sel(int k, int u, int v) { return k ? u : v; }
                int elvis(int k, int v) { return k ?: v; }
                void f(void) {
                  r = c ? a : b + 1;
                }
                void eff(void) {
                  c ? g(1) : g(2);
                }
                """);
        Function f = fn(p, "f");
        assertEquals(List.of("assume(c) @6:7", "assume(!c) @6:7", "__t0 = a @6:7", "__t0 = (b + 1) @6:7", "r = __t0 @6:3"),
                stmts(f).subList(0, 5));
        assertEquals(List.of("R c @6:7", "R a @6:11", "R b @6:15", "W r @6:3"), userAccesses(f));
        // In effect context no temporary is made.
        Function eff = fn(p, "eff");
        assertTrue(eff.locals().isEmpty(), eff.locals().toString());
        assertEquals(List.of("assume(c)", "assume(!c)", "g(1)", "g(2)", "return"), plain(eff));

        IrInterpreter run = new IrInterpreter(p);
        assertEquals(7, run.run("sel", 1, 7, 9));
        assertEquals(9, run.run("sel", 0, 7, 9));
        assertEquals(5, run.run("elvis", 5, 9));
        assertEquals(9, run.run("elvis", 0, 9));
    }

    @Test
    void commaEvaluatesLeftToRightAndYieldsTheLast() {
        Program p = load(dir, """
                int x, y, r;
                void f(void) {
                  r = (x = 1, y = 2, x + y);
                }
                """);
        Function f = fn(p, "f");
        assertEquals(List.of("x = 1 @3:8", "y = 2 @3:15", "r = (x + y) @3:3", "return @4:1"), stmts(f));
        IrInterpreter run = new IrInterpreter(p);
        run.run("f");
        assertEquals(3, run.global("r"));
    }

    @Test
    void nestedAssignmentReadsTheSourceOnce() {
        Program p = load(dir, """
                int a, b, c;
                void f(void) {
                  a = b = c;
                }
                """);
        Function f = fn(p, "f");
        assertEquals(List.of("__t0 = c @3:7", "b = __t0 @3:7", "a = __t0 @3:3", "return @4:1"), stmts(f));
        assertEquals(List.of("R c @3:11", "W b @3:7", "W a @3:3"), userAccesses(f));
        IrInterpreter run = new IrInterpreter(p);
        assertEquals(0, run.run("f"));
    }

    @Test
    void callResultsGoToTheTargetOrATemporary() {
        Program p = load(dir, """
                int g(int);
                void h(int);
                int r;
                void f(void) {
                  r = g(1);
                  r = g(2) + 1;
                  g(3);
                  h(g(4));
                }
                """);
        Function f = fn(p, "f");
        assertEquals(List.of("r = g(1) @5:7", "__t0 = g(2) @6:7", "r = (__t0 + 1) @6:3", "g(3) @7:3",
                "__t1 = g(4) @8:5", "h(__t1) @8:3", "return @9:1"), stmts(f));
        List<Stmt.Call> calls = stmtsOf(f, Stmt.Call.class);
        assertEquals("r", calls.get(0).result().toString());
        assertNull(calls.get(2).result());
        assertEquals("g", calls.get(0).directName());
        assertInstanceOf(CallTarget.External.class, p.target(calls.get(0)));
        assertEquals(2, f.locals().size());
    }

    @Test
    void implicitlyDeclaredFunctionsReturnInt() {
        Path file = FrontendTestSupport.write(dir, "t.c", """
                int f(void) {
                  int x = nondet();
                  return x + other(1);
                }
                """);
        List<Diagnostic> ds = FrontendTestSupport.frontend(weft.ir.DataModel.ILP32).check(file);
        assertEquals(List.of("2:11: warning: implicit declaration of function 'nondet'",
                        "3:14: warning: implicit declaration of function 'other'"),
                ds.stream().map(d -> d.toString().substring(d.toString().indexOf("t.c:") + 4)).toList());
        Program p = load(file, weft.ir.DataModel.ILP32);
        assertEquals(List.of("decl x : int", "__t0 = nondet()", "x = __t0", "__t1 = other(1)", "return (x + __t1)"),
                plain(fn(p, "f")));
        assertEquals(java.util.Set.of("nondet", "other"), p.externals());
    }

    @Test
    void gccBuiltinsKeepTheirDeclaredTypes() {
        Program p = load(dir, """
                int v;
                int f(void) {
                  int old = __sync_fetch_and_add(&v, 1);
                  __atomic_store_n(&v, 2, 5);
                  return old;
                }
                """);
        Function f = fn(p, "f");
        List<Stmt.Call> calls = stmtsOf(f, Stmt.Call.class);
        assertEquals(List.of("__sync_fetch_and_add", "__atomic_store_n"), calls.stream().map(Stmt.Call::directName).toList());
        assertEquals("&v", calls.get(0).args().get(0).toString());
        assertTrue(FrontendTestSupport.check(dir, "int v; int g(void) { return __sync_fetch_and_add(&v, 1); }\n")
                .stream().noneMatch(d -> d.message().contains("implicit")), "builtins are declared");
    }

    @Test
    void callsThroughFunctionPointersStayIndirect() {
        Program p = load(dir, """
                struct ops { void (*cb)(int); };
                void h(int v) { }
                void (*fp)(int);
                struct ops o;
                void f(void) {
                  fp = h;
                  fp(1);
                  (*fp)(2);
                  o.cb(3);
                  (*h)(4);
                  (&h)(5);
                  h(6);
                }
                """);
        Function f = fn(p, "f");
        List<Stmt.Call> calls = stmtsOf(f, Stmt.Call.class);
        assertEquals(6, calls.size());
        for (int i = 0; i < 3; i++) {
            Stmt.Call c = calls.get(i);
            assertFalse(c.callee() instanceof Expr.FuncRef, "indirect: " + c);
            assertNull(c.directName(), c.toString());
            assertInstanceOf(CallTarget.Indirect.class, p.target(c));
            assertInstanceOf(Expr.Load.class, c.callee());
        }
        assertEquals("fp", ((Expr.Load) calls.get(0).callee()).lvalue().toString());
        assertEquals("fp", ((Expr.Load) calls.get(1).callee()).lvalue().toString());
        assertEquals("o.cb", ((Expr.Load) calls.get(2).callee()).lvalue().toString());
        for (int i = 3; i < 6; i++) {
            assertEquals("h", calls.get(i).directName(), calls.get(i).toString());
            assertInstanceOf(CallTarget.User.class, p.target(calls.get(i)));
        }
        // Taking the function's address is not a read of anything.
        Stmt.Assign set = stmtsOf(f, Stmt.Assign.class).get(0);
        assertEquals(new Expr.FuncRef("h", set.rhs().type()), set.rhs());
        assertEquals(List.of("W fp @6:3", "R fp @7:3", "R fp @8:5", "R o.cb @9:3"), accesses(f));
    }

    @Test
    void structFieldAccessHasTheFieldAndItsOffset() {
        Program p = load(dir, """
                struct S { char c; int i; short s; };
                struct S g;
                void f(void) {
                  g.s = 1;
                  g.c = g.i;
                }
                """);
        Function f = fn(p, "f");
        Stmt.Assign a = stmtsOf(f, Stmt.Assign.class).get(0);
        Lvalue.Field fl = assertInstanceOf(Lvalue.Field.class, a.lhs());
        assertEquals("s", fl.field().name());
        assertEquals(8, fl.field().offset());
        assertEquals(2, fl.byteSize());
        assertSame(global(p, "g").type(), fl.owner());
        assertEquals(new Lvalue.Var(global(p, "g")), fl.base());
        assertEquals(List.of("W g.s @4:3", "R g.i @5:9", "W g.c @5:3"), accesses(f));
        Lvalue.Field read = (Lvalue.Field) ((Expr.Load) stmtsOf(f, Stmt.Assign.class).get(1).rhs()).lvalue();
        assertEquals(4, read.field().offset());
    }

    @Test
    void arrowIsAFieldOfADereference() {
        Program p = load(dir, """
                struct N { int v; struct N *next; };
                struct N *head;
                void f(void) {
                  head->next->v = 5;
                }
                """);
        Function f = fn(p, "f");
        Stmt.Assign a = only(f, Stmt.Assign.class);
        Lvalue.Field v = assertInstanceOf(Lvalue.Field.class, a.lhs());
        assertEquals("v", v.field().name());
        assertEquals(0, v.field().offset());
        Lvalue.Deref d = assertInstanceOf(Lvalue.Deref.class, v.base());
        Expr.Load nextLoad = assertInstanceOf(Expr.Load.class, d.pointer());
        Lvalue.Field next = assertInstanceOf(Lvalue.Field.class, nextLoad.lvalue());
        assertEquals("next", next.field().name());
        assertEquals(4, next.field().offset());
        Lvalue.Deref inner = assertInstanceOf(Lvalue.Deref.class, next.base());
        assertEquals("head", inner.pointer().toString());
        assertInstanceOf(StructType.class, inner.type());
        assertEquals(List.of("R head @4:3", "R *(head).next @4:3", "W *(*(head).next).v @4:3"), accesses(f));
    }

    @Test
    void arraySubscriptsAndPointerSubscripts() {
        Program p = load(dir, """
                int a[10];
                int m[3][4];
                int *p;
                int i, j, r;
                void f(void) {
                  a[i] = 1;
                  p[i] = 2;
                  r = i[a];
                  m[i][j] = 3;
                  *(p + 1) = 4;
                }
                """);
        Function f = fn(p, "f");
        List<Stmt.Assign> as = stmtsOf(f, Stmt.Assign.class);
        Lvalue.Index ai = assertInstanceOf(Lvalue.Index.class, as.get(0).lhs());
        assertEquals(new Lvalue.Var(global(p, "a")), ai.base());
        assertEquals("i", ai.index().toString());
        assertEquals("int", ai.type().toString());

        Lvalue.Deref pi = assertInstanceOf(Lvalue.Deref.class, as.get(1).lhs());
        Expr.Binary add = assertInstanceOf(Expr.Binary.class, pi.pointer());
        assertEquals(Expr.BinOp.ADD, add.op());
        assertEquals("p", add.left().toString());
        assertEquals("i", add.right().toString());
        assertTrue(add.type().isPointer());

        Lvalue.Index swapped = assertInstanceOf(Lvalue.Index.class, ((Expr.Load) as.get(2).rhs()).lvalue());
        assertEquals("a[i]", swapped.toString());

        Lvalue.Index mij = assertInstanceOf(Lvalue.Index.class, as.get(3).lhs());
        Lvalue.Index mi = assertInstanceOf(Lvalue.Index.class, mij.base());
        assertEquals(16, mi.type().size());
        assertEquals(4, mij.type().size());
        assertEquals("m[i][j] = 3", as.get(3).toString());
        assertEquals("*((p + 1)) = 4", as.get(4).toString());
    }

    @Test
    void addressOfIsNotARead() {
        Program p = load(dir, """
                struct S { int a; int b[3]; };
                struct S s;
                int x, *q;
                int **qq;
                void f(void) {
                  q = &x;
                  q = &s.b[2];
                  qq = &q;
                  q = s.b;
                  q = &*q;
                }
                """);
        Function f = fn(p, "f");
        List<Stmt.Assign> as = stmtsOf(f, Stmt.Assign.class);
        Expr.AddrOf ax = assertInstanceOf(Expr.AddrOf.class, as.get(0).rhs());
        assertEquals(new Lvalue.Var(global(p, "x")), ax.lvalue());
        assertEquals("int*", ax.type().toString());
        assertEquals("&s.b[2]", as.get(1).rhs().toString());
        // Array decay is the address of element 0.
        assertEquals("&s.b[0]", as.get(3).rhs().toString());
        assertEquals(List.of("W q @6:3", "W q @7:3", "W qq @8:3", "W q @9:3", "R q @10:9", "W q @10:3"), accesses(f));
    }

    @Test
    void stringLiteralsAreStaticCharArrays() {
        Program p = load(dir, """
                const char *greeting = "hello";
                void use(const char *);
                void f(void) {
                  use("a\\tb\\n");
                  use("hello");
                }
                """);
        Variable hello = p.globals().stream().filter(v -> v.kind() == Variable.Kind.STRING && v.loc().line() == 1).findFirst().orElseThrow();
        assertEquals("\"hello\"", hello.name());
        assertEquals("char[6]", hello.type().toString());
        assertEquals(6, hello.type().size());
        assertTrue(hello.isStatic());
        assertEquals(List.of("+0 char* = &\"hello\"[0]"), FrontendTestSupport.initItems(p, "greeting"));
        List<Stmt.Call> calls = stmtsOf(fn(p, "f"), Stmt.Call.class);
        Expr.AddrOf arg = assertInstanceOf(Expr.AddrOf.class, calls.get(0).args().get(0));
        Variable tab = ((Lvalue.Var) ((Lvalue.Index) arg.lvalue()).base()).variable();
        assertEquals(Variable.Kind.STRING, tab.kind());
        assertEquals(5, tab.type().size(), "a, tab, b, newline and NUL");
        // Each occurrence of a literal is its own object.
        assertEquals(3, p.globals().stream().filter(v -> v.kind() == Variable.Kind.STRING).count());
    }

    @Test
    void funcIsTheEnclosingFunctionsName() {
        Program p = load(dir, """
                void use(const char *);
                void worker(void) {
                  use(__func__);
                  use(__FUNCTION__);
                }
                """);
        List<Stmt.Call> calls = stmtsOf(fn(p, "worker"), Stmt.Call.class);
        for (Stmt.Call c : calls) {
            Expr.AddrOf a = assertInstanceOf(Expr.AddrOf.class, c.args().get(0));
            Variable s = ((Lvalue.Var) ((Lvalue.Index) a.lvalue()).base()).variable();
            assertEquals("\"worker\"", s.name());
            assertEquals(Variable.Kind.STRING, s.kind());
            assertEquals("char[7]", s.type().toString());
        }
    }

    @Test
    void sizeofDoesNotEvaluateItsOperand() {
        Program p = load(dir, """
                int x, r;
                struct S { char c; double d; };
                void f(void) {
                  r = sizeof(x++);
                  r = sizeof(struct S);
                  r = sizeof x + _Alignof(double);
                }
                """);
        assertEquals(List.of("r = 4 @4:3", "r = 12 @5:3", "r = (4 + 4) @6:3", "return @7:1"), stmts(fn(p, "f")));
    }

    @Test
    void discardedValuesStillRead() {
        Program p = load(dir, """
                int x;
                int *p;
                void f(void) {
                  x;
                  (void) *p;
                  (void) 0;
                }
                """);
        Function f = fn(p, "f");
        assertEquals(List.of("R x @4:3", "R p @5:11", "R *(p) @5:10"), userAccesses(f));
    }

    @Test
    void enumeratorsAreConstants() {
        Program p = load(dir, """
                enum color { RED, GREEN = 10, BLUE, LAST = BLUE * 2 };
                enum color c;
                int f(void) { c = BLUE; return LAST + GREEN; }
                """);
        assertEquals(List.of("c = 11 @3:15", "return (22 + 10) @3:25"), stmts(fn(p, "f")));
        assertEquals(4, global(p, "c").type().size());
    }

    @Test
    void pointerArithmeticScalesByThePointee() {
        Program p = load(dir, """
                int a[4] = { 1, 2, 3, 4 };
                struct S { int x; double d; } s[3];
                int f(void) {
                  int *q = a;
                  q++;
                  q += 2;
                  return *q + *(q - 1) * 10 + (int)(&s[2] - &s[0]) * 100;
                }
                """);
        Function f = fn(p, "f");
        Stmt.Assign inc = stmtsOf(f, Stmt.Assign.class).get(1);
        assertEquals("q = (q + 1)", inc.toString());
        assertTrue(((Expr.Binary) inc.rhs()).type().isPointer(), "pointer-typed addition");
        assertEquals(4 + 3 * 10 + 2 * 100, new IrInterpreter(p).run("f"));
    }

    @Test
    void castsAreKeptOnValues() {
        Program p = load(dir, """
                int x;
                char c;
                long l;
                void f(void) {
                  c = (char) x;
                  l = (long) (unsigned char) c;
                }
                """);
        List<Stmt.Assign> as = stmtsOf(fn(p, "f"), Stmt.Assign.class);
        Expr.Cast c = assertInstanceOf(Expr.Cast.class, as.get(0).rhs());
        assertEquals("char", c.type().toString());
        assertEquals("(long)(unsigned char)c", as.get(1).rhs().toString());
        assertEquals(CType.Int.class, c.type().getClass());
    }
}
