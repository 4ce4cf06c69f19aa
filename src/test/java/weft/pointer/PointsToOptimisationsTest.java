package weft.pointer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import weft.ir.Edge;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.Lvalue;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.ir.Variable;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiConsumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The solver's optimisations (cycle collapsing, grouped block copies) and the id-based, memoised query
 * evaluation ({@link Queries}) do not change any answer: the same program analysed with {@code
 * PointsTo.analyze(program, false)} (plain propagation, every block copy linked pair by pair) has the
 * same cells and answers, and every {@code eval}/{@code locations} answer, in its iteration order, equals
 * that of a straightforward evaluation over {@link Loc} sets (the analysis' former query code).
 */
class PointsToOptimisationsTest {
    @TempDir
    Path dir;

    /** Block copies through pointers (also in cycles, shifted, to and from unknown memory), wrappers, threads. */
    static final String COPIES = """
            #include <stdlib.h>
            #include <string.h>
            #include <pthread.h>
            struct inner { int *a; int *b; };
            struct s { int x; int *p; struct inner in; struct s *next; int *arr[4]; };
            int g1, g2, g3, g4;
            struct s gs, gt, garr[3];
            struct s *gp, *gq;
            void *mk(int n) { return malloc(n); }
            struct s *new_s(void) { struct s *r = mk(sizeof(struct s)); r->p = &g1; return r; }
            void copy(struct s *d, struct s *src) { *d = *src; }
            void copy2(struct s *d, struct s *src) { memcpy(d, src, sizeof *d); }
            void copy_in(struct inner *d, struct s *src) { *d = src->in; }
            struct s pass(struct s v) { v.next = gp; return v; }
            void *worker(void *arg) {
              struct s *m = arg;
              m->next = gp;
              copy(m, gq);
              for (struct s *q = m; q; q = q->next) q->in.b = q->p;
              return m->p;
            }
            int main(void) {
              struct s local, *lp = &local;
              struct s *a = new_s(), *b = new_s();
              a->in.a = &g2; b->in.b = &g3; a->arr[2] = &g4;
              a->next = b; b->next = a;
              gp = a; gq = b;
              copy(a, b); copy(b, a);
              copy2(&gs, a);
              copy_in(&gt.in, &gs);
              *lp = gs;
              garr[1] = *a;
              garr[2] = pass(garr[1]);
              struct s *c = (struct s *)((char *)a + 4);
              copy(c, &garr[1]);
              long v = (long)gp;
              struct s *fromint = (struct s *)v;
              copy(fromint, lp);
              char *cp = (char *)&gs; cp = cp + 8;
              int **pp = (int **)cp; *pp = &g3;
              pthread_t t; pthread_create(&t, 0, worker, a); pthread_join(t, 0);
              struct s *u = (struct s *)1234; copy(u, a); copy(a, u);
              struct s *many = malloc(10 * sizeof(struct s));
              many[3] = *b;
              copy(&many[5], &many[3]);
              copy(&many[v % 10], a);
              memcpy(a, many + 2, 3 * sizeof(int *));
              return local.x + (fromint != 0);
            }
            """;

    @Test
    void optimisationsGiveTheSameSolution() throws Exception {
        for (Program p : programs()) {
            PointsTo opt = PointsTo.analyze(p, true);
            PointsTo plain = PointsTo.analyze(p, false);
            assertEquals(plain.dumpCanonical(), opt.dumpCanonical());
            assertEquals(new TreeSet<>(plain.incompleteReasons()), new TreeSet<>(opt.incompleteReasons()));
            List<Loc> roots = new ArrayList<>();
            for (Variable g : p.globals()) roots.add(new Loc(new MemObject.Var(g), Loc.ANY));
            assertEquals(plain.reachable(roots), opt.reachable(roots));
            forEachQuery(p, (f, q) -> {
                if (q instanceof Expr e) assertEquals(names(plain.eval(f, e)), names(opt.eval(f, e)), e.toString());
                else if (q instanceof Lvalue lv) assertEquals(names(plain.locations(f, lv)), names(opt.locations(f, lv)), lv.toString());
                else if (q instanceof Stmt.Call c) {
                    assertEquals(plain.callees(f, c), opt.callees(f, c));
                    assertEquals(plain.threadRoutines(f, c), opt.threadRoutines(f, c));
                }
            });
            assertTrue(opt.stats().contains("copyGroups="), opt.stats());
        }
    }

    @Test
    void queriesEqualLocBasedEvaluationInOrder() throws Exception {
        for (Program p : programs()) {
            PointsTo pts = PointsTo.analyze(p);
            Reference ref = new Reference(pts);
            int[] count = {0};
            forEachQuery(p, (f, q) -> {
                if (q instanceof Expr e) {
                    assertEquals(List.copyOf(ref.evalQ(e)), List.copyOf(pts.eval(f, e)), e.toString());
                    assertEquals(List.copyOf(ref.evalQ(e)), List.copyOf(pts.eval(f, e)), "asked again: " + e);
                    count[0]++;
                } else if (q instanceof Lvalue lv) {
                    Set<Loc> expected = ref.locationsQ(lv);
                    Set<Loc> got = pts.locations(f, lv);
                    assertEquals(List.copyOf(expected), List.copyOf(got), lv.toString());
                    assertEquals(expected, got);
                    for (Loc l : expected) assertTrue(got.contains(l));
                    assertTrue(!got.contains(new Loc(new MemObject.Fn("no such function"), 0)));
                    count[0]++;
                }
            });
            assertTrue(count[0] > 100, "queries " + count[0]);
            // reachability in the order of a breadth-first search over Loc sets
            List<Loc> roots = new ArrayList<>();
            for (Variable g : p.globals()) roots.add(new Loc(new MemObject.Var(g), Loc.ANY));
            roots.add(new Loc(new MemObject.Unknown(), Loc.ANY));
            assertEquals(List.copyOf(ref.reachable(roots)), List.copyOf(pts.reachable(roots)));
        }
    }

    /**
     * Random programs of block copies through pointers (whole and partial, shifted, whole-object, from
     * and to unknown memory), weak writes at unknown offsets, heap blocks and pointer cycles, in random
     * order, so that sources and destinations of copies appear in every order while solving.
     */
    @Test
    void randomBlockCopyProgramsGiveTheSameSolution() throws Exception {
        Random rnd = new Random(2024);
        for (int round = 0; round < 40; round++) {
            Program p = PointerFixture.load(dir, randomCopies(rnd, 4 + rnd.nextInt(4), 8 + rnd.nextInt(25)));
            PointsTo opt = PointsTo.analyze(p, true);
            PointsTo plain = PointsTo.analyze(p, false);
            assertEquals(plain.dumpCanonical(), opt.dumpCanonical(), "round " + round);
            assertEquals(new TreeSet<>(plain.incompleteReasons()), new TreeSet<>(opt.incompleteReasons()));
            Reference ref = new Reference(opt);
            forEachQuery(p, (f, q) -> {
                if (q instanceof Expr e) assertEquals(List.copyOf(ref.evalQ(e)), List.copyOf(opt.eval(f, e)), e.toString());
                else if (q instanceof Lvalue lv) assertEquals(List.copyOf(ref.locationsQ(lv)), List.copyOf(opt.locations(f, lv)), lv.toString());
            });
        }
    }

    /**
     * A block-copy group that coarsens ({@link CopyGroup}: every destination as one at an unknown offset) only adds
     * targets: with coarsening after 2 edges, every answer contains the precise one.
     */
    @Test
    void coarseCopyGroupsOverApproximate() throws Exception {
        Random rnd = new Random(77);
        int coarsened = 0;
        for (int round = 0; round < 30; round++) {
            Program p = PointerFixture.load(dir, randomCopies(rnd, 4 + rnd.nextInt(4), 8 + rnd.nextInt(25)));
            PointsTo precise = PointsTo.analyze(p, true);
            PointsTo coarse = PointsTo.analyze(p, true, 2);
            if (!coarse.stats().contains("/0 capped")) coarsened++;
            forEachQuery(p, (f, q) -> {
                if (q instanceof Expr e) assertTrue(names(coarse.eval(f, e)).containsAll(names(precise.eval(f, e))), e.toString());
                else if (q instanceof Lvalue lv) assertTrue(names(coarse.locations(f, lv)).containsAll(names(precise.locations(f, lv))), lv.toString());
            });
            List<Loc> roots = new ArrayList<>();
            for (Variable g : p.globals()) roots.add(new Loc(new MemObject.Var(g), Loc.ANY));
            Set<String> reachPrecise = new TreeSet<>(), reachCoarse = new TreeSet<>();
            precise.reachable(roots).forEach(o -> reachPrecise.add(o.toString()));
            coarse.reachable(roots).forEach(o -> reachCoarse.add(o.toString()));
            assertTrue(reachCoarse.containsAll(reachPrecise));
            for (MemObject o : precise.objects()) {
                for (Loc l : List.of(new Loc(o, Loc.ANY), new Loc(o, 0), new Loc(o, 4), new Loc(o, 8))) {
                    assertTrue(names(coarse.contents(l)).containsAll(names(precise.contents(l))), l.toString());
                }
            }
        }
        assertTrue(coarsened > 10, "rounds with a coarsened group: " + coarsened);
    }

    static String randomCopies(Random rnd, int functions, int statements) {
        StringBuilder sb = new StringBuilder("""
                void *malloc(unsigned long n);
                void *memcpy(void *d, const void *s, unsigned long n);
                struct s { int *p0; int *p1; struct s *n; int *arr[3]; };
                int g0, g1, g2, g3, g4, g5;
                struct s S0, S1, S2, S3;
                struct s *P0, *P1, *P2, *P3, *P4, *P5;
                int idx;
                struct s *ext(void);
                """);
        for (int f = 0; f < functions; f++) {
            sb.append("void f").append(f).append("(struct s *a, struct s *b) {\n");
            for (int i = 0; i < statements; i++) {
                String pi = rnd.nextInt(4) == 0 ? (rnd.nextBoolean() ? "a" : "b") : "P" + rnd.nextInt(6);
                String pj = rnd.nextInt(4) == 0 ? (rnd.nextBoolean() ? "a" : "b") : "P" + rnd.nextInt(6);
                String sj = "S" + rnd.nextInt(4);
                String g = "g" + rnd.nextInt(6);
                sb.append("  ").append(switch (rnd.nextInt(19)) {
                    case 0 -> pi + " = &" + sj + ";";
                    case 1 -> pi + " = " + pj + ";";
                    case 2 -> pi + " = " + pj + "->n;";
                    case 3 -> pi + "->n = " + pj + ";";
                    case 4 -> pi + "->p0 = &" + g + ";";
                    case 5 -> pi + "->arr[idx] = &" + g + ";";
                    case 6 -> pi + "->arr[1] = &" + g + ";";
                    case 7, 8 -> "*" + pi + " = *" + pj + ";";
                    case 9 -> sj + " = *" + pi + ";";
                    case 10 -> "*" + pi + " = " + sj + ";";
                    case 11 -> "memcpy(" + pi + ", " + pj + ", sizeof(struct s));";
                    case 12 -> "memcpy(" + pi + ", " + pj + ", " + (4 * (1 + rnd.nextInt(4))) + ");";
                    case 13 -> pi + " = (struct s *)((char *)" + pj + " + " + (4 * rnd.nextInt(4)) + ");";
                    case 14 -> pi + " = malloc(sizeof(struct s));";
                    case 15 -> pi + " = ext();";
                    case 16 -> pi + " = (struct s *)&" + sj + ".arr[idx];";
                    case 17 -> pi + "->p1 = " + pj + "->arr[" + rnd.nextInt(3) + "];";
                    default -> "f" + rnd.nextInt(functions) + "(" + pi + ", " + pj + ");";
                }).append('\n');
            }
            sb.append("}\n");
        }
        sb.append("int main(void) {\n");
        for (int f = 0; f < functions; f++) sb.append("  f").append(f).append("(P").append(rnd.nextInt(6)).append(", &S").append(rnd.nextInt(4)).append(");\n");
        sb.append("  return 0;\n}\n");
        return sb.toString();
    }

    private List<Program> programs() throws Exception {
        return List.of(
                PointerFixture.load(dir, COPIES),
                PointerFixture.load(dir, PointsToScaleTest.generate(60, 4, new Random(5))));
    }

    private static Set<String> names(Set<Loc> locs) {
        return PointerFixture.names(locs);
    }

    /** Every expression, lvalue (with their sub-expressions and sub-lvalues) and call of the program. */
    static void forEachQuery(Program p, BiConsumer<String, Object> q) {
        for (Function f : p.functions().values()) {
            String fn = f.linkName();
            for (Edge e : f.cfg().edges()) {
                Stmt st = e.stmt();
                if (st instanceof Stmt.Assign a) {
                    lvalue(fn, a.lhs(), q);
                    expr(fn, a.rhs(), q);
                } else if (st instanceof Stmt.Call c) {
                    q.accept(fn, c);
                    if (c.result() != null) lvalue(fn, c.result(), q);
                    expr(fn, c.callee(), q);
                    for (Expr x : c.args()) expr(fn, x, q);
                } else if (st instanceof Stmt.Assume a) {
                    expr(fn, a.cond(), q);
                } else if (st instanceof Stmt.Return r && r.value() != null) {
                    expr(fn, r.value(), q);
                }
            }
        }
    }

    private static void expr(String fn, Expr e, BiConsumer<String, Object> q) {
        q.accept(fn, e);
        if (e instanceof Expr.Load l) lvalue(fn, l.lvalue(), q);
        else if (e instanceof Expr.AddrOf a) lvalue(fn, a.lvalue(), q);
        else if (e instanceof Expr.Unary u) expr(fn, u.operand(), q);
        else if (e instanceof Expr.Binary b) {
            expr(fn, b.left(), q);
            expr(fn, b.right(), q);
        } else if (e instanceof Expr.Cast c) expr(fn, c.operand(), q);
    }

    private static void lvalue(String fn, Lvalue lv, BiConsumer<String, Object> q) {
        q.accept(fn, lv);
        if (lv instanceof Lvalue.Field f) lvalue(fn, f.base(), q);
        else if (lv instanceof Lvalue.Index ix) {
            lvalue(fn, ix.base(), q);
            expr(fn, ix.index(), q);
        } else if (lv instanceof Lvalue.Deref d) expr(fn, d.pointer(), q);
    }

    /** The former query evaluation of {@link PointsTo}, over {@link Loc} sets, reading the solver's cells directly. */
    static final class Reference {
        private static final long UNKNOWN = ConstraintBuilder.UNKNOWN;
        private final Solver s;

        Reference(PointsTo pts) {

            this.s = pts.solver();
        }

        /** What a read at {@code l} yields; for a variable with copies in wrapper clones, the union over all. */
        Set<Loc> read(Loc l) {
            Integer id = s.objIds.get(l.object());
            IntList copies = s.copies.get(l.object());
            Set<Loc> out = id == null ? new LinkedHashSet<>() : read(id, l.offset());
            if (copies != null) for (int i = 0; i < copies.size(); i++) out.addAll(read(copies.get(i), l.offset()));
            return out;
        }

        private Set<Loc> read(int id, long offset) {
            Solver.Obj o = s.obj(id);
            if (o.unknown) return toLocs(nodeSet(o.anyCell));
            if (offset == Loc.ANY) {
                if (o.sum >= 0) return toLocs(nodeSet(o.sum));
                TreeSet<Integer> all = new TreeSet<>();
                for (int i = 0; i < o.cells.size(); i++) for (int x : nodeSet(s.locCell[o.cells.get(i)])) all.add(x);
                for (int x : nodeSet(o.anyCell)) all.add(x);
                for (int c : o.rangeCell) for (int x : nodeSet(c)) all.add(x);
                return toLocs(all.stream().mapToInt(Integer::intValue).toArray());
            }
            int loc = s.findLoc(id, offset);
            if (loc >= 0 && s.locCell[loc] >= 0) return toLocs(nodeSet(s.locCell[loc]));
            int e = o.ext.length == 0 ? -1 : Extents.containing(o.ext, offset);
            TreeSet<Integer> both = new TreeSet<>();
            for (int x : nodeSet(o.anyCell)) both.add(x);
            if (e >= 0) for (int x : nodeSet(o.rangeCell[e])) both.add(x);
            return toLocs(both.stream().mapToInt(Integer::intValue).toArray());
        }

        private int[] nodeSet(int node) {
            IntSet p = node < 0 ? null : s.ptsOf(node);
            // as clients see them: range and tagged locations as their object's ANY and plain locations
            return p == null ? new int[0] : java.util.Arrays.stream(p.sorted()).map(id -> s.canonical[id]).sorted().distinct().toArray();
        }

        private Set<Loc> toLocs(int[] ids) {
            Set<Loc> out = new LinkedHashSet<>();
            for (int id : ids) {
                Solver.Obj o = s.obj(s.locObj[id]);
                int e = s.locExt[id];
                if (e >= 0) out.add(new Loc(o.object, s.isRange(id) ? Loc.ANY : s.locOff[id], o.ext[2 * e], o.ext[2 * e + 1]));
                else out.add(new Loc(o.object, s.locOff[id] == Solver.ANY ? Loc.ANY : s.locOff[id]));
            }
            return out;
        }

        Set<Loc> evalQ(Expr e) {
            if (e instanceof Expr.Load l) {
                Set<Loc> out = new LinkedHashSet<>();
                for (Loc loc : locationsQ(l.lvalue())) out.addAll(read(loc));
                return out;
            }
            if (e instanceof Expr.AddrOf a) return locationsQ(a.lvalue());
            if (e instanceof Expr.FuncRef f) return new LinkedHashSet<>(List.of(new Loc(new MemObject.Fn(f.name()), 0)));
            if (e instanceof Expr.Binary b) return binary(b);
            if (e instanceof Expr.Cast c) {
                Expr op = c.operand();
                if (!c.type().isPointer() || ConstraintBuilder.pointerLike(op.type())) return evalQ(op);
                if (Consts.isConstant(op)) return new LinkedHashSet<>();
                Set<Loc> r = evalQ(op);
                if (r.isEmpty()) r.add(new Loc(new MemObject.Unknown(), Loc.ANY));
                return r;
            }
            return new LinkedHashSet<>();
        }

        private Set<Loc> binary(Expr.Binary b) {
            Set<Loc> out = new LinkedHashSet<>();
            for (PointerArith.Flow f : PointerArith.flows(b)) {
                out.addAll(shiftAll(evalQ(f.operand()), f.bytes() == null ? UNKNOWN : shiftBytes(f.bytes()), f.inArray()));
            }
            return out;
        }

        private static long shiftBytes(long bytes) {
            int sh = Shift.plain(bytes);
            return sh == Shift.WHOLE ? UNKNOWN : sh;
        }

        Set<Loc> locationsQ(Lvalue lv) {
            long[] shift = {0};
            Set<Loc> base = baseOf(lv, shift);
            return shiftAll(base, shift[0], true);
        }

        private Set<Loc> baseOf(Lvalue lv, long[] shift) {
            if (lv instanceof Lvalue.Var v) return new LinkedHashSet<>(List.of(new Loc(new MemObject.Var(v.variable()), 0)));
            if (lv instanceof Lvalue.Field f) {
                Set<Loc> base = baseOf(f.base(), shift);
                shift[0] = add(shift[0], f.field().offset());
                return base;
            }
            if (lv instanceof Lvalue.Index ix) {
                Set<Loc> base = baseOf(ix.base(), shift);
                shift[0] = add(shift[0], ConstraintBuilder.indexBytes(ix));
                return base;
            }
            return evalQ(((Lvalue.Deref) lv).pointer());
        }

        private static long add(long a, long b) {
            if (a == UNKNOWN || b == UNKNOWN) return UNKNOWN;
            return shiftBytes(a + b);
        }

        private static Set<Loc> shiftAll(Set<Loc> locs, long bytes, boolean inArray) {
            if (bytes == 0) return locs;
            Set<Loc> out = new LinkedHashSet<>();
            for (Loc l : locs) {
                if (inArray && l.isRange()) {
                    out.add(l);
                    continue;
                }
                if (inArray && l.isTagged() && bytes == UNKNOWN) {
                    out.add(new Loc(l.object(), Loc.ANY, l.rangeLo(), l.rangeHi()));
                    continue;
                }
                boolean any = bytes == UNKNOWN || l.offset() == Loc.ANY;
                long off = any ? Loc.ANY : l.offset() + bytes;
                if (off != Loc.ANY && (off < 0 || off >= Solver.limit(l.object()))) off = Loc.ANY;
                out.add(new Loc(l.object(), off));
            }
            return out;
        }

        Set<MemObject> reachable(List<Loc> roots) {
            Set<MemObject> seen = new LinkedHashSet<>();
            java.util.ArrayDeque<MemObject> work = new java.util.ArrayDeque<>();
            for (Loc r : roots) if (seen.add(r.object())) work.add(r.object());
            while (!work.isEmpty()) {
                for (Loc l : read(new Loc(work.poll(), Loc.ANY))) if (seen.add(l.object())) work.add(l.object());
            }
            return seen;
        }
    }
}
