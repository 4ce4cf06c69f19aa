package weft.pointer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import weft.ir.Edge;
import weft.ir.Lvalue;
import weft.ir.Stmt;

import java.nio.file.Path;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Addresses, fields, arrays, pointer arithmetic, casts, struct copies and initialisers. */
class PointsToBasicsTest {
    @TempDir
    Path dir;

    @Test
    void addressOfGlobalsAndCopies() throws Exception {
        PointerFixture f = PointerFixture.of(dir, """
                int x, y; int *p, *q, *r;
                int main(int c) { p = &x; q = p; if (c) q = &y; r = 0; return 0; }
                """);
        assertEquals(Set.of("x"), f.pts("p"));
        assertEquals(Set.of("x", "y"), f.pts("q"));
        assertEquals(Set.of(), f.pts("r"));
        assertTrue(f.pt.isComplete(), f.pt.incompleteReasons().toString());
    }

    @Test
    void structFieldsAreDistinct() throws Exception {
        PointerFixture f = PointerFixture.of(dir, """
                struct S { int *a; int n; int *b; } s;
                int x, y; int *r, *t;
                struct S *ps;
                int main() { s.a = &x; s.b = &y; r = s.b; ps = &s; t = ps->a; ps->b = &x; return 0; }
                """);
        assertEquals(Set.of("x"), f.pts("s", 0));
        assertEquals(Set.of("x", "y"), f.pts("s", 8));
        assertEquals(Set.of("x"), f.pts("t"));
        assertEquals(Set.of("s"), f.pts("ps"));
        assertEquals(Set.of("x", "y"), f.pts("r"));
    }

    @Test
    void arraysConstantVersusVariableIndex() throws Exception {
        PointerFixture f = PointerFixture.of(dir, """
                int x, y, z; int *arr[4]; int *r1, *r2, *r3; int *other[4];
                int main(int i) { arr[1] = &x; other[2] = &z; arr[i] = &y; r1 = arr[1]; r2 = arr[2]; r3 = other[i]; return 0; }
                """);
        assertEquals(Set.of("x", "y"), f.pts("r1"));
        assertEquals(Set.of("y"), f.pts("r2"));
        assertEquals(Set.of("z"), f.pts("r3"));
        assertEquals(Set.of("z"), f.pts("other", 8));
        assertEquals(Set.of(), f.pts("other", 4));
        // locations of the lvalue arr[i]: unknown offset
        Edge e = f.program.function("main").cfg().edges().stream()
                .filter(x -> x.stmt() instanceof Stmt.Assign a && a.rhs().toString().equals("&y")).findFirst().orElseThrow();
        Lvalue lhs = ((Stmt.Assign) e.stmt()).lhs();
        assertEquals(Set.of("arr+?"), PointerFixture.names(f.pt.locations("main", lhs)));
    }

    @Test
    void pointerArithmetic() throws Exception {
        PointerFixture f = PointerFixture.of(dir, """
                struct P { int a; int b; };
                int a[10]; struct P ps[3]; int *p, *q, *r, *s, *back; struct P *sp; char *c;
                int main(int n) {
                  p = a + 2; q = p + 1; r = p + n; s = &a[1]; back = q - 3;
                  sp = ps; sp++; c = (char *)&ps[0] + 5;
                  return 0; }
                """);
        assertEquals(Set.of("a+8"), f.pts("p"));
        assertEquals(Set.of("a+12"), f.pts("q"));
        assertEquals(Set.of("a+?"), f.pts("r"));
        assertEquals(Set.of("a+4"), f.pts("s"));
        assertEquals(Set.of("a"), f.pts("back"));
        // flow-insensitive: sp++ walks the whole array, then leaves it (ANY)
        assertEquals(Set.of("ps", "ps+8", "ps+16", "ps+?"), f.pts("sp"));
        assertEquals(Set.of("ps+5"), f.pts("c"));
    }

    @Test
    void pointerWalkingAnArrayStaysFinite() throws Exception {
        PointerFixture f = PointerFixture.of(dir, """
                int big[100000]; int *p; int x;
                int main() { for (p = big; p < big + 100000; p++) *p = 0; int *q = p; *(int **)q = &x; return 0; }
                """);
        Set<String> pts = f.pts("p");
        assertTrue(pts.contains("big+?"), pts.toString());
        assertTrue(pts.size() <= Solver.MAX_LOCS_PER_OBJECT + 1, "size " + pts.size());
    }

    @Test
    void castsIntegersAndNull() throws Exception {
        PointerFixture f = PointerFixture.of(dir, """
                extern int __VERIFIER_nondet_int(void);
                extern void *__VERIFIER_nondet_pointer(void);
                int x; int *nul, *viaInt, *unk, *nd; long l; int *tagged;
                int main() {
                  nul = (int *)0;
                  l = (long)&x; viaInt = (int *)l;
                  unk = (int *)(long)__VERIFIER_nondet_int();
                  nd = __VERIFIER_nondet_pointer();
                  tagged = (int *)(((unsigned long)&x) & ~3UL);
                  return 0; }
                """);
        assertEquals(Set.of(), f.pts("nul"));
        assertEquals(Set.of("x"), f.pts("viaInt"));
        assertEquals(Set.of("unknown+?"), f.pts("unk"));
        assertEquals(Set.of("unknown+?"), f.pts("nd"));
        assertEquals(Set.of("x+?"), f.pts("tagged"));
    }

    @Test
    void pointerPlusIntegerStaysInThePointersObjectsUnlessThePointerIsMadeFromAnInteger() throws Exception {
        // the thread argument idiom: an index passed as a pointer, (void *)i, is cast back to an integer;
        // the cast gives unknown memory, but arr + k points into arr whatever k carries (C11 6.5.6p8)
        PointerFixture f = PointerFixture.of(dir, """
                int x, arr[4]; int *elem, *fromBase; char *fromNull; long k, addr, base, raw;
                void *hand(void) { return (void *)raw; }
                int main() {
                  k = (long)hand();
                  elem = arr + k;
                  addr = (long)&x;
                  fromNull = (char *)0 + addr;
                  base = 0; fromBase = (int *)base + k;
                  return 0; }
                """);
        assertEquals(Set.of("unknown+?"), f.pts("k"));
        assertEquals(Set.of("arr+?"), f.pts("elem"));
        assertEquals(Set.of("x+?"), f.pts("fromNull"));
        assertTrue(f.pts("fromBase").contains("unknown+?"), f.pts("fromBase").toString());
    }

    @Test
    void aPointerIntoAMemberArrayStaysInTheMember() throws Exception {
        // g.next walks g.buf by unknown amounts and a copy of unknown length moves bytes within it: neither
        // reaches g's pointer fields, which keep their own targets (C11 6.5.6p8, 7.24.1p1); a constant move back to
        // where the struct starts (container_of) still reaches them, and one into the middle of another member
        // stays in the array
        PointerFixture f = PointerFixture.of(dir, """
                void *memmove(void *d, const void *s, unsigned long n);
                struct G { int *a; char buf[64]; char *next; int *b; } g;
                int x, y; long n; char *back, *mid; struct G *whole;
                int main() {
                  g.a = &x; g.b = &y;
                  g.next = g.buf;
                  g.next = g.next + n;
                  g.next++;
                  memmove(g.next + 1, g.next, n);
                  whole = (struct G *)(g.buf - 4);
                  mid = g.buf - 3;
                  return 0; }
                """);
        assertEquals(Set.of("x"), f.pts("g", 0));
        // ILP32 (the fixture's data model): a at 0, buf at 4..68, next at 68, b at 72
        assertEquals(Set.of("y"), f.pts("g", 72));
        assertTrue(f.pts("g", 68).stream().allMatch(l -> l.startsWith("g+")), f.pts("g", 68).toString());
        assertEquals(Set.of("g"), f.pts("whole"));
        assertEquals(Set.of("g+[4..68)"), f.pts("mid"));
    }

    @Test
    void structCopyKeepsOffsets() throws Exception {
        PointerFixture f = PointerFixture.of(dir, """
                struct S { int *p; int n; int *q; };
                int x, y; struct S a, b, c, *pc; struct S arr[2];
                struct S id(struct S v) { return v; }
                int main() {
                  a.p = &x; a.q = &y; b = a;
                  pc = &c; *pc = id(b);
                  arr[1] = a;
                  return 0; }
                """);
        assertEquals(Set.of("x"), f.pts("b", 0));
        assertEquals(Set.of("y"), f.pts("b", 8));
        assertEquals(Set.of("x"), f.pts("c", 0));
        assertEquals(Set.of("y"), f.pts("c", 8));
        assertEquals(Set.of("x"), f.pts("arr", 12));
        assertEquals(Set.of("y"), f.pts("arr", 20));
        assertEquals(Set.of(), f.pts("arr", 0));
    }

    @Test
    void globalInitialisers() throws Exception {
        PointerFixture f = PointerFixture.of(dir, """
                int inc(int v) { return v + 1; }
                int g1, g2;
                struct Ops { int (*f)(int); int *d[2]; } ops = { inc, { &g1, &g2 } };
                struct Ops *opp = &ops;
                int *gp = &g1;
                char *msg = "hi";
                int main() { static int *sp = &g2; int *l = opp->d[1]; return *sp + *l; }
                """);
        assertEquals(Set.of("fn:inc"), f.pts("ops", 0));
        assertEquals(Set.of("g1"), f.pts("ops", 4));
        assertEquals(Set.of("g2"), f.pts("ops", 8));
        assertEquals(Set.of("ops"), f.pts("opp"));
        assertEquals(Set.of("g1"), f.pts("gp"));
        assertEquals(Set.of("\"hi\""), f.pts("msg"));
        assertEquals(Set.of("g2"), f.pts("main.l"));
        assertEquals(Set.of("g2"), f.pts("main.sp"));
    }

    @Test
    void evalAndLocationsOfExpressions() throws Exception {
        PointerFixture f = PointerFixture.of(dir, """
                struct S { int a; int *p; } s; int x; struct S *ps;
                int main() { ps = &s; s.p = &x; *ps->p = 3; ps->a = 1; return 0; }
                """);
        for (Edge e : f.program.function("main").cfg().edges()) {
            if (!(e.stmt() instanceof Stmt.Assign a)) continue;
            Set<String> where = PointerFixture.names(f.pt.locations("main", a.lhs()));
            switch (a.lhs().toString()) {
                case "*(*(ps).p)" -> assertEquals(Set.of("x"), where);
                case "*(ps).a" -> assertEquals(Set.of("s"), where);
                case "ps" -> assertEquals(Set.of("s"), PointerFixture.names(f.pt.eval("main", a.rhs())));
                default -> { }
            }
        }
    }
}
