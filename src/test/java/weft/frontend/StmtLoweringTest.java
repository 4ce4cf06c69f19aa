package weft.frontend;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import weft.ir.Cfg;
import weft.ir.Edge;
import weft.ir.Function;
import weft.ir.Program;
import weft.ir.Stmt;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static weft.frontend.FrontendTestSupport.edges;
import static weft.frontend.FrontendTestSupport.fn;
import static weft.frontend.FrontendTestSupport.load;
import static weft.frontend.FrontendTestSupport.plain;
import static weft.frontend.FrontendTestSupport.stmts;
import static weft.frontend.FrontendTestSupport.stmtsOf;

/** Lowering of statements to CFG edges; control flow checked by running the CFG and by its shape. */
class StmtLoweringTest {
    @TempDir
    Path dir;

    @Test
    void ifElseBranchesOnAssumeEdgesAndJoins() {
        Program p = load(dir, """
                int x;
                int f(int c) {
                  if (c > 2)
                    x = 1;
                  else
                    x = 2;
                  return x;
                }
                """);
        Function f = fn(p, "f");
        assertEquals(List.of(
                "0 -> 2  assume((c > 2))   @t.c:3:7",
                "0 -> 3  assume(!(c > 2))   @t.c:3:7",
                "2 -> 5  x = 1   @t.c:4:5",
                "3 -> 6  x = 2   @t.c:6:5",
                "4 -> 1  return x   @t.c:7:3",
                "5 -> 4  skip   @t.c:3:3",
                "6 -> 4  skip   @t.c:3:3"), edges(f));
        IrInterpreter run = new IrInterpreter(p);
        assertEquals(1, run.run("f", 3));
        assertEquals(2, run.run("f", 2));
    }

    @Test
    void ifWithoutElseAndConstantConditions() {
        Program p = load(dir, """
                int x;
                void f(int c) {
                  if (c) x = 1;
                  if (0) x = 2;
                  if (1) x = 3; else x = 4;
                }
                """);
        Function f = fn(p, "f");
        // Constant conditions keep only the feasible edge; the dead branch is removed.
        assertEquals(List.of("assume(!0)", "assume(!c)", "assume(1)", "assume(c)", "return", "x = 1", "x = 3"),
                plain(f).stream().sorted().toList());
    }

    @Test
    void whileLoopWithBreakAndContinue() {
        Program p = load(dir, """
                int sum(int n) {
                  int i = 0, s = 0;
                  while (1) {
                    i++;
                    if (i > n) break;
                    if (i % 2) continue;
                    s += i;
                  }
                  return s;
                }
                """);
        IrInterpreter run = new IrInterpreter(p);
        assertEquals(2 + 4 + 6, run.run("sum", 7));
        assertEquals(0, run.run("sum", 0));
        Function f = fn(p, "sum");
        // while (1): no edge leaves the loop on the condition, only through break.
        assertFalse(plain(f).contains("assume(!1)"), plain(f).toString());
        assertTrue(plain(f).contains("assume(1)"), plain(f).toString());
        assertTrue(hasCycle(f.cfg()));
    }

    @Test
    void whileTestsBeforeTheBody() {
        Program p = load(dir, """
                int count;
                void f(int n) {
                  count = 0;
                  while (n > 0) { count++; n--; }
                }
                """);
        IrInterpreter run = new IrInterpreter(p);
        run.run("f", 0);
        assertEquals(0, run.global("count"));
        run.run("f", 5);
        assertEquals(5, run.global("count"));
        List<String> s = stmts(fn(p, "f"));
        assertTrue(s.containsAll(List.of("assume((n > 0)) @4:10", "assume(!(n > 0)) @4:10", "count = (count + 1) @4:19",
                "n = (n - 1) @4:28")), s.toString());
    }

    @Test
    void doWhileRunsTheBodyFirst() {
        Program p = load(dir, """
                int count;
                void f(int n) {
                  count = 0;
                  do { count++; if (count == 3) continue; } while (--n > 0);
                }
                """);
        IrInterpreter run = new IrInterpreter(p);
        run.run("f", 0);
        assertEquals(1, run.global("count"));
        run.run("f", 4);
        assertEquals(4, run.global("count"));
        Function f = fn(p, "f");
        // The condition comes after the body: the first statement after "count = 0" is the increment.
        List<String> pl = plain(f);
        assertEquals("count = 0", pl.get(0));
        assertEquals("count = (count + 1)", pl.get(1));
    }

    @Test
    void forLoopWithAllParts() {
        Program p = load(dir, """
                int a[10];
                int f(int n) {
                  int s = 0;
                  for (int i = 0; i < n; i++) {
                    if (i == 2) continue;
                    if (i == 6) break;
                    a[i] = i;
                    s += i;
                  }
                  for (;;) { if (s > 100) break; s *= 2; }
                  return s;
                }
                """);
        IrInterpreter run = new IrInterpreter(p);
        // 0+1+3+4+5 = 13 -> 26 -> 52 -> 104
        assertEquals(104, run.run("f", 9));
        assertEquals(3, run.globalAt("a", 12));
        assertEquals(0, run.globalAt("a", 8));
        assertEquals(0, run.globalAt("a", 24));
        // 0+1 = 1 -> 2 -> ... -> 128
        assertEquals(128, run.run("f", 2));
        List<String> s = stmts(fn(p, "f"));
        assertTrue(s.containsAll(List.of("decl i : int @4:12", "i = 0 @4:16", "assume((i < n)) @4:19", "i = (i + 1) @4:26")), s.toString());
    }

    @Test
    void switchWithFallthroughAndDefault() {
        Program p = load(dir, """
                int f(int n) {
                  int r = 0;
                  switch (n) {
                  case 1:
                    r += 1;
                  case 2:
                    r += 10;
                    break;
                  default:
                    r = 100;
                  case 3:
                    r += 1000;
                  }
                  return r;
                }
                int nodefault(int n) {
                  int r = 5;
                  switch (n) { case 7: r = 7; }
                  return r;
                }
                """);
        IrInterpreter run = new IrInterpreter(p);
        assertEquals(11, run.run("f", 1));
        assertEquals(10, run.run("f", 2));
        assertEquals(1000, run.run("f", 3));
        assertEquals(1100, run.run("f", 4));
        assertEquals(7, run.run("nodefault", 7));
        assertEquals(5, run.run("nodefault", 8));
        Function f = fn(p, "f");
        // The controlling expression is read once into a temporary, then compared with each case.
        List<String> s = stmts(f);
        assertTrue(s.containsAll(List.of("__t0 = n @3:3", "assume((__t0 == 1)) @3:3", "assume(!(__t0 == 1)) @3:3",
                "assume((__t0 == 2)) @3:3", "assume((__t0 == 3)) @3:3")), s.toString());
        assertEquals(1, f.locals().stream().filter(v -> v.name().startsWith("__t")).count());
    }

    @Test
    void switchOnAConstantAndGnuCaseRanges() {
        Program p = load(dir, """
                int f(int n) {
                  switch (n) {
                  case 1 ... 3: return 1;
                  case 'a' ... 'z': return 2;
                  case 10: return 3;
                  }
                  return 0;
                }
                int k(void) {
                  switch (2) { case 1: return 10; case 2: return 20; default: return 30; }
                }
                """);
        IrInterpreter run = new IrInterpreter(p);
        assertEquals(0, run.run("f", 0));
        assertEquals(1, run.run("f", 1));
        assertEquals(1, run.run("f", 3));
        assertEquals(0, run.run("f", 4));
        assertEquals(2, run.run("f", 'q'));
        assertEquals(3, run.run("f", 10));
        assertEquals(20, run.run("k"));
        // Folded case tests keep only their feasible edge: only the taken case stays reachable.
        assertEquals(List.of("assume(!(2 == 1))", "assume((2 == 2))", "return 20"), plain(fn(p, "k")).stream().sorted().toList());
    }

    @Test
    void gotoAndLabels() {
        Program p = load(dir, """
                int f(int n) {
                  int r = 0;
                again:
                  r++;
                  if (r < n) goto again;
                  goto out;
                  r = 99;
                out:
                  return r;
                }
                int back(int n) {
                  goto middle;
                top:
                  return n;
                middle:
                  n = n * 2;
                  goto top;
                }
                """);
        IrInterpreter run = new IrInterpreter(p);
        assertEquals(5, run.run("f", 5));
        assertEquals(1, run.run("f", -3));
        assertEquals(14, run.run("back", 7));
        assertFalse(plain(fn(p, "f")).contains("r = 99"), "unreachable statement removed");
    }

    @Test
    void returnGoesToTheExitNode() {
        Program p = load(dir, """
                int x;
                int f(int c) {
                  if (c) return c + 1;
                  x = 2;
                  return;
                }
                void g(void) {
                  x = 1;
                }
                """);
        Function f = fn(p, "f");
        Cfg cfg = f.cfg();
        List<Stmt.Return> rs = stmtsOf(f, Stmt.Return.class);
        assertEquals(2, rs.size(), rs.toString());
        assertEquals("(c + 1)", rs.get(0).value().toString());
        assertNull(rs.get(1).value());
        for (Edge e : cfg.in(cfg.exit())) assertInstanceOf(Stmt.Return.class, e.stmt());
        assertTrue(cfg.out(cfg.exit()).isEmpty());
        assertEquals(10, rs.get(0).loc().col());
        assertEquals(3, rs.get(0).loc().line());
        // Falling off the end of a function is an implicit return located at the closing brace.
        Stmt.Return implicit = only(fn(p, "g"));
        assertEquals(9, implicit.loc().line());
        assertEquals(1, implicit.loc().col());
    }

    private static Stmt.Return only(Function f) {
        List<Stmt.Return> rs = stmtsOf(f, Stmt.Return.class);
        assertEquals(1, rs.size());
        return rs.get(0);
    }

    @Test
    void unreachableCodeIsRemoved() {
        Program p = load(dir, """
                int x;
                int f(void) {
                  return 1;
                  x = 1;
                  while (x) x++;
                }
                void g(void) {
                  while (1) { }
                  x = 2;
                }
                void h(void) {
                  for (;;) { break; x = 3; }
                  x = 4;
                }
                """);
        Function f = fn(p, "f");
        assertEquals(List.of("return 1"), plain(f));
        assertEquals(2, f.cfg().nodeCount(), "only entry and exit remain");
        Function g = fn(p, "g");
        assertFalse(plain(g).contains("x = 2"), plain(g).toString());
        assertTrue(g.cfg().in(g.cfg().exit()).isEmpty(), "exit unreachable from an infinite loop");
        assertEquals(List.of("x = 4", "return"), plain(fn(p, "h")));
        // Every node left is reachable from the entry.
        for (Function fun : p.functions().values()) {
            Cfg cfg = fun.cfg();
            boolean[] seen = reachable(cfg);
            for (int n = 0; n < cfg.nodeCount(); n++) {
                assertTrue(seen[n] || n == cfg.exit(), fun.name() + ": node " + n + " unreachable");
            }
        }
    }

    @Test
    void declarationsStartLifetimesAndInitialise() {
        Program p = load(dir, """
                void f(void) {
                  int a = 1, b, c = a + 1;
                  for (int i = 0; i < 2; i++) { int t = i; }
                }
                """);
        Function f = fn(p, "f");
        List<String> s = stmts(f);
        assertEquals(List.of("decl a : int @2:7", "a = 1 @2:11", "decl b : int @2:14", "decl c : int @2:17",
                "c = (a + 1) @2:21"), s.subList(0, 5));
        // the loop body's declaration runs on every iteration
        assertTrue(s.contains("decl t : int @3:37"), s.toString());
        assertEquals(List.of("a", "b", "c", "i", "t"), f.locals().stream().map(v -> v.name()).toList());
    }

    @Test
    void statementExpressionsYieldTheirLastValue() {
        Program p = load(dir, """
                int x;
                int f(int n) {
                  int r = ({ int t = n * 2; x = t; t + 1; });
                  ({ x++; });
                  return r;
                }
                """);
        IrInterpreter run = new IrInterpreter(p);
        assertEquals(7, run.run("f", 3));
        assertEquals(7, run.global("x"));
        List<String> s = plain(fn(p, "f"));
        assertTrue(s.containsAll(List.of("decl t : int", "t = (n * 2)", "x = t", "__t0 = (t + 1)", "r = __t0",
                "__t1 = x", "x = (__t1 + 1)")), s.toString());
    }

    @Test
    void asmStatementsAreKeptOpaque() {
        Program p = load(dir, """
                int x;
                void f(void) {
                  x = 1;
                  __asm__ __volatile__("mfence" ::: "memory");
                  asm("nop");
                  x = 2;
                }
                """);
        Function f = fn(p, "f");
        List<Stmt.Asm> asms = stmtsOf(f, Stmt.Asm.class);
        assertEquals(2, asms.size());
        assertTrue(asms.get(0).text().contains("mfence"), asms.get(0).text());
        assertTrue(asms.get(1).text().contains("nop"), asms.get(1).text());
        assertEquals(4, asms.get(0).loc().line());
        assertEquals(3, asms.get(0).loc().col());
        assertEquals(List.of("x = 1", "asm", "asm", "x = 2", "return"),
                plain(f).stream().map(t -> t.startsWith("asm") ? "asm" : t).toList());
    }

    @Test
    void builtinExpectIsTransparent() {
        Program p = load(dir, """
                int x;
                void f(void) {
                  if (__builtin_expect(x == 3, 0)) x = 1;
                  x = __builtin_expect(x, 1);
                }
                """);
        Function f = fn(p, "f");
        assertTrue(stmtsOf(f, Stmt.Call.class).isEmpty(), "no call of __builtin_expect: " + plain(f));
        assertTrue(plain(f).contains("assume((x == 3))"), plain(f).toString());
        assertTrue(plain(f).contains("x = x"), plain(f).toString());
    }

    @Test
    void computedGotoIsReported() {
        List<Diagnostic> ds = FrontendTestSupport.check(dir, """
                void f(void) {
                  void *l = &&done;
                  goto *l;
                done:
                  return;
                }
                """);
        assertTrue(ds.stream().anyMatch(d -> d.isError() && d.loc().line() >= 2), ds.toString());
    }

    // ------------------------------------------------------------------ helpers

    private static boolean[] reachable(Cfg cfg) {
        boolean[] seen = new boolean[cfg.nodeCount()];
        Deque<Integer> work = new ArrayDeque<>();
        work.push(cfg.entry());
        seen[cfg.entry()] = true;
        while (!work.isEmpty()) {
            for (Edge e : cfg.out(work.pop())) {
                if (!seen[e.to()]) {
                    seen[e.to()] = true;
                    work.push(e.to());
                }
            }
        }
        return seen;
    }

    private static boolean hasCycle(Cfg cfg) {
        int[] state = new int[cfg.nodeCount()];
        return cycleFrom(cfg, cfg.entry(), state);
    }

    private static boolean cycleFrom(Cfg cfg, int n, int[] state) {
        state[n] = 1;
        for (Edge e : cfg.out(n)) {
            if (state[e.to()] == 1) return true;
            if (state[e.to()] == 0 && cycleFrom(cfg, e.to(), state)) return true;
        }
        state[n] = 2;
        return false;
    }
}
